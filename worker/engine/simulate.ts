// The balance simulator: plays independent games, each camp under the random or the heuristic
// policy, and counts the results.
import { legalActions, pendingSeats } from './legal.ts';
import { apply, createGame, type GameRequest } from './index.ts';
import { makeRandom, type Random } from './random.ts';
import { randomMove } from './random-policy.ts';
import { campOf } from './rulesets.ts';
import { viewFor } from './view.ts';
import { botSeatView } from './bot-view.ts';
import { forgetGame } from './log-reading.ts';
import { planMove, plannedMove, type BotMemory, type BotMove } from './bots/policy.ts';
import type { Action, Camp, GameState, Seat, View, Winner } from './types.ts';
import type { Tactics } from './bots/tactics.ts';

/** The simulator's two policies: the uniform random one (random-policy.ts), and the heuristic bots of worker/engine/bots/. */
export type PolicyName = 'random' | 'heuristic';
/** Which policy plays each camp. */
export type Policies = Record<Camp, PolicyName>;
/** Both camps playing uniformly random legal moves (the simulator's default). */
export const RANDOM_POLICIES: Policies = { good: 'random', killers: 'random' };

/** A batch of seeded games to play and count. */
export interface SimulationRequest {
  ruleset: string;
  players: number;
  games: number;
  seed: string | number;
  options?: Record<string, unknown>;
  /** Which policy plays each camp; both random when absent. */
  policies?: Policies;
  /** The tactics every heuristic bot plays (self-play, worker/cli/tune.ts); the ruleset's chosen ones when absent. */
  tactics?: Tactics;
}

/** What a batch of games came to: wins by side, rounds and actions. */
export interface SimulationSummary {
  ruleset: string;
  players: number;
  games: number;
  seed: string | number;
  options: Record<string, unknown>;
  wins: Record<Winner, number>;
  avgRounds: number;
  actions: number;
  policies: Policies;
  /** Games stopped after MAX_ACTIONS without a result (present only when some were). */
  unfinished?: number;
}

/** A game longer than this is stopped unfinished (the random policy never gets near it). */
const MAX_ACTIONS = 5_000;

/** The camp whose policy plays a seat: its card's camp; in `dual`, the killers' if either card is theirs. */
function seatPolicyCamp(state: GameState, seat: Seat): Camp {
  if (state.cards) return [state.cards[2 * seat - 2]!, state.cards[2 * seat - 1]!].some((r) => campOf(r) === 'killers') ? 'killers' : 'good';
  return campOf(state.roles[seat - 1]!);
}

/** Plays one game to its end under the random policy; game i of a run is dealt from `${seed}:${i}`. */
export function playRandomGame(request: Omit<GameRequest, 'at'>, botSeed: string): { state: GameState; actions: number } {
  return playGame(request, botSeed, RANDOM_POLICIES);
}

/** A bot: one seat's view, a random source and its memory to its move (the heuristic policy's shape). */
export type Bot = (view: View, random: Random, memory: BotMemory) => BotMove;

/**
 * What a measurement changes in a game (worker/cli/measures.ts): a seat played by a stand-in for a
 * person (`move` answers for it whenever it returns something other than undefined), and a bot's
 * memory at the start (a killer told to fake a police claim).
 */
export interface SeatHooks {
  move?: (state: GameState, seat: Seat, random: Random, at: number) => Action | null | undefined;
  memory?: (state: GameState, seat: Seat) => BotMemory | undefined;
  /** The tactics the heuristic bots play instead of the ruleset's chosen ones. */
  tactics?: Tactics;
}

/**
 * Plays one game to its end, each camp under its policy; heuristic seats see only their own view.
 * `bot` (tests watching the bots) replaces the heuristic policy and gets the seat's view at every move.
 */
export function playGame(request: Omit<GameRequest, 'at'>, botSeed: string, policies: Policies, bot?: Bot, hooks: SeatHooks = {}): { state: GameState; actions: number } {
  const created = createGame({ ...request, at: 0 });
  if (!created.ok) throw new Error(created.message);
  let state = created.state;
  const random = makeRandom(botSeed);
  const memories = new Map<Seat, BotMemory>();
  if (hooks.memory) {
    for (let seat = 1; seat <= state.alive.length; seat++) {
      const memory = hooks.memory(state, seat);
      if (memory) memories.set(seat, memory);
    }
  }
  const moveOf = (seat: Seat, at: number): Action | null => {
    const stood = hooks.move?.(state, seat, random, at);
    if (stood !== undefined) return stood;
    if (policies[seatPolicyCamp(state, seat)] === 'random') return randomMove(state, seat, random, at);
    return heuristicAction(bot, state, seat, random, at, memories, hooks.tactics);
  };
  let actions = 0;
  let at = 0;
  while (!state.result) {
    const step = state.step;
    let moved = false;
    for (const seat of pendingSeats(state)) {
      const move = moveOf(seat, at);
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
    // Bots that never break a deadlock (every kill saved, every ballot tied) would play for ever: stop and count it.
    if (actions > MAX_ACTIONS) break;
  }
  // Nobody asks about this game again: its views' and bots' memos can go with it.
  forgetGame(state.log);
  return { state, actions };
}

function heuristicAction(bot: Bot | undefined, state: GameState, seat: Seat, random: Random, at: number, memories: Map<Seat, BotMemory>, tactics: Tactics | undefined): Action | null {
  const memory = memories.get(seat) ?? {};
  let move: BotMove;
  if (bot) move = bot(viewFor(state, { kind: 'seat', seat }), random, memory);
  else {
    // Exactly heuristicMove on the seat's view, which plans from the view's legal actions, step and round: the same
    // as the state's (as a room plans its bots, worker/room/bots.ts). The view is built only for a move that reads it,
    // and only the fields the bots read (botSeatView: the same fields as the seat's whole view).
    const plan = planMove(legalActions(state, seat), state.step, state.round, memory);
    move = plan ? plannedMove(seat, plan, () => botSeatView(state, seat), random, memory, 'en', tactics) : { action: null, memory };
  }
  memories.set(seat, move.memory);
  return move.action ? { ...move.action, at } : null;
}

function sameStep(a: GameState['step'], b: GameState['step']): boolean {
  if (a === b) return true;
  if (a.kind === 'ballot' && b.kind === 'ballot') return a.voters === b.voters;
  if (a.kind === 'call' && b.kind === 'call') return a.actors === b.actors;
  if (a.kind === 'talk' && b.kind === 'talk') return true;
  if (a.kind === 'open-day' && b.kind === 'open-day') return a.speakers === b.speakers;
  if (a.kind === 'reading' && b.kind === 'reading') return true;
  return false;
}

/** Plays k independent games and sums up the results. */
export function simulate(request: SimulationRequest): SimulationSummary {
  const wins: Record<Winner, number> = { good: 0, killers: 0, draw: 0 };
  let rounds = 0;
  let actions = 0;
  let unfinished = 0;
  let options: Record<string, unknown> = {};
  const policies = request.policies ?? RANDOM_POLICIES;
  const hooks: SeatHooks = request.tactics ? { tactics: request.tactics } : {};
  for (let i = 0; i < request.games; i++) {
    const game = playGame(
      { ruleset: request.ruleset, players: request.players, options: request.options ?? {}, seed: `${request.seed}:${i}` },
      `${request.seed}:${i}:bots`,
      policies,
      undefined,
      hooks,
    );
    if (game.state.result) wins[game.state.result.winner]++;
    else unfinished++;
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
    policies,
    ...(unfinished > 0 ? { unfinished } : {}),
  };
}
