// RULES.md section 7: butterfly, version 4.0 with the butterfly, sniper, doctor, police and forest old man.
import { describe, expect, it } from 'vitest';
import { createGame, viewFor } from '../../worker/engine/index.ts';
import type { Call, Seat } from '../../worker/engine/index.ts';
import { Table } from './table.ts';

// Seats: 1 butterfly, 2 sniper, 3 doctor, 4 police, 5 old man, 6-8 killers, 9-11 civilians.
const CARDS = 'BNDPOKKKCCC';
const ORDER: Call[] = ['butterfly', 'sniper', 'doctor', 'killers', 'police', 'old-man'];

type Picks = Partial<Record<Call, Seat | 0>>;

/** Plays one night in RULES.md 7 order; a call with nobody to answer it runs to its deadline. */
function night(t: Table, picks: Picks): void {
  const step0 = t.step;
  // A night may already be under way (a call closed by an ejection); play it from the open call.
  const from = step0.kind === 'call' ? ORDER.indexOf(step0.call) : 0;
  for (const call of ORDER.slice(from)) {
    const step = t.step;
    expect(step).toMatchObject({ kind: 'call', call });
    if (step.kind === 'call' && step.actors.length === 0) t.timeout();
    else t.night(picks[call] ?? 0);
  }
}

type Turn = { seat: Seat; kind: 'last-words' | 'defence' | 'vote' };

/** Plays the day: passes every statement and lets each voter vote `votes(seat)` at their turn (undefined: misses it). */
function day(t: Table, votes: (seat: Seat) => Seat | 0 | undefined): Turn[] {
  const turns: Turn[] = [];
  const round = t.state.round;
  while (!t.state.result && t.state.round === round && t.step.kind !== 'call') {
    const step = t.step;
    if (step.kind === 'last-words') {
      turns.push({ seat: step.seat, kind: 'last-words' });
      t.act(step.seat, { type: 'pass' });
    } else if (step.kind === 'speech') {
      turns.push({ seat: step.seat, kind: 'defence' });
      t.act(step.seat, { type: 'pass' });
    } else if (step.kind === 'ballot') {
      const seat = step.turn!;
      turns.push({ seat, kind: 'vote' });
      const target = votes(seat);
      if (target === undefined) t.timeout();
      else t.act(seat, { type: 'vote', target });
    } else throw new Error(`unexpected ${step.kind}`);
  }
  return turns;
}

const judgeNight = (t: Table) => viewFor(t.state, { kind: 'judge' }).log.filter((e) => e.event.type === 'night-effects').at(-1)!.event;

function counts(players: number, options: Record<string, unknown> = {}) {
  const created = createGame({ ruleset: 'butterfly', players, options, seed: `b-${players}`, at: 0 });
  if (!created.ok) throw new Error(created.message);
  const c: Record<string, number> = {};
  for (const r of created.state.roles) c[r] = (c[r] ?? 0) + 1;
  return c;
}

describe('RULES.md 7 deck: "the five specials, then killers + civilians = 3+3, 3+4, 3+5, 4+5, 4+6, 5+6, 5+7, 6+7, 6+8, 7+8"', () => {
  it.each([
    [11, 3, 3],
    [12, 3, 4],
    [13, 3, 5],
    [14, 4, 5],
    [15, 4, 6],
    [16, 5, 6],
    [17, 5, 7],
    [18, 6, 7],
    [19, 6, 8],
    [20, 7, 8],
  ])('%i players: %i killers, %i civilians', (players, killer, civilian) => {
    expect(counts(players)).toEqual({ butterfly: 1, sniper: 1, doctor: 1, police: 1, 'old-man': 1, killer, civilian });
  });

  it('"The host may also set counts by hand"; a deck that does not fit is refused', () => {
    expect(counts(13, { killers: 4 })).toMatchObject({ killer: 4, civilian: 4 });
    expect(createGame({ ruleset: 'butterfly', players: 11, options: { killers: 6 }, seed: 'x', at: 0 }).ok).toBe(false);
    expect(createGame({ ruleset: 'butterfly', players: 10, seed: 'x', at: 0 }).ok).toBe(false);
  });
});

