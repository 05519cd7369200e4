// The game's story as data: the viewer's log grouped into chapters (the setup, each night, each
// day) and a closed ballot counted per candidate. Pure functions of the log the view already
// carries, so they add nothing secret and can be tested without a browser.
import type { GameEvent, LogEntry, Seat } from '../worker/engine/types.ts';

/** One part of the game: the deal before night 1, then each night and each day. */
export interface Chapter {
  /** Unique within one log: `setup`, `n3`, `d3`. */
  id: string;
  round: number;
  phase: 'setup' | 'night' | 'day';
  entries: LogEntry[];
}

// Where a new chapter starts: nightfall opens a night; the dawn (or the day, for rulesets that
// announce nothing at dawn) opens a day.
function phaseOf(type: GameEvent['type']): 'night' | 'day' | null {
  return type === 'nightfall' ? 'night' : type === 'dawn' || type === 'day' ? 'day' : null;
}

/**
 * The log in chapters, oldest first. `into` may hold the chapters of a shorter prefix of the same
 * log (what an earlier call returned): they are kept and only the new entries are sorted in, so a
 * drawer that stays open does not regroup a long game on each new entry.
 */
export function chapters(log: readonly LogEntry[], into: Chapter[] = []): Chapter[] {
  let out = into.slice();
  let done = out.reduce((n, c) => n + c.entries.length, 0);
  // Not a prefix of this log (a full resync, another viewer): group it all again.
  if (done > log.length || (done > 0 && out.at(-1)!.entries.at(-1)!.seq !== log[done - 1]!.seq)) (out = []), (done = 0);
  let cur = out.at(-1);
  if (cur) out[out.length - 1] = cur = { ...cur, entries: cur.entries.slice() };
  for (let i = done; i < log.length; i++) {
    const e = log[i]!;
    const phase = phaseOf(e.event.type);
    if (!cur || (phase && (cur.phase !== phase || cur.round !== e.round))) {
      const p = phase ?? cur?.phase ?? 'setup';
      cur = { id: p === 'setup' ? 'setup' : `${p[0]}${e.round}`, round: e.round, phase: p, entries: [] };
      out.push(cur);
    }
    cur.entries.push(e);
  }
  return out;
}

export type BallotsEvent = Extract<GameEvent, { type: 'ballots' }>;

/** One candidate's share of a closed ballot (target 0: the abstentions and missed ballots). */
export interface TallyRow {
  target: Seat | 0;
  /** Votes counted: the sum of the voters' weights (`dual`), else the number of voters. */
  votes: number;
  voters: { seat: Seat; weight?: number; missed: boolean }[];
  /** Among the most votes (a tie when more than one row has this). */
  top: boolean;
}

/**
 * A closed ballot counted per candidate, most votes first, the abstentions last. `candidates` (from
 * the ballot's opening) adds the candidates nobody voted for; the engine's `top` marks the leaders.
 * Each ballot appears once, under the candidate it was for.
 */
export function tally(ev: BallotsEvent, candidates: readonly Seat[] = []): TallyRow[] {
  const rows = new Map<Seat | 0, TallyRow>();
  const row = (target: Seat | 0) => {
    let r = rows.get(target);
    if (!r) rows.set(target, (r = { target, votes: 0, voters: [], top: target !== 0 && ev.top.includes(target) }));
    return r;
  };
  for (const c of candidates) row(c);
  for (const b of ev.ballots) {
    const r = row(b.target);
    r.votes += b.target ? (b.weight ?? 1) : 0;
    r.voters.push({ seat: b.seat, missed: b.missed, ...(b.weight !== undefined ? { weight: b.weight } : {}) });
  }
  return [...rows.values()].sort((a, b) => (a.target === 0 ? 1 : 0) - (b.target === 0 ? 1 : 0) || b.votes - a.votes || a.target - b.target);
}

/** The candidates of the ballot a `ballots` entry closes: the latest `ballot` opening before it. */
export function candidatesOf(log: readonly LogEntry[], closing: LogEntry): Seat[] {
  for (let i = log.indexOf(closing) - 1; i >= 0; i--) {
    const ev = log[i]!.event;
    if (ev.type === 'ballot') return ev.candidates;
    if (ev.type === 'ballots') break;
  }
  return [];
}

/** What a tie led to: the face-off, the outside face-off, a lot, nobody out, a draw or the game's end by sides. */
export type TieNext = 'pk' | 'outside-pk' | 'lot' | 'nobody' | 'draw' | 'end';

/**
 * What followed a tied ballot (`closing`, a `ballots` entry with more than one leader), read from
 * the log after it; null when the ballot was no tie or nothing has followed yet.
 */
export function afterTie(log: readonly LogEntry[], closing: LogEntry): TieNext | null {
  if (closing.event.type !== 'ballots' || closing.event.top.length < 2) return null;
  for (let i = log.indexOf(closing) + 1; i < log.length; i++) {
    const ev = log[i]!.event;
    if (ev.type === 'ballot') return ev.purpose === 'pk' || ev.purpose === 'outside-pk' ? ev.purpose : null;
    if (ev.type === 'lot') return 'lot';
    if (ev.type === 'peaceful-night') return 'nobody';
    if (ev.type === 'game-over') return ev.reason !== 'final-tie' ? null : ev.winner === 'draw' ? 'draw' : 'end';
    if (ev.type === 'ballots' || ev.type === 'nightfall') return null;
  }
  return null;
}

/** The words a `passed` entry reads as: ready to vote (free talk), an open day's Done (older logs lack the mark), out of time, or Pass. */
export function passKey(ev: Extract<GameEvent, { type: 'passed' }>): 'e_ready' | 'e_done' | 'e_missed' | 'e_passed' {
  return ev.ready ? 'e_ready' : ev.done ? 'e_done' : ev.missed ? 'e_missed' : 'e_passed';
}

/** Whether two lists of table seats look the same (each seat's fields equal; cards by value). */
export function sameSeats<T extends object>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as Record<string, unknown>;
    const y = b[i] as Record<string, unknown>;
    const keys = Object.keys(x);
    if (keys.length !== Object.keys(y).length) return false;
    for (const k of keys) if (x[k] !== y[k] && JSON.stringify(x[k]) !== JSON.stringify(y[k])) return false;
  }
  return true;
}
