// Floor control, where the step gives the voice to one seat at a time (free talk, the open day):
// press to talk takes a free floor for at most FLOOR_CAP_MS; it is free again when the holder lets
// go, leaves, may no longer speak, or the cap passes. The holder's socket keeps its `floor` in its
// attachment, so a floor outlives hibernation and dies with its socket; the room's one alarm frees
// a floor at its cap (worker/room/clock.ts asks floorDue and expireFloors).
import { FLOOR_CAP_MS } from '../protocol.ts';
import type { RoomCore } from './context.ts';
import { attach, attachmentOf } from './sockets.ts';
import { mayHoldFloor, voiceTable, type Joined, type VoiceTable } from './voice-route.ts';
import { voiceTransport } from './voice-transport.ts';

/** `j` presses to talk: it takes the floor if the floor is free and it may hold it. Whether the floor changed. */
export function takeFloor(table: VoiceTable, j: Joined, now: number): boolean {
  if (!mayHoldFloor(j) || table.holder !== null) return false;
  attach(j.ws, { ...j.a, floor: now + FLOOR_CAP_MS });
  return true;
}

/** `j` lets go (or leaves): whether it held the floor. */
export function dropFloor(table: VoiceTable, j: Joined): boolean {
  if (j.a.floor === undefined) return false;
  unmark(j.ws);
  return table.holder === j;
}

/** Takes the floor mark off a socket's attachment. */
function unmark(ws: WebSocket): void {
  const { floor: _, ...rest } = attachmentOf(ws)!;
  attach(ws, rest);
}

/** Clears every floor mark that no longer holds the floor (lapsed, or its holder may not speak now); whether it cleared any. */
export function clearStaleFloors(table: VoiceTable): boolean {
  let cleared = false;
  for (const j of table.joined) {
    if (j.a.floor === undefined || j === table.holder) continue;
    dropFloor(table, j);
    cleared = true;
  }
  return cleared;
}

/** When the earliest floor lapses, for the room's alarm; null when nobody holds one. */
export function floorDue(sockets: readonly WebSocket[]): number | null {
  let due: number | null = null;
  for (const ws of sockets) {
    const until = attachmentOf(ws)?.floor;
    if (until !== undefined && (due === null || until < due)) due = until;
  }
  return due;
}

/** The alarm: floors past their cap are freed, and every joined socket gets its route. Idempotent: nothing lapsed, nothing sent. */
export function expireFloors(core: RoomCore, now: number): void {
  const lapsed = core.sockets().filter((ws) => {
    const until = attachmentOf(ws)?.floor;
    return until !== undefined && until <= now;
  });
  if (lapsed.length === 0) return;
  for (const ws of lapsed) unmark(ws);
  const table = voiceTable(core);
  voiceTransport.route(table, table.joined);
}
