// Night rules, one per call: whom each role points at, from the evidence of its own view.
// Each returns a seat from `targets`, or 0 to point at nobody (decline).
import { isMate, knownKiller, opt, type Evidence } from './evidence.ts';
import { best, danger, suspicion } from './weigh.ts';
import { credibility } from './credibility.ts';
import type { Call, Seat } from '../types.ts';
import { pick, type Random } from '../random.ts';

/** Evidence this strong (a trusted police claim, a caught liar) justifies an action that can hit the good side. */
const STRONG = 2.5;

type NightRule = (ev: Evidence, targets: Seat[], random: Random) => Seat | 0;

/**
 * Killers: follow a mate's pointer; else the most dangerous seat outside the team (claimed police
 * first), but not one that survived an earlier kill (saved or immune: trying again would stall the game).
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
  return best(fresh.length > 0 ? fresh : outside, (t) => danger(ev, t), random)!;
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

/** The most credible police claimer alive (mine included when I am the claimer's team), if any. */
function trustedPolice(ev: Evidence, targets: Seat[]): Seat | undefined {
  const claimers = targets.filter((t) => {
    const c = ev.claimOf[t];
    return (c?.role === 'police' || (c?.checks.size ?? 0) > 0) && credibility(ev, t) > 0;
  });
  return best(claimers, (t) => credibility(ev, t));
}

/**
 * Doctor (3.0, dual): protect the most credible claimed police, else themself or (every other night) anyone: a doctor who only ever saves themself can stall the table.
 * dual: a doctor card at a seat that plays for the killers saves its own seat, never the seat its killer card hunts.
 */
function protectClaimedPolice(ev: Evidence, targets: Seat[], random: Random): Seat | 0 {
  if (ev.camp === 'killers' && targets.includes(ev.me)) return ev.me;
  const p = trustedPolice(ev, targets);
  if (p !== undefined) return p;
  if (targets.includes(ev.me) && ev.view.round % 2 === 1) return ev.me;
  return targets.length > 0 ? pick(random, targets) : 0;
}

/** Doctor (4.0): an injection without a kill is an empty needle, so inject only a claimed police with none yet. */
function injectClaimedPolice(ev: Evidence, targets: Seat[]): Seat | 0 {
  const p = trustedPolice(ev, targets);
  return p !== undefined && (ev.needles.get(p) ?? 0) === 0 ? p : 0;
}

/** From this round on a long game's secret police and sniper shoot the most suspect seat on any evidence, so the table cannot stall. */
const LATE_ROUND = 6;

/** Secret police, sniper: shoot only the most suspect seat, and only on strong evidence (any, once the game drags on). */
function shootOnStrongEvidence(ev: Evidence, targets: Seat[], random: Random): Seat | 0 {
  const t = best(targets.filter((x) => x !== ev.me && !isMate(ev, x)), (x) => suspicion(ev, x), random);
  if (t === undefined) return 0;
  return suspicion(ev, t) >= (ev.view.round >= LATE_ROUND ? 0 : STRONG) ? t : 0;
}

/** Butterfly: hug the most credible claimed police, so kills aimed at them are void. */
function hugClaimedPolice(ev: Evidence, targets: Seat[]): Seat | 0 {
  return trustedPolice(ev, targets.filter((x) => x !== ev.me)) ?? 0;
}

/** Forest old man: mute the most suspect seat when the evidence is at least fair (a muted killer cannot fake a claim). */
function muteSuspect(ev: Evidence, targets: Seat[]): Seat | 0 {
  const t = best(targets, (x) => suspicion(ev, x));
  return t !== undefined && suspicion(ev, t) >= 1 ? t : 0;
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
