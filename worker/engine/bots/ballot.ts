// How a bot votes: the good side votes its strongest suspect and joins announced votes, so it
// agrees on one seat, and keeps the vote it announced unless the view has since turned against
// another seat; the killers vote as a block for the most dangerous good seat, never a mate.
import { HUNCH, isMate, prior, type Evidence } from './evidence.ts';
import { bandwagon, best, danger, suspicion } from './weigh.ts';
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

/** Good: the most suspect candidate, weighted by the votes others announced; abstain rather than vote a known good seat. */
function goodVote(ev: Evidence, candidates: Seat[], canAbstain: boolean): Seat | 0 {
  const score = (c: Seat) => suspicion(ev, c) + Math.min(CROWD, bandwagon(ev, c));
  let t = best(candidates, score)!;
  const said = ev.claimOf[ev.me]?.firstVote;
  if (said && said.round === ev.view.round && said.seat !== t && candidates.includes(said.seat) && score(said.seat) + KEEP_MY_WORD >= score(t)) t = said.seat;
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
  return best(outside, (c) => danger(ev, c) + bandwagon(ev, c) + HUNCH * prior(ev, c))!;
}
