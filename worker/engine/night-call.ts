// A night call (RULES.md 2.2–2.4): opening it (with its seeded clock when nobody can answer, D11),
// pointing at a seat or, in `dual`, at a card, and the team channel. What the call decides when it
// closes is night-close.ts; the confirm of a solo pointer is night-confirm.ts.
import { closeStep, emit, endsAfter, endsAt, checkText, type Ctx, type Refusal } from './kernel.ts';
import { cardId, cardUp, faceOf, indexOfCard, mayAim, refOf, seatOfCard, upCards, upCardsOf, actingCards } from './cards.ts';
import { callComplete, isConfirmed } from './night-confirm.ts';
import { cardCallAudience, hasTeamChannel } from './call-audience.ts';
import { callWait } from './call-wait.ts';
import { pacingOf } from './pacing.ts';
import { RULESETS, roleOfCall } from './rulesets.ts';
import { livingSeats } from './seats.ts';
import { budgetRefusal, spend } from './talk-budget.ts';
import type { Call, CardId, GameState, Seat, Step, Team } from './types.ts';

/** Why a seat may not point at a target in this call, or null when it may. */
export function pointRefusal(state: GameState, call: Call, seat: Seat, target: Seat): Refusal {
  if (!Number.isInteger(target) || target < 1 || target > state.alive.length) return ['game/target-unknown', `there is no seat ${target}`];
  if (!state.alive[target - 1]) return ['game/target-not-alive', `seat ${target} is out`];
  if (target === seat && RULESETS[state.setup.ruleset].noSelfTarget?.includes(call)) {
    return ['game/target-not-eligible', `the ${call} may not choose themself`];
  }
  if (call === 'killers' && state.round === 1 && state.setup.previousFirstVictim === target) {
    return ['game/repeat-first-kill', `seat ${target} was the first kill of the previous game: kill again`];
  }
  return null;
}

/** A pointer at a seat (or, in `dual`, a card) or at nobody; a call closes once it has all it waits for. */
export function point(ctx: Ctx, seat: Seat, target: Seat | 0, card?: 0 | 1, hand?: 0 | 1): Refusal {
  const step = ctx.s.step;
  if (step.kind !== 'call') return ['game/phase-closed', 'no night call is open'];
  if (step.slots) return pointCard(ctx, step, seat, target, card, hand);
  if (!step.actors.includes(seat)) {
    if (step.call === 'secret-police' && ctx.s.alive[seat - 1] && ctx.s.roles[seat - 1] === 'secret-police') {
      return ['game/shot-spent', 'the secret police has used the one shot of the game'];
    }
    return ['game/not-your-turn', 'your team is not called now'];
  }
  if (isConfirmed(step, seat)) return ['game/not-allowed', 'your pointer is confirmed'];
  if (target !== 0) {
    const refusal = pointRefusal(ctx.s, step.call, seat, target);
    if (refusal) return refusal;
  }
  const spent = budgetRefusal(ctx.s, 'point', seat);
  if (spent) return spent;
  spend(ctx, 'point', seat);
  const firstPointed = target !== 0 && !step.firstPointed.includes(target) ? [...step.firstPointed, target] : step.firstPointed;
  const next: Step = { ...step, pointers: { ...step.pointers, [seat]: target }, firstPointed };
  ctx.s.step = next;
  emit(ctx, step.actors, { type: 'pointed', seat, target });
  if (callComplete(next)) closeStep(ctx);
  return null;
}

/** The acting card of `seat` a pointer is for: `hand` if given, else the first of its cards still to point. */
function actingCard(step: Extract<Step, { kind: 'call' }>, seat: Seat, hand?: 0 | 1): CardId | Refusal {
  const mine = (step.slots ?? []).filter((c) => seatOfCard(c) === seat);
  if (hand !== undefined) {
    if (hand !== 0 && hand !== 1) return ['game/bad-action', 'hand is 0 (your left card) or 1 (your right card)'];
    const c = cardId(seat, hand);
    return mine.includes(c) ? c : ['game/not-your-turn', 'that card of yours does not act now'];
  }
  return mine.find((c) => !(c in (step.aims ?? {}))) ?? mine[0]!;
}

/** Why `actor` may not aim at this seat's card now, or null when it may (`dual`). */
export function cardRefusal(state: GameState, call: Call, actor: CardId, target: Seat, card: unknown): Refusal {
  if (!Number.isInteger(target) || target < 1 || target > state.alive.length) return ['game/target-unknown', `there is no seat ${target}`];
  if (card !== 0 && card !== 1) return ['game/bad-action', 'name the card: 0 (left) or 1 (right)'];
  if (!state.alive[target - 1]) return ['game/target-not-alive', `seat ${target} is out`];
  const aim = cardId(target, card);
  if (!cardUp(state, aim)) return ['game/target-not-alive', `that card of seat ${target} is down`];
  if (!mayAim(state, call, actor, aim)) return ['game/target-not-eligible', `the ${call} may not choose a card of their own`];
  if (call === 'killers' && state.round === 1 && state.setup.previousFirstVictim === target) {
    return ['game/repeat-first-kill', `seat ${target} was the first kill of the previous game: kill again`];
  }
  return null;
}

