// The largest game the talk budgets allow (docs/rules-decisions.md O22): 20 seats of `doctor` (the
// most seats, and both teams have a channel), every player posting every message each step and the
// game allow, each as long as it may be, in Chinese (three bytes a character as stored), and the
// judge narrating every step as much as it may; the rest of the moves from the random policy.
import { apply, createGame, legalActions, pendingSeats, TALK_LIMITS } from '../../../worker/engine/index.ts';
import { makeRandom } from '../../../worker/engine/random.ts';
import { randomMove } from '../../../worker/engine/random-policy.ts';
import type { Action, GameState, LegalAction, Seat } from '../../../worker/engine/index.ts';

/** A line of `n` characters of ordinary Chinese speech. */
const line = (n: number) => '我觉得三号昨天的发言很可疑，他一直在回避问题，今天请大家投他。'.repeat(Math.ceil(n / 30)).slice(0, n);

/** A flooding player's next message: as many and as long as the budget lets, else nothing. */
function floodMove(state: GameState, seat: Seat, length: number, at: number): Action | null {
  const talk = legalActions(state, seat).find((a): a is Extract<LegalAction, { type: 'say' | 'team-chat' }> => a.type === 'say' || a.type === 'team-chat');
  if (!talk) return null;
  return { type: talk.type, seat, text: line(Math.min(length, talk.left ?? 500)), at };
}

/**
 * Plays the largest game to its end: the state, its log, and how many actions it took. `length`: each
 * message's characters (500, the most bytes; 100, the most entries: 600 of them fill 60,000 characters).
 */
export function largestGame(length: number, seed = 'largest'): { state: GameState; actions: number } {
  const created = createGame({ ruleset: 'doctor', players: 20, seed, at: 0 });
  if (!created.ok) throw new Error(created.message);
  let state = created.state;
  const random = makeRandom(seed);
  let actions = 0;
  const step = () => state.step;
  const run = (action: Action): boolean => {
    const result = apply(state, action, true);
    if (!result.ok) return false;
    state = result.state;
    actions++;
    return true;
  };
  while (!state.result && actions < 50_000) {
    const before = step();
    // The judge narrates first, as much as one step allows.
    while (run({ type: 'narrate', text: line(length), at: 0 } as Action));
    let moved = false;
    for (const seat of pendingSeats(state)) {
      const move = floodMove(state, seat, length, 0) ?? randomMove(state, seat, random, 0);
      if (move && run(move)) moved = true;
      if (step() !== before && step().kind !== before.kind) break;
    }
    if (!moved) {
      const s = step();
      run({ type: 'deadline', at: 'endsAt' in s && s.endsAt !== null ? s.endsAt : 0 });
    }
  }
  if (!state.result) throw new Error('the largest game did not end');
  return { state, actions };
}

/**
 * The bound itself: `state`'s log with every player's and the judge's game budget filled to the last
 * message and character (each player's messages spread evenly over what its characters left), as
 * public speech, appended after the game's last entry. No game reaches it (a game ends first); it
 * is the most any room may have to load.
 */
export function filledToTheBound(state: GameState): GameState {
  const log = state.log.slice();
  const { messages, chars } = spentOf(state);
  let seq = state.seq;
  for (let i = 0; i <= state.alive.length; i++) {
    const count = TALK_LIMITS.messagesPerGame - (messages[i] ?? 0);
    let left = TALK_LIMITS.charsPerGame - (chars[i] ?? 0);
    for (let k = 0; k < count; k++) {
      const text = line(Math.max(1, Math.floor(left / (count - k))));
      left -= text.length;
      const event = i === state.alive.length ? { type: 'narration' as const, text } : { type: 'said' as const, seat: i + 1, text };
      log.push({ seq: seq++, at: 0, round: state.round, to: 'all', event });
    }
  }
  return { ...state, log, seq };
}

/** What each player (and the judge, last) posted in the game, as the budgets counted it. */
export function spentOf(state: GameState): { messages: number[]; chars: number[] } {
  return { messages: state.talkSpent?.messages ?? [], chars: state.talkSpent?.chars ?? [] };
}

export { TALK_LIMITS };
