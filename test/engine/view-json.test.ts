// The room sends a viewer's update as viewJson's text, made from the view's fingerprint with the log
// put back last (and no stringify when the update brings no entry): it must be, byte for byte, the
// text of the view itself with its log last. Over seeded heuristic games, after every change and for
// every viewer (each seat, the judge, a spectator) whose view changed, with and without new entries.
import { describe, expect, it } from 'vitest';
import { apply, createGame, pendingSeats, viewFor, viewJson, viewUpdate, type Action, type GameState, type RulesetId, type Seat, type Viewer } from '../../worker/engine/index.ts';
import { heuristicMove, type BotMemory } from '../../worker/engine/bots/policy.ts';
import { makeRandom } from '../../worker/engine/random.ts';

const CASES: [RulesetId, number][] = [
  ['classic', 12],
  ['dual', 8],
];

/** Plays one seeded game; returns how many updates brought no entry and how many brought some. */
function checkGame(ruleset: RulesetId, players: number, seed: string): { empty: number; entries: number } {
  const created = createGame({ ruleset, players, seed, at: 0 });
  if (!created.ok) throw new Error(created.message);
  let state: GameState = created.state;
  const viewers: Viewer[] = [...state.roles.map((_, i): Viewer => ({ kind: 'seat', seat: i + 1 })), { kind: 'judge' }, { kind: 'spectator' }];
  const random = makeRandom(`${seed}:bots`);
  const memories = new Map<Seat, BotMemory>();
  const counts = { empty: 0, entries: 0 };
  let at = 0;
  for (let steps = 0; !state.result && steps < 600; steps++) {
    const seat = pendingSeats(state)[0];
    const deadline = 'endsAt' in state.step && state.step.endsAt !== null ? state.step.endsAt : at;
    let action: Action;
    if (seat === undefined) {
      at = deadline;
      action = { type: 'deadline' as const, at };
    } else {
      const move = heuristicMove(viewFor(state, { kind: 'seat', seat }), makeRandom(`${seed}:${random()}`), memories.get(seat) ?? {});
      memories.set(seat, move.memory);
      action = move.action ? { ...move.action, at } : { type: 'deadline' as const, at: deadline };
    }
    const result = apply(state, action);
    if (!result.ok) throw new Error(`${result.error.code}: ${JSON.stringify(action)}`);
    const next = result.state;
    for (const viewer of viewers) {
      const update = viewUpdate(state, next, viewer);
      if (!update) continue;
      const { log, ...rest } = update.view;
      expect(viewJson(next, viewer, update.view), `${ruleset} step ${steps} ${JSON.stringify(viewer)}`).toBe(JSON.stringify({ ...rest, log }));
      if (log.length) counts.entries++;
      else counts.empty++;
    }
    state = next;
  }
  return counts;
}

describe('a viewer’s update as the room sends it is its view’s own JSON', () => {
  for (const [ruleset, players] of CASES) {
    it(`${ruleset} ${players}: every update of every viewer, with new entries and without`, () => {
      const counts = checkGame(ruleset, players, `view-json-${ruleset}`);
      // Both kinds of update happen, so both ways of writing the log are checked.
      expect(counts.empty).toBeGreaterThan(0);
      expect(counts.entries).toBeGreaterThan(0);
    });
  }
});
