// Who a socket is, checked on every frame, not only at connect. A socket carries the hash of the
// token it connected with; a place's current hash lives in storage (RoomStore.tokenHashOf). When a
// seat is removed, renumbered away or given a new token, or the judge's place or spectators are
// turned off, the socket's attachment no longer matches storage and the socket is nobody.
import type { Seat } from '../engine/index.ts';
import { JUDGE_PLACE, TABLE_PLACE, type Place, type RoomRow, type RoomStore } from './storage.ts';
import type { RoomCore } from './context.ts';
import { attach, attachmentOf, revoke, type Attachment } from './sockets.ts';
import { hashToken, newToken } from './tokens.ts';
import { letGoFromVoice } from './voice-leave.ts';

/** Close codes sent to sockets the room lets go (docs/protocol.md). */
export const CLOSE_NO_TOKEN = 4401;
/** Let go for good: removed, replaced, handed to a bot, or the token no longer holds the place. */
export const CLOSE_REMOVED = 4403;
/** The room expired. */
export const CLOSE_EXPIRED = 4410;
/** Over the sockets a place or the room may hold. */
export const CLOSE_TOO_MANY = 4429;

/** The attachment for a socket that presents this token hash (null: no token), or null if it names nobody. */
export function identify(store: RoomStore, tokenHash: string): Attachment | null {
  const seat = store.seatByToken(tokenHash);
  if (seat !== null) return { seat, spectator: false, credential: tokenHash };
  const judge = store.judge();
  if (judge && timingSafeEqual(judge.tokenHash, tokenHash)) return { seat: null, spectator: false, judge: true, credential: tokenHash };
  const table = store.tokenHashOf(TABLE_PLACE);
  if (table !== null && timingSafeEqual(table, tokenHash)) return { seat: null, spectator: true, table: true, credential: tokenHash };
  return null;
}

/** Whether a socket's attachment still names who holds that place now (run on every frame). */
export function stillHolds(store: RoomStore, room: RoomRow, a: Attachment): boolean {
  if (a.judge || a.table || a.seat !== null) {
    if (a.table && !room.table) return false;
    const current = store.tokenHashOf(placeOf(a)!);
    return current !== null && a.credential !== undefined && timingSafeEqual(current, a.credential);
  }
  return a.spectator && room.spectators;
}

/**
 * A seat's or judge's socket accepted before sockets carried their token hash (an older deploy):
 * it cannot be checked, so it is asked to reconnect (1012) with its token, not told it lost its seat.
 */
export function unverifiable(a: Attachment): boolean {
  return !a.spectator && a.credential === undefined;
}

/** The place a socket holds, or null for a spectator. */
export function placeOf(a: Attachment): Place | null {
  if (a.judge) return JUDGE_PLACE;
  if (a.table) return TABLE_PLACE;
  return a.seat;
}

/**
 * Lets go every socket whose place (or spectator status) matches; each is cleared, then closed. Those
 * in the voice leave it first, and the peers they were linked with are told at once.
 */
export function revokeWhere(core: RoomCore, match: (a: Attachment) => boolean, closeCode: number, errorCode: string, message: string): void {
  const gone = core.sockets().filter((ws) => {
    const a = attachmentOf(ws);
    return a !== null && match(a);
  });
  letGo(core, gone, closeCode, errorCode, message);
}

/** Lets these sockets go (revokeWhere's work, for sockets already picked). */
export function letGo(core: RoomCore, gone: readonly WebSocket[], closeCode: number, errorCode: string, message: string): void {
  if (gone.length === 0) return;
  letGoFromVoice(core, gone, () => {
    for (const ws of gone) revoke(ws, closeCode, errorCode, message);
  });
}

/** After seats are renumbered: each remaining socket follows its seat to its new number. */
export function followRenumbering(sockets: readonly WebSocket[], moves: Map<Seat, Seat>): void {
  for (const ws of sockets) {
    const a = attachmentOf(ws);
    if (a?.seat != null && moves.has(a.seat)) attach(ws, { ...a, seat: moves.get(a.seat)! });
  }
}

/** A fresh token and the hash the room stores for it. */
export async function freshToken(): Promise<{ token: string; tokenHash: string }> {
  const token = newToken();
  return { token, tokenHash: await hashToken(token) };
}

/**
 * Gives a place a new token: stores its hash (the old token stops working at once) and lets go the
 * sockets that held the old one. Every hand-over of a place to a new token goes through here.
 */
export function handOver(core: RoomCore, place: Place, tokenHash: string, alsoInStep: () => void = () => {}): void {
  core.store.transaction(() => {
    core.store.replaceToken(place, tokenHash);
    alsoInStep();
  });
  revokeWhere(core, (a) => placeOf(a) === place, CLOSE_REMOVED, 'auth/replaced', 'this place was given a new token; this device is signed out');
}

/** Compares two hashes without an early exit. */
export function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
