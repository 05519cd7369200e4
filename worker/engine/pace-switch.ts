// The pace in force: the game's setup, until the host switches between live and async
// mid-game; a switch takes effect from the next step (the open step keeps its deadline).
import { emit, endsAfter, type Ctx, type Refusal } from './game.ts';
import { PACE_LIMITS } from './pace.ts';
import { dayCloseRefusal, dayClosesAt, type DayClose } from './day-close.ts';
import type { DayMode, GameState, Pace } from './types.ts';

/** The deadlines, the day mode and the day's clock-time close that new steps use now. */
export interface Pacing {
  pace: Pace;
  day: DayMode;
  dayCloses?: DayClose;
  /** Live or async, where the game recorded it (O15: only an async game fails over). */
  preset?: 'live' | 'async';
}

/** The pacing new steps open with: the last switch, else the setup's. */
export function pacingOf(s: GameState): Pacing {
  if (s.pacing) return s.pacing;
  return { pace: s.setup.pace, day: s.setup.day ?? 'turns', ...(s.setup.dayCloses ? { dayCloses: s.setup.dayCloses } : {}), ...(s.setup.preset ? { preset: s.setup.preset } : {}) };
}

/** Why a pace cannot be used (a deadline out of bounds, a bad clock time or zone), or null. */
export function pacingRefusal(pace: Pace, dayCloses?: DayClose): string | null {
  for (const [kind, ms] of Object.entries(pace)) {
    if (!Number.isFinite(ms) || ms < PACE_LIMITS.min || ms > PACE_LIMITS.max) {
      return `the ${kind} deadline must be between ${PACE_LIMITS.min / 1000} s and ${PACE_LIMITS.max / 3_600_000} h`;
    }
  }
  return dayCloses ? dayCloseRefusal(dayCloses) : null;
}

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
