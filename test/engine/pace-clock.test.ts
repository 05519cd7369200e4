// "Open async days": the day can close at a local clock time in the host's time zone,
// stored as an absolute time; and the host may switch between live and async mid-game, from the
// next step on. The engine's arithmetic uses only Intl's zone rules and the time it is given.
import { describe, expect, it } from 'vitest';
import { MIN_CLOCK_DAY_MS, PACE_PRESETS, dayClosesAt, exportRecord, replay } from '../../worker/engine/index.ts';
import { Table, playRandomly, seededTable } from './table.ts';

const H = 3_600_000;
const iso = (s: string) => Date.parse(s);
const madrid = { time: '21:00', zone: 'Europe/Madrid' };

describe('dayClosesAt: the next time the zone’s clock shows the chosen time, at least 6 h ahead', () => {
  it('a day opening in the Madrid morning closes at 21:00 Madrid time the same day (20:00 UTC in winter)', () => {
    expect(dayClosesAt(iso('2026-01-15T10:00:00Z'), madrid)).toBe(iso('2026-01-15T20:00:00Z'));
  });

  it('a day opening at 20:50 closes at 21:00 the next day; exactly 6 h before still closes the same day', () => {
    expect(dayClosesAt(iso('2026-01-15T19:50:00Z'), madrid)).toBe(iso('2026-01-16T20:00:00Z'));
    expect(dayClosesAt(iso('2026-01-15T14:00:00Z'), madrid)).toBe(iso('2026-01-15T20:00:00Z'));
    expect(dayClosesAt(iso('2026-01-15T14:01:00Z'), madrid)).toBe(iso('2026-01-16T20:00:00Z'));
    expect(MIN_CLOCK_DAY_MS).toBe(6 * H);
  });

  it('across the spring change (29 March 2026) 21:00 is 19:00 UTC: the day is 24 h long, not 25', () => {
    const opens = iso('2026-03-28T19:00:00Z'); // 20:00 CET
    const closes = dayClosesAt(opens, madrid);
    expect(closes).toBe(iso('2026-03-29T19:00:00Z')); // 21:00 CEST
    expect(closes - opens).toBe(24 * H);
  });

  it('across the autumn change (25 October 2026) 21:00 is 20:00 UTC again', () => {
    expect(dayClosesAt(iso('2026-10-24T18:00:00Z'), madrid)).toBe(iso('2026-10-25T20:00:00Z'));
  });

  it('the same choice in another zone is another instant: Los Angeles, Kolkata (+5:30), Shanghai', () => {
    const at = iso('2026-01-15T10:00:00Z');
    expect(dayClosesAt(at, { time: '21:00', zone: 'America/Los_Angeles' })).toBe(iso('2026-01-16T05:00:00Z'));
    expect(dayClosesAt(at, { time: '21:00', zone: 'Asia/Kolkata' })).toBe(iso('2026-01-16T15:30:00Z'));
    expect(dayClosesAt(at, { time: '21:00', zone: 'Asia/Shanghai' })).toBe(iso('2026-01-16T13:00:00Z'));
  });

  it('a time the clocks skip closes as far past the jump; a time shown twice closes at its first showing', () => {
    // New York, 8 March 2026: 02:00 EST jumps to 03:00 EDT, so 02:30 does not exist; 03:30 EDT.
    expect(dayClosesAt(iso('2026-03-07T20:00:00Z'), { time: '02:30', zone: 'America/New_York' })).toBe(iso('2026-03-08T07:30:00Z'));
    // New York, 1 November 2026: 01:30 happens in EDT (05:30 UTC) and again in EST (06:30 UTC).
    expect(dayClosesAt(iso('2026-10-31T16:00:00Z'), { time: '01:30', zone: 'America/New_York' })).toBe(iso('2026-11-01T05:30:00Z'));
  });
});

