// RULES.md section 6: doctor, version 3.0 with the doctor and the secret police.
import { describe, expect, it } from 'vitest';
import { createGame, viewFor } from '../../worker/engine/index.ts';
import type { Seat } from '../../worker/engine/index.ts';
import { Table, speakers, voteOut } from './table.ts';

// Seats: 1-2 killers, 3 police, 4 doctor, 5 secret police, 6-8 civilians.
const CARDS = 'KKPDSCCC';

interface NightPicks {
  kill?: Seat | 0;
  check?: Seat | 0;
  save?: Seat | 0;
  shot?: Seat | 0;
}

/** Plays one night in RULES.md 6 order; a call with nobody to answer it runs to its deadline. */
function night(t: Table, picks: NightPicks): void {
  const order = [
    ['killers', picks.kill],
    ['police', picks.check],
    ['doctor', picks.save],
    ['secret-police', picks.shot],
  ] as const;
  for (const [call, target] of order) {
    const step = t.step;
    expect(step).toMatchObject({ kind: 'call', call });
    if (step.kind === 'call' && step.actors.length === 0) t.timeout();
    else t.night(target ?? 0);
  }
}

function counts(players: number, options: Record<string, unknown> = {}) {
  const created = createGame({ ruleset: 'doctor', players, options, seed: `d-${players}`, at: 0 });
  if (!created.ok) throw new Error(created.message);
  const c: Record<string, number> = {};
  for (const r of created.state.roles) c[r] = (c[r] ?? 0) + 1;
  return c;
}

describe('RULES.md 6 deck: "killers = ⌊N/4⌋ (min 2), doctor 1, secret police 1, police = killers − 1 (min 1), rest civilians"', () => {
  it.each([
    [8, 2, 1, 3],
    [11, 2, 1, 6],
    [12, 3, 2, 5],
    [13, 3, 2, 6],
    [16, 4, 3, 7],
    [20, 5, 4, 9],
  ])('%i players: %i killers, %i police, %i civilians', (players, killers, police, civilians) => {
    expect(counts(players)).toEqual({ killer: killers, police, doctor: 1, 'secret-police': 1, civilian: civilians });
  });

  it('"Host sets the counts": killers and police are options, and a deck that does not fit is refused', () => {
    expect(counts(13, { killers: 3, police: 1 })).toEqual({ killer: 3, police: 1, doctor: 1, 'secret-police': 1, civilian: 7 });
    const bad = createGame({ ruleset: 'doctor', players: 8, options: { killers: 3, police: 3 }, seed: 'x', at: 0 });
    expect(bad.ok).toBe(false);
    const many = createGame({ ruleset: 'doctor', players: 10, options: { killers: 5 }, seed: 'x', at: 0 });
    expect(many.ok).toBe(false);
    expect(createGame({ ruleset: 'doctor', players: 7, seed: 'x', at: 0 }).ok).toBe(false);
    expect(createGame({ ruleset: 'doctor', players: 21, seed: 'x', at: 0 }).ok).toBe(false);
  });
});

describe('RULES.md 6 night: "killers kill → police check → doctor saves → secret police may shoot"', () => {
  it('calls in that order, each to its own role; the police team opens eyes together', () => {
    const t = new Table('doctor', CARDS);
    night(t, { kill: 6, check: 1, save: 7, shot: 0 });
    expect(t.events('call').map((c) => c.call)).toEqual(['killers', 'police', 'doctor', 'secret-police']);
    expect(t.last('checked')).toEqual({ type: 'checked', target: 1, answer: 'killers' });
    expect(t.events('team').map((e) => e.team)).toEqual(['killers', 'police']);
  });

  it('the doctor\'s and the secret police\'s targets are private; the judge sees the whole night', () => {
    const t = new Table('doctor', CARDS);
    night(t, { kill: 6, check: 1, save: 7, shot: 2 });
    const chosenBy = (seat: Seat) => t.view(seat).log.filter((e) => e.event.type === 'chosen').map((e) => e.event);
    expect(chosenBy(4)).toEqual([{ type: 'chosen', call: 'doctor', target: 7 }]);
    expect(chosenBy(5)).toEqual([{ type: 'chosen', call: 'secret-police', target: 2 }]);
    for (const seat of [1, 2, 3, 6, 7, 8]) expect(chosenBy(seat)).toEqual([]);
    // The doctor's pointer is seen by the doctor alone, the secret police's by themself alone.
    expect(t.view(1).log.some((e) => e.event.type === 'pointed' && e.event.seat === 4)).toBe(false);
    const judge = viewFor(t.state, { kind: 'judge' });
    expect(judge.log.some((e) => e.event.type === 'night-effects')).toBe(true);
    expect(t.view(6).log.some((e) => e.event.type === 'night-effects')).toBe(false);
    expect(t.view(6).log.some((e) => e.event.type === 'checked' || e.event.type === 'kill-chosen')).toBe(false);
  });

  it('the doctor and the secret police act alone: no team channel; the legal point targets say who may be chosen', () => {
    const t = new Table('doctor', CARDS);
    t.night(6);
    t.night(1);
    expect(t.step).toMatchObject({ kind: 'call', call: 'doctor' });
    expect(t.legal(4)).toEqual([{ type: 'point', call: 'doctor', targets: [1, 2, 3, 4, 5, 6, 7, 8], current: null, confirm: true }]);
    t.refused(4, { type: 'team-chat', text: 'hi' }, 'game/not-allowed');
    t.night(4);
    expect(t.legal(5)).toEqual([{ type: 'point', call: 'secret-police', targets: [1, 2, 3, 4, 6, 7, 8], current: null, confirm: true }]);
  });
});

