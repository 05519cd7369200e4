// Human judge failover (docs/rules-decisions.md O15). The server resolves every rule
// (RULES.md 11), so the only step that waits on a human judge is a pause the judge made: if the
// judge leaves it unanswered for as long as the room's longest step, the app resumes the game and
// judges from then on. The engine only records it; the room's clock decides when (`failoverAt`).
import { emit, resume, type Ctx, type Refusal } from './game.ts';
import { pacingOf } from './pace-switch.ts';
import type { GameState, LogEntry } from './types.ts';

/** The app takes over from the human judge: a public notice, and a judge's pause is resumed. */
export function appJudges(ctx: Ctx): Refusal {
  const s = ctx.s;
  if (s.appJudges) return ['game/not-allowed', 'the app already judges this game'];
  if (!judgePause(s)) return ['game/not-allowed', 'the game is not waiting on its judge'];
  if (pacingOf(s).preset === 'live') return ['game/not-allowed', 'a live game never fails over: the judge is at the table'];
  s.appJudges = true;
  emit(ctx, 'all', { type: 'app-judges' });
  return resume(ctx);
}

/** Why the human judge's place may not act now (O15: the app judges this game), or null. */
export function judgeRefusal(s: GameState): Refusal {
  return s.appJudges ? ['game/app-judges', 'the judge did not act; the app judges this game now'] : null;
}

/** The log entry of the pause the game stands in, if its human judge made it. */
function judgePause(s: GameState): LogEntry | null {
  if (s.pausedRemaining === null) return null;
  for (let i = s.log.length - 1; i >= 0; i--) {
    const e = s.log[i]!;
    if (e.event.type === 'paused') return e.event.by === 'judge' ? e : null;
  }
  return null;
}

/**
 * When the app takes over, or null: a judge's pause that has lasted the longest step of the pace in
 * force (a whole async step that needed the judge); the host's own pause is the host's to end, and a
 * live game never fails over (the judge is at the table).
 */
export function failoverAt(state: GameState): number | null {
  const pacing = pacingOf(state);
  const paused = state.result || state.appJudges || pacing.preset === 'live' ? null : judgePause(state);
  return paused ? paused.at + Math.max(...Object.values(pacing.pace)) : null;
}
