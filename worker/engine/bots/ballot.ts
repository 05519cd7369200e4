// How a bot votes: the good side votes its strongest suspect and joins announced votes, so it
// agrees on one seat, and keeps the vote it announced unless the view has since turned against
// another seat; the killers vote as a block for the most dangerous good seat, never a mate.
import { HUNCH, isMate, prior, type Evidence } from './evidence.ts';
import { bandwagon, best, danger, evidenceAgainst, suspicion } from './weigh.ts';
import { doomedMate } from './fakes.ts';
import type { Seat } from '../types.ts';

/** How much more suspect another candidate must be before a good bot drops the vote it announced this round. */
const KEEP_MY_WORD = 0.5;

/** Announced votes weigh at most this much for a good bot: a crowd of hunches never outweighs one credible check result. */
const CROWD = 1;

/** The candidate to vote for, or 0 to abstain (only when `canAbstain`). */
export function chooseVote(ev: Evidence, candidates: Seat[], canAbstain: boolean): Seat | 0 {
  const others = candidates.filter((c) => c !== ev.me);
  if (others.length === 0) return canAbstain || candidates.length === 0 ? 0 : candidates[0]!;
  return ev.camp === 'killers' ? killersVote(ev, others, canAbstain) : goodVote(ev, others, canAbstain);
}

/**
 * Good: the most suspect candidate, weighted by the votes others announced (as far as their reasons go); abstain
 * rather than vote a known good seat. When nothing clears the floor (`leaning`), the bot's own lean instead.
 */
function goodVote(ev: Evidence, candidates: Seat[], canAbstain: boolean): Seat | 0 {
  // Never a seat known to play on my side while anyone else can be voted.
  const strangers = candidates.filter((c) => !isMate(ev, c));
  const pool = strangers.length > 0 ? strangers : candidates;
  // A police's vote follows its own claim: a seat its team's check found a killer comes first among the known ones.
  const score = (c: Seat) => suspicion(ev, c) + Math.min(CROWD, bandwagon(ev, c)) + (ev.checked.get(c) === 'killers' ? 1 : 0);
  let t = best(pool, score)!;
  if (score(t) - HUNCH * prior(ev, t) < FLOOR) return leanVote(ev, pool, canAbstain);
  const said = ev.claimOf[ev.me]?.firstVote;
  if (said && said.round === ev.view.round && said.seat !== t && pool.includes(said.seat) && score(said.seat) + KEEP_MY_WORD >= score(t)) t = said.seat;
  return canAbstain && suspicion(ev, t) <= -100 ? 0 : t;
}

/** The evidence a good bot's best candidate needs (its suspicion and the votes it may join, beyond its own hunch) to vote by it. */
export const FLOOR = 0.6;

/** Whether the good bot's evidence is below the floor for every candidate, so it votes (and speaks) by its own lean. */
export function leaning(ev: Evidence, candidates: readonly Seat[]): boolean {
  const pool = candidates.filter((c) => c !== ev.me && !isMate(ev, c));
  return pool.length > 0 && pool.every((c) => firmness(ev, c) < FLOOR);
}

/** What points at `seat` beyond my hunch: its evidence and the votes announced against it that I may join. */
function firmness(ev: Evidence, seat: Seat): number {
  return evidenceAgainst(ev, seat) + Math.min(CROWD, bandwagon(ev, seat));
}

/**
 * Nothing firm to go on: my own seeded lean among the seats no claim clears (so no seat number is
 * favoured and no early speaker makes a herd), tilted a little by what weak evidence there is.
 */
function leanVote(ev: Evidence, pool: Seat[], canAbstain: boolean): Seat | 0 {
  const open = pool.filter((c) => evidenceAgainst(ev, c) > -0.5);
  const t = best(open.length > 0 ? open : pool, (c) => prior(ev, c) + 0.5 * firmness(ev, c))!;
  return canAbstain && suspicion(ev, t) <= -100 ? 0 : t;
}

/** Killers: never a mate; the good seat that most threatens the team, joining the good side's own bandwagon. */
function killersVote(ev: Evidence, candidates: Seat[], canAbstain: boolean): Seat | 0 {
  const outside = candidates.filter((c) => !isMate(ev, c));
  // Nobody outside the team is left to vote for, yet the game goes on (dual: a mate holds a good card): vote a mate rather than stall.
  if (outside.length === 0) return candidates[0]!;
  // A mate the table is voting out already: the team votes it too when its tactics say so (fakes.ts), to gain trust.
  const doomed = doomedMate(ev);
  if (doomed !== 0 && candidates.includes(doomed)) return doomed;
  // `spread`: each killer casts its own guess, as a good seat with nothing to go on does, leaving no block in the ballots to read.
  if (ev.tactics.ballot === 'spread') return best(outside, (c) => danger(ev, c) + prior(ev, c))!;
  return best(outside, (c) => danger(ev, c) + bandwagon(ev, c) + HUNCH * prior(ev, c))!;
}
