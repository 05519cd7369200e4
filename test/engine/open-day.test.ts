// RULES.md 11 "Open days in async pace (decision)": every living player posts their speech at any
// time in one window, in any order, and says "done"; the ballot opens when all are done or at the
// window's deadline. Last words stay a turn of their own; PK statements are an open window of their own.
import { describe, expect, it } from 'vitest';
import { MAX_TEXT, PACE_PRESETS } from '../../worker/engine/index.ts';
import { Table } from './table.ts';

/** Classic, night 1 kills 5 and checks 1; 5's last words are given; the open day is up. */
function openDay(): Table {
  const t = new Table('classic', 'KKPPCCCC', {}, { day: 'open' });
  t.night(5);
  t.night(1);
  expect(t.step).toMatchObject({ kind: 'last-words', seat: 5 });
  t.act(5, { type: 'pass' });
  return t;
}

describe('RULES.md 11 open days: speeches in any order, ballot when everyone is done', () => {
  it('last words stay a turn; then one window for all living players, in seat order from the anchor', () => {
    const t = openDay();
    expect(t.step).toMatchObject({ kind: 'open-day', purpose: 'day', speakers: [6, 7, 8, 1, 2, 3, 4], done: [] });
    // The window lasts as long as the seven speech turns it replaces.
    expect(t.step).toMatchObject({ endsAt: t.now + 7 * PACE_PRESETS.live.speech });
    expect(t.view(3).step).toMatchObject({ kind: 'open-day', speakers: [6, 7, 8, 1, 2, 3, 4] });
    expect(t.legal(3)).toEqual([{ type: 'say', messages: 10, left: MAX_TEXT }, { type: 'pass' }]);
    expect(t.legal(5)).toEqual([]);
  });

  it('speeches come in any order, several messages each; the ballot opens when the last one is done', () => {
    const t = openDay();
    t.act(3, { type: 'say', text: 'I am a civilian.' });
    t.act(8, { type: 'say', text: 'Seat 1 is odd.' });
    t.act(3, { type: 'say', text: 'And 6 was too quiet.' });
    t.act(3, { type: 'pass' });
    t.refused(3, { type: 'say', text: 'one more thing' }, 'game/not-allowed');
    t.refused(5, { type: 'say', text: 'from beyond' }, 'game/not-your-turn');
    for (const seat of [4, 1, 2, 6, 7]) t.act(seat, { type: 'pass' });
    expect(t.step.kind).toBe('open-day');
    expect(t.view(1).step).toMatchObject({ done: [3, 4, 1, 2, 6, 7] });
    t.act(8, { type: 'pass' });
    expect(t.step).toMatchObject({ kind: 'ballot', purpose: 'day' });
    // The log keeps who spoke when, for everyone.
    const said = t.view(2).log.filter((e) => e.event.type === 'said').map((e) => (e.event as { seat: number }).seat);
    expect(said).toEqual([3, 8, 3]);
  });

  it('a speaker\'s "Done" is logged as the open day\'s Done, not a turn\'s Pass; the deadline\'s passes are not', () => {
    const t = openDay();
    t.act(3, { type: 'say', text: 'I am a civilian.' });
    t.act(3, { type: 'pass' });
    expect(t.last('passed')).toEqual({ type: 'passed', seat: 3, missed: false, done: true });
    t.act(1, { type: 'pass' });
    t.timeout();
    const passed = t.events('passed').slice(1); // after 5's last words, a turn of its own
    expect(passed.filter((p) => p.done).map((p) => p.seat)).toEqual([3, 1]);
    // Last words stay a turn: their pass is a plain one.
    expect(t.events('passed')[0]).toEqual({ type: 'passed', seat: 5, missed: false });
  });

  it('one speech\'s length limit holds for a speaker\'s messages in total', () => {
    const t = openDay();
    t.act(6, { type: 'say', text: 'x'.repeat(MAX_TEXT - 10) });
    expect(t.legal(6)[0]).toEqual({ type: 'say', messages: 9, left: 10 });
    t.refused(6, { type: 'say', text: 'y'.repeat(11) }, 'game/text-invalid');
    t.act(6, { type: 'say', text: 'y'.repeat(10) });
    expect(t.legal(6)).toEqual([{ type: 'pass' }]);
  });

  it('at the deadline the ballot opens; a speaker who posted nothing missed, one who posted did not', () => {
    const t = openDay();
    t.act(7, { type: 'say', text: 'vote 1' });
    t.act(1, { type: 'pass' });
    t.timeout();
    expect(t.step).toMatchObject({ kind: 'ballot', purpose: 'day' });
    const passed = t.events('passed').slice(2); // after 5's last words and 1's done
    expect(passed).toContainEqual({ type: 'passed', seat: 7, missed: false });
    expect(passed).toContainEqual({ type: 'passed', seat: 6, missed: true });
    expect(passed.filter((p) => p.missed).map((p) => p.seat)).toEqual([6, 8, 2, 3, 4]);
  });

  it('PK statements after a tie are an open window of their own among the tied players', () => {
    const t = openDay();
    for (const seat of [6, 7, 8, 1, 2, 3, 4]) t.act(seat, { type: 'pass' });
    t.ballot({ 1: 6, 2: 6, 3: 1, 4: 1, 6: 0, 7: 0, 8: 0 });
    expect(t.step).toMatchObject({ kind: 'open-day', purpose: 'pk', speakers: [6, 1] });
    t.refused(2, { type: 'say', text: 'me too' }, 'game/not-your-turn');
    t.act(1, { type: 'say', text: 'not me' });
    t.act(1, { type: 'pass' });
    t.act(6, { type: 'pass' });
    expect(t.step).toMatchObject({ kind: 'ballot', purpose: 'pk', candidates: [1, 6] });
  });

  it('an ejected speaker leaves the window; it closes when everyone left is done', () => {
    const t = openDay();
    for (const seat of [6, 7, 8, 1, 2, 3]) t.act(seat, { type: 'pass' });
    t.control({ type: 'eject', seat: 4 });
    expect(t.step).toMatchObject({ kind: 'ballot', purpose: 'day' });
  });

  it('in turns (the default) the day stays one speaker at a time', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(5);
    t.night(1);
    t.act(5, { type: 'pass' });
    expect(t.step).toMatchObject({ kind: 'speech', purpose: 'day', seat: 6 });
  });
});

