// The kernel every phase stands on: the draft an action works on, the log it writes, taking a seat
// out, laying cards down, the win check and the end of the game, and the step clocks. It imports no
// phase: closing a step hands back to the procedure through `ctx.flow`, which game.ts supplies, so
// a phase file can be read (and changed) without the others.
import { indexOfCard, seatOfCard, upCards } from './cards.ts';
import { pacingOf } from './pacing.ts';
import type { Ruleset } from './rulesets.ts';
import type { Audience, Camp, CardId, ErrorCode, GameEvent, GameState, LogEntry, OutHow, Result, Seat, Step } from './types.ts';

/** The longest text one message of a speech, last words or team chat may hold. */
export const MAX_TEXT = 500;

/** Why an action was refused, or null when it was applied. */
export type Refusal = [ErrorCode, string] | null;

/**
 * The two moves of the procedure the phases call back into. game.ts owns the plan; passing it in
 * the context keeps every phase below game.ts (no phase imports it, so no import circle).
 */
export interface Flow {
  /** Settles a step that just closed (a call's decision, a ballot's count); true when that ended the game or opened the next step itself. */
  settle(ctx: Ctx, step: Step): boolean;
  /** Runs the agenda's instant steps and opens the next step that waits for players. */
  advance(ctx: Ctx): void;
}

/** One action's work: a shallow draft of the state plus the events it emits (shared with the phase files). */
export interface Ctx {
  s: GameState;
  rules: Ruleset;
  at: number;
  events: LogEntry[];
  flow: Flow;
}

/** Adds an event to the log for this audience. */
export function emit(ctx: Ctx, to: Audience, event: GameEvent): void {
  const entry: LogEntry = { seq: ctx.s.seq++, at: ctx.at, round: ctx.s.round, to, event };
  ctx.events.push(entry);
}

/** Whether a message's text is acceptable (1 to MAX_TEXT characters): speeches, last words, team chat and narration alike. */
export function checkText(text: unknown): Refusal {
  if (typeof text !== 'string' || text.trim().length === 0 || text.length > MAX_TEXT) {
    return ['game/text-invalid', `a message holds 1 to ${MAX_TEXT} characters`];
  }
  return null;
}

/** Whether the game is in its day (dawn announced, before nightfall). */
export function isDay(state: GameState): boolean {
  const k = state.step.kind;
  return k === 'last-words' || k === 'speech' || k === 'ballot' || k === 'talk' || k === 'open-day';
}

/** `dual`: lays cards down in one resolution; at dawn everyone sees which seat's left or right card went down. */
export function layDown(ctx: Ctx, cards: readonly CardId[], announce: boolean): void {
  const s = ctx.s;
  if (cards.length === 0) return;
  s.downCount = (s.downCount ?? 0) + 1;
  s.lastDownRound = s.round;
  s.cardDown = s.cardDown!.slice();
  for (const c of cards) {
    s.cardDown[c - 1] = s.downCount;
    if (announce) emit(ctx, 'all', { type: 'card-down', seat: seatOfCard(c), card: indexOfCard(c) });
  }
}

/** Puts a player out, in public: every way out (killed, voted, ejected, self-destruct) goes through here. */
export function removeSeat(ctx: Ctx, seat: Seat, how: OutHow, camp?: Camp): void {
  const s = ctx.s;
  // `dual` (RULES.md 8.3): a player voted out (or ejected) is out with both cards laid down.
  if (s.cards) layDown(ctx, upCards(s, seat), false);
  s.alive = s.alive.slice();
  s.alive[seat - 1] = false;
  s.outs = [...s.outs, camp ? { seat, how, round: s.round, camp } : { seat, how, round: s.round }];
  s.speechAnchor = seat;
  emit(ctx, 'all', camp ? { type: 'out', seat, how, camp } : { type: 'out', seat, how });
}

/** Ends the game with this result: the step and agenda empty, and the whole deal made public. */
export function endGame(ctx: Ctx, result: Result): void {
  const s = ctx.s;
  if (ctx.rules.winners) result = { ...result, winners: ctx.rules.winners(s, result) };
  s.result = result;
  s.step = { kind: 'over' };
  s.agenda = [];
  s.pausedRemaining = null;
  emit(ctx, 'all', {
    type: 'game-over',
    winner: result.winner,
    reason: result.reason,
    roles: s.roles,
    deck: s.deck,
    seed: s.setup.seed,
    ...(result.winners ? { winners: result.winners } : {}),
    ...(s.cards ? { cards: s.cards } : {}),
  });
}

/** Runs the ruleset's win check; ends the game and returns true when a side has won. */
export function checkWin(ctx: Ctx, afterVerdict: boolean): boolean {
  const result = ctx.rules.winCheck(ctx.s, afterVerdict);
  if (!result) return false;
  endGame(ctx, result);
  return true;
}

/** The deadline of a step of this kind opening now; while paused, its clock waits for the resume. */
export function endsAt(ctx: Ctx, kind: keyof GameState['setup']['pace']): number | null {
  return endsAfter(ctx, pacingOf(ctx.s).pace[kind]);
}

/** The deadline `ms` from now, or null (the clock kept in `pausedRemaining`) while the game is paused. */
export function endsAfter(ctx: Ctx, ms: number): number | null {
  if (ctx.s.pausedRemaining !== null) {
    ctx.s.pausedRemaining = ms;
    return null;
  }
  return ctx.at + ms;
}

/** Closes the current step with what it has, then runs the agenda to the next waiting step. */
export function closeStep(ctx: Ctx): void {
  const step = ctx.s.step;
  ctx.s.step = { kind: 'over' };
  if (step.kind === 'over' || ctx.flow.settle(ctx, step)) return;
  ctx.flow.advance(ctx);
}

/** Runs the agenda on from a step a phase set itself (a self-destruct sends the table straight to night). */
export function proceed(ctx: Ctx): void {
  ctx.flow.advance(ctx);
}

/** A muted seat's speaking turn this day is skipped, in public (RULES.md 7, dawn rule 6); true when it was. */
export function skipMuted(ctx: Ctx, seat: Seat): boolean {
  if (!ctx.s.muted?.includes(seat)) return false;
  emit(ctx, 'all', { type: 'skipped', seat, reason: 'muted' });
  return true;
}
