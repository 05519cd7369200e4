// The game record: setup plus the ordered event log. Every input the engine accepted is in the log
// as an event of its own, so the record replays to the same final state (`replay`, in index.ts: it
// runs the engine's `apply`, and only the index may import game.ts).
import type { Action, GameEvent, GameSetup, GameState, LogEntry, Seat } from './types.ts';

/** A finished (or judged) game as data: enough to replay it and check every event. */
export interface GameRecord {
  format: 'tianhei-record/1';
  setup: GameSetup;
  log: LogEntry[];
  /**
   * Each seat's name at the end (a record the room wrote; a file may lack it). With the log's
   * replacements it names every entry's player as they were then (worker/engine/seat-names.ts).
   */
  names?: Record<Seat, string>;
}

/** The whole game as JSON-ready data, with the seats' names now: only for the end of a game or for the judge. */
export function exportRecord(state: GameState, names?: ReadonlyMap<Seat, string>): GameRecord {
  return { format: 'tianhei-record/1', setup: state.setup, log: state.log, ...(names ? { names: Object.fromEntries(names) } : {}) };
}

/** The action that produced an input event, or null for events the engine derived itself. */
export function actionOf(entry: LogEntry): Action | null {
  const e: GameEvent = entry.event;
  const at = entry.at;
  switch (e.type) {
    case 'pointed':
      return { type: 'point', seat: e.seat, target: e.target, ...(e.card !== undefined ? { card: e.card } : {}), ...(e.hand !== undefined ? { hand: e.hand } : {}), at };
    case 'confirmed':
      return { type: 'confirm', seat: e.seat, ...(e.hand !== undefined ? { hand: e.hand } : {}), at };
    case 'seen':
      return { type: 'seen', seat: e.seat, at };
    case 'team-chat':
      return { type: 'team-chat', seat: e.seat, text: e.text, at };
    case 'eyes-chosen':
      return { type: 'open-eyes', seat: e.seat, choice: e.choice, at };
    case 'said':
      // A bot's speech carries its structured claim: replayed without it, the log would differ.
      return { type: 'say', seat: e.seat, text: e.text, ...(e.claim ? { claim: e.claim } : {}), ...(e.voice ? { voice: e.voice } : {}), at };
    case 'passed':
      if (e.missed) return null;
      return e.voice ? { type: 'pass', seat: e.seat, voice: e.voice, at } : { type: 'pass', seat: e.seat, at };
    case 'voted':
      return { type: 'vote', seat: e.seat, target: e.target, at };
    case 'surrender-wish':
      return { type: 'surrender', seat: e.seat, at };
    case 'out':
      if (e.how === 'self-destruct') return { type: 'self-destruct', seat: e.seat, at };
      if (e.how === 'ejected') return { type: 'eject', seat: e.seat, at };
      return null;
    case 'deadline':
      return { type: 'deadline', at };
    case 'paused':
      return e.by ? { type: 'pause', by: e.by, at } : { type: 'pause', at };
    case 'app-judges':
      return { type: 'app-judges', at };
    case 'resumed':
      return { type: 'resume', at };
    case 'narration':
      return { type: 'narrate', text: e.text, at };
    case 'handed-to-bot':
      return { type: 'hand-to-bot', seat: e.seat, at };
    case 'replaced':
      return { type: 'replace', seat: e.seat, name: e.name, ...(e.was !== undefined ? { was: e.was } : {}), at };
    case 'extended':
      return { type: 'extend', ms: e.ms, at };
    case 'pace-set':
      return { type: 'set-pace', preset: e.preset, pace: e.pace, day: e.day, ...(e.dayCloses ? { dayCloses: e.dayCloses } : {}), at };
    default:
      return null;
  }
}
