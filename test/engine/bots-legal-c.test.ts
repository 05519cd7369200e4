// The heuristic bots play only from their seat's view and only what `view.legal` offers
// (issue 10), over seeded games of dual: two cards a seat make a game many times longer, so it plays
// fewer games, in a file of its own so that it runs beside the others.
import { describe, expect, it } from 'vitest';
import { watchedGames } from './bot-games.ts';
import type { RulesetId } from '../../worker/engine/index.ts';

const GAMES: [RulesetId, number][] = [['dual', 150]];

describe('heuristic bots stay inside their view and the legal moves', () => {
  for (const [ruleset, games] of GAMES) {
    it(`${ruleset}: ${games} seeded games, every move legal, no absent field read (every 4th game watched)`, () => {
      const { faults, moves, watchedViews } = watchedGames(ruleset, games, `bots-${ruleset}`);
      expect(moves).toBeGreaterThan(games * 10);
      expect(watchedViews).toBeGreaterThan(games);
      expect(faults.slice(0, 5)).toEqual([]);
      // Seconds on a quiet machine; the shared one may be many times slower.
    }, 300_000);
  }
});
