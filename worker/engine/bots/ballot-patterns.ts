// What the ballots show a good seat that reads them, beyond the claims (its `read` tactic, tactics.ts):
// the killers vote as a block and kill those who come for them, so a town that reads the ballots finds
// them by the patterns a block leaves: the few votes that put a seat out on a scattered day, two seats
// that vote alike day after day, a vote joined with no reason of its own, and the night victim's votes.
import { knownKiller, living, type Evidence, type SeatClaims } from './evidence.ts';
import type { ReasonKind, Seat } from '../types.ts';

const NO_PUT_OUTS: readonly { target: Seat; votes: number }[] = [];

/** A signal found: its kind, the other seat it is about, its weight in the suspicion, and a count (few-votes: the ballots). */
type Note = (kind: ReasonKind, other: Seat, weight: number, count?: number) => void;

/** Every ballot pattern against `seat` in my view, into `note`; `killerCred`: by seat, the best credibility of a claim naming it a killer. */
export function ballotPatterns(ev: Evidence, seat: Seat, mine: SeatClaims | undefined, killerCred: readonly number[], note: Note): void {
  // Joined another's vote with no reason of its own (跟票): what a killer does to blend in when it has nothing to point at.
  if (mine?.vote?.why === 'followed-vote' && mine.vote.seat !== seat) note('echoed-vote', mine.vote.seat, 0.3);
  // Voted against on the day before by a seat the killers killed that night: the killers kill those who come for them.
  for (const victim of ev.victimVoted[seat] ?? NO_SEATS) note('victim-voted', victim, 0.5);
  // One of the few ballots that put a seat out (not one named a killer): a day the town's votes scattered, the killers' block decides it.
  const few = Math.max(3, Math.ceil(ev.view.seats.length / 4));
  for (const p of ev.putOutBy[seat] ?? NO_PUT_OUTS) {
    if (p.votes > few || knownKiller(ev, p.target) || killerCred[p.target]! >= 0.5) continue;
    note('few-votes', p.target, 0.6 * Math.min(1, 3 / p.votes), p.votes);
  }
  // Voted alike, in a small group, with another living seat on two days or more: a block of killers votes as one.
  const ballots = ev.ballotsBy[seat];
  const partner = ballots ? votedAlike(ev, seat, ballots) : 0;
  if (partner !== 0) note('voted-together', partner, 0.5);
}

/** The first living seat whose day ballots named the same seat as `seat`'s on two days or more (not a known killer: voting out a killer together is no tell), or 0. */
function votedAlike(ev: Evidence, seat: Seat, mine: readonly { target: Seat; round: number }[]): Seat {
  if (mine.length < 2) return 0;
  // Only the seats that voted alike on two days at all (known killers aside) can be the partner: listed once per reveal of ballots.
  for (const other of ev.alike[seat] ?? NO_SEATS) {
    if (!living(ev, other)) continue;
    if (alikeDays(ev, mine, ev.ballotsBy[other]!) >= 2) return other;
  }
  return 0;
}

const NO_SEATS: readonly Seat[] = [];

/** On how many days two seats' ballots named the same seat, not a known killer. */
function alikeDays(ev: Evidence, mine: readonly { target: Seat; round: number }[], theirs: readonly { target: Seat; round: number }[]): number {
  let alike = 0;
  let lastRound = 0;
  for (const a of mine) {
    if (a.round === lastRound || knownKiller(ev, a.target)) continue;
    for (const b of theirs) {
      if (b.round === a.round && b.target === a.target) {
        alike++;
        lastRound = a.round;
        break;
      }
    }
  }
  return alike;
}
