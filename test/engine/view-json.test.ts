// The room sends a viewer's update as viewJson's text, made from the view's fingerprint with the log
// put back last (and no stringify when the update brings no entry): it must be, byte for byte, the
// text of the view itself with its log last. Over seeded heuristic games, after every change and for
// every viewer (each seat, the judge, a spectator) whose view changed, with and without new entries.
import { describe, expect, it } from 'vitest';
import { viewJson, viewUpdate, type RulesetId } from '../../worker/engine/index.ts';
import { playSeededGame, viewersOf } from './seeded-changes.ts';

const CASES: [RulesetId, number][] = [
  ['classic', 12],
  ['dual', 8],
];

/** Plays one seeded game; returns how many updates brought no entry and how many brought some. */
function checkGame(ruleset: RulesetId, players: number, seed: string): { empty: number; entries: number } {
  const counts = { empty: 0, entries: 0 };
  let changes = 0;
  playSeededGame(ruleset, players, seed, (prev, next) => {
    if (!prev) return;
    changes++;
    for (const viewer of viewersOf(next)) {
      const update = viewUpdate(prev, next, viewer);
      if (!update) continue;
      const { log, ...rest } = update.view;
      expect(viewJson(update.view), `${ruleset} change ${changes} ${JSON.stringify(viewer)}`).toBe(JSON.stringify({ ...rest, log }));
      if (log.length) counts.entries++;
      else counts.empty++;
    }
  });
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
