// The heuristic bots play only from their seat's view and only what `view.legal` offers
// (issue 10), over seeded games of raw, doctor and butterfly (dual, the slowest, has its own file).
import { describe, expect, it } from 'vitest';
import { watchedGames } from './bot-games.ts';
import type { RulesetId } from '../../worker/engine/index.ts';

// Raw's small tables are quick: it plays more, so the four files together play 10,000 games.
const GAMES: [RulesetId, number][] = [['raw', 2350], ['doctor', 1250], ['butterfly', 1250]];

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
