// RULES.md section 10: raw (生推版（改）) — one killer, the first victim becomes the judge.
import { describe, expect, it } from 'vitest';
import { createGame, exportRecord, replay, resolveOptions, viewFor } from '../../worker/engine/index.ts';
import { Table, numbered, playRandomly, seededTable, speakers, voteOut } from './table.ts';

const CARDS = 'CCKCCC'; // the killer sits at seat 3

describe('RULES.md 10 raw: "6–8 players: 1 killer, everyone else a civilian"', () => {
  it.each([6, 7, 8])('%i players: 1 killer', (players) => {
    const created = createGame({ ruleset: 'raw', players, seed: `raw-${players}`, at: 0 });
    if (!created.ok) throw new Error(created.message);
    expect(created.state.roles.filter((r) => r === 'killer')).toHaveLength(1);
    expect(created.state.roles.filter((r) => r === 'civilian')).toHaveLength(players - 1);
  });

  it('refuses 5 or 9 players', () => {
    expect(createGame({ ruleset: 'raw', players: 5, seed: 'x', at: 0 }).ok).toBe(false);
    expect(createGame({ ruleset: 'raw', players: 9, seed: 'x', at: 0 }).ok).toBe(false);
  });

  it('night: the killer kills one player (no police call)', () => {
    const t = new Table('raw', CARDS);
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers', actors: [3] });
    t.night(5);
    expect(t.events('call')).toEqual([{ type: 'call', call: 'killers' }]);
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [5] });
  });
});

describe('RULES.md 10.2 "the first player killed becomes the judge ... later victims are simply out. The killed player leaves last words first"', () => {
  it('the first victim leaves last words and then becomes the judge with the god view', () => {
    const t = new Table('raw', CARDS);
    t.night(5);
    expect(t.step).toMatchObject({ kind: 'last-words', seat: 5 });
    expect(t.view(5).god).toBe(false);
    expect(t.view(5).seats[2]!.role).toBeUndefined();
    t.act(5, { type: 'say', text: 'it is 2' });
    t.act(5, { type: 'pass' });
    expect(t.last('judge')).toEqual({ type: 'judge', seat: 5 });
    const v = t.view(5);
    expect(v.god).toBe(true);
    expect(v.seats.map((s) => s.role)).toEqual(t.state.roles);
    expect(v.log).toEqual(numbered(t.state.log));
    // ...and can never speak in the game again.
    expect(v.legal).toEqual([]);
    // Nobody else gets the god view.
    expect(t.view(1).god).toBe(false);
    expect(t.view(1).seats[2]!.role).toBeUndefined();
  });

  it('missed last words still make the first victim the judge', () => {
    const t = new Table('raw', CARDS);
    t.night(5);
    t.timeout();
    expect(t.last('judge')).toEqual({ type: 'judge', seat: 5 });
    expect(t.view(5).god).toBe(true);
  });

  it('speeches go in table order from the victim\'s right; the vote is counted from the victim\'s right', () => {
    const t = new Table('raw', CARDS);
    t.night(5);
    expect(speakers(t).map((s) => s.seat)).toEqual([5, 6, 1, 2, 3, 4]);
    t.ballot({ 1: 3, 2: 0, 3: 1, 4: 3, 6: 3 });
    expect(t.last('ballots')!.ballots.map((b) => b.seat)).toEqual([6, 1, 2, 3, 4]);
  });

  it('later victims are simply out: last words, but no judge and no god view', () => {
    const t = new Table('raw', 'CCKCCCCC');
    t.night(5);
    t.talk();
    voteOut(t, 1);
    expect(t.step).toMatchObject({ kind: 'last-words', seat: 1 }); // "被公决出局的玩家可以留遗言"
    t.talk();
    t.night(7);
    expect(t.step).toMatchObject({ kind: 'last-words', seat: 7 });
    t.talk();
    expect(t.events('judge')).toEqual([{ type: 'judge', seat: 5 }]);
    expect(t.view(7).god).toBe(false);
    expect(t.view(1).god).toBe(false);
    expect(t.view(7).seats[2]!.role).toBeUndefined();
    expect(t.view(5).god).toBe(true);
  });

  it('out players never get the god view in raw: there is no outSeeAll option', () => {
    expect(resolveOptions('raw', { outSeeAll: true }).ok).toBe(false);
    const t = new Table('raw', CARDS);
    t.night(5);
    t.talk();
    voteOut(t, 1);
    t.talk();
    expect(t.view(1).god).toBe(false);
    expect(t.view(1).log.some((e) => e.event.type === 'pointed' && e.round === 2)).toBe(false);
  });
});

