// The scores a decision works out (credibility, suspicion, trust, the check results announced), kept in
// lists the seat's reading holds from one decision to the next, stamped by the decision they hold for.
import type { Seat } from '../types.ts';

/**
 * A decision's scores, in lists its seat's reading keeps from one decision to the next (a decision asks for
 * dozens of scores, and fresh lists per decision were a tenth of a 20-seat game's garbage): a score holds for
 * the decision whose `gen` its stamp carries, so an older decision's evidence read again works its scores out again.
 */
export interface Scores {
  scores: number[];
  stamps: number[];
  gen: number;
  suspicionAt: number;
  trustAt: number;
}

/** Whether score `at` has been worked out for this decision. */
export function scored(memo: Scores, at: number): boolean {
  return memo.stamps[at] === memo.gen;
}

/** Keeps score `at` for this decision, and gives it back. */
export function keepScore(memo: Scores, at: number, v: number): number {
  memo.scores[at] = v;
  memo.stamps[at] = memo.gen;
  return v;
}

/** Decisions read so far, in every game: each decision's stamp (module state, but only ever compared for equality). */
let decisions = 0;

/** A new decision's stamp. */
export function newDecision(): number {
  return ++decisions;
}

/**
 * By seat, the most credible claimer (other than the seat itself) who announced it a killer, and that
 * credibility; the same for "not a killer" (0: nobody). Worked out once per decision (signals.ts), into
 * lists the seat's reading keeps (like `Scores`): they hold for the decision whose stamp is `gen`.
 */
export interface Announced {
  gen: number;
  killerBy: Seat[];
  killerCred: number[];
  goodBy: Seat[];
  goodCred: number[];
  /** By seat: a police claimer I take at its word (killed at night, or proven right). */
  trustedPolice: boolean[];
}

