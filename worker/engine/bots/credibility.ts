// A claimer's word as police (credibility), weighed against what the bot knows for sure, the
// night, its own team's checks and the other claimers: below suspicion (weigh.ts) and the signals
// (signals.ts), which both read it. Claims are judged by how they hold up, never by who spoke first.
import { claimsPolice, knownGood, knownKiller, living, NIGHT_OUT, type Evidence } from './evidence.ts';
import { keepScore, scored, work } from './scores.ts';
import { NO_CHECK_LIST, type SeatClaims } from './seat-reading.ts';
import { claimsMyRole, disprovedCheck } from './own-knowledge.ts';
import type { Seat } from '../types.ts';

/** A claimer this credible is well backed: voting against it, or calling a killer it named good, counts against the seat that does. */
export const BACKED = 0.75;

/** A claimer proven by the night or the verdict (killed at night, a killer it named revealed): its word stands against any living one. */
const PROVEN = 0.9;

/** A seat's word as police, from -1 (caught lying) to 1 (known good or proven right). */
export function credibility(ev: Evidence, seat: Seat): number {
  const memo = ev.memo;
  // Kept from an earlier decision with the same stamp unless the seat has claimed something since.
  if (scored(memo, seat) && memo.credSeen[seat] === ev.claimOf[seat]) return memo.scores[seat]!;
  work.credibilities++;
  memo.credSeen[seat] = ev.claimOf[seat];
  return keepScore(memo, seat, credibilityOf(ev, seat));
}

/**
 * How much a claimer's word moves a suspicion, from its credibility: nothing at 0.2 or below (a word the
 * bot itself rates low adds nothing), half at an uncontested claim's 0.5, fully from 0.8 (well backed).
 */
export function claimWeight(cred: number): number {
  return cred <= 0.2 ? 0 : cred >= 0.8 ? 1 : (cred - 0.2) / 0.6;
}

function credibilityOf(ev: Evidence, seat: Seat): number {
  if (knownKiller(ev, seat)) return -1;
  const c = ev.claimOf[seat];
  if (!c) return 0;
  const checks = c.checkList;
  for (const [target, camp] of checks) {
    // Contradicts what I know for sure: a lie.
    if (camp === 'killers' && knownGood(ev, target) && ev.camp === 'good') return -1;
    if (camp === 'good' && knownKiller(ev, target)) return -1;
  }
  // 3.0's doctor saves whom they choose: a claimed save of a seat that went out that same night is a lie.
  if (c.acts && c.role === 'doctor' && ev.view.ruleset === 'doctor') for (const a of c.acts) if (ev.nightOutRound.get(a.seat) === a.night) return -1;
  // A result my own team's checks disprove (even a teammate's), or a claim of my own one-of-a-kind role: a lie.
  if (disprovedCheck(ev, seat) !== 0 || claimsMyRole(ev, seat)) return -1;
  if (knownGood(ev, seat)) return 1;
  const own = trustOf(ev, seat);
  // Proven, or no police claim to weigh against the other claimers.
  if (own !== 0.5 || !claimsPolice(ev, seat)) return own;
  // The killers do not kill their own: a claimer who named a seat the killers then killed is most likely lying.
  for (const [target, camp] of checks) if (camp === 'killers' && (ev.known[target]! & NIGHT_OUT) !== 0) return 0.1;
  return weighedAgainstOthers(ev, seat, c);
}

/**
 * A living police claimer against the other police claimers (accounting as AIWolf's agents do: two claims
 * that contradict each other cannot both be true). A proven claimer who contradicts it makes it a liar;
 * one who agrees backs it (up to 0.95); untrusted claimers that agree back each other a little, and a
 * contradiction contests it, unless the contradicting claimer is itself outnumbered (`outnumbered`).
 */
function weighedAgainstOthers(ev: Evidence, seat: Seat, c: SeatClaims): number {
  let cred = 0.5;
  const mine: Standing = { backers: 0, opposers: 0, provenBacker: false };
  for (const other of checkers(ev)) {
    if (other === seat) continue;
    const theirs = ev.claimOf[other]!;
    const proven = trustOf(ev, other) >= PROVEN;
    const relation = relationOf(c, seat, theirs, other);
    if (relation < 0) {
      if (proven) return 0.1;
      mine.opposers++;
      // A counter-claim: it first claimed police after `other` had, naming `other` a killer. A true police would have
      // had to check that very seat; a fake names the claimer it answers (as AIWolf's agents weigh a counter-claim).
      if (c.checks.get(other) === 'killers' && (theirs.policeOrder ?? Infinity) < (c.policeOrder ?? -1) && theirs.checks.get(seat) !== 'killers') cred -= 0.15;
      // Against a claimer a proven one backs, the word weighs as much as against the proven one nearly.
      const against = standing(ev, other);
      if (against.provenBacker) cred -= 0.4;
      else if (!outnumbered(against)) cred -= 0.2;
    } else if (relation > 0) {
      mine.backers++;
      cred += proven ? 0.3 : 0.15;
      mine.provenBacker ||= proven;
    }
  }
  if (outnumbered(mine)) return 0.1;
  // Spared by the killers on nights they killed another seat, where nothing protects the police: a fake, most likely.
  cred -= 0.15 * Math.min(2, sparedNights(ev, seat, c));
  return Math.min(mine.provenBacker ? 0.95 : 0.8, Math.max(0.1, cred));
}