describe('RULES.md 10.2 ties: "PK, then outside PK, then peaceful night"; abstain allowed', () => {
  it('a tie goes to PK, then outside PK, then a peaceful night with nobody out', () => {
    const t = new Table('raw', 'CCKCCCCC');
    t.night(8);
    t.talk();
    t.ballot({ 1: 2, 2: 1, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0 });
    expect(speakers(t).map((s) => `${s.seat}:${s.purpose}`)).toEqual(['1:pk', '2:pk']);
    t.ballot({ 1: 2, 2: 1, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0 });
    expect(speakers(t).map((s) => `${s.seat}:${s.purpose}`)).toEqual(['3:outside-pk', '4:outside-pk', '5:outside-pk', '6:outside-pk', '7:outside-pk']);
    t.ballot({ 1: 2, 2: 1, 3: 1, 4: 2, 5: 1, 6: 2 });
    expect(t.last('peaceful-night')).toEqual({ type: 'peaceful-night' });
    expect(t.events('out')).toHaveLength(1);
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers' });
  });
});

describe('RULES.md 10.3 win: "the killer is voted out → civilians win; after a vote, only 1 or 2 civilians are left → the killer wins"', () => {
  it('the killer voted out → civilians win', () => {
    const t = new Table('raw', CARDS);
    t.night(5);
    t.talk();
    voteOut(t, 3);
    expect(t.last('game-over')).toMatchObject({ winner: 'good' });
  });

  it('a kill leaving 2 civilians does not end the game; the vote after it does, even with nobody out', () => {
    const t = new Table('raw', CARDS);
    t.night(5);
    t.talk();
    voteOut(t, 1);
    expect(t.state.result).toBeNull(); // 3 civilians left
    t.talk();
    t.night(2);
    expect(t.state.result).toBeNull(); // 2 civilians left, but no vote yet
    expect(t.step).toMatchObject({ kind: 'last-words', seat: 2 });
    t.talk();
    t.ballot({ 3: 0, 4: 0, 6: 0 });
    expect(t.events('out')).toHaveLength(3);
    expect(t.last('game-over')).toMatchObject({ winner: 'killers', reason: 'two-civilians-left' });
  });

  it('a vote that leaves 1 civilian → the killer wins', () => {
    const t = new Table('raw', CARDS);
    t.night(5);
    t.talk();
    voteOut(t, 1);
    t.talk();
    t.night(2);
    t.talk();
    t.ballot({ 3: 4, 4: 6, 6: 4 });
    expect(t.last('out')).toEqual({ type: 'out', seat: 4, how: 'voted' });
    expect(t.last('game-over')).toMatchObject({ winner: 'killers' });
    expect(viewFor(t.state, { kind: 'spectator' }).seats.map((s) => s.role)).toEqual(t.state.roles);
  });
});

describe('RULES.md 2.10 Game record (raw)', () => {
  it('exportRecord + replay of a seeded raw game gives the same log', () => {
    const t = seededTable('raw', 8, {}, 'raw-long');
    playRandomly(t, 'raw-long-bots');
    const r = replay(JSON.parse(JSON.stringify(exportRecord(t.state))));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.state.log).toEqual(t.state.log);
  });
});

describe('RULES.md 10.2 "the first player killed becomes the judge" is not RULES.md 3\'s first victim (killed on night 1)', () => {
  it('a peaceful night 1: the player killed on night 2 becomes the judge, and no first victim is recorded', () => {
    const t = new Table('raw', CARDS);
    t.night(0);
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [] });
    t.talk();
    voteOut(t, 1);
    t.talk();
    t.night(5);
    expect(t.step).toMatchObject({ kind: 'last-words', seat: 5 });
    t.act(5, { type: 'pass' });
    expect(t.last('judge')).toEqual({ type: 'judge', seat: 5 });
    expect(t.view(5).god).toBe(true);
    expect(t.state.firstVictim).toBe(0);
  });
});
