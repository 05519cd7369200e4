// RULES.md section 5: runoff, version 2.0 as told in [004], with the two-stage vote.
import { describe, expect, it } from 'vitest';
import { createGame, exportRecord, replay } from '../../worker/engine/index.ts';
import { Table, playRandomly, seededTable, speakers, voteOut } from './table.ts';

function counts(players: number) {
  const created = createGame({ ruleset: 'runoff', players, seed: `r-${players}`, at: 0 });
  if (!created.ok) throw new Error(created.message);
  const c = { police: 0, killer: 0, civilian: 0 };
  for (const r of created.state.roles) c[r as keyof typeof c]++;
  return c;
}

const CARDS = 'KKPPCCCCCC';

/** Night 1 kills 5, police check 1; the first-stage ballot is open. */
function firstBallot(options: Record<string, unknown> = {}): Table {
  const t = new Table('runoff', CARDS, options);
  t.night(5);
  t.night(1);
  t.talk();
  expect(t.step).toMatchObject({ kind: 'ballot', purpose: 'runoff-first' });
  return t;
}

describe('RULES.md 5 runoff deck: "(decision) the classic table for 10–16, and 5 police + 5 killers for 17–20"', () => {
  it.each([
    [10, 2],
    [12, 3],
    [14, 3],
    [15, 4],
    [16, 4],
    [17, 5],
    [20, 5],
  ])('%i players: %i police and killers', (players, k) => {
    expect(counts(players)).toEqual({ police: k, killer: k, civilian: players - 2 * k });
  });

  it('night as classic: killers then police, the answer to the police only', () => {
    const t = new Table('runoff', CARDS);
    t.night(5);
    t.night(2);
    expect(t.events('call').map((c) => c.call)).toEqual(['killers', 'police']);
    expect(t.last('checked')).toEqual({ type: 'checked', target: 2, answer: 'killers' });
    expect(t.view(6).log.some((e) => e.event.type === 'checked')).toBe(false);
  });
});

describe('RULES.md 5 two-stage vote: "first a show of hands selects the two players with the most votes; they make final defences; a second vote among them"', () => {
  it('the top two go through, defend in order, and the final ballot is among them only', () => {
    const t = firstBallot();
    t.ballot({ 2: 1, 3: 1, 4: 1, 6: 7, 7: 6, 8: 6, 9: 0, 10: 0, 1: 8 });
    expect(t.last('ballots')).toMatchObject({ purpose: 'runoff-first', top: [1] });
    expect(t.events('out')).toHaveLength(1);
    expect(speakers(t)).toEqual([
      { seat: 6, kind: 'speech', purpose: 'defence' },
      { seat: 1, kind: 'speech', purpose: 'defence' },
    ]);
    expect(t.step).toMatchObject({ kind: 'ballot', purpose: 'runoff-final', candidates: [1, 6] });
    t.refused(3, { type: 'vote', target: 7 }, 'game/target-not-eligible');
    t.ballot({ 2: 6, 3: 1, 4: 1, 6: 1, 7: 1, 8: 1, 9: 6, 10: 1, 1: 6 });
    expect(t.last('out')).toEqual({ type: 'out', seat: 1, how: 'voted', camp: 'killers' });
  });

  it('(decision) ties for second place: all tied go through', () => {
    const t = firstBallot();
    t.ballot({ 2: 1, 3: 1, 4: 1, 6: 7, 7: 6, 8: 6, 9: 7, 10: 0, 1: 0 });
    const finals = speakers(t);
    expect(finals.map((s) => s.seat)).toEqual([6, 7, 1]);
    expect(finals.every((s) => s.purpose === 'defence')).toBe(true);
    expect(t.step).toMatchObject({ kind: 'ballot', purpose: 'runoff-final', candidates: [1, 6, 7] });
  });

  it('a tie for first: all tied go through (no PK in the first stage)', () => {
    const t = firstBallot();
    t.ballot({ 2: 6, 3: 1, 4: 1, 6: 7, 7: 6, 8: 7, 9: 7, 10: 6, 1: 0 });
    expect(speakers(t).map((s) => s.seat)).toEqual([6, 7]);
    expect(t.events('ballot').map((b) => b.purpose)).toEqual(['runoff-first', 'runoff-final']);
    expect(t.step).toMatchObject({ kind: 'ballot', candidates: [6, 7] });
  });

  function finalTie(options: Record<string, unknown>): Table {
    const t = firstBallot(options);
    t.ballot({ 2: 6, 3: 1, 4: 1, 6: 7, 7: 6, 8: 7, 9: 7, 10: 6, 1: 0 });
    t.talk();
    t.ballot({ 2: 6, 3: 7, 4: 6, 6: 7, 7: 6, 8: 7, 9: 0, 10: 0, 1: 0 });
    expect(t.last('ballots')).toMatchObject({ purpose: 'runoff-final', top: [6, 7] });
    return t;
  }

  it('a second-stage tie goes straight to finalTie (peaceful-night by default), no PK', () => {
    const t = finalTie({});
    expect(t.events('ballot').map((b) => b.purpose)).toEqual(['runoff-first', 'runoff-final']);
    expect(t.last('peaceful-night')).toEqual({ type: 'peaceful-night' });
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers' });
  });

  it('a second-stage tie with finalTie draw ends the game in a draw', () => {
    const t = finalTie({ finalTie: 'draw' });
    expect(t.last('game-over')).toMatchObject({ winner: 'draw', reason: 'final-tie' });
  });

  it('a second-stage tie with finalTie lot draws one of the tied', () => {
    const t = finalTie({ finalTie: 'lot' });
    const lot = t.last('lot')!;
    expect(lot.among).toEqual([6, 7]);
    expect(t.last('out')).toMatchObject({ seat: lot.drawn, how: 'lot' });
  });
});

