// Absent seats: a seat that missed the last two steps it owed is marked "absent" for the
// table, and may go to a bot or to a replacement. Derived from public events only (a missed speech,
// last words or ballot), never from a night call: whether a night role acted is its team's secret,
// and the mark is shown to everyone.
import { emit, type Ctx, type Refusal } from './kernel.ts';
import { gameMemo, readOnward, type Reading, type Readings } from './log-reading.ts';
import type { LogEntry, Seat } from './types.ts';

/** How many consecutive missed steps make a seat absent. */
export const ABSENT_AFTER = 2;

/** The streaks of missed steps read so far, and the absent seats they give (worked out once per log length). */
interface AbsentReading extends Reading<LogEntry> {
  streak: Map<Seat, number>;
  /** A speaker who said something and let the deadline end their turn was there: not missed. */
  spoke: Set<Seat>;
  absent: ReadonlySet<Seat> | null;
}

// Every viewer's view asks for the same log's absent seats: read onward as the log grows.
const readings: Readings<AbsentReading> = gameMemo();

/** The living or out seats whose last ABSENT_AFTER public steps owed were all missed. */
export function absentSeats(log: readonly LogEntry[]): ReadonlySet<Seat> {
  const r = readOnward(readings, log, '', () => ({ read: 0, last: undefined, streak: new Map<Seat, number>(), spoke: new Set<Seat>(), absent: null }), readAbsence);
  if (!r.absent) {
    const absent = new Set<Seat>();
    // forEach, not for…of: no [seat, streak] pair per entry (every view asks, after most changes).
    r.streak.forEach((n, seat) => {
      if (n >= ABSENT_AFTER) absent.add(seat);
    });
    r.absent = absent;
  }
  return r.absent;
}

function readAbsence(r: AbsentReading, entry: LogEntry): void {
  if (entry.to !== 'all') return;
  const owed = (seat: Seat, missed: boolean) => {
    r.streak.set(seat, missed && !r.spoke.has(seat) ? (r.streak.get(seat) ?? 0) + 1 : 0);
    r.spoke.delete(seat);
  };
  const event = entry.event;
  // `dual`'s free talk "ready" is not a step owed: a player may talk without ever saying ready.
  if (event.type === 'passed' && !event.ready) owed(event.seat, event.missed);
  else if (event.type === 'ballots') for (const b of event.ballots) owed(b.seat, b.missed);
  // A new person at the seat has missed nothing yet.
  else if (event.type === 'replaced') owed(event.seat, false);
  else if (event.type === 'said') {
    // Speaking shows the seat is back at once.
    r.spoke.add(event.seat);
    r.streak.set(event.seat, 0);
  } else return;
  r.absent = null;
}

/** The host hands an absent living seat to a bot: the public log says so; the seat keeps its card. */
export function handToBot(ctx: Ctx, seat: Seat): Refusal {
  const s = ctx.s;
  if (!Number.isInteger(seat) || seat < 1 || seat > s.alive.length) return ['game/seat-unknown', `there is no seat ${seat}`];
  if (!s.alive[seat - 1]) return ['game/seat-out', `seat ${seat} is out`];
  if (!absentSeats(s.log).has(seat)) return ['game/not-absent', `seat ${seat} is not absent: only a seat that missed its last ${ABSENT_AFTER} steps goes to a bot`];
  emit(ctx, 'all', { type: 'handed-to-bot', seat });
  return null;
}

/** Longest name the log takes; the room has already normalised and bounded it (worker/names.ts). */
const MAX_LOGGED_NAME = 64;

/**
 * A new person takes a living seat over through the host's replacement link: the public log
 * says "#5 Kim replaces Lee" (`was`, the name the room knew the seat by: entries before this one
 * stay Lee's); the seat keeps its number, card and everything its view shows.
 */
export function replaceSeat(ctx: Ctx, seat: Seat, name: string, was?: string): Refusal {
  const s = ctx.s;
  if (!Number.isInteger(seat) || seat < 1 || seat > s.alive.length) return ['game/seat-unknown', `there is no seat ${seat}`];
  if (!s.alive[seat - 1]) return ['game/seat-out', `seat ${seat} is out`];
  if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_LOGGED_NAME) return ['game/text-invalid', 'a replacement needs a name'];
  if (was !== undefined && (typeof was !== 'string' || was.length > MAX_LOGGED_NAME)) return ['game/text-invalid', 'the name replaced is too long'];
  emit(ctx, 'all', { type: 'replaced', seat, name, ...(was !== undefined ? { was } : {}) });
  return null;
}
