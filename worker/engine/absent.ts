// Absent seats (issue 9): a seat that missed the last two steps it owed is marked "absent" for the
// table. Derived from public events only (a missed speech, last words or ballot), never from a night
// call: whether a night role acted is its team's secret, and the mark is shown to everyone.
import { emit, type Ctx, type Refusal } from './game.ts';
import type { LogEntry, Seat } from './types.ts';

/** How many consecutive missed steps make a seat absent. */
export const ABSENT_AFTER = 2;

// Every viewer's view asks for the same log's absent seats: computed once per log and length (a log
// only grows; `apply(…, consume)` appends in place, hence the length).
const memo = new WeakMap<readonly LogEntry[], { length: number; absent: ReadonlySet<Seat> }>();

/** The living or out seats whose last ABSENT_AFTER public steps owed were all missed. */
export function absentSeats(log: readonly LogEntry[]): ReadonlySet<Seat> {
  const known = memo.get(log);
  if (known?.length === log.length) return known.absent;
  const absent = countAbsent(log);
  memo.set(log, { length: log.length, absent });
  return absent;
}

function countAbsent(log: readonly LogEntry[]): Set<Seat> {
  const streak = new Map<Seat, number>();
  // A speaker who said something and let the deadline end their turn was there: not missed.
  const spoke = new Set<Seat>();
  const owed = (seat: Seat, missed: boolean) => {
    streak.set(seat, missed && !spoke.has(seat) ? (streak.get(seat) ?? 0) + 1 : 0);
    spoke.delete(seat);
  };
  for (const entry of log) {
    if (entry.to !== 'all') continue;
    const event = entry.event;
    // `dual`'s free talk "ready" is not a step owed: a player may talk without ever saying ready.
    if (event.type === 'passed' && !event.ready) owed(event.seat, event.missed);
    else if (event.type === 'ballots') for (const b of event.ballots) owed(b.seat, b.missed);
    else if (event.type === 'said') {
      // Speaking shows the seat is back at once.
      spoke.add(event.seat);
      streak.set(event.seat, 0);
    }
  }
  const absent = new Set<Seat>();
  for (const [seat, n] of streak) if (n >= ABSENT_AFTER) absent.add(seat);
  return absent;
}

/** The host hands an absent living seat to a bot (issue 10): the public log says so; the seat keeps its card. */
export function handToBot(ctx: Ctx, seat: Seat): Refusal {
  const s = ctx.s;
  if (!Number.isInteger(seat) || seat < 1 || seat > s.alive.length) return ['game/seat-unknown', `there is no seat ${seat}`];
  if (!s.alive[seat - 1]) return ['game/seat-out', `seat ${seat} is out`];
  if (!absentSeats(s.log).has(seat)) return ['game/not-absent', `seat ${seat} is not absent: only a seat that missed its last ${ABSENT_AFTER} steps goes to a bot`];
  emit(ctx, 'all', { type: 'handed-to-bot', seat });
  return null;
}
