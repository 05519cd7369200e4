// What a place does about itself (sent as host frames, but open to every seat): a game move, leaving
// the lobby, a link to move to another device, and "away until".
import type { Action, Seat } from '../engine/index.ts';
import { MAX_AWAY_MS, type ClientFrame } from '../protocol.ts';
import { applyGame, commitRoom, dropSeat } from './changes.ts';
import { refuse, type Change, type Dedupe, type Refusal, type RoomCore } from './context.ts';
import { placeOf } from './identity.ts';
import { MOVE_LINK_MS } from './limits.ts';
import { awayNow } from './roomview.ts';
import { sayNoteRefusal } from './voice-notes.ts';
import type { Attachment } from './sockets.ts';
import { JUDGE_PLACE, TABLE_PLACE, type RoomRow } from './storage.ts';

/** A seat's game move; its away mark and the room's life follow only what the move makes public (worker/room/away.ts). */
export function seatMove(core: RoomCore, room: RoomRow, seat: Seat, frame: Extract<ClientFrame, { type: 'act' }>, dedupe: Dedupe): Change | Refusal {
  // A speech carrying a voice note: the note must be this seat's upload for this turn (worker/room/voice-notes.ts).
  const note = frame.move.type === 'say' ? frame.move.voice?.note : undefined;
  const badNote = note === undefined ? null : sayNoteRefusal(core, room, seat, note);
  if (badNote) return badNote;
  return applyGame(core, room, { ...frame.move, seat, at: core.now() } as Action, dedupe);
}

/**
 * "Leave" in the lobby frees the seat for good (everyone sees it go). During a game a seat is never
 * given up by one tap: the client only signs out on that device and the seat stays in the game.
 */
export function leave(core: RoomCore, room: RoomRow, who: Attachment, seats: { seat: Seat; host: boolean }[], dedupe: Dedupe): Change | Refusal {
  if (who.seat === null) return refuse(409, 'room/judge', 'the judge’s place is not a seat');
  if (room.status !== 'lobby') return refuse(409, 'room/not-lobby', 'a seat is left only in the lobby; during a game sign out on this device instead');
  if (seats.some((s) => s.seat === who.seat && s.host)) return refuse(409, 'room/is-host', 'the host keeps their seat: the room needs its host');
  room.lastActivity = core.now();
  dropSeat(core, room, who.seat, dedupe, 'room/left', 'you left this room');
  return { roomChanged: true };
}

/**
 * A seat (or the judge) asks for a one-time link that moves its place to another device: a host
 * invitation for its own place only, lapsing after MOVE_LINK_MS. Redeeming it is seating.ts's
 * hand-over: the new device gets a new token and this device is signed out (docs/rules-decisions.md O9).
 */
export function moveDevice(core: RoomCore, room: RoomRow, who: Attachment, dedupe: Dedupe, fresh: { token: string; tokenHash: string } | null): Change | Refusal {
  const place = placeOf(who);
  if (place === null || place === TABLE_PLACE) return refuse(409, 'room/no-place', 'only a seat or the judge moves to another device');
  if (!fresh) return refuse(500, 'room/no-token', 'no link could be made');
  const now = core.now();
  const expiresAt = now + MOVE_LINK_MS;
  commitRoom(core, room, dedupe, () => core.store.saveInvite(place, 'move', fresh.tokenHash, now, expiresAt));
  return { roomChanged: false, reply: { type: 'invite', id: dedupe.id, place: place === JUDGE_PLACE ? 'judge' : place, token: fresh.token, expiresAt } };
}

/** A seat marks itself away until a time (at most MAX_AWAY_MS ahead) or back (null); shown to the table, never a pause. */
export function markAway(core: RoomCore, room: RoomRow, who: Attachment, until: number | null, dedupe: Dedupe): Change | Refusal {
  if (who.seat === null) return refuse(409, 'room/judge', 'only a seat marks itself away');
  if (room.status !== 'playing') return refuse(409, 'room/no-game', 'no game is being played');
  const now = core.now();
  if (until !== null && (until <= now || until > now + MAX_AWAY_MS)) return refuse(400, 'room/bad-away', 'away until a time to come, at most 14 days ahead');
  // Marks of another game, or whose time has passed, are dropped as this one is written.
  const marks = Object.fromEntries(awayNow(room, now));
  if (until === null) delete marks[who.seat];
  else marks[who.seat] = until;
  room.away = { game: room.gameNo, until: marks };
  room.lastActivity = now;
  commitRoom(core, room, dedupe);
  return { roomChanged: true };
}
