// What a night call decides when it closes: the team's choice by most pointers [001 3.6], kept for
// the dawn, and what each actor privately learns (the police their answer).
import { emit, type Ctx } from './kernel.ts';
import { cardAnswer, faceOf, indexOfCard, seatOfCard } from './cards.ts';
import { cardCallAudience } from './call-audience.ts';
import { campOf } from './rulesets.ts';
import type { CardId, Seat, Step } from './types.ts';

/** The team's decision [001 3.6]: most pointers wins, the first pointed breaks a tie, none means no action. */
export function teamDecision(pointers: Record<Seat, Seat | 0>, firstPointed: readonly Seat[]): Seat | 0 {
  let best: Seat | 0 = 0;
  let bestCount = 0;
  for (const target of firstPointed) {
    let n = 0;
    for (const key in pointers) if (pointers[key] === target) n++;
    if (n > bestCount) {
      best = target;
      bestCount = n;
    }
  }
  return best;
}

/** Keeps the call's decision for the dawn and tells the team (or, in `dual`, each card) what it learned. */
export function closeCall(ctx: Ctx, step: Extract<Step, { kind: 'call' }>): void {
  const s = ctx.s;
  if (step.slots) return closeCardCall(ctx, step, step.slots);
  const target = teamDecision(step.pointers, step.firstPointed);
  // A call that ran with nobody to answer it (D11) decides nothing and tells nobody anything.
  if (step.actors.length === 0) return;
  s.night = { ...s.night, picks: { ...s.night.picks, [step.call]: target } };
  switch (step.call) {
    case 'killers':
      s.night.kill = target;
      emit(ctx, step.actors, { type: 'kill-chosen', target });
      return;
    case 'police': {
      if (target === 0) {
        emit(ctx, step.actors, { type: 'checked', target: 0 });
        return;
      }
      const answer = ctx.rules.checkAnswer ? ctx.rules.checkAnswer(s, target) : campOf(s.roles[target - 1]!);
      if (answer === undefined) {
        emit(ctx, step.actors, { type: 'checked', target });
        return;
      }
      s.night.check = { target, answer };
      emit(ctx, step.actors, { type: 'checked', target, answer });
      return;
    }
    default:
      // The shot is spent whether it hits or not (RULES.md 6); declining keeps it.
      if (step.call === 'secret-police' && target !== 0) s.powers = { ...s.powers, shotRound: s.round };
      emit(ctx, step.actors, { type: 'chosen', call: step.call, target });
  }
}

/** `dual`: each acting card's aim is kept for the dawn; each actor learns its own outcome (the police their answer). */
function closeCardCall(ctx: Ctx, step: Extract<Step, { kind: 'call' }>, slots: CardId[]): void {
  const s = ctx.s;
  if (slots.length === 0) return;
  const aims: Record<CardId, CardId | 0> = {};
  for (const c of slots) aims[c] = step.aims?.[c] ?? 0;
  s.night = { ...s.night, aims: { ...s.night.aims, [step.call]: aims } };
  for (const c of slots) {
    const seat = seatOfCard(c);
    const hand = indexOfCard(c);
    const aim = aims[c]!;
    const at = aim !== 0 ? { target: seatOfCard(aim), card: indexOfCard(aim) } : { target: 0 };
    switch (step.call) {
      case 'killers':
        emit(ctx, cardCallAudience(step, seat), { type: 'kill-chosen', ...at, by: seat, hand });
        break;
      case 'police':
        // RULES.md 8.7: each police card checks one card alone; the undercover's card answers "killer".
        emit(ctx, [seat], aim !== 0 ? { type: 'checked', ...at, answer: cardAnswer(faceOf(s, aim)), hand } : { type: 'checked', target: 0, hand });
        break;
      default:
        // The secret police's shot is spent by pointing, hit or miss (even when the butterfly holds the card).
        if (step.call === 'secret-police' && aim !== 0) s.powers = { ...s.powers, shots: { ...s.powers?.shots, [c]: s.round } };
        emit(ctx, [seat], { type: 'chosen', call: step.call, ...at, hand });
    }
  }
}