/** Classic in async pace with an open day; night 1 kills 5; 5's last words are given: the day is up. */
function asyncDay(extra: ConstructorParameters<typeof Table>[3] = {}): Table {
  const t = new Table('classic', 'KKPPCCCC', {}, { day: 'open', pace: PACE_PRESETS.async, ...extra });
  t.now = iso('2026-01-15T06:00:00Z');
  t.night(5);
  t.night(1);
  t.act(5, { type: 'pass' });
  return t;
}

describe('an open day with a clock-time close', () => {
  it('the day window closes at 21:00 Madrid time, as an absolute time every seat sees', () => {
    const t = asyncDay({ dayCloses: madrid });
    expect(t.step).toMatchObject({ kind: 'open-day', purpose: 'day', endsAt: iso('2026-01-15T20:00:00Z') });
    expect(t.view(3).step).toMatchObject({ endsAt: iso('2026-01-15T20:00:00Z') });
  });

  it('without a clock time the window lasts its length (7 speeches at 4 h)', () => {
    const t = asyncDay();
    expect(t.step).toMatchObject({ kind: 'open-day', endsAt: t.now + 7 * PACE_PRESETS.async.speech });
  });
});

describe('the host switches the pace mid-game: from the next step on', () => {
  it('the open step keeps its deadline, the table is told, and the next step uses the new pace', () => {
    const t = asyncDay();
    const endsAt = (t.step as { endsAt: number }).endsAt;
    t.now += H;
    const events = t.control({ type: 'set-pace', preset: 'live', pace: PACE_PRESETS.live, day: 'turns' });
    expect(events.map((e) => e.event.type)).toEqual(['pace-set']);
    expect(t.step).toMatchObject({ kind: 'open-day', endsAt });
    // Public: every seat reads the line.
    for (const seat of [1, 3, 5]) expect(t.view(seat).log.at(-1)?.event).toMatchObject({ type: 'pace-set', preset: 'live' });
    for (const seat of [6, 7, 8, 1, 2, 3, 4]) t.act(seat, { type: 'pass' });
    expect(t.step).toMatchObject({ kind: 'ballot', endsAt: t.now + PACE_PRESETS.live.ballot });
  });

  it('switching to live turns the next day into speaking turns', () => {
    const t = asyncDay();
    t.control({ type: 'set-pace', preset: 'live', pace: PACE_PRESETS.live, day: 'turns' });
    for (const seat of [6, 7, 8, 1, 2, 3, 4]) t.act(seat, { type: 'pass' });
    t.ballot({ 1: 2, 2: 3, 3: 2, 4: 2, 6: 2, 7: 2, 8: 2 });
    t.act(2, { type: 'pass' }); // 2's last words
    t.night(6);
    t.night(3);
    expect(t.step).toMatchObject({ kind: 'speech', purpose: 'day', endsAt: t.now + PACE_PRESETS.live.speech });
  });

  it('a whole game with a switch mid-night replays from its record to the same log (RULES.md 2.10)', () => {
    const t = seededTable('classic', 10, {}, 'pace-switch');
    t.control({ type: 'set-pace', preset: 'async', pace: PACE_PRESETS.async, day: 'open', dayCloses: madrid });
    playRandomly(t, 'pace-switch-bots');
    expect(t.state.result).not.toBeNull();
    const r = replay(JSON.parse(JSON.stringify(exportRecord(t.state))));
    expect(r).toMatchObject({ ok: true });
  });

  it('a bad pace is refused with the state untouched', () => {
    const t = asyncDay();
    const before = t.state;
    for (const bad of [
      { pace: { ...PACE_PRESETS.live, call: 1 }, day: 'turns' },
      { pace: PACE_PRESETS.async, day: 'open', dayCloses: { time: '25:00', zone: 'Europe/Madrid' } },
      { pace: PACE_PRESETS.async, day: 'open', dayCloses: { time: '21:00', zone: 'Mars/Olympus' } },
    ]) {
      expect(() => t.control({ type: 'set-pace', preset: 'async', ...bad } as Parameters<Table['control']>[0])).toThrow('game/bad-action');
    }
    expect(t.state).toBe(before);
  });
});
