// The host switches the pace mid-game (live ⇄ async); a switch takes effect from the next step (the
// open step keeps its deadline). What the pace in force is: pacing.ts.
import { emit, endsAfter, type Ctx, type Refusal } from './kernel.ts';
import { dayClosesAt, type DayClose } from './day-close.ts';
import { pacingOf, pacingRefusal } from './pacing.ts';
import type { DayMode, Pace, Pacing } from './types.ts';

/**
 * A day window's deadline: at the chosen clock time when the pacing has one (pace.ts `dayClosesAt`),
 * else `ms` from now. Paused, the clock keeps the time left as any step does.
 */
export function dayWindowEndsAt(ctx: Ctx, ms: number): number | null {
  const close = pacingOf(ctx.s).dayCloses;
  return endsAfter(ctx, close ? dayClosesAt(ctx.at, close) - ctx.at : ms);
}

/** The host switches the pace (`preset` names it for the table); the open step keeps its deadline. */
export function setPace(ctx: Ctx, preset: 'live' | 'async', pace: Pace, day: DayMode, dayCloses?: DayClose): Refusal {
  const bad = pacingRefusal(pace, dayCloses);
  if (bad) return ['game/bad-action', bad];
  if (day !== 'turns' && day !== 'open') return ['game/bad-action', `unknown day mode "${String(day)}"`];
  const pacing: Pacing = { pace: { ...pace }, day, ...(dayCloses ? { dayCloses: { ...dayCloses } } : {}) };
  ctx.s.pacing = { ...pacing, preset };
  emit(ctx, 'all', { type: 'pace-set', preset, ...pacing });
  return null;
}
