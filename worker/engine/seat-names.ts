// Who played a seat when a log entry was made. A replacement (worker/engine/absent.ts) hands a seat
// to a new person; the entries made before it stay the old player's, as a forum keeps old posts
// under the old name. The feed, the story, the replay, the records and the chat webhook all name
// seats through this one function, so they agree.
import type { LogEntry, Seat } from './types.ts';

/** One public `replaced` entry: which seat, when (its seq in that log), and the names on both sides. */
interface Handover {
  seat: Seat;
  seq: number;
  was: string | undefined;
}

// Read once per log array, and on from where it was read: every name in a feed of a long game asks of
// the same log, and a room's (or the simulator's) state log grows in place (`apply` with `consume`),
// so a replacement that arrives after the first read must still be found.
const read = new WeakMap<readonly LogEntry[], { upto: number; found: Handover[] }>();

function handovers(log: readonly LogEntry[]): Handover[] {
  let memo = read.get(log);
  if (!memo || memo.upto > log.length) read.set(log, (memo = { upto: 0, found: [] }));
  for (; memo.upto < log.length; memo.upto++) {
    const e = log[memo.upto]!;
    if (e.event.type === 'replaced') memo.found.push({ seat: e.event.seat, seq: e.seq, was: e.event.was });
  }
  return memo.found;
}

/** A seat's name as of one entry: `name` (undefined when the log does not say it), and whether it is the seat's player now. */
export interface NameAsOf {
  name: string | undefined;
  /** The player who has the seat now (so their marks, a bot's included, apply). */
  now: boolean;
}

/**
 * The name seat `seat` was played under when the entry numbered `seq` of `log` was made, given the
 * name it has now (`current`): the name a later replacement took over from (its `was`; a log from
 * before replacements kept it does not know it: undefined), else the current one. A `replaced`
 * entry is its newcomer's. `replaced` entries are public, so any viewer's log holds them all.
 */
export function nameAsOf(log: readonly LogEntry[], seat: Seat, seq: number, current: string | undefined): NameAsOf {
  for (const h of handovers(log)) if (h.seat === seat && h.seq > seq) return { name: h.was, now: false };
  return { name: current, now: true };
}
