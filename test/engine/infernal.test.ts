// RULES.md section 9: infernal (无间道) — two equal sides, one night, then only days.
import { describe, expect, it } from 'vitest';
import { createGame, exportRecord, replay, viewFor } from '../../worker/engine/index.ts';
import type { EyesChoice, Seat } from '../../worker/engine/index.ts';
import { Table, playRandomly, seededTable, speakers, voteOut } from './table.ts';

function eyes(t: Table, choices: Record<Seat, EyesChoice>): void {
  for (const [seat, choice] of Object.entries(choices)) t.act(Number(seat), { type: 'open-eyes', choice });
}

/** Everyone keeps their eyes closed; day 1's speeches are done; the ballot is open. */
function dayOneBallot(cards = 'PPPKKK', options: Record<string, unknown> = {}, leftover?: 'police' | 'killer'): Table {
  const t = new Table('infernal', cards, options, leftover ? { leftover } : {});
  t.timeout();
  t.talk();
  return t;
}

describe('RULES.md 9 infernal deck: "Even N: N/2 police and N/2 bandit cards. Odd N: (N+1)/2 of each, N+1 cards"', () => {
  it('even N: N/2 + N/2', () => {
    const created = createGame({ ruleset: 'infernal', players: 8, seed: 'even', at: 0 });
    if (!created.ok) throw new Error(created.message);
    expect(created.state.deck).toHaveLength(8);
    expect(created.state.roles.filter((r) => r === 'police')).toHaveLength(4);
    expect(created.state.roles.filter((r) => r === 'killer')).toHaveLength(4);
  });

  it('odd N: the deck has N+1 cards, (N+1)/2 of each; N are dealt and the one left over is never seen', () => {
    const created = createGame({ ruleset: 'infernal', players: 7, seed: 'odd', at: 0 });
    if (!created.ok) throw new Error(created.message);
    const s = created.state;
    expect(s.deck).toHaveLength(8);
    expect(s.deck.filter((r) => r === 'police')).toHaveLength(4);
    expect(s.deck.filter((r) => r === 'killer')).toHaveLength(4);
    expect(s.roles).toHaveLength(7);
    expect(s.roles).toEqual(s.deck.slice(0, 7));
    expect(JSON.stringify(viewFor(s, { kind: 'seat', seat: 1 }))).not.toContain('"deck"');
  });
});

describe('RULES.md 9.1 the single night: "Each player may open eyes at one of the two calls, or at neither — never both"', () => {
  it('each player chooses once; a second choice is refused', () => {
    const t = new Table('infernal', 'PPPKKK');
    expect(t.step).toMatchObject({ kind: 'eyes' });
    expect(t.legal(1)).toEqual([{ type: 'open-eyes', choices: ['bandits', 'police', 'none'] }]);
    t.act(1, { type: 'open-eyes', choice: 'bandits' });
    t.refused(1, { type: 'open-eyes', choice: 'police' }, 'game/not-allowed');
    t.refused(1, { type: 'open-eyes', choice: 'bandits' }, 'game/not-allowed');
    expect(t.legal(1)).toEqual([]);
    expect(t.view(1).log.filter((e) => e.event.type === 'eyes-chosen').map((e) => e.event)).toEqual([
      { type: 'eyes-chosen', seat: 1, choice: 'bandits' },
    ]);
    expect(t.view(2).log.some((e) => e.event.type === 'eyes-chosen')).toBe(false);
  });

  it('everyone who opened at a call sees the seats of the others who opened at that call, and nobody learns roles', () => {
    const t = new Table('infernal', 'PPPKKK');
    eyes(t, { 1: 'bandits', 4: 'bandits', 5: 'bandits', 2: 'police', 6: 'police', 3: 'none' });
    const seenBy = (seat: Seat) => t.view(seat).log.filter((e) => e.event.type === 'eyes-seen').map((e) => e.event);
    expect(seenBy(1)).toEqual([{ type: 'eyes-seen', call: 'bandits', seats: [1, 4, 5] }]); // a police spying
    expect(seenBy(4)).toEqual([{ type: 'eyes-seen', call: 'bandits', seats: [1, 4, 5] }]);
    expect(seenBy(2)).toEqual([{ type: 'eyes-seen', call: 'police', seats: [2, 6] }]);
    expect(seenBy(6)).toEqual([{ type: 'eyes-seen', call: 'police', seats: [2, 6] }]);
    expect(seenBy(3)).toEqual([]);
    expect(viewFor(t.state, { kind: 'spectator' }).log.some((e) => e.event.type === 'eyes-seen')).toBe(false);
    for (let seat = 1; seat <= 6; seat++) {
      const known = t.view(seat).seats.filter((s) => s.role !== undefined).map((s) => s.seat);
      expect(known).toEqual([seat]);
    }
    expect(t.events('team')).toEqual([]);
    expect(t.step).toMatchObject({ kind: 'speech', seat: 1 });
  });

  it('a player who misses the deadline opened at neither call', () => {
    const t = new Table('infernal', 'PPPKKK');
    eyes(t, { 1: 'police', 4: 'police' });
    t.timeout();
    expect(t.view(1).log.filter((e) => e.event.type === 'eyes-seen').map((e) => e.event)).toEqual([
      { type: 'eyes-seen', call: 'police', seats: [1, 4] },
    ]);
    expect(t.events('eyes-seen')).toHaveLength(1);
  });
});

