// The game's journal. A move stores its new log entries; the game's state (without its log) is
// written again only now and then (a new step, the game's end, a run of entries, a change the log
// alone cannot replay: worker/room/storage.ts decides). Every input the engine accepted is a log
// entry of its own (worker/engine/record.ts, as a game's record needs), and the engine is pure, so
// the state after the stored one is rebuilt on waking by applying those inputs again to it; each
// entry the replay makes must be, byte for byte, the one stored, or the room refuses to go on.
import type { GameState, LogEntry } from '../engine/index.ts';
import { apply } from '../engine/index.ts';
import { actionOf } from '../engine/record.ts';

/** Whether a change's new entries replay from the stored state: the first is the input that made them all. */
export function replayable(entries: readonly LogEntry[]): boolean {
  return entries.length > 0 && actionOf(entries[0]!) !== null;
}

/**
 * The state `stored` (its log: the entries it includes) becomes with the entries logged after it
 * (`tail`: their JSON text as stored, in order). `stored` is used up: its log grows in place.
 */
export function replayJournal(stored: GameState, tail: readonly string[]): GameState {
  let state = stored;
  const from = state.log.length;
  while (state.log.length < from + tail.length) {
    const at = state.log.length - from;
    const entry = JSON.parse(tail[at]!) as LogEntry;
    const action = actionOf(entry);
    if (!action) throw new Error(`the game's journal cannot replay entry ${entry.seq} (${entry.event.type})`);
    const result = apply(state, action, true);
    if (!result.ok) throw new Error(`the game's journal: entry ${entry.seq} is refused (${result.error.message})`);
    result.events.forEach((e, i) => {
      if (JSON.stringify(e) !== tail[at + i]) throw new Error(`the game's journal replays entry ${e.seq} differently`);
    });
    state = result.state;
  }
  return state;
}