describe('RULES.md 6 doctor: "points at one player each night (may pick themself). If that player was the killers\' target, they survive. A wrong save has no side effect."', () => {
  it('a save on the killers\' target: nobody out at dawn', () => {
    const t = new Table('doctor', CARDS);
    night(t, { kill: 6, check: 1, save: 6 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [] });
    expect(t.state.alive.every(Boolean)).toBe(true);
    expect(t.step).toMatchObject({ kind: 'speech', seat: 1 });
  });

  it('the doctor saves themself', () => {
    const t = new Table('doctor', CARDS);
    night(t, { kill: 4, check: 1, save: 4 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [] });
  });

  it('a wrong save: the target is out, the saved player unharmed', () => {
    const t = new Table('doctor', CARDS);
    night(t, { kill: 6, check: 1, save: 7 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [6] });
    expect(t.state.alive[6]).toBe(true);
  });
});

describe('RULES.md 6 secret police: "once per game, may point at a player. If that player is a killer, the killer is out at dawn; otherwise nothing happens. Whether it hit or missed, the power is spent."', () => {
  it('a hit: the killer is out at dawn; the power is spent, and later nights the call runs with nobody to answer', () => {
    const t = new Table('doctor', CARDS);
    night(t, { kill: 0, check: 3, save: 4, shot: 1 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [1] });
    expect(t.state.powers?.shotRound).toBe(1);
    t.talk();
    t.ballot({});
    night(t, { kill: 0, check: 3, save: 4 });
    expect(t.events('call').filter((c) => c.call === 'secret-police')).toHaveLength(2);
  });

  it('a miss: nothing happens, the power is spent all the same (game/shot-spent)', () => {
    const t = new Table('doctor', CARDS);
    night(t, { kill: 0, check: 3, save: 4, shot: 6 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [] });
    t.talk();
    t.ballot({});
    t.night(0);
    t.night(0);
    t.night(0);
    expect(t.step).toMatchObject({ kind: 'call', call: 'secret-police', actors: [] });
    expect(t.legal(5)).toEqual([]);
    t.refused(5, { type: 'point', target: 1 }, 'game/shot-spent');
  });

  it('optional each night: a pointer at nobody declines and keeps the shot for a later night', () => {
    const t = new Table('doctor', CARDS);
    night(t, { kill: 0, check: 3, save: 4, shot: 0 });
    expect(t.state.powers?.shotRound).toBeUndefined();
    expect(t.last('chosen')).toEqual({ type: 'chosen', call: 'secret-police', target: 0 });
    t.talk();
    t.ballot({});
    night(t, { kill: 0, check: 3, save: 4, shot: 2 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [2] });
  });

  it('a missed deadline is no shot: the power is kept', () => {
    const t = new Table('doctor', CARDS);
    t.night(0);
    t.night(0);
    t.night(0);
    t.timeout();
    expect(t.state.powers?.shotRound).toBeUndefined();
  });

  it('(decision) the secret police may not shoot themself: game/target-not-eligible', () => {
    const t = new Table('doctor', CARDS);
    t.night(0);
    t.night(0);
    t.night(0);
    t.refused(5, { type: 'point', target: 5 }, 'game/target-not-eligible');
  });
});

