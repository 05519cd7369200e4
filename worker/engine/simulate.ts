// The balance simulator: plays independent games under the random policy and counts the results.
import { apply } from './game.ts';
import { pendingSeats } from './legal.ts';
import { createGame, type GameRequest } from './index.ts';
import { makeRandom } from './random.ts';
import { randomMove } from './random-policy.ts';
import type { GameState, Winner } from './types.ts';

export interface SimulationRequest {
  ruleset: string;
  players: number;
  games: number;
  seed: string | number;
  options?: Record<string, unknown>;
}

export interface SimulationSummary {
  ruleset: string;
  players: number;
  games: number;
  seed: string | number;
  options: Record<string, unknown>;
  wins: Record<Winner, number>;
  avgRounds: number;
  actions: number;
}

/** Plays one game to its end under the random policy; game i of a run is dealt from `${seed}:${i}`. */
export function playRandomGame(request: Omit<GameRequest, 'at'>, botSeed: string): { state: GameState; actions: number } {
  const created = createGame({ ...request, at: 0 });
  if (!created.ok) throw new Error(created.message);
  let state = created.state;
  const random = makeRandom(botSeed);
  let actions = 0;
  let at = 0;
  while (!state.result) {
    const step = state.step;
    let moved = false;
    for (const seat of pendingSeats(state)) {
      const move = randomMove(state, seat, random, at);
      if (!move) continue;
      const result = apply(state, move, true);
      if (!result.ok) throw new Error(`bot move refused: ${result.error.code} ${JSON.stringify(move)}`);
      state = result.state;
      actions++;
      moved = true;
      // Within one call or ballot the other waiting seats still wait; anything else is a new step.
      if (!sameStep(state.step, step)) break;
    }
    if (!moved) {
      // Nobody can act (an empty step): let its deadline pass.
      at = 'endsAt' in state.step && state.step.endsAt !== null ? state.step.endsAt : at;
      const result = apply(state, { type: 'deadline', at }, true);
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
      actions++;
    }
    if (actions > 100_000) throw new Error('game did not end');
  }
  return { state, actions };
}

function sameStep(a: GameState['step'], b: GameState['step']): boolean {
  if (a === b) return true;
  if (a.kind === 'ballot' && b.kind === 'ballot') return a.voters === b.voters;
  if (a.kind === 'call' && b.kind === 'call') return a.actors === b.actors;
  if (a.kind === 'talk' && b.kind === 'talk') return true;
  if (a.kind === 'reading' && b.kind === 'reading') return true;
  return false;
}

/** Plays k independent games and sums up the results. */
export function simulate(request: SimulationRequest): SimulationSummary {
  const wins: Record<Winner, number> = { good: 0, killers: 0, draw: 0 };
  let rounds = 0;
  let actions = 0;
  let options: Record<string, unknown> = {};
  for (let i = 0; i < request.games; i++) {
    const game = playRandomGame(
      { ruleset: request.ruleset, players: request.players, options: request.options ?? {}, seed: `${request.seed}:${i}` },
      `${request.seed}:${i}:bots`,
    );
    wins[game.state.result!.winner]++;
    rounds += game.state.round;
    actions += game.actions;
    options = game.state.setup.options;
  }
  return {
    ruleset: request.ruleset,
    players: request.players,
    games: request.games,
    seed: request.seed,
    options,
    wins,
    avgRounds: request.games > 0 ? Math.round((rounds / request.games) * 100) / 100 : 0,
    actions,
  };
}
