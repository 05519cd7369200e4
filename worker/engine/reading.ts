// The reading step (RULES.md 11 "Reading the cards (decision)"): after every deal each living seat
// looks at its card before the judge says "天黑请闭眼". Night 1 opens when all have said so or at a
// short deadline (readingMs). In `dual` the big joker's holder is not alive and does not confirm.
import { closeStep, emit, endsAfter, type Ctx, type Refusal } from './kernel.ts';
import { readingMs } from './pace.ts';
import { pacingOf } from './pacing.ts';
import { livingSeats } from './seats.ts';
import type { GameState, Seat } from './types.ts';

/** Opens the reading step; its clock waits while the game is paused, like any step's. */
export function openReading(ctx: Ctx): void {
  ctx.s.step = { kind: 'reading', seen: [], endsAt: endsAfter(ctx, readingMs(pacingOf(ctx.s).pace)) };
}

/** The living seats that have not yet said they have seen their card. */
export function readingPending(state: GameState): Seat[] {
  const step = state.step;
  if (step.kind !== 'reading') return [];
  return livingSeats(state).filter((seat) => !step.seen.includes(seat));
}

/** "I have seen my card": public, like the "voted" mark; the last one opens night 1. */
export function seeCard(ctx: Ctx, seat: Seat): Refusal {
  const step = ctx.s.step;
  if (step.kind !== 'reading') return ['game/phase-closed', 'the cards have been read: the night has begun'];
  if (!ctx.s.alive[seat - 1]) return ['game/not-allowed', 'the judge does not confirm a card'];
  if (step.seen.includes(seat)) return ['game/not-allowed', 'you have already said so'];
  ctx.s.step = { ...step, seen: [...step.seen, seat] };
  emit(ctx, 'all', { type: 'seen', seat });
  closeReadingIfDone(ctx);
  return null;
}

/** Closes the reading step once nobody living is left to confirm (after a confirm or an ejection). */
export function closeReadingIfDone(ctx: Ctx): void {
  if (ctx.s.step.kind === 'reading' && readingPending(ctx.s).length === 0) closeStep(ctx);
}
