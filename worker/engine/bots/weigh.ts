// How a bot weighs what its view holds (evidence.ts): a seat's suspicion from its claimers' credibility (credibility.ts) from claims, ballots and what the table saw (signals.ts),
// the announced votes it may join, a seat's danger to the killers.
import { GOOD, HUNCH, LIVING, NIGHT_OUT, SPIED_SUSPICION, claimsPolice, isMate, knownGood, knownKiller, prior, seenAtOtherCall, type Ballot, type Evidence } from './evidence.ts';
import { keepScore, scored, work } from './scores.ts';
import { signalScore } from './signals.ts';
import { checkers, claimWeight, credibility } from './credibility.ts';
import type { ReasonKind, Seat } from '../types.ts';

const NO_BALLOTS: readonly Ballot[] = [];
const NO_ROUNDS: readonly number[] = [];

/** How strongly a good seat suspects `seat` of the killer camp: >0 suspect, <0 trusted; 100 means known. */
export function suspicion(ev: Evidence, seat: Seat): number {
  const memo = ev.memo;
  const at = memo.suspicionAt + seat;
  // Kept from an earlier decision with the same stamp unless the seat has since claimed something or its ballots were revealed.
  if (scored(memo, at) && memo.claimSeen[seat] === ev.claimOf[seat] && memo.ballotsSeen[seat] === ev.ballotsBy[seat]) return memo.scores[at]!;
  work.suspicions++;
  memo.claimSeen[seat] = ev.claimOf[seat];
  memo.ballotsSeen[seat] = ev.ballotsBy[seat];
  return keepScore(memo, at, suspicionOf(ev, seat));
}

function suspicionOf(ev: Evidence, seat: Seat): number {
  if (knownKiller(ev, seat)) return 100;
  if (knownGood(ev, seat)) return -100;
  let s = 0;
  // The police claims about `seat`, in the order of the claimers' first claims, each as far as its claimer's word goes:
  // a result ("a killer", "not a killer"), or a claim of its own disputed (the disputer says its knowledge disproves it).
  for (const claimer of checkers(ev)) {
    if (claimer === seat) continue;
    const theirs = ev.claimOf[claimer]!;
    const said = theirs.checks.get(seat);
    const disputed = said === undefined && theirs.disputes?.includes(seat);
    if (said === undefined && !disputed) continue;
    const w = claimWeight(credibility(ev, claimer));
    s += said === 'good' ? -2 * w : 3 * w;
  }
  const own = credibility(ev, seat);
  if (own < 0) s += 4;
  // A police claimer whose word holds up is itself likely good (a lone fake is weighed down by the claims against it).
  else if (claimsPolice(ev, seat)) s -= 2 * claimWeight(own);
  for (const b of ev.ballotsBy[seat] ?? NO_BALLOTS) {
    // Voting against a seat that turned out good (or died at night, as the killers' victims mostly are) looks bad.
    if (((ev.known[b.target] ?? 0) & (GOOD | NIGHT_OUT)) !== 0) s += 0.4;
    if (knownKiller(ev, b.target)) s -= 0.6;
  }
  return s + signalScore(ev, seat) + HUNCH * prior(ev, seat) + (seenAtOtherCall(ev, seat) ? SPIED_SUSPICION : 0);
}

/** The part of `seat`'s suspicion that is evidence, not my hunch: what a vote needs to clear the floor (ballot.ts). */
export function evidenceAgainst(ev: Evidence, seat: Seat): number {
  return suspicion(ev, seat) - HUNCH * prior(ev, seat);
}

/**
 * How far an announced vote moves another good seat, by the reason given for it: a reason that names a
 * claim or a contradiction the table can check fully; a pattern in the ballots half; a vote against a seat
 * later killed, or following another's vote, a quarter; a bare vote, a hunch or a guess a little, so that
 * a hunch never makes a herd (nor does a weak case pushed first).
 */
function reasonWeight(why: ReasonKind | undefined): number {
  switch (why) {
    case undefined:
    case 'hunch':
    case 'unchecked':
      return 0.15;
    case 'voted-victim':
    case 'followed-vote':
      return 0.25;
    case 'changed-vote':
    case 'voted-cleared':
    case 'few-votes':
    case 'voted-together':
    case 'victim-voted':
    case 'echoed-vote':
    case 'voted-me-out':
      return 0.5;
    default:
      return 1;
  }
}

