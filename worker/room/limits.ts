// How many sockets a room keeps open: a few devices per place, a cap on spectators, and a few
// spectators per address (one client could otherwise take every spectator place and flood the room
// with them). Counted over open sockets only, so a closing socket does not hold a place's budget.
import { attachmentOf, type Attachment } from './sockets.ts';
import { placeOf } from './identity.ts';

/** Devices one seat (or the judge) may have connected at once. */
export const MAX_SOCKETS_PER_PLACE = 3;
/** Spectator sockets one room keeps. */
export const MAX_SPECTATORS = 50;
/** Spectator sockets one client address may have open in one room (a family's phones behind one router fit; a flood does not). */
export const MAX_SPECTATORS_PER_ADDRESS = 4;

/** Why a new socket would exceed the room's limits, or null if it fits. */
export function overLimit(sockets: readonly WebSocket[], newcomer: Attachment): { code: string; message: string } | null {
  const open = sockets.filter((ws) => ws.readyState === WebSocket.OPEN).flatMap((ws) => attachmentOf(ws) ?? []);
  if (newcomer.spectator) {
    const watching = open.filter((a) => a.spectator).length;
    if (watching >= MAX_SPECTATORS) return { code: 'room/too-many-spectators', message: `this room already has ${MAX_SPECTATORS} spectators` };
    // The table screen came with its token: it is a place, not one of an address's spectators.
    const from = newcomer.from;
    if (from === undefined || newcomer.table) return null;
    const fromHere = open.filter((a) => a.spectator && !a.table && a.from === from).length;
    return fromHere >= MAX_SPECTATORS_PER_ADDRESS ? { code: 'room/spectators-per-address', message: `${MAX_SPECTATORS_PER_ADDRESS} spectators of this room are already watching from this address; close one first` } : null;
  }
  const place = placeOf(newcomer);
  const devices = open.filter((a) => !a.spectator && placeOf(a) === place).length;
  return devices >= MAX_SOCKETS_PER_PLACE ? { code: 'room/too-many-devices', message: `this place is already connected on ${MAX_SOCKETS_PER_PLACE} devices; close one first` } : null;
}

/** How long a seat's own "move to another device" link works (it works once, too). */
export const MOVE_LINK_MS = 10 * 60_000;

/** How long the host's replacement link for a seat works: long enough to find someone over a day or two of an async game. */
export const REPLACE_LINK_MS = 3 * 24 * 3_600_000;
