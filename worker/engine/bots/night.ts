// Night rules, one per call: whom each role points at, from the evidence of its own view.
// Each returns a seat from `targets`, or 0 to point at nobody (decline).
import { claimsPolice, isMate, knownKiller, opt, type Evidence } from './evidence.ts';
import { best, danger, suspicion, votesOnMates } from './weigh.ts';
import { checkers, credibility } from './credibility.ts';
import type { Call, Seat } from '../types.ts';
import { pick, type Random } from '../random.ts';

/** Evidence this strong (a trusted police claim, a caught liar) justifies an action that can hit the good side. */
const STRONG = 2.5;
/** Fair evidence: a claim or a signal against the seat, more than a hunch. */
const FAIR = 1;

type NightRule = (ev: Evidence, targets: Seat[], random: Random) => Seat | 0;

/**
 * Killers: follow a mate's pointer; else the seat outside the team their tactics aim at (`killScore`),
 * but not one that survived an earlier kill (saved or immune: trying again would stall the game).
 */
function killDangerousNotMates(ev: Evidence, targets: Seat[], random: Random): Seat | 0 {
  const outside = targets.filter((t) => !isMate(ev, t) && t !== ev.me);
  if (outside.length === 0) return targets.length > 0 ? pick(random, targets) : 0;
  const fresh = outside.filter((t) => !ev.killsChosen.has(t));
  // A teammate's pointer is followed, even at one of us or at me (匪自杀: docs/rules/classic.md lets a team choose one of its own, to confuse the town).
  for (const m of ev.mates) {
    const p = opt(ev.view.seats[m - 1], 'pointer');
    if (p && targets.includes(p)) return p;
  }
  return best(fresh.length > 0 ? fresh : outside, (t) => killScore(ev, t), random)!;
}

/**
 * How much the killers want a seat out, by their `kill` tactic: its danger (claimed police first); that plus
 * each police claim that cleared it (the seats the table leans on); or its danger with claimed police left
 * for last (the seat a doctor or butterfly guards).
 */
function killScore(ev: Evidence, seat: Seat): number {
  // `quiet`: a seat whose ballots came for a mate is not singled out for it (the town reads whom the victim had voted).
  const d = danger(ev, seat) - (ev.tactics.spite === 'quiet' ? votesOnMates(ev, seat) : 0);
  switch (ev.tactics.kill) {
    case 'police':
      return d;
    case 'trusted': {
      let cleared = 0;
      for (const c of checkers(ev)) if (c !== ev.me && !isMate(ev, c) && ev.claimOf[c]!.checks.get(seat) === 'good') cleared++;
      return d + 1.5 * cleared;
    }
    case 'unclaimed':
      return claimsPolice(ev, seat) ? d - 4 : d;
  }
}

/** Police: check a living player nobody on the team has checked, the most suspect first. */
function checkUnknownPlayers(ev: Evidence, targets: Seat[], random: Random): Seat | 0 {
  for (const m of ev.mates) {
    const p = opt(ev.view.seats[m - 1], 'pointer');
    if (p && targets.includes(p)) return p;
  }
  const unknown = targets.filter((t) => !ev.checked.has(t) && !isMate(ev, t) && t !== ev.me && !knownKiller(ev, t));
  const pool = unknown.length > 0 ? unknown : targets;
  return pool.length > 0 ? best(pool, (t) => Math.max(0, suspicion(ev, t)), () => random() * 4)! : 0;
}

/** The most credible police claimer alive above `floor` (mine included when I am the claimer's team), if any. */
function trustedPolice(ev: Evidence, targets: Seat[], floor = 0): Seat | undefined {
  const claimers = targets.filter((t) => claimsPolice(ev, t) && credibility(ev, t) > floor);
  return best(claimers, (t) => credibility(ev, t));
}

/** A claimer this credible is one the table still believes (an uncontested claim reads 0.5; a contested or caught one less). */
const BELIEVED = 0.45;