/** How a police claim stands among the others: how many agree with it and contradict it, and whether a proven claimer agrees. */
interface Standing {
  backers: number;
  opposers: number;
  provenBacker: boolean;
}

function standing(ev: Evidence, seat: Seat): Standing {
  const c = ev.claimOf[seat]!;
  const st: Standing = { backers: 0, opposers: 0, provenBacker: false };
  for (const other of checkers(ev)) {
    if (other === seat) continue;
    const relation = relationOf(c, seat, ev.claimOf[other]!, other);
    if (relation < 0) st.opposers++;
    else if (relation > 0) {
      st.backers++;
      st.provenBacker ||= trustOf(ev, other) >= PROVEN;
    }
  }
  return st;
}

/**
 * Outnumbered: contradicted by two or more claimers and by more than its own bloc (itself and its backers), none of
 * them proven, as a lone fake is by a police team that stands up together. A proven word outweighs any number of living ones.
 */
function outnumbered(st: Standing): boolean {
  return !st.provenBacker && st.opposers >= 2 && st.opposers > st.backers + 1;
}

/**
 * Two police claims side by side: -1 when they cannot both be true (one names the other a killer or
 * disputes its claim, or they give one seat different results), 1 when they agree on a result, else 0.
 */
function relationOf(a: SeatClaims, seatA: Seat, b: SeatClaims, seatB: Seat): number {
  if (a.checks.get(seatB) === 'killers' || b.checks.get(seatA) === 'killers') return -1;
  if (a.disputes?.includes(seatB) || b.disputes?.includes(seatA)) return -1;
  let agree = false;
  for (const [target, camp] of a.checkList) {
    if (target === seatB) continue;
    const theirs = b.checks.get(target);
    if (theirs === undefined) continue;
    if (theirs !== camp) return -1;
    agree = true;
  }
  return agree ? 1 : 0;
}

/** `trust`, worked out once per seat and decision (every claimer's credibility asks it of every other claimer). */
function trustOf(ev: Evidence, seat: Seat): number {
  const at = ev.memo.trustAt + seat;
  return scored(ev.memo, at) ? ev.memo.scores[at]! : keepScore(ev.memo, at, trust(ev, seat));
}

/**
 * A claimer's word from what it alone shows: 0.9 when killed at night (the killers kill the police
 * first), 1 when a killer it named was revealed, else 0.5 (to be weighed against the other claimers).
 */
function trust(ev: Evidence, seat: Seat): number {
  for (const [target, camp] of ev.claimOf[seat]?.checkList ?? NO_CHECK_LIST) if (camp === 'killers' && knownKiller(ev, target)) return 1;
  return ((ev.known[seat] ?? 0) & NIGHT_OUT) !== 0 ? 0.9 : 0.5;
}

/** Whether `seat`'s word as police has proven true (killed at night, or a killer it named revealed). */
export function provenPolice(ev: Evidence, seat: Seat): boolean {
  return claimsPolice(ev, seat) && credibility(ev, seat) >= PROVEN;
}

/** The seats that claim police with something to weigh (check results, or another claim disputed), in the order of their first claims. */
export function checkers(ev: Evidence): readonly Seat[] {
  if (!ev.index.checkers) {
    const list: Seat[] = [];
    ev.claims.forEach((c, claimer) => {
      if (c.checks.size > 0 || (c.role === 'police' && c.disputes)) list.push(claimer);
    });
    ev.index.checkers = list;
  }
  return ev.index.checkers;
}

/** The rulesets in which nothing protects a seat at night (no doctor, butterfly or immunity): a police claimer the killers spared tells. */
const UNGUARDED: ReadonlySet<string> = new Set(['classic', 'runoff']);

/** How many nights since its first police claim the killers killed another seat and left `seat` alive (0 where a seat may be protected). */
export function sparedNights(ev: Evidence, seat: Seat, mine: SeatClaims | undefined): number {
  const since = mine?.policeSince;
  if (since === undefined || !UNGUARDED.has(ev.view.ruleset) || !living(ev, seat)) return 0;
  const nights = new Set<number>();
  ev.nightOutRound.forEach((round) => {
    if (round > since) nights.add(round);
  });
  return nights.size;
}
