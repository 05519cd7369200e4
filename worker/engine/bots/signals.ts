// What a seat did in front of the table that makes it suspect, beyond the check results said about
// it: a vote against a seat a police claim cleared or against a credible police claimer, a vote
// that left a seat named a killer after announcing it, a killer called good, a claim against a more credible claimer.
// Each is weighed into the suspicion (`signalScore`) and named as the reason a bot gives (`reasonFor`).
import { claimsPolice, knownKiller, living, outAtNight, type Evidence } from './evidence.ts';
import { ACTING, ONE_EACH } from './one-card-roles.ts';
import { BACKED, checkers, claimWeight, credibility, provenPolice, sparedNights } from './credibility.ts';
import { work, type Announced } from './scores.ts';
import { ballotPatterns } from './ballot-patterns.ts';
import type { ClaimReason, Role, Seat } from '../types.ts';

/** Where the signals go: summed into a suspicion, and (when a reason is asked for) listed with their reasons. */
interface Tally {
  weight: number;
  reasons?: ClaimReason[];
}

function note(tally: Tally, kind: ClaimReason['kind'], seat: Seat, other: Seat, weight: number, count?: number): void {
  tally.weight += weight;
  tally.reasons?.push(count === undefined ? { kind, seat, other } : { kind, seat, other, count });
}

/** Every check result announced, as the most credible claimer per seat and camp (once per decision). */
function announcements(ev: Evidence): Announced {
  const a = ev.memo.announced;
  if (a.gen === ev.memo.gen) return a;
  work.announcements++;
  const n = ev.view.seats.length + 1;
  a.killerBy.fill(0);
  a.killerCred.fill(0);
  a.goodBy.fill(0);
  a.goodCred.fill(0);
  a.killerCount.fill(0);
  a.trustedPolice.fill(false);
  for (const claimer of checkers(ev)) {
    const cred = credibility(ev, claimer);
    // A word I rate this low names nobody.
    if (claimWeight(cred) === 0) continue;
    for (const [target, camp] of ev.claimOf[claimer]!.checkList) {
      if (target === claimer || target >= n) continue;
      if (camp === 'killers') {
        a.killerCount[target]!++;
        if (cred > a.killerCred[target]!) {
          a.killerBy[target] = claimer;
          a.killerCred[target] = cred;
        }
      } else if (cred > a.goodCred[target]!) {
        a.goodBy[target] = claimer;
        a.goodCred[target] = cred;
      }
    }
  }
  ev.claims.forEach((_, claimer) => {
    if (claimer < n && claimsPolice(ev, claimer) && credibility(ev, claimer) >= BACKED) a.trustedPolice[claimer] = true;
  });
  a.gen = ev.memo.gen;
  return a;
}

