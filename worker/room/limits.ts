// How many sockets a room keeps open: a few devices per place, a cap on spectators. Counted over
// open sockets only, so a closing socket does not hold a place's budget.
import { attachmentOf, type Attachment } from './sockets.ts';
import { placeOf } from './identity.ts';

/** Devices one seat (or the judge) may have connected at once. */
export const MAX_SOCKETS_PER_PLACE = 3;
/** Spectator sockets one room keeps. */
export const MAX_SPECTATORS = 50;

/** Why a new socket would exceed the room's limits, or null if it fits. */
export function overLimit(sockets: readonly WebSocket[], newcomer: Attachment): { code: string; message: string } | null {
  const open = sockets.filter((ws) => ws.readyState === WebSocket.OPEN).flatMap((ws) => attachmentOf(ws) ?? []);
  if (newcomer.spectator) {
    const watching = open.filter((a) => a.spectator).length;
    return watching >= MAX_SPECTATORS ? { code: 'room/too-many-spectators', message: `this room already has ${MAX_SPECTATORS} spectators` } : null;
  }
  const place = placeOf(newcomer);
  const devices = open.filter((a) => !a.spectator && placeOf(a) === place).length;
  return devices >= MAX_SOCKETS_PER_PLACE ? { code: 'room/too-many-devices', message: `this place is already connected on ${MAX_SOCKETS_PER_PLACE} devices; close one first` } : null;
}

/** How long a seat's own "move to another device" link works (it works once, too). */
export const MOVE_LINK_MS = 10 * 60_000;

/** How long the host's replacement link for a seat works: long enough to find someone over a day or two of an async game. */
export const REPLACE_LINK_MS = 3 * 24 * 3_600_000;
