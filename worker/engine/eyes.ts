// Infernal's single night (RULES.md 4): every living player may open their eyes once, for the bandits
// or for the police, and sees who else opened them for the same side; then the first day starts.
import { closeStep, emit, type Ctx, type Refusal } from './kernel.ts';
import { startDay } from './day-plan.ts';
import { livingSeats } from './seats.ts';
import type { EyesChoice, Seat, Step } from './types.ts';

/** A living player opens their eyes for one side or none, once; the last choice closes the night. */
export function openEyes(ctx: Ctx, seat: Seat, choice: EyesChoice): Refusal {
  const step = ctx.s.step;
  if (step.kind !== 'eyes') return ['game/phase-closed', 'the night is over'];
  if (!ctx.s.alive[seat - 1]) return ['game/seat-out', 'you are out'];
  if (seat in step.choices) return ['game/not-allowed', 'you have already chosen: eyes open at most once'];
  if (choice !== 'bandits' && choice !== 'police' && choice !== 'none') return ['game/bad-action', 'choose bandits, police or none'];
  const next: Step = { ...step, choices: { ...step.choices, [seat]: choice } };
  ctx.s.step = next;
  emit(ctx, [seat], { type: 'eyes-chosen', seat, choice });
  if (livingSeats(ctx.s).every((a) => a in next.choices)) closeStep(ctx);
  return null;
}

/** Each side's eyes see each other, then the first day begins. */
export function closeEyes(ctx: Ctx, choices: Record<Seat, EyesChoice>): void {
  for (const call of ['bandits', 'police'] as const) {
    const seats = livingSeats(ctx.s).filter((seat) => choices[seat] === call);
    if (seats.length > 0) emit(ctx, seats, { type: 'eyes-seen', call, seats });
  }
  startDay(ctx);
}