describe('RULES.md 7 night: butterfly, sniper, doctor, killers, police, forest old man, "each acting alone except killers"', () => {
  it('calls in that order; only the killers open eyes together', () => {
    const t = new Table('butterfly', CARDS);
    night(t, { butterfly: 9, sniper: 10, doctor: 3, killers: 11, police: 6, 'old-man': 5 });
    expect(t.events('call').map((c) => c.call)).toEqual(ORDER);
    expect(t.events('team')).toEqual([{ type: 'team', team: 'killers', seats: [6, 7, 8] }]);
  });

  it('the butterfly never hugs themself, the sniper "cannot shoot himself" (game/target-not-eligible)', () => {
    const t = new Table('butterfly', CARDS);
    t.refused(1, { type: 'point', target: 1 }, 'game/target-not-eligible');
    expect(t.legal(1)[0]).toMatchObject({ type: 'point', call: 'butterfly', targets: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11] });
    t.night(9);
    t.refused(2, { type: 'point', target: 2 }, 'game/target-not-eligible');
    t.night(10);
  });

  it('the doctor may inject themself, the killers may pick one of their own, the old man may mute themself', () => {
    const t = new Table('butterfly', CARDS);
    t.night(0);
    t.night(0);
    t.night(3);
    t.night(6);
    t.night(9);
    t.night(5);
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [6] });
    expect(t.events('muted')).toEqual([{ type: 'muted', seat: 5 }]);
  });

  it('each role sees only its own choices and results; the judge sees the whole night', () => {
    const t = new Table('butterfly', CARDS);
    night(t, { butterfly: 9, sniper: 10, doctor: 3, killers: 11, police: 6, 'old-man': 5 });
    const own = (seat: Seat) => t.view(seat).log.filter((e) => e.event.type === 'chosen' || e.event.type === 'kill-chosen' || e.event.type === 'checked').map((e) => e.event);
    expect(own(1)).toEqual([{ type: 'chosen', call: 'butterfly', target: 9 }]);
    expect(own(2)).toEqual([{ type: 'chosen', call: 'sniper', target: 10 }]);
    expect(own(3)).toEqual([{ type: 'chosen', call: 'doctor', target: 3 }]);
    expect(own(4)).toEqual([{ type: 'checked', target: 6, answer: 'killers' }]);
    expect(own(5)).toEqual([{ type: 'chosen', call: 'old-man', target: 5 }]);
    expect(own(6)).toEqual([{ type: 'kill-chosen', target: 11 }]);
    expect(own(9)).toEqual([]);
    expect(judgeNight(t)).toMatchObject({ killed: [11], shot: [10], injected: [3], muted: [5], out: [11, 10] });
    expect(t.view(9).log.some((e) => e.event.type === 'night-effects')).toBe(false);
  });
});

describe('RULES.md 7 police: "nod = killer, shake = anyone else. If the checked player is the one the butterfly hugged this night, the police get no answer"', () => {
  it('the check on the hugged player: a `checked` event without an answer', () => {
    const t = new Table('butterfly', CARDS);
    night(t, { butterfly: 6, killers: 9, police: 6 });
    expect(t.last('checked')).toEqual({ type: 'checked', target: 6 });
  });

  it('the check on anyone else (the butterfly too) is answered: shake for every special', () => {
    const t = new Table('butterfly', CARDS);
    night(t, { butterfly: 6, killers: 9, police: 1 });
    expect(t.last('checked')).toEqual({ type: 'checked', target: 1, answer: 'good' });
  });
});

describe('RULES.md 7 dawn (1): "every effect aimed at the hugged player is void; every effect that lands on the butterfly also lands on the hugged player"', () => {
  it('hugged and killed: the kill is void, nobody out', () => {
    const t = new Table('butterfly', CARDS);
    night(t, { butterfly: 9, killers: 9 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [] });
    expect(judgeNight(t)).toMatchObject({ killed: [], voided: [9] });
  });

  it('hugged and shot, hugged and muted: void too', () => {
    const t = new Table('butterfly', CARDS);
    night(t, { butterfly: 9, sniper: 9, 'old-man': 9 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [] });
    expect(t.events('muted')).toEqual([]);
  });

  it('the butterfly killed while hugging: both out', () => {
    const t = new Table('butterfly', CARDS);
    night(t, { butterfly: 9, killers: 1 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [1, 9] });
  });

  it('the butterfly shot while hugging a killer: both out', () => {
    const t = new Table('butterfly', CARDS);
    night(t, { butterfly: 7, sniper: 1 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [1, 7] });
  });

  it('the butterfly killed and injected: both saved (the injection lands on the hugged player as well)', () => {
    const t = new Table('butterfly', CARDS);
    night(t, { butterfly: 9, doctor: 1, killers: 1 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [] });
    expect(judgeNight(t)).toMatchObject({ killed: [1, 9], injected: [1, 9], saved: [1, 9] });
  });

  it('the butterfly muted: the hugged player is muted as well', () => {
    const t = new Table('butterfly', CARDS);
    night(t, { butterfly: 9, 'old-man': 1 });
    expect(t.events('muted')).toEqual([
      { type: 'muted', seat: 1 },
      { type: 'muted', seat: 9 },
    ]);
  });

  it('the hugged player\'s own injection is void, so the butterfly\'s killed copy is not saved', () => {
    const t = new Table('butterfly', CARDS);
    night(t, { butterfly: 9, doctor: 9, killers: 1 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [1, 9] });
  });
});