describe('RULES.md 6 immunity: "While the power is unspent the secret police cannot be killed by the killers (the kill fails silently)… judged when the killers act"', () => {
  it('before the shot: the kill fails silently (the killers see only their own choice; nobody out)', () => {
    const t = new Table('doctor', CARDS);
    night(t, { kill: 5, check: 3, save: 6 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [] });
    expect(t.view(1).log.filter((e) => e.event.type === 'kill-chosen').map((e) => e.event)).toEqual([{ type: 'kill-chosen', target: 5 }]);
    const judge = viewFor(t.state, { kind: 'judge' }).log.find((e) => e.event.type === 'night-effects')!.event;
    expect(judge).toMatchObject({ killed: [5], voided: [5], out: [] });
  });

  it('the night of the shot is still safe; from the next night on the secret police can be killed', () => {
    const t = new Table('doctor', CARDS);
    night(t, { kill: 5, check: 3, save: 6, shot: 7 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [] });
    t.talk();
    t.ballot({});
    night(t, { kill: 5, check: 3, save: 6 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [5] });
  });

  it('the doctor may still save the secret police after the shot', () => {
    const t = new Table('doctor', CARDS);
    night(t, { kill: 0, check: 3, save: 6, shot: 7 });
    t.talk();
    t.ballot({});
    night(t, { kill: 5, check: 3, save: 5 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [] });
  });
});

describe('RULES.md 6: "A night can therefore end with 0, 1 or 2 players out"', () => {
  it('2 out at one dawn: the killers\' victim and the shot killer; speeches start right of the killers\' victim', () => {
    const t = new Table('doctor', CARDS);
    night(t, { kill: 6, check: 3, save: 4, shot: 2 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [6, 2] });
    expect(t.events('out')).toEqual([
      { type: 'out', seat: 6, how: 'killed' },
      { type: 'out', seat: 2, how: 'killed' },
    ]);
    // Last words for the first K = 2 killers out: both speak, then speeches from the right of seat 6.
    const said = speakers(t);
    expect(said.slice(0, 2)).toEqual([
      { seat: 6, kind: 'last-words' },
      { seat: 2, kind: 'last-words' },
    ]);
    expect(said.slice(2).map((s) => s.seat)).toEqual([7, 8, 1, 3, 4, 5]);
  });
});

describe('RULES.md 6 last words: "(decision) last words for the first K out, K = killers"', () => {
  it('K = 2: the first two out speak, the third does not', () => {
    const t = new Table('doctor', CARDS);
    night(t, { kill: 6, check: 3, save: 4 });
    expect(t.step).toMatchObject({ kind: 'last-words', seat: 6 });
    t.talk();
    voteOut(t, 3);
    expect(t.step).toMatchObject({ kind: 'last-words', seat: 3 });
    t.talk();
    night(t, { kill: 7, save: 4 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [7] });
    expect(t.step).toMatchObject({ kind: 'speech' });
  });
});

describe('RULES.md 6 win: "all killers out → good; police, doctor(s) and secret police all out → killers; all civilians out → killers; (decision) both at one dawn: a draw"', () => {
  it('all killers out: good wins', () => {
    const t = new Table('doctor', CARDS);
    t.control({ type: 'eject', seat: 1 });
    t.control({ type: 'eject', seat: 2 });
    expect(t.state.result).toEqual({ winner: 'good', reason: 'all-killers-out' });
  });

  it('police, doctor and secret police all out: the killers win (civilians still in)', () => {
    const t = new Table('doctor', CARDS);
    for (const seat of [3, 4, 5]) t.control({ type: 'eject', seat });
    expect(t.state.result).toEqual({ winner: 'killers', reason: 'all-specials-out' });
  });

  it('all civilians out: the killers win', () => {
    const t = new Table('doctor', CARDS);
    for (const seat of [6, 7, 8]) t.control({ type: 'eject', seat });
    expect(t.state.result).toEqual({ winner: 'killers', reason: 'massacre' });
  });

  it('the last killer shot and the last civilian killed at the same dawn: a draw', () => {
    const t = new Table('doctor', CARDS);
    for (const seat of [2, 7, 8]) t.control({ type: 'eject', seat });
    expect(t.state.result).toBeNull();
    night(t, { kill: 6, check: 3, save: 4, shot: 1 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [6, 1] });
    expect(t.state.result).toEqual({ winner: 'draw', reason: 'both-sides-out' });
  });
});

