// What a seat did in front of the table that makes it suspect, beyond the check results said about
// it: a vote against a seat a police claim cleared or against a credible police claimer, a vote
// that left a seat named a killer after announcing it, a killer called good, a claim against a more credible claimer.
// Each is weighed into the suspicion (`signalScore`) and named as the reason a bot gives (`reasonFor`).
import { checkers, credibility, knownKiller, outAtNight, type Evidence } from './evidence.ts';
import type { ClaimReason, Seat } from '../types.ts';

/** A police claimer this credible (killed at night, proven right) is taken at its word. */
const TRUSTED = 0.9;

/** Where the signals go: summed into a suspicion, and (when a reason is asked for) listed with their reasons. */
interface Tally {
  weight: number;
  reasons?: ClaimReason[];
}

function note(tally: Tally, kind: ClaimReason['kind'], seat: Seat, other: Seat, weight: number): void {
  tally.weight += weight;
  tally.reasons?.push({ kind, seat, other });
}

/** Whether `claimer` claims police (a role or check results), by its claims in my view. */
export function claimsPolice(ev: Evidence, claimer: Seat): boolean {
  const c = ev.claimOf[claimer];
  return c !== undefined && (c.role === 'police' || c.checks.size > 0);
}

/** The credible claimer (other than `seat`) who announced `target` as `camp`, if any, and its credibility. */
function announced(ev: Evidence, target: Seat, camp: 'killers' | 'good', seat: Seat): { by: Seat; cred: number } | undefined {
  let found: { by: Seat; cred: number } | undefined;
  for (const claimer of checkers(ev)) {
    if (claimer === seat || claimer === target || ev.claimOf[claimer]!.checks.get(target) !== camp) continue;
    const cred = credibility(ev, claimer);
    if (cred > 0 && (!found || cred > found.cred)) found = { by: claimer, cred };
  }
  return found;
}

/** Every signal against `seat` my view holds, in a fixed order, into `tally` (the plainest is the reason given). */
function scan(ev: Evidence, seat: Seat, tally: Tally): void {
  // Reasons that add nothing here (weighed in `suspicion` already) are looked for only when a reason is asked for.
  const accuser = tally.reasons ? announced(ev, seat, 'killers', seat) : undefined;
  if (accuser) note(tally, 'checked-killer', seat, accuser.by, 0);
  const mine = ev.claimOf[seat];
  if (mine) {
    // Said good of a killer: one revealed, or named by a trusted claimer.
    for (const [target, camp] of mine.checkList) {
      if (camp !== 'good' || target === seat) continue;
      const named = announced(ev, target, 'killers', seat);
      if (knownKiller(ev, target)) {
        if (tally.reasons) note(tally, 'defended-killer', seat, target, 0);
      } else if (named && named.cred >= TRUSTED) note(tally, 'defended-killer', seat, target, 1.5);
    }
    // Named a trusted police claimer a killer: a counter-claim.
    for (const [target, camp] of mine.checkList) {
      if (camp === 'killers' && target !== seat && claimsPolice(ev, target) && credibility(ev, target) >= TRUSTED) note(tally, 'counter-claim', seat, target, 2);
    }
  }
  const ballots = ev.ballotsBy[seat];
  if (ballots) {
    for (const b of ballots) {
      if (b.target === seat) continue;
      // Announced a vote for a seat a claimer named a killer, then voted for one nobody named (the first ballot of that
      // round: later ones are among other candidates): a killer who said it would vote its mate, and did not.
      const said = mine?.firstVote;
      if (said && said.round === b.round && said.seat !== b.target && firstOfRound(ballots, b) && announced(ev, said.seat, 'killers', seat) && !announced(ev, b.target, 'killers', seat)) {
        note(tally, 'changed-vote', seat, said.seat, 1);
      }
      const cleared = announced(ev, b.target, 'good', seat);
      if (cleared) note(tally, 'voted-cleared', seat, b.target, 0.6 * cleared.cred);
      if (claimsPolice(ev, b.target) && credibility(ev, b.target) >= TRUSTED) note(tally, 'voted-police', seat, b.target, 1.5);
      // Weighed in `suspicion` already (0.4 a ballot): named here as a reason only.
      if (tally.reasons && outAtNight(ev, b.target)) note(tally, 'voted-victim', seat, b.target, 0);
    }
  }
}

function firstOfRound(ballots: readonly { round: number }[], b: { round: number }): boolean {
  return ballots.find((x) => x.round === b.round) === b;
}

/** What the signals against `seat` add to its suspicion (the check results said about it are weighed in `suspicion`). */
export function signalScore(ev: Evidence, seat: Seat): number {
  // Most seats have said and done nothing suspect: nothing to scan.
  if (!ev.claimOf[seat] && !ev.ballotsBy[seat]) return 0;
  const tally: Tally = { weight: 0 };
  scan(ev, seat, tally);
  return tally.weight;
}

/** Ranks the reasons a bot names: the plainest evidence first. */
const RANK: Record<ClaimReason['kind'], number> = { 'checked-killer': 6, 'defended-killer': 5, 'counter-claim': 4, 'voted-police': 3, 'changed-vote': 2, 'voted-cleared': 1, 'voted-victim': 0 };

/** The reason to give for suspecting `seat`, if my view holds one: the plainest of its signals, the latest of that kind. */
export function reasonFor(ev: Evidence, seat: Seat): ClaimReason | undefined {
  const tally: Tally = { weight: 0, reasons: [] };
  scan(ev, seat, tally);
  let top: ClaimReason | undefined;
  for (const why of tally.reasons!) if (!top || RANK[why.kind] >= RANK[top.kind]) top = why;
  return top;
}
