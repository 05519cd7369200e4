// Seeded games with the heuristic bots, change by change: what the view tests walk through. Shared by
// view-json, shared-frames and view-memo (which walks its own way, over the same rulesets).
import { apply, createGame, pendingSeats, viewFor, type Action, type GameState, type RulesetId, type Seat, type Viewer } from '../../worker/engine/index.ts';
import { heuristicMove, type BotMemory } from '../../worker/engine/bots/policy.ts';
import { makeRandom } from '../../worker/engine/random.ts';

/** Every ruleset, at a table size that plays its powers. */
export const EVERY_RULESET: [RulesetId, number][] = [
  ['classic', 12],
  ['runoff', 10],
  ['doctor', 13],
  ['butterfly', 11],
  ['infernal', 6],
  ['raw', 7],
  ['dual', 8],
  ['original', 10],
];

/** Every seat, the judge and a spectator. */
export function viewersOf(state: GameState): Viewer[] {
  return [...state.roles.map((_, i): Viewer => ({ kind: 'seat', seat: i + 1 })), { kind: 'judge' }, { kind: 'spectator' }];
}

/**
 * Deals a seeded game and plays it with the heuristic bots (deadlines when nobody owes a move),
 * calling `onChange` with the states before and after every change that logged something
 * (first with `prev` null: the deal). Returns the last state.
 */
export function playSeededGame(ruleset: RulesetId, players: number, seed: string, onChange: (prev: GameState | null, next: GameState) => void, maxSteps = 600): GameState {
  const created = createGame({ ruleset, players, seed, at: 0 });
  if (!created.ok) throw new Error(created.message);
  let state: GameState = created.state;
  onChange(null, state);
  const random = makeRandom(`${seed}:bots`);
  const memories = new Map<Seat, BotMemory>();
  let at = 0;
  for (let steps = 0; !state.result && steps < maxSteps; steps++) {
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
    if (result.events.length > 0) onChange(state, result.state);
    state = result.state;
  }
  return state;
}
