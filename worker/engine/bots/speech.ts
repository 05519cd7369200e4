// What a bot says in its speech: one structured claim (rendered as a short line), then it passes.
import { chooseVote } from './ballot.ts';
import { best, danger, isMate, opt, type Evidence } from './evidence.ts';
import type { Camp, Claim, Seat } from '../types.ts';
import type { Random } from '../random.ts';

/** What a bot keeps between its moves: the last turn it spoke in, and a killer's fake police persona. */
export interface BotMemory {
  spoke?: string;
  /** A killer claiming police keeps its story straight: the results it has announced so far. */
  fake?: { seat: Seat; camp: Camp }[];
}

/** Killers fake a police claim in this share of games (where the ruleset has police to fake). */
const FAKE_POLICE_RATE = 0.35;

/** The claim for this speech, and the memory after it. */
export function speechClaim(ev: Evidence, memory: BotMemory, random: Random, lastWords: boolean): { claim: Claim; memory: BotMemory } {
  if (ev.camp === 'killers') return killerClaim(ev, memory, random);
  const vote = intendedVote(ev);
  if (ev.role === 'police' || (opt(ev.view.me, 'cards')?.some((c) => c.role === 'police' && !c.down) ?? false)) {
    const claim = policeClaim(ev, lastWords);
    if (claim) return { claim: { ...claim, ...(vote ? { vote } : {}) }, memory };
  }
  // Other roles keep quiet about themselves (the killers hunt power roles) and say whom they vote.
  const role = ev.view.ruleset === 'infernal' ? 'police' : 'civilian';
  return { claim: vote ? { role, vote } : { role }, memory };
}

/** Police claim their results once they found a killer still alive, from round 3 on, or in last words. */
function policeClaim(ev: Evidence, lastWords: boolean): Claim | null {
  const found = [...ev.checked].some(([s, camp]) => camp === 'killers' && ev.living.includes(s));
  if (!found && !lastWords && ev.view.round < 3) return null;
  const checks = [...ev.checked].map(([seat, camp]) => ({ seat, camp }));
  return checks.length > 0 ? { role: 'police', checks } : { role: 'police' };
}

/** Killers claim civilian, or (sometimes, consistently) police with made-up results against dangerous seats. */
function killerClaim(ev: Evidence, memory: BotMemory, random: Random): { claim: Claim; memory: BotMemory } {
  const vote = intendedVote(ev);
  const hasPolice = ev.view.ruleset !== 'original' && ev.view.ruleset !== 'raw' && ev.view.ruleset !== 'infernal';
  let fake = memory.fake;
  if (fake === undefined && hasPolice && memory.spoke === undefined && random() < FAKE_POLICE_RATE) fake = [];
  if (!fake) {
    const role = ev.view.ruleset === 'infernal' ? 'police' : 'civilian';
    return { claim: { role, ...(vote ? { vote } : {}) }, memory };
  }
  // One new made-up result per speech: the most dangerous good seat is "a killer", or a mate is "not a killer".
  const told = new Set(fake.map((f) => f.seat));
  const victims = ev.living.filter((s) => s !== ev.me && !isMate(ev, s) && !told.has(s));
  const mates = ev.mates.filter((s) => ev.living.includes(s) && !told.has(s));
  let next: { seat: Seat; camp: Camp } | undefined;
  if (mates.length > 0 && random() < 0.3) next = { seat: mates[0]!, camp: 'good' };
  else if (victims.length > 0) next = { seat: best(victims, (s) => danger(ev, s), random)!, camp: 'killers' };
  fake = next ? [...fake, next] : fake;
  const accused = fake.find((f) => f.camp === 'killers' && ev.living.includes(f.seat))?.seat;
  const claim: Claim = { role: 'police', ...(fake.length > 0 ? { checks: fake } : {}), ...((accused ?? vote) ? { vote: accused ?? vote } : {}) };
  return { claim, memory: { ...memory, fake } };
}

/** The seat this bot would vote for if everyone living were a candidate. */
function intendedVote(ev: Evidence): Seat | undefined {
  const v = chooseVote(ev, ev.living.filter((s) => s !== ev.me), true);
  return v || undefined;
}