/** Every signal against `seat` my view holds, in a fixed order, into `tally` (the plainest is the reason given). */
function scan(ev: Evidence, seat: Seat, tally: Tally): void {
  const said = announcements(ev);
  // Reasons that add nothing here (weighed in `suspicion` already) are looked for only when a reason is asked for.
  if (tally.reasons && said.killerBy[seat]) {
    if (said.killerCount[seat]! >= 2) tally.reasons.push({ kind: 'checks-agree', seat, other: said.killerBy[seat]!, count: said.killerCount[seat]! });
    else note(tally, 'checked-killer', seat, said.killerBy[seat]!, 0);
  }
  const mine = ev.claimOf[seat];
  if (mine) {
    for (const [target, camp] of mine.checkList) {
      if (target === seat) continue;
      // Said good of a killer: one revealed, or named by a trusted claimer.
      if (camp === 'good') {
        if (knownKiller(ev, target)) {
          if (tally.reasons) note(tally, 'defended-killer', seat, target, 0);
        } else if (said.killerCred[target]! >= BACKED && said.killerBy[target] !== seat) note(tally, 'defended-killer', seat, target, 1.5);
      } else if (said.trustedPolice[target]) {
        // Named a well-backed police claimer a killer: a counter-claim (against a proven one, said so).
        note(tally, provenPolice(ev, target) ? 'named-proven' : 'counter-claim', seat, target, 2);
      }
    }
    // Said its knowledge disproves a well-backed police claim: a counter-claim too.
    for (const target of mine.disputes ?? []) if (said.trustedPolice[target] && mine.checks.get(target) !== 'killers') note(tally, provenPolice(ev, target) ? 'named-proven' : 'counter-claim', seat, target, 2);
    // Claims a one-of-a-kind acting role (docs/rules/doctor.md, butterfly.md: one card each) another living seat claims too: one of them lies.
    const rival = mine.role && ACTING.has(mine.role) && ONE_EACH.has(ev.view.ruleset) ? rivalOf(ev, seat, mine.role) : 0;
    if (rival !== 0) note(tally, 'role-contested', seat, rival, 1);
    // Claimed police, and the killers let it live through a night they killed someone else: where nothing protects
    // a seat at night (classic, runoff), the killers kill the police first, so a fake is what they spare.
    const spared = sparedNights(ev, seat, mine);
    if (spared > 0) {
      tally.weight += 0.5 * Math.min(2, spared);
      tally.reasons?.push({ kind: 'spared-claimer', seat });
    }
    // Said it will vote out a police claimer whose word holds (neither contested nor disproved), without a claim of its own against it.
    const wanted = mine.vote?.seat;
    if (wanted !== undefined && wanted !== seat && claimsPolice(ev, wanted) && mine.checks.get(wanted) !== 'killers' && !mine.disputes?.includes(wanted)) {
      const w = claimWeight(credibility(ev, wanted));
      if (w >= 0.5) note(tally, 'against-police', seat, wanted, 1.2 * w);
    }
  }
  // The ballots' patterns, for a good side that reads them (its `read` tactic).
  if (ev.tactics.read === 'ballots') ballotPatterns(ev, seat, mine, said.killerCred, (kind, other, weight, count) => note(tally, kind, seat, other, weight, count));
  const ballots = ev.ballotsBy[seat];
  if (!ballots) return;
  const vowed = mine?.firstVote;
  let round = 0;
  for (const b of ballots) {
    const first = b.round !== round;
    round = b.round;
    if (b.target === seat) continue;
    // Announced a vote for a seat a claimer named a killer, then voted for one nobody named (the first ballot of that
    // round: later ones are among other candidates): a killer who said it would vote its mate, and did not.
    if (first && vowed && vowed.round === b.round && vowed.seat !== b.target && named(said, vowed.seat, seat) && !named(said, b.target, seat)) {
      note(tally, 'changed-vote', seat, vowed.seat, 1);
    }
    if (said.goodBy[b.target] && said.goodBy[b.target] !== seat) note(tally, 'voted-cleared', seat, b.target, 0.8 * said.goodCred[b.target]!);
    if (said.trustedPolice[b.target]) note(tally, 'voted-police', seat, b.target, 1.5);
    // Weighed in `suspicion` already (0.4 a ballot): named here as a reason only.
    if (tally.reasons && outAtNight(ev, b.target)) note(tally, 'voted-victim', seat, b.target, 0);
  }
}

/** The first other living seat (in the order of first claims) that claims `role` too, or 0. */
function rivalOf(ev: Evidence, seat: Seat, role: Role): Seat {
  let rival = 0;
  ev.claims.forEach((c, other) => {
    if (rival === 0 && other !== seat && c.role === role && living(ev, other)) rival = other;
  });
  return rival;
}

/** Whether a claimer other than `seat` named `target` a killer. */
function named(said: Announced, target: Seat, seat: Seat): boolean {
  return said.killerBy[target] !== 0 && said.killerBy[target] !== seat;
}

/** What the signals against `seat` add to its suspicion (the check results said about it are weighed in `suspicion`). */
export function signalScore(ev: Evidence, seat: Seat): number {
  // Most seats have said and done nothing suspect: nothing to scan.
  if (!ev.claimOf[seat] && !ev.ballotsBy[seat] && !ev.putOutBy[seat] && !ev.victimVoted[seat]) return 0;
  const tally: Tally = { weight: 0 };
  scan(ev, seat, tally);
  return tally.weight;
}

/** Ranks the reasons a bot names: the plainest evidence first. */
const RANK: Record<ClaimReason['kind'], number> = { 'checks-agree': 7, 'named-proven': 4.5, 'against-police': 2.5, 'few-votes': 1.5, 'echoed-vote': 0.5, 'voted-together': 1.2, 'victim-voted': 1.8, 'seen-at-call': -1, 'spared-claimer': 3.5, 'named-me': -1, 'voted-me-out': 1.5, 'role-contested': 4, unchecked: -1, 'checked-killer': 6, 'defended-killer': 5, 'counter-claim': 4, 'voted-police': 3, 'changed-vote': 2, 'voted-cleared': 1, 'voted-victim': 0, 'false-check': -1, 'false-role': -1, 'followed-vote': -1, 'known-killer': -1, hunch: -1 };

/** The reason to give for suspecting `seat`, if my view holds one: the plainest of its signals, the latest of that kind; none about `me` as the other seat (said in my own words instead). */
export function reasonFor(ev: Evidence, seat: Seat, me: Seat = 0): ClaimReason | undefined {
  const tally: Tally = { weight: 0, reasons: [] };
  scan(ev, seat, tally);
  let top: ClaimReason | undefined;
  for (const found of tally.reasons!) {
    // "#2 cast one of only 3 votes that put #8 out", said by #8 in its last words: "… that put me out".
    const why: ClaimReason | undefined = found.other !== me ? found : found.kind === 'few-votes' ? { kind: 'voted-me-out', seat: found.seat, count: found.count! } : undefined;
    if (why && (!top || RANK[why.kind] >= RANK[top.kind])) top = why;
  }
  return top;
}