describe('RULES.md 7 dawn (2) "killed and shot dies, injection or not", (3) "killed or shot, and injected, survives"', () => {
  it('killed and shot and injected: out', () => {
    const t = new Table('butterfly', CARDS);
    night(t, { sniper: 10, doctor: 10, killers: 10 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [10] });
  });

  it('killed and shot: out', () => {
    const t = new Table('butterfly', CARDS);
    night(t, { sniper: 10, killers: 10 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [10] });
  });

  it('killed and injected: survives', () => {
    const t = new Table('butterfly', CARDS);
    night(t, { doctor: 10, killers: 10 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [] });
  });

  it('shot and injected: survives', () => {
    const t = new Table('butterfly', CARDS);
    night(t, { sniper: 10, doctor: 10 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [] });
  });

  it('(5) killed alone and shot alone: both out at one dawn', () => {
    const t = new Table('butterfly', CARDS);
    night(t, { sniper: 4, killers: 9 });
    // Announced the killers' victim first (RULES.md 3 Repeat first kill: only it is the first victim).
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [9, 4] });
  });
});

describe('RULES.md 7 dawn (4) "injected but neither killed nor shot gets an empty needle; empty needles add up over the game; the second one kills"', () => {
  it('the first empty needle: nothing happens; the doctor learns it, the injected player does not', () => {
    const t = new Table('butterfly', CARDS);
    night(t, { doctor: 10 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [] });
    const doctorSees = t.view(3).log.filter((e) => e.event.type === 'empty-needle').map((e) => e.event);
    expect(doctorSees).toEqual([{ type: 'empty-needle', seat: 10, count: 1 }]);
    expect(t.view(10).log.some((e) => e.event.type === 'empty-needle')).toBe(false);
    expect(t.view(9).log.some((e) => e.event.type === 'empty-needle')).toBe(false);
  });

  it('the second empty needle, nights apart, kills', () => {
    const t = new Table('butterfly', CARDS);
    night(t, { doctor: 10 });
    day(t, () => undefined);
    night(t, { doctor: 11 });
    day(t, () => undefined);
    night(t, { doctor: 10 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [10] });
    expect(t.last('empty-needle')).toEqual({ type: 'empty-needle', seat: 10, count: 2 });
  });

  it('a needle copied through the hug counts for the hugged player, known to the judge only', () => {
    const t = new Table('butterfly', CARDS);
    night(t, { butterfly: 9, doctor: 1 });
    expect(judgeNight(t)).toMatchObject({ emptyNeedles: [1, 9] });
    expect(t.view(3).log.filter((e) => e.event.type === 'empty-needle').map((e) => e.event)).toEqual([{ type: 'empty-needle', seat: 1, count: 1 }]);
    day(t, () => undefined);
    night(t, { doctor: 9 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [9] });
  });
});

describe('RULES.md 7 dawn (6): "A muted player may not speak this day (they may still vote)"', () => {
  it('the defence is skipped with a visible reason, no say action, and the vote turn still comes', () => {
    const t = new Table('butterfly', CARDS);
    night(t, { 'old-man': 10 });
    expect(t.events('muted')).toEqual([{ type: 'muted', seat: 10 }]);
    const turns = day(t, (seat) => (seat === 10 ? 9 : 10));
    // Skipped twice: the defence, then (below) the last words after the verdict.
    expect(t.events('skipped')).toEqual([
      { type: 'skipped', seat: 10, reason: 'muted' },
      { type: 'skipped', seat: 10, reason: 'muted' },
    ]);
    expect(turns.filter((x) => x.seat === 10)).toEqual([{ seat: 10, kind: 'vote' }]);
    expect(t.last('ballots')?.ballots.find((b) => b.seat === 10)).toEqual({ seat: 10, target: 9, missed: false });
    // (decision) muted for the whole day: voted out, a muted good player leaves no last words either.
    expect(t.last('out')).toEqual({ type: 'out', seat: 10, how: 'voted' });
    expect(turns.some((x) => x.kind === 'last-words')).toBe(false);
  });

  it('the mute lasts one day', () => {
    const t = new Table('butterfly', CARDS);
    night(t, { 'old-man': 10 });
    day(t, () => undefined);
    night(t, {});
    const turns = day(t, () => undefined);
    expect(turns.some((x) => x.seat === 10 && x.kind === 'defence')).toBe(true);
  });
});