/** RULES.md 8.4: each card acts alone and aims at a card; a seat holding two acting cards points for each. */
function pointCard(ctx: Ctx, step: Extract<Step, { kind: 'call' }>, seat: Seat, target: Seat | 0, card?: 0 | 1, hand?: 0 | 1): Refusal {
  const s = ctx.s;
  if (!step.actors.includes(seat)) {
    if (step.call === 'secret-police' && s.alive[seat - 1] && upCards(s, seat).some((c) => faceOf(s, c) === 'secret-police')) {
      return ['game/shot-spent', 'your secret police card has used its one shot of the game'];
    }
    return ['game/not-your-turn', 'none of your cards is called now'];
  }
  const actor = actingCard(step, seat, hand);
  if (typeof actor !== 'number') return actor;
  if (isConfirmed(step, actor)) return ['game/not-allowed', 'this card\'s pointer is confirmed'];
  let aim: CardId | 0 = 0;
  if (target !== 0) {
    const refusal = cardRefusal(s, step.call, actor, target, card);
    if (refusal) return refusal;
    aim = cardId(target, card!);
  }
  const spent = budgetRefusal(s, 'point', actor);
  if (spent) return spent;
  spend(ctx, 'point', actor);
  const aims = { ...step.aims, [actor]: aim };
  const next: Step = { ...step, aims };
  s.step = next;
  emit(ctx, cardCallAudience(step, seat), { type: 'pointed', seat, target, ...(aim !== 0 ? { card: card! } : {}), hand: indexOfCard(actor) });
  if (callComplete(next)) closeStep(ctx);
  return null;
}

/** A message on the called team's channel, seen only by the team (and `dual`'s watching undercover). */
export function teamChat(ctx: Ctx, seat: Seat, text: string): Refusal {
  const step = ctx.s.step;
  if (step.kind !== 'call') return ['game/phase-closed', 'the team channel is open only during your team\'s call'];
  if (!step.actors.includes(seat) && !step.watchers?.includes(seat)) return ['game/not-your-turn', 'your team is not called now'];
  if (!hasTeamChannel(step)) return ['game/not-allowed', step.slots ? 'only the killers have a team channel' : 'only the killers and the police have a team channel'];
  const bad = checkText(text);
  if (bad) return bad;
  const said = text.trim();
  const spent = budgetRefusal(ctx.s, 'chat', seat, said.length);
  if (spent) return spent;
  spend(ctx, 'chat', seat, said.length);
  emit(ctx, [...step.actors, ...(step.watchers ?? [])], { type: 'team-chat', seat, text: said });
  return null;
}

/** Opens a night call; false when the ruleset skips a call nobody can answer (the agenda moves on). */
export function openCall(ctx: Ctx, call: Call): boolean {
  const s = ctx.s;
  if (ctx.rules.twoCards) return openCardCall(ctx, call);
  const role = roleOfCall(call);
  let actors = livingSeats(s).filter((seat) => s.roles[seat - 1] === role);
  // The secret police's one shot, once fired, leaves nothing to do at their call.
  if (call === 'secret-police' && s.powers?.shotRound !== undefined) actors = [];
  if (actors.length === 0 && !ctx.rules.emptyCallsRun) return false;
  emit(ctx, 'all', { type: 'call', call });
  if (s.round === 1 && actors.length > 0 && ctx.rules.teamsKnowEachOther.includes(call)) emit(ctx, actors, { type: 'team', team: call as Team, seats: actors });
  s.step = { kind: 'call', call, actors, pointers: {}, firstPointed: [], surrender: [], ...callClock(ctx, call, actors) };
  return true;
}

/**
 * `dual` (RULES.md 8.4–8.9): every living card of the called face acts alone. The killers and the
 * undercover open eyes together in rounds 1–2 (the undercover watches, it cannot kill); the police cards
 * and the undercover open eyes together, so the police see one "police" too many.
 */
function openCardCall(ctx: Ctx, call: Call): boolean {
  const s = ctx.s;
  const slots = actingCards(s, call);
  const actors = [...new Set(slots.map(seatOfCard))];
  const undercover = upCardsOf(s, 'undercover').map(seatOfCard)[0];
  const watchers = call === 'killers' && s.round <= 2 && undercover !== undefined && !actors.includes(undercover) ? [undercover] : [];
  emit(ctx, 'all', { type: 'call', call });
  if (s.round === 1 && actors.length > 0 && (call === 'killers' || call === 'police')) {
    // The undercover opens eyes with both teams: the killers know who it is, the police take it for one of theirs.
    const seen = [...new Set([...actors, ...(undercover !== undefined ? [undercover] : [])])].sort((a, b) => a - b);
    if (call === 'killers') emit(ctx, seen, { type: 'team', team: 'killers', seats: actors, ...(undercover !== undefined ? { undercover } : {}), cards: slots.map(refOf) });
    else emit(ctx, seen, { type: 'team', team: 'police', seats: seen });
  }
  s.step = { kind: 'call', call, actors, pointers: {}, firstPointed: [], surrender: [], ...callClock(ctx, call, actors), slots, aims: {}, ...(watchers.length > 0 ? { watchers } : {}) };
  return true;
}

/**
 * D11: a call nobody can answer lasts the seeded wait a room's bots take at that call (call-wait.ts),
 * like a player who chooses quickly, so that neither its length nor its existence tells the table a
 * death. It shows the full deadline (`lead` ms after its real end), as a call with players would.
 */
function callClock(ctx: Ctx, call: Call, actors: readonly Seat[]): { endsAt: number | null; lead?: number } {
  const s = ctx.s;
  if (actors.length > 0) return { endsAt: endsAt(ctx, 'call') };
  const full = pacingOf(s).pace.call;
  const ms = callWait(s.setup.seed, s.round, call, full);
  return { endsAt: endsAfter(ctx, ms), lead: full - ms };
}
