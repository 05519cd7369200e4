// How much one player (or the judge) may add to the log (docs/rules-decisions.md "How much one
// player may say"): messages per speech turn, team-chat lines per night call, messages per free
// talk, pointer changes per call, the judge's moves per step, and each one's messages and characters
// in a whole game. Without them one player could post without end (a killer's team chat at the frame
// budget, ~475,000 entries in a 12-hour async call) and make the room too big to load for everyone.
// Every count is of the player's own moves, so a refusal or what `legal` offers tells nobody anything
// about anyone else.
import { MAX_TEXT, type Ctx, type Refusal } from './kernel.ts';
import type { GameState, TalkKind, TalkSpent } from './types.ts';

/** The limits, chosen from real play: a game of 20 seats over many days stays far below each. */
export const TALK_LIMITS = {
  /** Messages in one speech turn, one player's last words, or one speaker's part of an open day. */
  perTurn: 10,
  /** One player's lines on the team channel during one night call. */
  perCall: 30,
  /** One player's messages in one free talk (`dual`). */
  perTalk: 30,
  /** Times one player (in `dual`, one card) may point during one night call. */
  pointsPerCall: 30,
  /** The judge's (or host's) narrations, pauses, resumes and extensions during one step. */
  judgePerStep: 30,
  /** One player's (or the judge's) messages in a whole game: speeches, team chat, narration. */
  messagesPerGame: 600,
  /** One player's (or the judge's) characters in a whole game. */
  charsPerGame: 60_000,
} as const;

/** The judge's (and host's) place in the game-long counts: after the seats. */
const judgeIndex = (state: GameState) => state.alive.length;

/** The per-step limit of this kind in this step. */
function stepLimit(state: GameState, kind: TalkKind): number {
  if (kind === 'chat') return TALK_LIMITS.perCall;
  if (kind === 'point') return TALK_LIMITS.pointsPerCall;
  if (kind === 'judge') return TALK_LIMITS.judgePerStep;
  return state.step.kind === 'talk' ? TALK_LIMITS.perTalk : TALK_LIMITS.perTurn;
}

/** `who`: a seat, a `dual` card (pointers), or 0 for the judge. */
function stepUsed(state: GameState, kind: TalkKind, who: number): number {
  return state.talkSpent?.step[kind]?.[who] ?? 0;
}

/** The game-long index of `who` (the judge after the seats); pointers are not counted for the game. */
function gameIndex(state: GameState, who: number): number {
  return who === 0 ? judgeIndex(state) : who - 1;
}

/** How many more of this kind `who` may post in this step and in the game (a message counts against both). */
export function messagesLeft(state: GameState, kind: TalkKind, who: number): number {
  const step = stepLimit(state, kind) - stepUsed(state, kind, who);
  if (kind === 'point') return Math.max(0, step);
  const game = TALK_LIMITS.messagesPerGame - (state.talkSpent?.messages[gameIndex(state, who)] ?? 0);
  return Math.max(0, Math.min(step, game));
}

/** How many more characters `who` may post in this game. */
export function charsLeft(state: GameState, who: number): number {
  return Math.max(0, TALK_LIMITS.charsPerGame - (state.talkSpent?.chars[gameIndex(state, who)] ?? 0));
}

/** Why `who` may not post one more of this kind now (`chars`: the message's length), or null when it may. */
export function budgetRefusal(state: GameState, kind: TalkKind, who: number, chars = 0): Refusal {
  if (stepUsed(state, kind, who) >= stepLimit(state, kind)) {
    return ['game/limit-reached', `${STEP_WORDS[kind]} holds ${stepLimit(state, kind)}; none are left`];
  }
  if (kind === 'point') return null;
  if (messagesLeft(state, kind, who) === 0) return ['game/limit-reached', `a game holds ${TALK_LIMITS.messagesPerGame} messages of yours; none are left`];
  const left = charsLeft(state, who);
  if (chars > left) return ['game/limit-reached', `a game holds ${TALK_LIMITS.charsPerGame} characters of yours; ${left} are left`];
  return null;
}

const STEP_WORDS: Record<TalkKind, string> = {
  say: 'one turn or free talk of messages',
  chat: 'one night call of team-chat lines',
  point: 'one night call of pointers',
  judge: 'one step of the judge\'s moves',
};

/** Counts one move of this kind (and its characters) against `who`'s budgets. */
export function spend(ctx: Ctx, kind: TalkKind, who: number, chars = 0): void {
  const s = ctx.s;
  const was: TalkSpent = s.talkSpent ?? freshBudget(s.alive.length);
  const byWho = { ...was.step[kind], [who]: (was.step[kind]?.[who] ?? 0) + 1 };
  const next: TalkSpent = { ...was, step: { ...was.step, [kind]: byWho } };
  if (kind !== 'point') {
    const i = gameIndex(s, who);
    next.messages = was.messages.slice();
    next.chars = was.chars.slice();
    next.messages[i] = (was.messages[i] ?? 0) + 1;
    next.chars[i] = (was.chars[i] ?? 0) + chars;
  }
  s.talkSpent = next;
}

/** Nothing posted yet at a table of `seats` seats (and its judge). */
export function freshBudget(seats: number): TalkSpent {
  return { step: {}, messages: new Array<number>(seats + 1).fill(0), chars: new Array<number>(seats + 1).fill(0) };
}

/** A new step begins: every per-step count starts again (the game-long ones go on). */
export function newStepBudget(ctx: Ctx): void {
  const spent = ctx.s.talkSpent;
  if (spent && Object.keys(spent.step).length > 0) ctx.s.talkSpent = { ...spent, step: {} };
}

/** The characters one message may hold now: MAX_TEXT, or less when the game's budget is nearly spent. */
export function textRoom(state: GameState, who: number): number {
  return Math.min(MAX_TEXT, charsLeft(state, who));
}