describe('RULES.md 7 day: last words "from the judge\'s position (seat 1) … in table order in odd rounds, in reverse table order in even rounds"; defences "with the next living player after the last player who left last words, in the same direction"', () => {
  it('round 1: last words in table order, defences from the next seat on, each followed by its own vote', () => {
    const t = new Table('butterfly', CARDS);
    night(t, { sniper: 9, killers: 4 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [4, 9] });
    const turns = day(t, () => undefined);
    expect(turns.slice(0, 2)).toEqual([
      { seat: 4, kind: 'last-words' },
      { seat: 9, kind: 'last-words' },
    ]);
    const order = [10, 11, 1, 2, 3, 5, 6, 7, 8];
    expect(turns.slice(2)).toEqual(order.flatMap((seat) => [{ seat, kind: 'defence' }, { seat, kind: 'vote' }]));
  });

  it('round 2: last words in reverse table order from seat 1, defences continue in reverse', () => {
    const t = new Table('butterfly', CARDS);
    night(t, {});
    day(t, () => undefined);
    night(t, { sniper: 3, killers: 10 });
    expect(t.state.round).toBe(2);
    const turns = day(t, () => undefined);
    expect(turns.slice(0, 2)).toEqual([
      { seat: 10, kind: 'last-words' },
      { seat: 3, kind: 'last-words' },
    ]);
    expect(turns.filter((x) => x.kind === 'defence').map((x) => x.seat)).toEqual([2, 1, 11, 9, 8, 7, 6, 5, 4]);
  });

  it('nobody out at dawn: defences start at seat 1, reversed in even rounds', () => {
    const t = new Table('butterfly', CARDS);
    night(t, {});
    expect(day(t, () => undefined).filter((x) => x.kind === 'defence').map((x) => x.seat)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    night(t, {});
    expect(day(t, () => undefined).filter((x) => x.kind === 'defence').map((x) => x.seat)).toEqual([1, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  });

  it('"every player out at dawn leaves last words, whatever their role" (a killer killed by the killers too)', () => {
    const t = new Table('butterfly', CARDS);
    night(t, { killers: 6 });
    expect(t.step).toMatchObject({ kind: 'last-words', seat: 6 });
  });
});

describe('RULES.md 7 vote: "Everyone must vote, and may vote for themself. The most votes is out; any tie: no one is out"', () => {
  it('the ballot is open from the first defence; only the seat whose turn it is votes; ballots are revealed together at the end', () => {
    const t = new Table('butterfly', CARDS);
    night(t, {});
    expect(t.last('ballot')).toEqual({ type: 'ballot', purpose: 'day', candidates: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], mustVote: true });
    expect(t.step).toMatchObject({ kind: 'speech', purpose: 'defence', seat: 1 });
    t.refused(1, { type: 'vote', target: 2 }, 'game/phase-closed');
    t.act(1, { type: 'pass' });
    expect(t.step).toMatchObject({ kind: 'ballot', turn: 1 });
    expect(t.legal(2)).toEqual([]);
    t.refused(2, { type: 'vote', target: 3 }, 'game/not-your-turn');
    t.refused(1, { type: 'vote', target: 0 }, 'game/must-vote');
    expect(t.legal(1)).toEqual([{ type: 'vote', targets: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], canAbstain: false }]);
    t.act(1, { type: 'vote', target: 1 });
    expect(t.view(2).log.some((e) => e.event.type === 'voted')).toBe(false);
    expect(t.events('ballots')).toEqual([]);
    expect(t.step).toMatchObject({ kind: 'speech', purpose: 'defence', seat: 2 });
  });

  it('self-vote counts; a missed vote is recorded as missed; the most votes is out', () => {
    const t = new Table('butterfly', CARDS);
    night(t, {});
    day(t, (seat) => (seat === 2 ? undefined : seat === 3 ? 3 : 11));
    const ballots = t.last('ballots')!;
    expect(ballots.ballots.find((b) => b.seat === 2)).toEqual({ seat: 2, target: 0, missed: true });
    expect(ballots.ballots.find((b) => b.seat === 3)).toEqual({ seat: 3, target: 3, missed: false });
    expect(ballots.ballots.map((b) => b.seat)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(ballots.top).toEqual([11]);
    expect(t.last('out')).toEqual({ type: 'out', seat: 11, how: 'voted' });
  });

  it('any tie: nobody out, no PK, straight to night', () => {
    const t = new Table('butterfly', CARDS);
    night(t, {});
    day(t, (seat) => (seat <= 5 ? 10 : seat <= 10 ? 11 : 1));
    // 10 votes: 5 each for 10 and 11 (and 11's vote for 1).
    expect(t.last('ballots')?.top).toEqual([10, 11]);
    expect(t.events('peaceful-night')).toHaveLength(1);
    expect(t.events('out')).toEqual([]);
    expect(t.step).toMatchObject({ kind: 'call', call: 'butterfly' });
  });

  it('"A voted-out killer is out with no last words ("a killer was voted out, no last words")"', () => {
    const t = new Table('butterfly', CARDS);
    night(t, {});
    const turns = day(t, () => 6);
    expect(t.last('out')).toEqual({ type: 'out', seat: 6, how: 'voted', camp: 'killers' });
    expect(turns.some((x) => x.kind === 'last-words')).toBe(false);
    expect(t.step).toMatchObject({ kind: 'call', call: 'butterfly' });
  });

  it('"a voted-out good player leaves last words"', () => {
    const t = new Table('butterfly', CARDS);
    night(t, {});
    const turns = day(t, () => 2);
    expect(t.last('out')).toEqual({ type: 'out', seat: 2, how: 'voted' });
    expect(turns.at(-1)).toEqual({ seat: 2, kind: 'last-words' });
  });
});

describe('RULES.md 7 win: "killers win when all specials … are out, or when living killers ≥ living non-killers. Good wins when all killers are out. … the same dawn, a draw"', () => {
  it('all five specials out: the killers win', () => {
    const t = new Table('butterfly', CARDS);
    for (const seat of [1, 2, 3, 4, 5]) t.control({ type: 'eject', seat });
    expect(t.state.result).toEqual({ winner: 'killers', reason: 'all-specials-out' });
  });

  it('living killers ≥ living non-killers: the killers win', () => {
    const t = new Table('butterfly', CARDS);
    for (const seat of [9, 10, 11, 2]) t.control({ type: 'eject', seat });
    expect(t.state.result).toBeNull();
    t.control({ type: 'eject', seat: 3 });
    expect(t.state.result).toEqual({ winner: 'killers', reason: 'killer-parity' });
  });

  it('all killers out: good wins', () => {
    const t = new Table('butterfly', CARDS);
    for (const seat of [6, 7, 8]) t.control({ type: 'eject', seat });
    expect(t.state.result).toEqual({ winner: 'good', reason: 'all-killers-out' });
  });

  it('the last killer and the last special out at the same dawn: a draw', () => {
    const t = new Table('butterfly', CARDS);
    for (const seat of [1, 3, 4, 5, 7, 8]) t.control({ type: 'eject', seat });
    expect(t.state.result).toBeNull();
    night(t, { sniper: 6, killers: 2 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [2, 6] });
    expect(t.state.result).toEqual({ winner: 'draw', reason: 'both-sides-out' });
  });
});

describe('D11: a call whose only actor is out still runs, so its timing does not tell a death', () => {
  it('the dead butterfly\'s call opens with nobody to answer and closes at its seeded deadline', () => {
    const t = new Table('butterfly', CARDS);
    night(t, { killers: 1 });
    day(t, () => undefined);
    const step = t.step;
    expect(step).toMatchObject({ kind: 'call', call: 'butterfly', actors: [] });
    const ms = (step as { endsAt: number }).endsAt - t.now;
    expect(ms).toBeGreaterThanOrEqual(6_000);
    expect(ms).toBeLessThanOrEqual(30_000);
    t.refused(1, { type: 'point', target: 2 }, 'game/not-your-turn');
    t.timeout();
    expect(t.step).toMatchObject({ kind: 'call', call: 'sniper' });
  });
});

describe('RULES.md 3 Repeat first kill: "Only the killers\' own night-1 victim counts: if their night-1 kill failed (saved, immune, hugged away) or nobody was killed that night, nobody is barred; deaths by a shot, a needle or a later night never count"', () => {
  it('the sniper\'s target sits before the killers\' victim: the killers\' victim is announced first, starts the speeches and is the first victim', () => {
    const t = new Table('butterfly', CARDS);
    night(t, { killers: 10, sniper: 9 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [10, 9] });
    expect(t.state.firstVictim).toBe(10);
    expect(t.state.speechAnchor).toBe(10);
  });

  it('the kill hugged away while the sniper hits: nobody is the first victim', () => {
    const t = new Table('butterfly', CARDS);
    night(t, { butterfly: 10, killers: 10, sniper: 9 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [9] });
    expect(t.state.firstVictim).toBe(0);
  });
});
