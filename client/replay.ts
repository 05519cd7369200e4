// A finished game's record as steps: the state after each input the engine accepted, rebuilt by the
// engine itself (record.ts's `actionOf` and `apply`). Only the lazy replay chunk imports this, so
// the engine stays out of the first screen.
import { apply, newGame } from '../worker/engine/index.ts';
import { actionOf, type GameRecord } from '../worker/engine/record.ts';
import type { GameState } from '../worker/engine/types.ts';

/** The game after one input: `from` is where that input's events start in `state.log`. */
export interface ReplayStep {
  state: GameState;
  from: number;
}

/** Whether parsed JSON has the shape of a game record (the engine checks the rest as it replays). */
export function isRecord(data: unknown): data is GameRecord {
  const r = data as Partial<GameRecord> | null;
  return !!r && r.format === 'tianhei-record/1' && typeof r.setup === 'object' && r.setup !== null && Array.isArray(r.log);
}

/**
 * Every step of a recorded game, the deal first; an error names the first event that does not
 * follow from those before it (a hand-edited or foreign file), with the steps up to there.
 */
export function replaySteps(record: GameRecord): { steps: ReplayStep[]; error?: string } {
  let state: GameState;
  try {
    state = newGame(record.setup);
  } catch (e) {
    return { steps: [], error: String(e instanceof Error ? e.message : e) };
  }
  const steps: ReplayStep[] = [{ state, from: 0 }];
  for (const entry of record.log) {
    // Events the engine derived itself came out of an earlier input.
    if (entry.seq < state.log.length) continue;
    const action = actionOf(entry);
    if (!action) return { steps, error: `event ${entry.seq} (${entry.event?.type}) does not follow from the events before it` };
    const result = apply(state, action);
    if (!result.ok) return { steps, error: `event ${entry.seq}: ${result.error.message}` };
    steps.push({ state: result.state, from: state.log.length });
    state = result.state;
  }
  if (state.log.length !== record.log.length) return { steps, error: `the record has ${record.log.length} events, the replay ${state.log.length}` };
  return { steps };
}
