// The scores a decision works out (credibility, suspicion, trust, the check results announced), kept in
// lists the seat's reading holds from one decision to the next, stamped by the decision they hold for.
import type { Seat } from '../types.ts';

/**
 * A decision's scores, in lists its seat's reading keeps from one decision to the next (a decision asks for
 * dozens of scores, and fresh lists per decision were a tenth of a 20-seat game's garbage): a score holds for
 * the decisions whose `gen` its stamp carries (one stamp for as long as the seat knows the same, `decisionStamp`),
 * so an older decision's evidence read again works its scores out again.
 */
export interface Scores {
  scores: number[];
  stamps: number[];
  gen: number;
  suspicionAt: number;
  trustAt: number;
  /** By seat, the claims and ballots its suspicion (at `suspicionAt + seat`) was worked out from: one that changed is worked out again. */
  claimSeen: unknown[];
  ballotsSeen: unknown[];
  /** By seat, the claims its credibility was worked out from. */
  credSeen: unknown[];
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

/**
 * What a seat's kept scores were worked out from: its flags of what it knows of each seat (but whether
 * the seat lives, which no score reads), its camp, role and hunches' seed, and its reading's `version`.
 */
export interface ScoreKey {
  gen: number;
  known: number[];
  camp: string;
  role: string;
  lean: number;
  version: number;
}

/** A key that no decision matches. */
export function emptyKey(): ScoreKey {
  return { gen: 0, known: [], camp: '', role: '', lean: 0, version: -1 };
}

/**
 * The stamp of this decision's scores: the last decision's when it read the same key (its scores still hold:
 * every score is a function of what the key holds, and a suspicion also of the seat's own claims and ballots,
 * checked apart), else a new one. `ignored`: the flags of `known` that no score reads.
 */
export function decisionStamp(key: ScoreKey, known: readonly number[], ignored: number, camp: string, role: string, lean: number, version: number): number {
  let same = key.gen !== 0 && key.version === version && key.camp === camp && key.role === role && key.lean === lean && key.known.length === known.length;
  for (let i = 0; same && i < known.length; i++) if ((known[i]! & ~ignored) !== key.known[i]) same = false;
  if (same) return key.gen;
  if (key.known.length !== known.length) key.known = new Array<number>(known.length).fill(0);
  for (let i = 0; i < known.length; i++) key.known[i] = known[i]! & ~ignored;
  key.camp = camp;
  key.role = role;
  key.lean = lean;
  key.version = version;
  work.stamps++;
  return (key.gen = ++decisions);
}

/**
 * What the bots worked out, counted over every game (module state, read only by the simulator's `--work`
 * figures): evidence read, new stamps (scores worked out afresh), and the scores worked out one by one.
 */
export const work = { evidence: 0, stamps: 0, suspicions: 0, credibilities: 0, announcements: 0 };

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
  /** By seat, how many claimers whose word weighs anything named it a killer. */
  killerCount: number[];
  /** By seat: a police claimer whose word is well backed (credibility.ts BACKED): voting against it counts against the voter. */
  trustedPolice: boolean[];
}