describe('RULES.md 5 last words: "A voted-out killer is out with no last words and the judge announces \'a killer\'; a voted-out good player leaves last words (the role itself is not revealed)"', () => {
  it('a voted-out killer: no last words, the out event and every seat view carry camp killers', () => {
    const t = firstBallot();
    voteOut(t, 2);
    t.talk();
    voteOut(t, 2);
    expect(t.last('out')).toEqual({ type: 'out', seat: 2, how: 'voted', camp: 'killers' });
    for (const seat of [3, 6, 9]) {
      expect(t.view(seat).seats[1]).toMatchObject({ alive: false, camp: 'killers' });
      expect(t.view(seat).seats[1]!.role).toBeUndefined();
    }
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers', actors: [1] });
  });

  it('a voted-out good player leaves last words without any role revealed', () => {
    const t = firstBallot();
    voteOut(t, 3);
    t.talk();
    voteOut(t, 3);
    expect(t.last('out')).toEqual({ type: 'out', seat: 3, how: 'voted' });
    expect(t.step).toMatchObject({ kind: 'last-words', seat: 3 });
    expect(t.view(6).seats[2]!.camp).toBeUndefined();
    expect(t.view(6).seats[2]!.role).toBeUndefined();
  });

  it('night victims always leave last words (no first-K limit)', () => {
    const t = firstBallot();
    voteOut(t, 6);
    t.talk();
    voteOut(t, 6);
    t.talk();
    t.night(7);
    t.night(1);
    expect(t.step).toMatchObject({ kind: 'last-words', seat: 7 });
    t.talk();
    voteOut(t, 8);
    t.talk();
    voteOut(t, 8);
    t.talk();
    t.night(9);
    t.night(1);
    expect(t.step).toMatchObject({ kind: 'last-words', seat: 9 });
  });
});

describe('RULES.md 5 speeches: "speeches in either direction (host picks)"', () => {
  it('speechDirection right (default): from the right of the victim in increasing seats', () => {
    const t = new Table('runoff', CARDS);
    t.night(5);
    t.night(1);
    expect(speakers(t).map((s) => s.seat)).toEqual([5, 6, 7, 8, 9, 10, 1, 2, 3, 4]);
  });

  it('speechDirection left reverses the order', () => {
    const t = new Table('runoff', CARDS, { speechDirection: 'left' });
    t.night(5);
    t.night(1);
    expect(speakers(t).map((s) => s.seat)).toEqual([5, 4, 3, 2, 1, 10, 9, 8, 7, 6]);
  });
});

describe('RULES.md 5 win: "killers win when all police are out or all civilians are out; good wins when all killers are out"', () => {
  it('all police out → killers', () => {
    const t = firstBallot();
    voteOut(t, 3);
    t.talk();
    voteOut(t, 3);
    t.talk();
    t.night(4);
    t.night(1);
    expect(t.last('game-over')).toMatchObject({ winner: 'killers', reason: 'all-police-out' });
  });

  it('all civilians out → killers', () => {
    const t = new Table('runoff', CARDS);
    for (const seat of [5, 6, 7, 8, 9]) t.control({ type: 'eject', seat });
    expect(t.state.result).toBeNull();
    t.night(10);
    t.night(1);
    expect(t.last('game-over')).toMatchObject({ winner: 'killers', reason: 'massacre' });
  });

  it('all killers out → good', () => {
    const t = new Table('runoff', CARDS);
    t.night(1);
    t.night(2);
    t.talk();
    voteOut(t, 2);
    t.talk();
    voteOut(t, 2);
    expect(t.last('game-over')).toMatchObject({ winner: 'good', reason: 'all-killers-out' });
  });

  it('no 爆匪 in runoff (decision: classic only)', () => {
    const t = firstBallot();
    t.refused(1, { type: 'self-destruct' }, 'game/not-allowed');
  });
});

describe('RULES.md 2.10 Game record (runoff)', () => {
  it('exportRecord + replay of a long seeded runoff game gives the same log', () => {
    const t = seededTable('runoff', 18, { finalTie: 'lot', speechDirection: 'left' }, 'runoff-long');
    playRandomly(t, 'runoff-long-bots');
    const r = replay(JSON.parse(JSON.stringify(exportRecord(t.state))));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.state.log).toEqual(t.state.log);
  });
});
