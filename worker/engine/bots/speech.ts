// What a bot says in its speech: one structured claim (rendered as a short line): its role, whom it
// votes and why (what the table saw that seat do), then it passes.
import { chooseVote } from './ballot.ts';
import { claimsPolice, isMate, living, opt, type Evidence } from './evidence.ts';
import { doomedMate, nextFake, startsFaking } from './fakes.ts';
import { checkToContest } from './own-knowledge.ts';
import { voteReason } from './vote-reason.ts';
import { revealsNow } from './tactics.ts';
import type { Camp, Claim, ClaimReason, Seat } from '../types.ts';
import type { Random } from '../random.ts';

/** What a bot keeps between its moves: the last turn it spoke in, its hunches' seed, and a killer's fake police persona. */
export interface BotMemory {
  spoke?: string;
  /** Seeds where this bot leans when its view points nowhere (drawn once from its random source: `prior` in evidence.ts). */
  lean?: number;
  /** A killer claiming police keeps its story straight: the results it has announced so far (null: this killer never claims police). */
  fake?: { seat: Seat; camp: Camp }[] | null;
}

/** The claim for this speech, and the memory after it. */
export function speechClaim(ev: Evidence, memory: BotMemory, random: Random, lastWords: boolean): { claim: Claim; memory: BotMemory } {
  if (ev.camp === 'killers') return killerClaim(ev, memory, random);
  const vote = intendedVote(ev);
  const why = vote ? voteReason(ev, vote) : undefined;
  if (ev.role === 'police' || (opt(ev.view.me, 'cards')?.some((c) => c.role === 'police' && !c.down) ?? false)) {
    // A police claim my team's own checks disprove is contested at once, with the results the team found.
    const contest = checkToContest(ev);
    const claim = policeClaim(ev, lastWords || contest !== undefined);
    if (claim) return { claim: { ...claim, ...(contest ? { contest } : {}), ...voteWithReason(vote, why) }, memory };
  }
  // Other roles keep quiet about themselves (the killers hunt power roles) and say whom they vote, and why.
  const role = ev.view.ruleset === 'infernal' ? 'police' : 'civilian';
  return { claim: { role, ...voteWithReason(vote, why) }, memory };
}

/**
 * Police claim their results once they found a killer still alive, from round 3 on, or in last words;
 * one at a time: while a teammate's claim stands uncontested the others keep hidden (the killers hunt
 * claimed police), and they stand up beside it when a stranger claims police against it.
 */
function policeClaim(ev: Evidence, lastWords: boolean): Claim | null {
  const found = [...ev.checked].some(([s, camp]) => camp === 'killers' && ev.living.includes(s));
  const strangerClaims = ev.living.some((s) => s !== ev.me && !isMate(ev, s) && claimsPolice(ev, s));
  if (!lastWords && !strangerClaims && !revealsNow(ev.tactics, found, ev.view.round)) return null;
  if (!lastWords && !strangerClaims && !claimsPolice(ev, ev.me) && ev.mates.some((m) => living(ev, m) && claimsPolice(ev, m))) return null;
  const checks = [...ev.checked].map(([seat, camp]) => ({ seat, camp }));
  return checks.length > 0 ? { role: 'police', checks } : { role: 'police' };
}

/** Killers claim civilian, or (sometimes, consistently) police with made-up results against dangerous seats. */
function killerClaim(ev: Evidence, memory: BotMemory, random: Random): { claim: Claim; memory: BotMemory } {
  const vote = intendedVote(ev);
  const hasPolice = ev.view.ruleset !== 'original' && ev.view.ruleset !== 'raw' && ev.view.ruleset !== 'infernal';
  let fake = memory.fake;
  // One fake police per team at a time: a second one would only back the first up, and the table counts police.
  const mateFakes = ev.mates.some((m) => living(ev, m) && claimsPolice(ev, m));
  if (fake === undefined && hasPolice && !mateFakes && startsFaking(ev, memory.spoke === undefined, random)) fake = [];
  if (!fake) {
    const role = ev.view.ruleset === 'infernal' ? 'police' : 'civilian';
    // A killer gives a reason as the good side would, when the table saw one (it blends in).
    return { claim: { role, ...voteWithReason(vote, vote ? voteReason(ev, vote) : undefined) }, memory };
  }
  // One new made-up result per speech, as the team's tactics say (fakes.ts).
  const next = nextFake(ev, fake, random);
  fake = next ? [...fake, next] : fake;
  // The vote: a bussed mate first (the team votes it, fakes.ts), else the first living seat it named a killer.
  const doomed = doomedMate(ev);
  const accused = fake.find((f) => f.camp === 'killers' && f.seat === doomed)?.seat ?? fake.find((f) => f.camp === 'killers' && ev.living.includes(f.seat))?.seat;
  // The vote's reason: its own made-up result, or what a good seat would say.
  const why: ClaimReason | undefined = accused ? { kind: 'known-killer', seat: accused } : vote ? voteReason(ev, vote) : undefined;
  const claim: Claim = { role: 'police', ...(fake.length > 0 ? { checks: fake } : {}), ...voteWithReason(accused ?? vote, why) };
  return { claim, memory: { ...memory, fake } };
}

/** The claim's vote and its reason (every vote announced carries the reason it was chosen for). */
function voteWithReason(vote: Seat | undefined, why: ClaimReason | undefined): Pick<Claim, 'vote' | 'why'> {
  if (vote === undefined) return {};
  return why && why.seat === vote ? { why, vote } : { vote };
}

/** The seat this bot would vote for if everyone living were a candidate. */
function intendedVote(ev: Evidence): Seat | undefined {
  const v = chooseVote(ev, ev.living.filter((s) => s !== ev.me), true);
  return v || undefined;
}
