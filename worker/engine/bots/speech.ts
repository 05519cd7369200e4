// What a bot says in its speech: one structured claim (rendered as a short line): its role, whom it
// votes and why (what the table saw that seat do), then it passes.
import { chooseVote } from './ballot.ts';
import { claimsPolice, isMate, living, opt, type Evidence } from './evidence.ts';
import { doomedMate, nextFake, startsFaking } from './fakes.ts';
import { checkToContest } from './own-knowledge.ts';
import { guess, voteReason } from './vote-reason.ts';
import { reasonFor } from './signals.ts';
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
  /** A killer backing a mate's fake police claim with the same results (the `pair` tactic): that mate. */
  backs?: Seat;
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
  // Other roles keep quiet about themselves (the killers hunt power roles) and say whom they vote, and why. A police
  // keeping its card hidden gives a reason a civilian could have too: never "what I know".
  const role = ev.view.ruleset === 'infernal' ? 'police' : 'civilian';
  const said = why?.kind === 'known-killer' && vote && ev.checked.get(vote) === 'killers' && !claimsPolice(ev, ev.me) ? (reasonFor(ev, vote, ev.me) ?? guess(ev, vote)) : why;
  return { claim: { role, ...voteWithReason(vote, said) }, memory };
}

/**
 * Police claim their results once they found a killer still alive, from round 3 on, or in last words;
 * one at a time: while a teammate's claim stands uncontested the others keep hidden (the killers hunt
 * claimed police), and they stand up beside it when a stranger claims police against it.
 */
function policeClaim(ev: Evidence, lastWords: boolean): Claim | null {
  const found = [...ev.checked].some(([s, camp]) => camp === 'killers' && ev.living.includes(s));
  const strangerClaims = ev.living.some((s) => s !== ev.me && !isMate(ev, s) && claimsPolice(ev, s));
  // About to be voted out (a defence, a PK, votes gathering on me): hiding the card now only loses it.
  const votes = gathering(ev);
  const threatened = threatOn(votes, ev.me);
  // A teammate's true claim that votes gather against: stand up beside it, with the same results.
  // (The `back` tactic: beside any teammate's claim at once, the team known but the claim backed.)
  const mateAtRisk = ev.mates.some((m) => living(ev, m) && claimsPolice(ev, m) && (ev.tactics.back === 'always' || threatOn(votes, m)));
  if (threatened || mateAtRisk) return policeWith(ev);
  if (!lastWords && !strangerClaims && !revealsNow(ev.tactics, found, ev.view.round)) return null;
  if (!lastWords && !strangerClaims && !claimsPolice(ev, ev.me) && ev.mates.some((m) => living(ev, m) && claimsPolice(ev, m))) return null;
  return policeWith(ev);
}

/** "As police: …" with every result my team found. */
function policeWith(ev: Evidence): Claim {
  const checks = [...ev.checked].map(([seat, camp]) => ({ seat, camp }));
  return checks.length > 0 ? { role: 'police', checks } : { role: 'police' };
}

/** By seat, this round's votes gathering on it: the living seats that said they vote or suspect it, and the ballots cast against it (a PK). */
function gathering(ev: Evidence): { said: number[]; cast: number[] } {
  const round = ev.view.round;
  const n = ev.view.seats.length + 1;
  const said = new Array<number>(n).fill(0);
  const cast = new Array<number>(n).fill(0);
  ev.claims.forEach((c, seat) => {
    if (!living(ev, seat)) return;
    const target = c.vote?.round === round ? c.vote.seat : c.suspect?.round === round ? c.suspect.seat : 0;
    if (target !== seat && target < n) said[target]!++;
  });
  // Each voter's ballots are in the order cast: this round's are at the end.
  for (const list of ev.ballotsBy) {
    if (!list) continue;
    for (let i = list.length - 1; i >= 0 && list[i]!.round === round; i--) if (list[i]!.target < n) cast[list[i]!.target]!++;
  }
  return { said, cast };
}

/** Whether this round's votes gather on `target`: two or more seats said they vote or suspect it, or as many ballots were cast against it. */
function threatOn(votes: { said: number[]; cast: number[] }, target: Seat): boolean {
  return (votes.said[target] ?? 0) >= 2 || (votes.cast[target] ?? 0) >= 2;
}

