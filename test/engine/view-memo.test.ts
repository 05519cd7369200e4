// viewFor and the bots keep what they read of a game's log between calls (worker/engine/log-reading.ts):
// numbered copies, each viewer's log, its last seat views, each bot's claim indexes. A memo may
// only save work, never change what a viewer is told. Over seeded heuristic games, at every third step
// and for every viewer (each seat, the judge, a spectator), the memoised view must equal a fresh
// one (the same state cloned, so nothing is remembered for it), key for key and in the same order;
// an older state asked after a newer one (the room compares the views before and after a change)
// must give what it gave before; views handed out earlier must not change afterwards; and a bot
// must choose the same move from a memoised view as from a fresh copy of it.
import { describe, expect, it } from 'vitest';
import { apply, createGame, pendingSeats, viewFor, type GameState, type RulesetId, type Seat, type View, type Viewer } from '../../worker/engine/index.ts';
import { heuristicMove, type BotMemory } from '../../worker/engine/bots/policy.ts';
import { makeRandom } from '../../worker/engine/random.ts';
import { EVERY_RULESET, viewersOf } from './seeded-changes.ts';
import { sameStrict } from './same-json.ts';

/** Plays one seeded game with heuristic bots, checking every viewer's view at every step; returns the steps checked. */
function checkGame(ruleset: RulesetId, players: number, seed: string): number {
  const created = createGame({ ruleset, players, seed, at: 0 });
  if (!created.ok) throw new Error(created.message);
  let state = created.state;
  const random = makeRandom(`${seed}:bots`);
  const memories = new Map<Seat, BotMemory>();
  // Views handed out along the way, with what they said when they were handed out.
  const handedOut: { view: View; json: string }[] = [];
  let previous: { state: GameState; viewers: Viewer[]; json: string[] } | null = null;
  let steps = 0;
  let at = 0;
  while (!state.result && steps < 600) {
    // Every viewer every third step (and the seat about to act at every step), against one clone of the state.
    const clone = structuredClone(state);
    const viewers = steps % 3 === 0 ? viewersOf(state) : pendingSeats(state).slice(0, 1).map((seat): Viewer => ({ kind: 'seat', seat }));
    const json = viewers.map((viewer) => {
      const memoised = viewFor(state, viewer);
      const text = JSON.stringify(memoised);
      // Compared by hand first (an expect per viewer per step cost more than the views): the expects explain a difference.
      const fresh = JSON.stringify(viewFor(clone, viewer));
      if (text !== fresh) expect(text, `${ruleset} step ${steps} ${JSON.stringify(viewer)}`).toBe(fresh);
      // A partial log (an update after the first n entries) is the full log's tail.
      const n = Math.floor(memoised.log.length / 2);
      const tail = viewFor(state, viewer, n).log;
      if (!sameStrict(tail, memoised.log.slice(n))) expect(tail).toEqual(memoised.log.slice(n));
      if (steps % 7 === 0) handedOut.push({ view: memoised, json: text });
      return text;
    });
    // The state before the last change, asked again after the newer one.
    if (previous) {
      const before = previous;
      before.viewers.forEach((viewer, i) => {
        const again = JSON.stringify(viewFor(before.state, viewer));
        if (again !== before.json[i]) expect(again).toBe(before.json[i]);
      });
    }
    previous = { state, viewers, json };

    const seat = pendingSeats(state)[0];
    let next: GameState;
    if (seat === undefined) {
      at = 'endsAt' in state.step && state.step.endsAt !== null ? state.step.endsAt : at;
      const result = apply(state, { type: 'deadline', at });
      if (!result.ok) throw new Error(result.error.message);
      next = result.state;
    } else {
      const view = viewFor(state, { kind: 'seat', seat });
      const draw = random();
      const memory = memories.get(seat) ?? {};
      const move = heuristicMove(view, makeRandom(`${seed}:${draw}`), memory);
      // The same move from a fresh copy of the view, which the bot has never read.
      const fromCopy = heuristicMove(structuredClone(view), makeRandom(`${seed}:${draw}`), memory);
      if (!sameStrict(fromCopy, move)) expect(fromCopy).toEqual(move);
      memories.set(seat, move.memory);
      const result = move.action ? apply(state, { ...move.action, at }) : apply(state, { type: 'deadline', at: 'endsAt' in state.step && state.step.endsAt !== null ? state.step.endsAt : at });
      if (!result.ok) throw new Error(`${result.error.code}: ${JSON.stringify(move.action)}`);
      next = result.state;
    }
    state = next;
    steps++;
  }
  for (const { view, json } of handedOut) {
    const now = JSON.stringify(view);
    if (now !== json) expect(now).toBe(json);
  }
  return steps;
}

describe('memoised views and bot readings equal fresh ones', () => {
  for (const [ruleset, players] of EVERY_RULESET) {
    it(`${ruleset} ${players}: every viewer's view every third step, the acting seat's at every step, of a seeded bot game, as if read afresh`, () => {
      const steps = checkGame(ruleset, players, `${ruleset}:memo`);
      expect(steps).toBeGreaterThan(20);
    }, 120_000);
  }
});
