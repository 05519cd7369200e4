// Whether a seat's night team, but for itself, is all bots: bots have no voice, so at the team's call
// such a seat talks to nobody of its team. Read from what the seat already knows (its view's mates, the
// room's public bot marks), never from the route.
import type { RoomSeat } from '../worker/protocol.ts';
import type { View } from '../worker/engine/types.ts';

/** True when the viewer has living teammates and every one of them is a bot. */
export function matesAllBots(room: { seats: readonly Pick<RoomSeat, 'seat' | 'bot'>[] }, v: Pick<View, 'me' | 'seats'> | null): boolean {
  const me = v?.me?.seat;
  if (!v || me === undefined) return false;
  const mates = v.seats.filter((s) => s.mate && s.alive && s.seat !== me);
  const bots = new Set(room.seats.filter((s) => s.bot).map((s) => s.seat));
  return mates.length > 0 && mates.every((s) => bots.has(s.seat));
}
