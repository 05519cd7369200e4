// RULES.md section 4: original, version 1.0 — killers and good guys, no police.
import { describe, expect, it } from 'vitest';
import { createGame, exportRecord, replay } from '../../worker/engine/index.ts';
import { Table, playRandomly, seededTable, speakers, voteOut } from './table.ts';

function killers(players: number, options: Record<string, unknown> = {}): number | string {
  const created = createGame({ ruleset: 'original', players, options, seed: `o-${players}`, at: 0 });
  if (!created.ok) return created.message;
  expect(created.state.roles.filter((r) => r === 'police')).toEqual([]);
  expect(created.state.roles).toHaveLength(players);
  return created.state.roles.filter((r) => r === 'killer').length;
}

describe('RULES.md 4 original: "2 or 3 killers (host\'s choice; default 2 for ≤14 players, 3 above); everyone else is a good guy; no police"', () => {
  it('killers auto: 2 up to 14 players, 3 above', () => {
    expect(killers(10)).toBe(2);
    expect(killers(14)).toBe(2);
    expect(killers(15)).toBe(3);
    expect(killers(20)).toBe(3);
  });

  it('option killers = 2 or 3 overrides the count', () => {
    expect(killers(10, { killers: 3 })).toBe(3);
    expect(killers(18, { killers: 2 })).toBe(2);
    expect(typeof killers(10, { killers: 4 })).toBe('string');
  });

  it('seats 10–20 players', () => {
    expect(typeof killers(9)).toBe('string');
    expect(typeof killers(21)).toBe('string');
  });

  it('no police call: the night is the killers\' call only, then dawn', () => {
    const t = new Table('original', 'KKCCCCCCCC');
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers', actors: [1, 2] });
    expect(t.view(1).seats[1]).toMatchObject({ role: 'killer', mate: true });
    t.night(5);
    expect(t.events('call').map((c) => c.call)).toEqual(['killers']);
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [5] });
    expect(t.step).toMatchObject({ kind: 'last-words', seat: 5 });
  });
});

describe('RULES.md 4 original day: "the killed player leaves last words; speeches; vote; the most votes is out whatever their role (roles are not revealed)"', () => {
  it('a killer voted out is announced without the role', () => {
    const t = new Table('original', 'KKCCCCCCCC');
    t.night(5);
    expect(speakers(t).map((s) => s.seat)).toEqual([5, 6, 7, 8, 9, 10, 1, 2, 3, 4]);
    voteOut(t, 2);
    expect(t.last('out')).toEqual({ type: 'out', seat: 2, how: 'voted' });
    expect(t.view(6).seats[1]!.role).toBeUndefined();
    expect(t.view(6).seats[1]!.camp).toBeUndefined();
  });

  it('ties as classic: PK among the tied', () => {
    const t = new Table('original', 'KKCCCCCCCC');
    t.night(5);
    t.talk();
    t.ballot({ 1: 6, 2: 6, 3: 1, 4: 1 });
    expect(speakers(t)).toEqual([
      { seat: 6, kind: 'speech', purpose: 'pk' },
      { seat: 1, kind: 'speech', purpose: 'pk' },
    ]);
    expect(t.step).toMatchObject({ kind: 'ballot', purpose: 'pk', candidates: [1, 6] });
  });

  it('(decision) last words for the first K players out, K = killers (2): the third has none', () => {
    const t = new Table('original', 'KKCCCCCCCC');
    t.night(5);
    t.talk();
    voteOut(t, 6);
    expect(t.step).toMatchObject({ kind: 'last-words', seat: 6 });
    t.talk();
    t.night(7);
    expect(t.step).toMatchObject({ kind: 'speech', seat: 8 });
  });

  it('(decision) with killers = 3 the third player out still leaves last words', () => {
    const t = new Table('original', 'KKKCCCCCCC', { killers: 3 });
    t.night(5);
    t.talk();
    voteOut(t, 6);
    t.talk();
    t.night(7);
    expect(t.step).toMatchObject({ kind: 'last-words', seat: 7 });
  });
});

describe('RULES.md 4 original win: "all killers out → good guys win; all good guys out → killers win"', () => {
  it('all killers out → good guys win', () => {
    const t = new Table('original', 'KKCCCCCCCC');
    t.night(1);
    t.talk();
    voteOut(t, 2);
    expect(t.last('game-over')).toMatchObject({ winner: 'good', reason: 'all-killers-out' });
  });

  it('killerParity off (default): killers equal to good guys do not win yet; all good guys out → killers win', () => {
    const t = new Table('original', 'KKCCCCCCCC');
    for (const seat of [3, 4, 5, 6, 7, 8]) t.control({ type: 'eject', seat });
    expect(t.state.result).toBeNull();
    t.night(9);
    expect(t.state.result).toBeNull();
    t.talk();
    voteOut(t, 10);
    expect(t.last('game-over')).toMatchObject({ winner: 'killers', reason: 'all-good-out' });
  });

  it('killerParity on: killers win as soon as living killers ≥ living good guys', () => {
    const t = new Table('original', 'KKCCCCCCCC', { killerParity: true });
    for (const seat of [3, 4, 5, 6, 7]) t.control({ type: 'eject', seat });
    expect(t.state.result).toBeNull(); // 2 killers, 3 good guys
    t.night(8);
    expect(t.last('game-over')).toMatchObject({ winner: 'killers', reason: 'killer-parity' });
  });
});

describe('RULES.md 2.10 Game record (original)', () => {
  it('exportRecord + replay of a long seeded original game gives the same log', () => {
    const t = seededTable('original', 20, { killers: 3 }, 'original-long');
    playRandomly(t, 'original-long-bots');
    const r = replay(JSON.parse(JSON.stringify(exportRecord(t.state))));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.state.log).toEqual(t.state.log);
  });
});
