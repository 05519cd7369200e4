// The confirm step of a night call (D15): a solo actor's pointer stays movable until "Confirm".
// Team calls (the killers, classic's police) close when every member has pointed, as before; a call
// with one actor, and every call whose cards act alone, closes when each pointer is confirmed.
// The deadline still closes any call with the pointers as they are. Only the actor's own audience
// ever sees a pointer or a confirm, so a call looks the same to everyone else (D11).
import { closeStep, emit, type Ctx, type Refusal } from './kernel.ts';
import { hasTeamChannel, pointAudience } from './call-audience.ts';
import { indexOfCard, seatOfCard, cardId } from './cards.ts';
import type { Seat, Step } from './types.ts';

type CallStep = Extract<Step, { kind: 'call' }>;

/** Whether pointers in this call need a confirm: one actor (one acting card), or cards that act alone. */
export function needsConfirm(step: CallStep): boolean {
  const acting = step.slots ? step.slots.length : step.actors.length;
  return acting === 1 || !hasTeamChannel(step);
}

/** Whether the call has all it waits for: every pointer (confirmed where needed) or surrender wish. */
export function callComplete(step: CallStep): boolean {
  const confirm = needsConfirm(step);
  const done = (key: number) => !confirm || (step.confirmed ?? []).includes(key);
  if (step.slots) return step.slots.every((c) => c in (step.aims ?? {}) && done(c));
  return step.actors.every((a) => step.surrender.includes(a) || (a in step.pointers && done(a)));
}

/** The key a seat's pointer is confirmed under: the seat, or (`dual`) its acting card. */
export function confirmKey(step: CallStep, seat: Seat, hand?: 0 | 1): number {
  if (!step.slots) return seat;
  if (hand !== undefined) return cardId(seat, hand);
  const mine = step.slots.filter((c) => seatOfCard(c) === seat);
  return mine.find((c) => c in (step.aims ?? {}) && !(step.confirmed ?? []).includes(c)) ?? mine[0] ?? 0;
}

/** Whether this pointer is already final (a pointer may not move after its confirm). */
export function isConfirmed(step: CallStep, key: number): boolean {
  return (step.confirmed ?? []).includes(key);
}

/** The `confirm` action: the current pointer becomes final; the last one needed closes the call. */
export function confirmPointer(ctx: Ctx, seat: Seat, hand?: 0 | 1): Refusal {
  const step = ctx.s.step;
  if (step.kind !== 'call') return ['game/phase-closed', 'no night call is open'];
  if (!step.actors.includes(seat)) return ['game/not-your-turn', 'your team is not called now'];
  if (hand !== undefined && hand !== 0 && hand !== 1) return ['game/bad-action', 'hand is 0 (your left card) or 1 (your right card)'];
  if (!needsConfirm(step)) return ['game/not-allowed', 'a team call closes when every member has pointed'];
  const key = confirmKey(step, seat, hand);
  const pointed = step.slots ? step.slots.includes(key) && key in (step.aims ?? {}) : seat in step.pointers;
  if (!pointed) return ['game/not-allowed', 'point first, then confirm'];
  if (isConfirmed(step, key)) return ['game/not-allowed', 'your pointer is already confirmed'];
  const next: CallStep = { ...step, confirmed: [...(step.confirmed ?? []), key] };
  ctx.s.step = next;
  emit(ctx, pointAudience(step, seat), step.slots ? { type: 'confirmed', seat, hand: indexOfCard(key) } : { type: 'confirmed', seat });
  if (callComplete(next)) closeStep(ctx);
  return null;
}
