// A claimer's word as police (credibility), weighed against what the bot knows for sure, the
// night, its own team's checks and the other claimers: below suspicion (weigh.ts) and the signals
// (signals.ts), which both read it.
import { knownGood, knownKiller, NIGHT_OUT, type Evidence } from './evidence.ts';
import { keepScore, scored, work } from './scores.ts';
import { NO_CHECK_LIST } from './seat-reading.ts';
import { claimsMyRole, disprovedCheck } from './own-knowledge.ts';
import type { Seat } from '../types.ts';

/** A seat's word as police, from -1 (caught lying) to 1 (known good or proven right). */
export function credibility(ev: Evidence, seat: Seat): number {
  const memo = ev.memo;
  // Kept from an earlier decision with the same stamp unless the seat has claimed something since.
  if (scored(memo, seat) && memo.credSeen[seat] === ev.claimOf[seat]) return memo.scores[seat]!;
  work.credibilities++;
  memo.credSeen[seat] = ev.claimOf[seat];
  return keepScore(memo, seat, credibilityOf(ev, seat));
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
  // No results announced: nothing to weigh against the other claimers.
  if (own !== 0.5 || checks.length === 0) return own;
  // The killers do not kill their own: a claimer who named a seat the killers then killed is most likely lying.
  for (const [target, camp] of checks) if (camp === 'killers' && (ev.known[target]! & NIGHT_OUT) !== 0) return 0.1;
  let cred = 0.5;
  // Weighed against the other claimers: a trusted one (killed at night, proven right) who named this seat a killer, or
  // whom this seat named a killer, makes it a likely liar; agreeing with a trusted one makes it likely true. Among
  // untrusted claimers, results announced alike back each other up, and being named a killer contests a claim.
  for (const other of checkers(ev)) {
    if (other === seat) continue;
    const theirs = ev.claimOf[other]!.checks;
    const trusted = trustOf(ev, other) >= 0.9;
    if (theirs.get(seat) === 'killers') {
      if (trusted) return 0.1;
      cred -= 0.2;
    }
    for (const [target, camp] of checks) {
      if (target === other && camp === 'killers' && trusted) return 0.1;
      if (target !== other && theirs.get(target) === camp) cred += trusted ? 0.3 : 0.1;
    }
  }
  return Math.min(0.8, Math.max(0.1, cred));
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

/** The seats that announced check results, in the order of their first claims. */
export function checkers(ev: Evidence): readonly Seat[] {
  if (!ev.index.checkers) {
    const list: Seat[] = [];
    ev.claims.forEach((c, claimer) => {
      if (c.checks.size > 0) list.push(claimer);
    });
    ev.index.checkers = list;
  }
  return ev.index.checkers;
}