/** The votes announced this round for `seat` by seats I do not distrust: mates count fully, others a little. */
export function bandwagon(ev: Evidence, seat: Seat): number {
  return (ev.memo.bandwagon ??= bandwagons(ev))[seat] ?? 0;
}

/**
 * Every seat's bandwagon in one pass over this round's votes (a ballot asks it of every candidate):
 * each seat's weights are added in the order of the voters' first claims, as one seat's own pass would.
 */
function bandwagons(ev: Evidence): number[] {
  const w = new Array<number>(ev.view.seats.length + 1).fill(0);
  const votes = votesThisRound(ev);
  for (let i = 0; i < votes.length; i += 3) {
    const voter = votes[i] as Seat;
    const seat = votes[i + 1] as Seat;
    if (seat >= w.length || voter === ev.me || voter === seat || !(ev.known[voter]! & LIVING)) continue;
    const why = votes[i + 2] as ReasonKind | undefined;
    // The killers vote as a block; a good team (the police) knows each other, yet a teammate's hunch is still a hunch.
    if (isMate(ev, voter)) w[seat]! += ev.camp === 'good' ? reasonWeight(why) : 1;
    else if (ev.camp === 'good' && !knownKiller(ev, voter)) {
      // As far as the voter's own reason goes, and its word: a police claimer's vote for the seat it named weighs as its claim does.
      const word = why === 'known-killer' && claimsPolice(ev, voter) ? 2 * claimWeight(credibility(ev, voter)) : 1;
      w[seat]! += 0.3 * reasonWeight(why) * word * Math.max(0.2, 1 + Math.min(0, -suspicion(ev, voter)) / 4);
    } else if (ev.camp === 'killers') w[seat]! += 0.3;
  }
  return w;
}

/** The votes announced this round, as voter, seat, reason kind, voter…, in the order of the voters' first claims (listed once per new vote or round). */
function votesThisRound(ev: Evidence): readonly (Seat | ReasonKind | undefined)[] {
  if (!ev.index.votes || ev.index.votesRound !== ev.view.round) {
    const votes: (Seat | ReasonKind | undefined)[] = [];
    const round = ev.view.round;
    ev.claims.forEach((c, voter) => {
      // "I suspect #4" said this round leans the same way as a bare "I vote #4" when no vote was announced.
      if (c.vote?.round === round) votes.push(voter, c.vote.seat, c.vote.why);
      else if (c.suspect?.round === round) votes.push(voter, c.suspect.seat, undefined);
    });
    ev.index.votes = votes;
    ev.index.votesRound = ev.view.round;
  }
  return ev.index.votes;
}

/** How dangerous a seat is to the killers: claimed police or power roles, accusers of a mate, voters against mates; less for each kill it survived. */
export function danger(ev: Evidence, seat: Seat): number {
  const c = ev.claimOf[seat];
  let d = 0;
  if (c?.role === 'police' || (c?.checks.size ?? 0) > 0) d += 3;
  else if (c?.role && c.role !== 'civilian' && c.role !== 'killer') d += 2;
  if (c) for (const [target, camp] of c.checkList) if (camp === 'killers' && isMate(ev, target)) d += 3;
  d += votesOnMates(ev, seat);
  // Kills aimed at it on earlier nights did not take (saved, hugged, immune): aiming there again would stall the game.
  for (const round of ev.killTries.get(seat) ?? NO_ROUNDS) if (round < ev.view.round) d -= 1.5;
  return d;
}

/** Half a point for each of `seat`'s ballots against a mate (what the killers' danger counts of a seat's votes). */
export function votesOnMates(ev: Evidence, seat: Seat): number {
  let d = 0;
  for (const b of ev.ballotsBy[seat] ?? NO_BALLOTS) if (isMate(ev, b.target)) d += 0.5;
  return d;
}

/**
 * The seat of `seats` with the highest score; `jitter` (from the bot's random source) breaks ties, else the first listed wins
 * (the bots' own scores add each bot's hunch, `prior`, so ties among unknown seats do not fall to a seat number).
 */
export function best(seats: readonly Seat[], score: (s: Seat) => number, jitter?: () => number): Seat | undefined {
  let top: Seat | undefined;
  let topScore = -Infinity;
  for (const s of seats) {
    const v = score(s) + (jitter ? jitter() * 0.5 : 0);
    if (v > topScore) {
      top = s;
      topScore = v;
    }
  }
  return top;
}
