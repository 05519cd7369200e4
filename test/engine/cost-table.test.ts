// `npm run simulate -- --cost` (the heuristic policy's cost per game over the random one's):
// one row per table size of the ruleset, both pairings timed, rendered with the command that made it.
// The figures are CPU times, printed and never asserted; what is checked is what the table holds.
import { describe, expect, it } from 'vitest';
import { TABLE_SIZES, costTable, renderCostTable } from '../../worker/cli/balance.ts';

describe('the cost table', () => {
  it('times random and heuristic games for each of a ruleset’s three table sizes', () => {
    const reported: number[] = [];
    // Each figure is a simulator process of its own (six here): few games, one warm-up game, one run.
    const rows = costTable(3, 1, (row) => reported.push(row.players), ['raw'], 1);
    expect(rows.map((r) => r.players)).toEqual(TABLE_SIZES.raw);
    expect(reported).toEqual(TABLE_SIZES.raw);
    for (const r of rows) {
      expect(r.random).toBeGreaterThan(0);
      expect(r.heuristic).toBeGreaterThan(0);
      expect(Number.isFinite(r.heuristic / r.random)).toBe(true);
    }
    const text = renderCostTable(rows, 3, 1);
    expect(text).toContain('npm run simulate -- --cost --games 3 --runs 1');
    for (const r of rows) expect(text).toContain(`| raw | ${r.players} | ${r.random.toFixed(2)} | ${r.heuristic.toFixed(2)} | ${(r.heuristic / r.random).toFixed(1)}× |`);
  }, 60_000);
});
