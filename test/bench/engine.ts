// Engine figures: games and actions per second under the random policy, and the cost of one view.
import { apply, createGame, pendingSeats, viewFor, type GameState } from '../../worker/engine/index.ts';
import { randomMove } from '../../worker/engine/random-policy.ts';
import { playRandomGame } from '../../worker/engine/simulate.ts';
import { makeRandom } from '../../worker/engine/random.ts';

export interface EngineFigures {
  ruleset: string;
  players: number;
  games: number;
  gamesPerSecond: number;
  actionsPerSecond: number;
  actionsPerGame: number;
  viewMicroseconds: number;
  viewLogEntries: number;
}

/** Plays `games` classic games on this one thread and times a view of a mid-game state. */
export function benchEngine(players = 16, games = 5000): EngineFigures {
  // Warm up the JIT before timing.
  for (let i = 0; i < 200; i++) playRandomGame({ ruleset: 'classic', players, seed: `warm:${i}` }, `warm:${i}:bots`);
  let actions = 0;
  const started = performance.now();
  for (let i = 0; i < games; i++) actions += playRandomGame({ ruleset: 'classic', players, seed: `bench:${i}` }, `bench:${i}:bots`).actions;
  const seconds = (performance.now() - started) / 1000;

  // A view of a state halfway through a game, for a civilian (filters the log) and the judge.
  const mid = midGame(players);
  const civilian = mid.roles.indexOf('civilian') + 1;
  const reps = 20_000;
  for (let i = 0; i < 2000; i++) viewFor(mid, { kind: 'seat', seat: civilian });
  const t = performance.now();
  for (let i = 0; i < reps; i++) viewFor(mid, { kind: 'seat', seat: 1 + (i % players) });
  const viewMicroseconds = ((performance.now() - t) * 1000) / reps;

  return {
    ruleset: 'classic',
    players,
    games,
    gamesPerSecond: Math.round(games / seconds),
    actionsPerSecond: Math.round(actions / seconds),
    actionsPerGame: Math.round((actions / games) * 10) / 10,
    viewMicroseconds: Math.round(viewMicroseconds * 100) / 100,
    viewLogEntries: mid.log.length,
  };
}

function midGame(players: number): GameState {
  // Play the random policy until half of a typical game's actions are done, so the view is built
  // for a running game (a finished one shows everything and filters nothing).
  const created = createGame({ ruleset: 'classic', players, seed: 'view', at: 0 });
  if (!created.ok) throw new Error(created.message);
  let state = created.state;
  const random = makeRandom('view:bots');
  for (let n = 0; n < 90 && !state.result; n++) {
    const seat = pendingSeats(state)[0];
    const move = seat ? randomMove(state, seat, random, n) : null;
    if (!move) break;
    const result = apply(state, move);
    if (result.ok) state = result.state;
  }
  return state;
}
