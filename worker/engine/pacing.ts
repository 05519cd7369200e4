// The pace in force: the game's setup, until the host switches between live and async mid-game
// (pace-switch.ts). Pure reads of the state, below the kernel, so every phase's clock can ask.
import { PACE_LIMITS } from './pace.ts';
import { dayCloseRefusal } from './day-close.ts';
import type { DayClose, GameState, Pace, Pacing } from './types.ts';

/** The pacing's shape lives in types.ts; re-exported for the index. */
export type { Pacing };

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