describe('RULES.md 6 "Day, ties, specials: as classic"', () => {
  it('a tie goes to PK', () => {
    const t = new Table('doctor', CARDS);
    night(t, { kill: 6, check: 3, save: 4 });
    t.talk();
    t.ballot({ 1: 7, 2: 7, 3: 8, 4: 8, 5: 0, 7: 8, 8: 7 });
    expect(t.last('ballots')?.top).toEqual([7, 8]);
    expect(speakers(t).map((s) => s.purpose)).toEqual(['pk', 'pk']);
    expect(t.step).toMatchObject({ kind: 'ballot', purpose: 'pk', candidates: [7, 8] });
  });

  it('爆匪: a killer self-destructs in the day, out with no last words, straight to night', () => {
    const t = new Table('doctor', CARDS);
    night(t, { kill: 6, check: 3, save: 4 });
    t.act(2, { type: 'self-destruct' });
    expect(t.last('out')).toEqual({ type: 'out', seat: 2, how: 'self-destruct' });
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers', actors: [1] });
  });

  it('surrender is for the killers\' and the police calls only, never the doctor\'s or the secret police\'s', () => {
    const t = new Table('doctor', 'KKPPDSCCC');
    // Both teams have partners alive: nobody is offered it.
    expect(t.legal(1).some((l) => l.type === 'surrender')).toBe(false);
    t.control({ type: 'eject', seat: 2 });
    expect(t.legal(1).some((l) => l.type === 'surrender')).toBe(true);
    t.night(0);
    expect(t.step).toMatchObject({ kind: 'call', call: 'police', actors: [3, 4] });
    expect(t.legal(3).some((l) => l.type === 'surrender')).toBe(false);
    t.night(0);
    expect(t.step).toMatchObject({ kind: 'call', call: 'doctor' });
    expect(t.legal(5).some((l) => l.type === 'surrender')).toBe(false);
    t.night(0);
    expect(t.step).toMatchObject({ kind: 'call', call: 'secret-police' });
    expect(t.legal(6).some((l) => l.type === 'surrender')).toBe(false);
  });

  it('RULES.md 3, Surrender (decision) "the police cards, in doctor too: the doctor and the secret police are not members the police know, so their lives never decide it"', () => {
    // Two police: the control waits for the police cards alone to be down to one.
    const two = new Table('doctor', 'KKPPDSCCC');
    two.control({ type: 'eject', seat: 4 });
    two.night(0);
    expect(two.step).toMatchObject({ kind: 'call', call: 'police', actors: [3] });
    expect(two.legal(3).some((l) => l.type === 'surrender')).toBe(true);

    // A lone police is offered it whether or not the doctor and the secret police live: the same
    // control in every state, so it tells nothing of two hidden cards.
    const offered = (out: Seat[]): boolean => {
      const t = new Table('doctor', CARDS);
      for (const seat of out) t.control({ type: 'eject', seat });
      t.night(0);
      expect(t.step).toMatchObject({ kind: 'call', call: 'police', actors: [3] });
      return t.legal(3).some((l) => l.type === 'surrender');
    };
    expect([offered([]), offered([4]), offered([5]), offered([4, 5])]).toEqual([true, true, true, true]);
    // The killers, two alive, are never offered it, whatever the good side's count.
    const t = new Table('doctor', CARDS);
    t.control({ type: 'eject', seat: 4 });
    t.control({ type: 'eject', seat: 5 });
    expect(t.legal(1).some((l) => l.type === 'surrender')).toBe(false);
  });
});

describe('D11: a call whose only actor is out still runs, so its timing does not tell a death', () => {
  it('the dead doctor\'s call opens in public with nobody to answer, and ends at a seeded short wait (3–20 s live), as a call held by bots', () => {
    const t = new Table('doctor', CARDS);
    night(t, { kill: 4, check: 3, save: 6 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [4] });
    t.talk();
    t.ballot({});
    t.night(0);
    t.night(0);
    const step = t.step;
    expect(step).toMatchObject({ kind: 'call', call: 'doctor', actors: [] });
    const ms = (step as { endsAt: number }).endsAt - t.now;
    expect(ms).toBeGreaterThanOrEqual(3_000);
    expect(ms).toBeLessThanOrEqual(20_000);
    expect(t.view(6).log.at(-1)!.event).toEqual({ type: 'call', call: 'doctor' });
    t.refused(4, { type: 'point', target: 6 }, 'game/not-your-turn');
    t.timeout();
    expect(t.step).toMatchObject({ kind: 'call', call: 'secret-police' });
  });
});

describe('RULES.md 3 Repeat first kill: "Only the killers\' own night-1 victim counts: if their night-1 kill failed (saved, immune, hugged away) or nobody was killed that night, nobody is barred; deaths by a shot, a needle or a later night never count"', () => {
  it('the kill saved, a killer shot by the secret police on night 1: nobody is the first victim', () => {
    const t = new Table('doctor', CARDS);
    night(t, { kill: 6, save: 6, shot: 1 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [1] });
    expect(t.state.firstVictim).toBe(0);
  });

  it('the kill and the shot both land: the killers\' victim is announced first and is the first victim', () => {
    const t = new Table('doctor', CARDS);
    night(t, { kill: 6, shot: 1 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [6, 1] });
    expect(t.state.firstVictim).toBe(6);
  });
});
