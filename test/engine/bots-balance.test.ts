// What "good" means for the heuristic bots, measured on seeded games (so the figures
// are the same on every run): heuristic play beats random play for each camp.
import { describe, expect, it } from 'vitest';
import { simulate, type Policies } from '../../worker/engine/simulate.ts';
import type { RulesetId } from '../../worker/engine/index.ts';

const H_R: Policies = { good: 'heuristic', killers: 'random' };
const R_R: Policies = { good: 'random', killers: 'random' };
const H_H: Policies = { good: 'heuristic', killers: 'heuristic' };

/** Win rates in percentage points of each pairing that the two gains compare. */
function gains(ruleset: RulesetId, players: number, games: number): { goodGain: number; killersGain: number } {
  const rate = (policies: Policies) => simulate({ ruleset, players, games, seed: 'balance', policies }).wins;
  const rr = rate(R_R);
  const hr = rate(H_R);
  const hh = rate(H_H);
  return { goodGain: ((hr.good - rr.good) / games) * 100, killersGain: ((hh.killers - hr.killers) / games) * 100 };
}

describe('heuristic bots play better than random ones', () => {
  it('classic, 12 players: heuristic good beat random killers ≥ 15 points more often than random good do; heuristic killers beat heuristic good ≥ 10 points more often than random killers do', () => {
    const { goodGain, killersGain } = gains('classic', 12, 400);
    expect(goodGain).toBeGreaterThanOrEqual(15);
    expect(killersGain).toBeGreaterThanOrEqual(10);
  }, 300_000);

  // infernal is left out of the killers' direction: its two sides are mirror images, so the heuristic
  // bandits' gain over random ones depends on how much each side's spies learn (docs/balance.md).
  const RULESETS: [RulesetId, number, boolean][] = [
    ['original', 14, true],
    ['runoff', 14, true],
    ['infernal', 10, false],
    ['raw', 7, true],
    ['doctor', 13, true],
    ['butterfly', 15, true],
    ['dual', 12, true],
  ];
  for (const [ruleset, players, killersDirection] of RULESETS) {
    it(`${ruleset}, ${players} players: the same directions${killersDirection ? '' : ' (the good side\'s only)'}`, () => {
      const { goodGain, killersGain } = gains(ruleset, players, 60);
      expect(goodGain).toBeGreaterThan(0);
      if (killersDirection) expect(killersGain).toBeGreaterThan(0);
    }, 300_000);
  }
});

describe('heuristic against heuristic: a fair contest that always ends', () => {
  it('classic, 12 players: the good side wins between 35 % and 65 % of 200 seeded games', () => {
    const { wins } = simulate({ ruleset: 'classic', players: 12, games: 200, seed: 'balance', policies: H_H });
    expect(wins.good / 200).toBeGreaterThanOrEqual(0.35);
    expect(wins.good / 200).toBeLessThanOrEqual(0.65);
  }, 300_000);

  it('RULES.md 9, infernal: two sides that play to win draw at most 20 % of 100 seeded games at 6, 10 and 16 players', () => {
    for (const players of [6, 10, 16]) {
      const { wins, unfinished } = simulate({ ruleset: 'infernal', players, games: 100, seed: 1, policies: H_H });
      expect(wins.draw, `${players} players`).toBeLessThanOrEqual(20);
      expect(unfinished, `${players} players`).toBeUndefined();
    }
  }, 300_000);

  it('dual (docs/rules/dual.md, Winning; decision V9): every one of 50 seeded games per pairing at 8, 12 and 16 players finishes (the balance table plays 100 a cell)', () => {
    const pairings: Policies[] = [R_R, H_R, { good: 'random', killers: 'heuristic' }, H_H];
    for (const players of [8, 12, 16]) for (const policies of pairings) expect(simulate({ ruleset: 'dual', players, games: 50, seed: 1, policies }).unfinished, `${players} ${policies.good}-${policies.killers}`).toBeUndefined();
  }, 300_000);

  it('every other ruleset, at its fewest and most players of the balance table: 50 seeded games between heuristic sides all finish', () => {
    const sizes: [RulesetId, number, number][] = [['classic', 8, 16], ['original', 10, 20], ['runoff', 10, 20], ['infernal', 6, 16], ['raw', 6, 8], ['doctor', 8, 20], ['butterfly', 11, 20]];
    for (const [ruleset, fewest, most] of sizes) {
      for (const players of [fewest, most]) expect(simulate({ ruleset, players, games: 50, seed: 'ends', policies: H_H }).unfinished, `${ruleset} ${players}`).toBeUndefined();
    }
  }, 300_000);
});