describe('absent seats: two missed steps in a row mark a seat absent for the table', () => {
  it('a seat that lets its open-day speech and its ballot pass is absent; acting again clears it', () => {
    const t = openDay();
    for (const seat of [6, 7, 8, 1, 2, 3]) t.act(seat, { type: 'pass' });
    t.timeout(); // 4 posted nothing: one missed step
    expect(t.view(1).seats[3]!.absent).toBeUndefined();
    t.ballot({ 1: 6, 2: 6, 3: 6, 6: 1, 7: 6, 8: 6 }); // 4 does not vote: the second
    expect(t.last('out')).toEqual({ type: 'out', seat: 6, how: 'voted' });
    for (const seat of [1, 5]) expect(t.view(seat).seats[3]!.absent).toBe(true);
    expect(t.view(1).seats.filter((s) => s.absent).map((s) => s.seat)).toEqual([4]);
    // 6's last words; the night (4 is police: its missed or answered night call never counts, it is secret).
    t.act(6, { type: 'pass' });
    t.night(7);
    t.night(1);
    expect(t.step).toMatchObject({ kind: 'open-day', purpose: 'day' }); // 7, third out, leaves no last words (K = 2)
    expect(t.view(2).seats[3]!.absent).toBe(true);
    t.act(4, { type: 'say', text: 'back again' });
    expect(t.view(2).seats[3]!.absent).toBeUndefined();
  });

  it('a speaker who spoke but let the deadline end the turn was there', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(5);
    t.night(1);
    t.act(5, { type: 'say', text: 'my last words' });
    t.timeout();
    expect(t.step).toMatchObject({ kind: 'speech', seat: 6 });
    t.act(6, { type: 'say', text: 'hello' });
    t.timeout();
    t.timeout(); // 7 misses
    for (const seat of [8, 1, 2, 3, 4]) t.act(seat, { type: 'pass' });
    t.ballot({ 1: 2, 2: 1, 3: 1, 4: 1, 8: 1 }); // 6 and 7 do not vote
    expect(t.view(3).seats.filter((s) => s.absent).map((s) => s.seat)).toEqual([7]);
  });
});
