// `npm run simulate -- --tune` (docs/balance.md "Tactics chosen by self-play"): a best-response
// iteration over the bots' tactics, each side in turn keeping the choice that wins it the most games.
import { describe, expect, it } from 'vitest';
import { offTarget, renderTune, tuneCell } from '../../worker/cli/tune.ts';
import { CHOICES, KNOBS, SIDE, TODAY } from '../../worker/engine/bots/tactics.ts';

describe('self-play over the tactics', () => {
  const games = 20;
  const cell = tuneCell('classic', 8, games, 'tune-test');

  it('tries every choice of every knob the ruleset has, from today\'s play, and each side keeps its best', () => {
    expect(cell.free.steps[0]!.pass).toBe(1);
    expect(cell.free.steps.slice(0, KNOBS.classic.length).map((s) => s.knob)).toEqual([...KNOBS.classic]);
    for (const step of cell.free.steps) {
      expect(step.tried.map((t) => t.value)).toEqual([...CHOICES[step.knob]]);
      // At 20 games a switch needs one game more (1 % rounds up to one game): the choice kept wins the side the most.
      const side = SIDE[step.knob];
      const most = Math.max(...step.tried.map((t) => t.trial.wins[side]));
      expect(step.tried.find((t) => t.value === step.kept)!.trial.wins[side]).toBe(most);
    }
    expect(cell.before).toEqual(cell.free.steps[0]!.tried.find((t) => t.value === TODAY[cell.free.steps[0]!.knob])!.trial);
  });

  it('holds a cell to the target only when the free best response leaves it', () => {
    if (offTarget(cell.free.trial, games, 0.03) === 0) expect(cell.held).toBe(cell.free);
    else expect(offTarget(cell.held.trial, games, 0.03)).toBeLessThanOrEqual(offTarget(cell.before, games, 0.03));
    expect(offTarget({ wins: { good: 10, killers: 10, draw: 0 }, unfinished: 0 }, 20)).toBe(0);
    expect(offTarget({ wins: { good: 6, killers: 14, draw: 0 }, unfinished: 0 }, 20)).toBeCloseTo(0.05);
  });

  it('prints every candidate and the held choices as CHOSEN bands', () => {
    const text = renderTune([cell], games, 'tune-test');
    expect(text).toContain('npm run simulate -- --tune --games 20 --seed tune-test');
    expect(text).toMatch(/^ {2}classic: \[\{ upTo: Infinity, tactics: \{.*\} \}\],$/m);
  });
});
