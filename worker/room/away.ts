// "Away until" marks and the room's activity clock, moved only by what the whole table reads.
// A room field that changed with a hidden move (a killer's pointer, a team chat) would name who made
// it: so both follow the public log entries of a change, never the move that caused them.
import type { LogEntry, Seat } from '../engine/index.ts';
import type { RoomRow } from './storage.ts';
import { awayNow } from './roomview.ts';

/** The seats whose own act a public entry records: a look at the card, a speech, a pass, a vote, a wish to surrender, a self-destruct. */
export function actedInPublic(entries: readonly LogEntry[]): Set<Seat> {
  const seats = new Set<Seat>();
  for (const { to, event: e } of entries) {
    if (to !== 'all') continue;
    if (e.type === 'seen' || e.type === 'said' || e.type === 'voted' || e.type === 'surrender-wish') seats.add(e.seat);
    else if (e.type === 'passed' && !e.missed) seats.add(e.seat);
    else if (e.type === 'out' && e.how === 'self-destruct') seats.add(e.seat);
    // A ballot's tally makes each vote public when it closes ("at the next public step").
    else if (e.type === 'ballots') for (const b of e.ballots) if (!b.missed) seats.add(b.seat);
  }
  return seats;
}

/**
 * After a change with these entries, at `at`: the room's life runs from its last public entry, and
 * a seat whose act became public is back, and a replaced seat's mark is its old player's and goes. True when a mark went (the room frame must say so).
 */
export function followPublicEntries(room: RoomRow, entries: readonly LogEntry[], at: number): boolean {
  if (!entries.some((e) => e.to === 'all')) return false;
  room.lastActivity = Math.max(room.lastActivity, at);
  const away = awayNow(room, at);
  // A replacement's newcomer never said they were away: the old player's mark goes with them.
  const handedOver = entries.flatMap((e) => (e.to === 'all' && e.event.type === 'replaced' ? [e.event.seat] : []));
  const back = [...actedInPublic(entries), ...handedOver].filter((seat) => away.has(seat));
  if (back.length === 0) return false;
  for (const seat of back) delete room.away!.until[seat];
  return true;
}
