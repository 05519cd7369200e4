// The rules engine's public face: pure functions of data, no I/O, no clock, no randomness of its own.
import { apply, newGame } from './game.ts';
import { actionOf, type GameRecord } from './record.ts';
import { PACE_PRESETS } from './pace.ts';
import type { DayClose } from './day-close.ts';
import { pacingRefusal } from './pacing.ts';
import { RULESETS, checkPlayers, isRulesetId, resolveOptions } from './rulesets.ts';
import type { DayMode, GameSetup, GameState, Pace, Seat } from './types.ts';

export { apply, newGame } from './game.ts';
export { livingSeats, tableOrder } from './seats.ts';
export { MAX_TEXT } from './kernel.ts';
export { TALK_LIMITS } from './talk-budget.ts';
export { VOICE_NOTE_MAX_MS, VOICE_NOTE_ID } from './voice-limits.ts';
export { failoverAt, judgeRefusal } from './judge-failover.ts';
export { legalActions, pendingSeats } from './legal.ts';
export { viewFor, viewerLogLength, hasGodView } from './view.ts';
export { logTag } from './log-tag.ts';
export { viewerLogTag } from './view-tag.ts';
export { gameFrame, viewJson, viewUpdate, viewerKey, type ViewUpdate } from './view-update.ts';
export { exportRecord, type GameRecord } from './record.ts';
export { nameAsOf, type NameAsOf } from './seat-names.ts';
export { verifyDeal, dealDeck, dealCommitment } from './deal.ts';
export { RULESETS, RULESET_IDS, isRulesetId, resolveOptions, checkPlayers, campOf, roleOfCall, callOfRole, seatCount, dualCounts, extraSeats, winningSeats } from './rulesets.ts';
export { cardId, seatOfCard, indexOfCard, seatCamp, seatSide } from './cards.ts';
export { dealWithRedeals } from './deal.ts';
export { PACE_PRESETS, PACE_LIMITS } from './pace.ts';
export { dayClosesAt, MIN_CLOCK_DAY_MS, type DayClose } from './day-close.ts';
export { isTimeZone, isClockTime } from './pace.ts';
export { pacingOf, type Pacing } from './pacing.ts';
export { voiceFor, idleVoice, voiceStepKey, type VoiceMode, type VoicePlace, type VoiceRule } from './voice.ts';
export type * from './types.ts';

/** What a room asks for to start a game; `createGame` checks each field. */
export interface GameRequest {
  ruleset: string;
  players: number;
  options?: Record<string, unknown>;
  pace?: Pace;
  seed: string;
  at: number;
  previousFirstVictim?: Seat;
  /** How the day's speeches are given (RULES.md 11); absent: in turns. */
  day?: DayMode;
  /** Async pace: the day window closes at this clock time in this zone. */
  dayCloses?: DayClose;
  /** Live or async (O15: only an async game fails over to the app). */
  preset?: 'live' | 'async';
}

/** Checks a request against the ruleset and starts the game, or says in one line what is wrong. */
export function createGame(request: GameRequest): { ok: true; state: GameState } | { ok: false; message: string } {
  if (!isRulesetId(request.ruleset)) {
    return { ok: false, message: `unknown ruleset "${request.ruleset}"; allowed: ${Object.keys(RULESETS).join(', ')}` };
  }
  const options = resolveOptions(request.ruleset, request.options);
  if (!options.ok) return options;
  const bad = checkPlayers(request.ruleset, request.players, options.options);
  if (bad) return { ok: false, message: bad };
  const pace = request.pace ?? PACE_PRESETS.live;
  const badPace = pacingRefusal(pace, request.dayCloses);
  if (badPace) return { ok: false, message: badPace };
  const setup: GameSetup = {
    ruleset: request.ruleset,
    players: request.players,
    options: options.options,
    pace,
    seed: request.seed,
    at: request.at,
    ...(request.previousFirstVictim ? { previousFirstVictim: request.previousFirstVictim } : {}),
    ...(request.day === 'open' ? { day: 'open' as const } : {}),
    ...(request.dayCloses ? { dayCloses: { ...request.dayCloses } } : {}),
    ...(request.preset ? { preset: request.preset } : {}),
  };
  return { ok: true, state: newGame(setup) };
}

/** A replay's verdict: the final state, or the first event that does not follow. */
export type ReplayResult = { ok: true; state: GameState } | { ok: false; seq: number; message: string };

/** Replays a record from its setup and checks that every event comes out the same. */
export function replay(record: GameRecord): ReplayResult {
  let state = newGame(record.setup);
  for (const entry of record.log) {
    if (entry.seq < state.log.length) continue;
    const action = actionOf(entry);
    if (!action) return { ok: false, seq: entry.seq, message: `event ${entry.seq} (${entry.event.type}) does not follow from the events before it` };
    const result = apply(state, action);
    if (!result.ok) return { ok: false, seq: entry.seq, message: `event ${entry.seq}: ${result.error.message}` };
    state = result.state;
  }
  if (JSON.stringify(state.log) !== JSON.stringify(record.log)) {
    const seq = state.log.findIndex((e, i) => JSON.stringify(e) !== JSON.stringify(record.log[i]));
    return { ok: false, seq, message: `the replayed log differs at event ${seq}` };
  }
  return { ok: true, state };
}