/**
 * The `guard` tactic's seat: a police claimer the table still believes; else the most trusted seat (a police
 * claim cleared it: the killers' next target once the police are guarded), if any is trusted.
 */
function guardedSeat(ev: Evidence, targets: Seat[]): Seat | undefined {
  const p = trustedPolice(ev, targets, BELIEVED);
  if (p !== undefined) return p;
  const t = best(targets, (x) => (x === ev.me ? -Infinity : -suspicion(ev, x)));
  return t !== undefined && t !== ev.me && suspicion(ev, t) <= -FAIR ? t : undefined;
}

/** Doctor (3.0, dual): protect as the `protect` tactic says, else themself or (every other night) anyone: a doctor who only ever saves themself can stall the table. */
function protectClaimedPolice(ev: Evidence, targets: Seat[], random: Random): Seat | 0 {
  // dual: a doctor card at a seat that plays for the killers saves its own seat, never the seat its killer card hunts.
  if (ev.camp === 'killers' && targets.includes(ev.me)) return ev.me;
  const p = ev.tactics.protect === 'guard' ? guardedSeat(ev, targets) : trustedPolice(ev, targets);
  if (p !== undefined) return p;
  if (targets.includes(ev.me) && ev.view.round % 2 === 1) return ev.me;
  return targets.length > 0 ? pick(random, targets) : 0;
}

/** Doctor (4.0): an injection without a kill is an empty needle, so inject only a claimed police with none yet. */
function injectClaimedPolice(ev: Evidence, targets: Seat[]): Seat | 0 {
  const p = trustedPolice(ev, targets, ev.tactics.protect === 'guard' ? BELIEVED : 0);
  return p !== undefined && (ev.needles.get(p) ?? 0) === 0 ? p : 0;
}

/** From this round on a long game's secret police and sniper shoot the most suspect seat on any evidence, so the table cannot stall. */
const LATE_ROUND = 6;

/** Secret police, sniper: shoot only the most suspect seat, and only on strong (or, by the `shoot` tactic, fair) evidence; on any once the game drags on. */
function shootOnStrongEvidence(ev: Evidence, targets: Seat[], random: Random): Seat | 0 {
  const t = best(targets.filter((x) => x !== ev.me && !isMate(ev, x)), (x) => suspicion(ev, x), random);
  if (t === undefined) return 0;
  return suspicion(ev, t) >= (ev.view.round >= LATE_ROUND ? 0 : ev.tactics.shoot === 'fair' ? FAIR : STRONG) ? t : 0;
}

/** Butterfly: hug the most credible claimed police (or, by the `hug` tactic, the guarded seat), so kills aimed at them are void. */
function hugClaimedPolice(ev: Evidence, targets: Seat[]): Seat | 0 {
  const others = targets.filter((x) => x !== ev.me);
  return (ev.tactics.hug === 'guard' ? guardedSeat(ev, others) : trustedPolice(ev, others)) ?? 0;
}

/** Forest old man: mute the most suspect seat when the evidence is at least fair (or, by the `mute` tactic, strong): a muted killer cannot fake a claim. */
function muteSuspect(ev: Evidence, targets: Seat[]): Seat | 0 {
  const t = best(targets, (x) => suspicion(ev, x));
  return t !== undefined && suspicion(ev, t) >= (ev.tactics.mute === 'strong' ? STRONG : FAIR) ? t : 0;
}

/** The rule for a call; the doctor's depends on whether an injection without a kill costs a needle. */
export function nightRule(call: Call, ev: Evidence): NightRule {
  switch (call) {
    case 'killers':
      return killDangerousNotMates;
    case 'police':
      return checkUnknownPlayers;
    case 'doctor':
      return ev.view.ruleset === 'butterfly' ? injectClaimedPolice : protectClaimedPolice;
    case 'secret-police':
    case 'sniper':
      return shootOnStrongEvidence;
    case 'butterfly':
      return hugClaimedPolice;
    case 'old-man':
      return muteSuspect;
  }
}