/** Killers claim civilian, or (sometimes, consistently) police with made-up results against dangerous seats. */
function killerClaim(ev: Evidence, memory: BotMemory, random: Random): { claim: Claim; memory: BotMemory } {
  const vote = intendedVote(ev);
  const hasPolice = ev.view.ruleset !== 'original' && ev.view.ruleset !== 'raw' && ev.view.ruleset !== 'infernal';
  let fake = memory.fake;
  // One fake police per team at a time, unless the team's `pair` tactic has a second killer back the first one's results.
  const mateFakes = ev.mates.some((m) => living(ev, m) && claimsPolice(ev, m));
  const backed = fake !== null ? backedFaker(ev, memory) : 0;
  if (backed !== 0) return backFaker(ev, backed, memory);
  if (fake === undefined && hasPolice && !mateFakes && startsFaking(ev, memory.spoke === undefined, random)) fake = [];
  if (!fake) {
    const role = ev.view.ruleset === 'infernal' ? 'police' : 'civilian';
    // A killer gives a reason as the good side would, when the table saw one (it blends in); joining a vote with no
    // reason of its own is a tell the good side reads (跟票), so it calls its vote its own guess instead.
    return { claim: { role, ...voteWithReason(vote, vote ? blendIn(ev, voteReason(ev, vote)) : undefined) }, memory };
  }
  // One new made-up result per speech, as the team's tactics say (fakes.ts).
  const next = nextFake(ev, fake, random);
  fake = next ? [...fake, next] : fake;
  // The vote: a bussed mate first (the team votes it, fakes.ts), else the first living seat it named a killer.
  const doomed = doomedMate(ev);
  const accused = fake.find((f) => f.camp === 'killers' && f.seat === doomed)?.seat ?? fake.find((f) => f.camp === 'killers' && ev.living.includes(f.seat))?.seat;
  // Its reason: its own made-up result, or what a good seat would say (a claimed police with results does not call its vote a plain hunch).
  const seen = vote ? blendIn(ev, voteReason(ev, vote)) : undefined;
  const why: ClaimReason | undefined = accused ? { kind: 'known-killer', seat: accused } : seen?.kind === 'hunch' && fake.length > 0 ? { kind: 'unchecked', seat: seen.seat } : seen;
  const claim: Claim = { role: 'police', ...(fake.length > 0 ? { checks: fake } : {}), ...voteWithReason(accused ?? vote, why) };
  return { claim, memory: { ...memory, fake } };
}

/** The mate whose fake police claim this killer backs (its memory's, or a new one when the `pair` tactic says so and no other mate backs it yet), or 0. */
function backedFaker(ev: Evidence, memory: BotMemory): Seat {
  if (memory.backs !== undefined) return living(ev, memory.backs) ? memory.backs : 0;
  if (ev.tactics.pair !== 'backed' || memory.fake !== undefined) return 0;
  const fakers = ev.mates.filter((m) => living(ev, m) && claimsPolice(ev, m));
  // Only a claim with a result about another seat to repeat: a bare "I am police" backs nothing.
  const results = fakers.length === 1 ? ev.claimOf[fakers[0]!]!.checkList.filter(([seat]) => seat !== ev.me) : [];
  return results.length > 0 ? fakers[0]! : 0;
}

/** "As police:" the same results as the mate it backs, and its vote for the seat they named (two claims that agree back each other). */
function backFaker(ev: Evidence, mate: Seat, memory: BotMemory): { claim: Claim; memory: BotMemory } {
  const checks = (ev.claimOf[mate]?.checkList ?? []).filter(([seat]) => seat !== ev.me).map(([seat, camp]) => ({ seat, camp }));
  const accused = checks.find((c) => c.camp === 'killers' && living(ev, c.seat))?.seat;
  const claim: Claim = { role: 'police', ...(checks.length > 0 ? { checks } : {}), ...(accused ? { vote: accused, why: { kind: 'known-killer' as const, seat: accused } } : {}) };
  return { claim, memory: { ...memory, backs: mate } };
}

/** A killer's reason said as the good side says it: never "I only follow #N's vote", which gives the team away. */
function blendIn(ev: Evidence, why: ClaimReason): ClaimReason {
  return why.kind === 'followed-vote' ? guess(ev, why.seat) : why;
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
