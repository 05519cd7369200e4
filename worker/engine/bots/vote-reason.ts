// Why a bot votes the seat it chose, named from what made the choice (ballot.ts): what its own night
// knowledge says, what the table saw that seat do (signals.ts), a claim its view disproves, the votes
// others announced that it joined, or, when nothing points anywhere, its hunch. Every announced vote
// carries one. The killers choose by danger to their team, which they never say: they name what a
// good seat would see, as they blend in.
import { claimsPolice, isMate, knownGood, knownKiller, living, seenAtOtherCall, type Evidence } from './evidence.ts';
import { leaning } from './ballot.ts';
import { bandwagon } from './weigh.ts';
import { credibility } from './credibility.ts';
import { claimsMyRole, disprovedCheck } from './own-knowledge.ts';
import { reasonFor } from './signals.ts';
import type { ClaimReason, Seat } from '../types.ts';

/** The reason for voting `seat`, as the speech says it. */
export function voteReason(ev: Evidence, seat: Seat): ClaimReason {
  // Nothing clears the floor: the vote is my own guess, and the speech says so rather than dress it up.
  if (ev.camp === 'good' && leaning(ev, ev.living)) return guess(ev, seat);
  // A reason about me is said in my own words: my own result is what I know (never "#8 checked #6" from #8).
  const seen = reasonFor(ev, seat, ev.me);
  if (ev.camp === 'good' && knownKiller(ev, seat) && seen?.kind !== 'checked-killer' && seen?.kind !== 'checks-agree') {
    // My police team opened eyes together and knows its members: a stranger's police claim is what gives it away.
    if (ev.role === 'police' && claimsPolice(ev, seat) && !isMate(ev, seat) && ev.checked.get(seat) !== 'killers') return { kind: 'false-role', seat };
    return { kind: 'known-killer', seat };
  }
  // infernal: I saw it with its eyes open at the other side's call (it may be a spy of mine, yet most are not).
  if (ev.camp === 'good' && seenAtOtherCall(ev, seat) && (!seen || seen.kind === 'voted-victim' || seen.kind === 'echoed-vote')) return { kind: 'seen-at-call', seat };
  if (seen) return seen;
  if (ev.camp === 'good' && claimsMyRole(ev, seat)) return { kind: 'false-role', seat };
  if (ev.camp === 'good' && credibility(ev, seat) < 0) {
    const check = disprovedCheck(ev, seat) || lieTarget(ev, seat);
    // Its result on me: said in my own words, not "#6's result on #2" from #2.
    if (check === ev.me) return { kind: 'named-me', seat };
    if (check !== 0) return { kind: 'false-check', seat, other: check };
  }
  const voter = bandwagon(ev, seat) > 0 ? announcer(ev, seat) : 0;
  return voter !== 0 ? { kind: 'followed-vote', seat, other: voter } : guess(ev, seat);
}

/** A vote on no firm evidence: a plain hunch while the table has said and shown nothing, else a guess among the seats no claim clears. */
export function guess(ev: Evidence, seat: Seat): ClaimReason {
  let claims = false;
  ev.claims.forEach((c) => {
    if (c.role === 'police' || c.checks.size > 0 || (c.role !== undefined && c.role !== 'civilian')) claims = true;
  });
  // My own checks count as claims: a police's last words that clear a seat do not then call the vote a plain hunch.
  const ballots = ev.ballotsBy.some((b) => b !== undefined);
  return claims || ballots || ev.checked.size > 0 ? { kind: 'unchecked', seat } : { kind: 'hunch', seat };
}

/** The seat of a claim of `seat` that contradicts what I know: a check result, or a claimed save of a seat that went out that night. */
function lieTarget(ev: Evidence, seat: Seat): Seat {
  const c = ev.claimOf[seat];
  for (const [target, camp] of c?.checkList ?? []) if (camp === 'killers' ? knownGood(ev, target) : knownKiller(ev, target)) return target;
  for (const a of c?.acts ?? []) if (ev.nightOutRound.get(a.seat) === a.night) return a.seat;
  return 0;
}

/** The first living seat (in the order of first claims) that announced this round it votes or suspects `seat`, or 0. */
function announcer(ev: Evidence, seat: Seat): Seat {
  const round = ev.view.round;
  let found = 0;
  ev.claims.forEach((c, voter) => {
    if (found !== 0 || voter === ev.me || voter === seat || !living(ev, voter) || (ev.camp === 'good' && knownKiller(ev, voter))) return;
    if (c.vote?.round === round ? c.vote.seat === seat : c.suspect?.round === round && c.suspect.seat === seat) found = voter;
  });
  return found;
}
