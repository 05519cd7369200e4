// Every bot game ends (docs/balance.md "Unfinished"): seeded games the heuristic bots once played
// for ever, replayed, and the two bot rules that end them.
import { describe, expect, it } from 'vitest';
import { playGame, type Policies } from '../../worker/engine/simulate.ts';
import { viewFor, type LegalAction } from '../../worker/engine/index.ts';
import { heuristicMove } from '../../worker/engine/bots/policy.ts';
import { makeRandom } from '../../worker/engine/random.ts';
import { Table } from './table.ts';

const H_H: Policies = { good: 'heuristic', killers: 'heuristic' };

describe('dual: a seat holding a killer card and a doctor card', () => {
  // Game 219 of seed 4 at 12 players: seat 11 (doctor + killer) saved seat 4 each night while its killer card aimed
  // at seat 4 or at seat 8, a doctor who saved itself, and each day seats 4 and 8 (one card each) tied seat 11 (two
  // cards) 2–2, until the police's speeches ran through the talk budget at round 161.
  it('saves its own seat, not the seat its killer card hunts, so the game ends (docs/rules-decisions.md V19)', () => {
    const { state } = playGame({ ruleset: 'dual', players: 12, options: {}, seed: '4:219' }, '4:219:bots', H_H);
    expect(state.result).toBeDefined();
    expect(state.round).toBeLessThan(30);
  });
});

describe('the talk budget (docs/rules-decisions.md O22) binds the bots too', () => {
  it('a bot whose game budget holds fewer characters than its speech keeps quiet: it passes', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(5);
    t.night(1);
    const view = viewFor(t.state, { kind: 'seat', seat: 5 });
    expect(view.step).toMatchObject({ kind: 'last-words', seat: 5 });
    const short: LegalAction[] = view.legal.map((l) => (l.type === 'say' ? { ...l, left: 3 } : l));
    expect(heuristicMove({ ...view, legal: short }, makeRandom('bot:5'), {}).action).toEqual({ type: 'pass', seat: 5 });
    expect(heuristicMove(view, makeRandom('bot:5'), {}).action?.type).toBe('say');
  });
});