describe('RULES.md 9.2–9.3 days: "Day 1: two full rounds of speeches, then a vote ... Nobody who is voted out ever leaves last words ... Each later day: one round starting after the seat of the last player out"', () => {
  it('day 1 has two full rounds of speeches from seat 1', () => {
    const t = new Table('infernal', 'PPPKKK');
    t.timeout();
    expect(speakers(t).map((s) => s.seat)).toEqual([1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6]);
    expect(t.step).toMatchObject({ kind: 'ballot', purpose: 'day' });
  });

  it('no last words after a verdict; no later night: the next day starts after the last player out, one round', () => {
    const t = dayOneBallot();
    voteOut(t, 3);
    expect(t.last('out')).toEqual({ type: 'out', seat: 3, how: 'voted' });
    expect(t.view(1).seats[2]!.role).toBeUndefined();
    expect(t.events('nightfall')).toHaveLength(1);
    expect(t.events('day')).toHaveLength(2);
    expect(t.state.round).toBe(2);
    expect(speakers(t)).toEqual([4, 5, 6, 1, 2].map((seat) => ({ seat, kind: 'speech', purpose: 'day' })));
    expect(t.step).toMatchObject({ kind: 'ballot', purpose: 'day' });
    expect(t.events('nightfall')).toHaveLength(1);
  });

  it('surrendering is refused at night', () => {
    const t = new Table('infernal', 'PPPKKK');
    t.refused(4, { type: 'surrender' }, 'game/not-allowed');
  });
});

describe('RULES.md 9.4 end: "when only 3 players are left, when a vote cannot put anyone out, or when a side surrenders; otherwise the side with more players still in wins; (decision) equal numbers: draw"', () => {
  it('ends when only 3 players are left: the side with more players wins', () => {
    const t = dayOneBallot();
    voteOut(t, 1);
    t.talk();
    voteOut(t, 2);
    expect(t.state.result).toBeNull();
    t.talk();
    voteOut(t, 4);
    expect(t.last('game-over')).toMatchObject({ winner: 'killers', reason: 'three-left' });
    expect(t.view(3).result?.roles).toEqual(t.state.roles);
  });

  it('an unbreakable tie (after PK and outside PK) ends the game: equal sides draw', () => {
    const t = dayOneBallot();
    t.ballot({ 1: 4, 2: 4, 3: 1, 4: 1, 5: 0, 6: 0 });
    t.talk();
    t.ballot({ 1: 4, 2: 4, 3: 1, 4: 1, 5: 0, 6: 0 });
    t.talk();
    t.ballot({ 1: 4, 2: 4, 3: 1, 4: 1, 5: 1, 6: 4 });
    expect(t.events('ballot').map((b) => b.purpose)).toEqual(['day', 'pk', 'outside-pk']);
    expect(t.last('game-over')).toMatchObject({ winner: 'draw', reason: 'final-tie' });
    expect(t.events('out')).toEqual([]);
  });

  it('an unbreakable tie with the odd card left over: the side with more players wins', () => {
    const t = dayOneBallot('PPPPKKK', {}, 'killer');
    expect(t.state.deck).toHaveLength(8);
    t.ballot({ 1: 5, 2: 5, 3: 1, 4: 1, 5: 0, 6: 0, 7: 0 });
    t.talk();
    t.ballot({ 1: 5, 2: 5, 3: 1, 4: 1, 5: 0, 6: 0, 7: 0 });
    t.talk();
    t.ballot({ 1: 5, 2: 5, 3: 1, 4: 1, 5: 1, 6: 5 }); // 7 misses the deadline
    expect(t.last('ballots')!.top).toEqual([1, 5]);
    expect(t.last('game-over')).toMatchObject({ winner: 'good', reason: 'final-tie' });
  });

  it('a side surrenders (option on, the default): any living player during the day, and that side loses', () => {
    const t = dayOneBallot();
    expect(t.legal(5)).toContainEqual({ type: 'surrender' });
    t.act(5, { type: 'surrender' });
    expect(t.last('surrendered')).toEqual({ type: 'surrendered', side: 'killers' });
    expect(t.last('game-over')).toMatchObject({ winner: 'good', reason: 'surrender' });
    const u = dayOneBallot();
    u.act(2, { type: 'surrender' });
    expect(u.last('game-over')).toMatchObject({ winner: 'killers', reason: 'surrender' });
  });

  it('surrender off: refused; an out player may never surrender', () => {
    const t = dayOneBallot('PPPKKK', { surrender: 'off' });
    t.refused(5, { type: 'surrender' }, 'game/not-allowed');
    const u = dayOneBallot();
    voteOut(u, 1);
    u.refused(1, { type: 'surrender' }, 'game/not-allowed');
  });

  it('(decision) the game also ends when one side has nobody left', () => {
    const t = dayOneBallot('PPPPKKK', {}, 'killer');
    voteOut(t, 5);
    t.talk();
    voteOut(t, 6);
    expect(t.state.result).toBeNull();
    t.talk();
    voteOut(t, 7);
    expect(t.state.alive.filter(Boolean)).toHaveLength(4);
    expect(t.last('game-over')).toMatchObject({ winner: 'good', reason: 'side-out' });
  });
});

describe('RULES.md 2.10 Game record (infernal)', () => {
  it('exportRecord + replay of a long seeded infernal game gives the same log', () => {
    const t = seededTable('infernal', 15, { outsidePkMustVote: false }, 'infernal-long');
    playRandomly(t, 'infernal-long-bots');
    expect(t.state.deck).toHaveLength(16);
    const r = replay(JSON.parse(JSON.stringify(exportRecord(t.state))));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.state.log).toEqual(t.state.log);
  });
});
