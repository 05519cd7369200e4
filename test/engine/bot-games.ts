// Seeded games with the heuristic bots under watch: every view a bot reads is wrapped so that
// reading a field the view does not hold fails, and every move it returns is checked against
// `view.legal` before the engine applies it. Shared by the bots-*.test.ts files (one per core).
import { describe, expect, it } from 'vitest';
import { RULESETS, type LegalAction, type RulesetId, type SeatAction, type View } from '../../worker/engine/index.ts';
import { heuristicMove, type BotMove } from '../../worker/engine/bots/policy.ts';
import { playGame, type Policies } from '../../worker/engine/simulate.ts';
import type { Random } from '../../worker/engine/random.ts';

/** A read of a field the view does not have, or a move outside `view.legal`. */
export interface BotFault {
  kind: 'absent-field' | 'illegal-move';
  detail: string;
}

/**
 * Wraps a view so that every property read of a missing field (at any depth) is recorded. Wrappers
 * are kept per object: views share their log entries, and a game's log is read many times.
 */
function watched<T extends object>(value: T, faults: BotFault[], wrappers: WeakMap<object, object>): T {
  const known = wrappers.get(value);
  if (known) return known as T;
  const proxy = new Proxy(value, {
    get(target, key, receiver) {
      const v = Reflect.get(target, key, receiver);
      if (typeof key === 'symbol') return v;
      if (!Reflect.has(target, key)) {
        faults.push({ kind: 'absent-field', detail: `${String(key)} of ${JSON.stringify(target).slice(0, 200)}` });
        return v;
      }
      return typeof v === 'object' && v !== null ? watched(v, faults, wrappers) : v;
    },
  });
  wrappers.set(value, proxy);
  return proxy;
}

/** Whether the move is one of the view's legal actions, with a legal target. */
export function isLegalMove(move: SeatAction, legal: LegalAction[]): boolean {
  switch (move.type) {
    case 'point':
      return legal.some((l) => {
        if (l.type !== 'point') return false;
        if (l.cards) return l.hand === move.hand && (move.target === 0 || l.cards.some((c) => c.seat === move.target && c.card === move.card));
        return move.target === 0 || l.targets.includes(move.target);
      });
    case 'open-eyes':
      return legal.some((l) => l.type === 'open-eyes' && l.choices.includes(move.choice));
    case 'vote':
      return legal.some((l) => l.type === 'vote' && (move.target === 0 ? l.canAbstain : l.targets.includes(move.target)));
    default:
      return legal.some((l) => l.type === move.type);
  }
}

/**
 * Every this many games, the bots read their views through the absent-field watch (it slows a game
 * several times); 8 is prime to the three pairings and spans every table size over a file's games.
 */
const WATCH_EVERY = 8;

/**
 * Plays `games` seeded games of a ruleset spread over its player counts, and returns every fault seen:
 * every move of every game is checked against `view.legal`; every WATCH_EVERY-th game also watches
 * the fields the bots read.
 */
export function watchedGames(ruleset: RulesetId, games: number, seed: string): { faults: BotFault[]; moves: number; watchedViews: number } {
  const faults: BotFault[] = [];
  let wrappers = new WeakMap<object, object>();
  let watching = false;
  let moves = 0;
  let watchedViews = 0;
  const bot = (view: View, random: Random, memory: BotMove['memory']): BotMove => {
    if (watching) watchedViews++;
    const move = heuristicMove(watching ? watched(view, faults, wrappers) : view, random, memory);
    if (move.action) {
      moves++;
      if (!isLegalMove(move.action, view.legal)) faults.push({ kind: 'illegal-move', detail: `${JSON.stringify(move.action)} not in ${JSON.stringify(view.legal)}` });
    }
    return move;
  };
  const { minPlayers, maxPlayers } = RULESETS[ruleset];
  const pairings: Policies[] = [
    { good: 'heuristic', killers: 'heuristic' },
    { good: 'heuristic', killers: 'random' },
    { good: 'random', killers: 'heuristic' },
  ];
  for (let i = 0; i < games; i++) {
    watching = i % WATCH_EVERY === 0;
    wrappers = new WeakMap();
    const players = minPlayers + (i % (Math.min(maxPlayers, 16) - minPlayers + 1));
    // The engine refuses an illegal move (playGame throws), so reaching the end also proves every move was applied.
    playGame({ ruleset, players, seed: `${seed}:${i}` }, `${seed}:${i}:bots`, pairings[i % 3]!, bot);
  }
  return { faults, moves, watchedViews };
}

/** Registers the legality test for these rulesets: each file calls it with its share, so the files run on both cores. */
export function botLegalityTests(games: [RulesetId, number][]): void {
  describe('heuristic bots stay inside their view and the legal moves', () => {
    for (const [ruleset, count] of games) {
      it(`${ruleset}: ${count} seeded games, every move legal, no absent field read (every ${WATCH_EVERY}th game watched)`, () => {
        const { faults, moves, watchedViews } = watchedGames(ruleset, count, `bots-${ruleset}`);
        expect(moves).toBeGreaterThan(count * 10);
        expect(watchedViews).toBeGreaterThan(count);
        expect(faults.slice(0, 5)).toEqual([]);
        // Seconds on a quiet machine; the shared one may be many times slower.
      }, 300_000);
    }
  });
}
