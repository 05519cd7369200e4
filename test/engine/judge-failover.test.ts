// "Human judge failover: when a human judge has not acted for a whole async step that
// needs them, the engine carries on as the judge and the table is told." RULES.md 11: "the server
// still resolves every rule", so the one step that waits on a human judge is their own pause
// (docs/rules-decisions.md O15).
import { describe, expect, it } from 'vitest';
import { PACE_PRESETS, apply, createGame, exportRecord, failoverAt, replay, type Action } from '../../worker/engine/index.ts';
import { Table } from './table.ts';
import { seededTable } from './table.ts';

describe('human judge failover (O15)', () => {
  it('a judge’s pause left for the longest step resumes the game, tells the whole table, and bars the judge’s next pause', () => {
    const t = seededTable('classic', 8);
    const endsAt = (t.state.step as { endsAt: number }).endsAt;
    t.now += 1000;
    t.control({ type: 'pause', by: 'judge' } as never);
    const longest = Math.max(...Object.values(t.state.setup.pace));
    expect(failoverAt(t.state)).toBe(t.now + longest);

    t.now += longest;
    const events = t.control({ type: 'app-judges' } as never);
    expect(events.map((e) => [e.to, e.event.type])).toEqual([
      ['all', 'app-judges'],
      ['all', 'resumed'],
    ]);
    // The step gets back the time it had left when the judge paused.
    expect((t.state.step as { endsAt: number }).endsAt).toBe(t.now + (endsAt - (t.now - longest)));
    expect(t.state.appJudges).toBe(true);
    // Every seat reads the notice (a public entry).
    for (let seat = 1; seat <= 8; seat++) expect(t.view(seat).log.some((e) => e.event.type === 'app-judges')).toBe(true);
    expect(failoverAt(t.state)).toBeNull();

    const again = apply(t.state, { type: 'pause', by: 'judge', at: t.now });
    expect(again.ok ? 'accepted' : again.error.code).toBe('game/app-judges');
    // The host's own pause is still the host's (and never a failover).
    t.control({ type: 'pause' });
    expect(failoverAt(t.state)).toBeNull();
    t.control({ type: 'resume' });

    const replayed = replay(exportRecord(t.state));
    expect(replayed.ok && replayed.state.log).toEqual(t.state.log);
  });

  it('waits the longest step of the pace in force, after the host switched it', () => {
    const t = seededTable('classic', 8);
    t.control({ type: 'set-pace', preset: 'async', pace: PACE_PRESETS.async, day: 'turns' } as never);
    t.control({ type: 'pause', by: 'judge' } as never);
    expect(failoverAt(t.state)).toBe(t.now + PACE_PRESETS.async.ballot);
  });

  it('never takes over from a host’s pause, a running game or a judge who resumed', () => {
    const t = seededTable('classic', 8);
    expect(failoverAt(t.state)).toBeNull();
    expect(apply(t.state, { type: 'app-judges', at: t.now }).ok).toBe(false);
    t.control({ type: 'pause' });
    expect(failoverAt(t.state)).toBeNull();
    const refused = apply(t.state, { type: 'app-judges', at: t.now + 1e9 });
    expect(refused.ok ? 'accepted' : refused.error.code).toBe('game/not-allowed');
    t.control({ type: 'resume' });
    t.control({ type: 'pause', by: 'judge' } as never);
    t.control({ type: 'resume' });
    expect(failoverAt(t.state)).toBeNull();
  });
});

describe('O15 "from then on the judge\'s place may not pause, resume, extend, eject or narrate in this game": the engine\'s rule', () => {
  /** A judge's pause, left for the longest step, then the app takes over; the host pauses and the judge's place tries every move. */
  function afterFailover(): Table {
    const t = seededTable('classic', 8);
    t.control({ type: 'pause', by: 'judge' } as never);
    t.now += Math.max(...Object.values(t.state.setup.pace));
    t.control({ type: 'app-judges' } as never);
    return t;
  }

  it('refuses each of the judge\'s moves with game/app-judges and leaves the state untouched', () => {
    const t = afterFailover();
    const moves: Action[] = [
      { type: 'narrate', text: 'Night falls', by: 'judge', at: t.now },
      { type: 'extend', ms: 60_000, by: 'judge', at: t.now },
      { type: 'eject', seat: 3, by: 'judge', at: t.now },
      { type: 'pause', by: 'judge', at: t.now },
    ];
    for (const move of moves) {
      const refused = apply(t.state, move);
      expect(refused.ok ? 'accepted' : refused.error.code, move.type).toBe('game/app-judges');
      expect(refused.state).toBe(t.state);
    }
    // The host pauses; the judge's place may not resume it either.
    t.control({ type: 'pause' });
    const resume = apply(t.state, { type: 'resume', by: 'judge', at: t.now });
    expect(resume.ok ? 'accepted' : resume.error.code).toBe('game/app-judges');
  });

  it('leaves the host\'s moves (and a judge who is the host) as they were', () => {
    const t = afterFailover();
    t.control({ type: 'extend', ms: 60_000 } as never);
    t.control({ type: 'pause' });
    t.control({ type: 'resume' });
    expect(apply(t.state, { type: 'narrate', text: 'The host speaks', at: t.now }).ok).toBe(true);
  });

  it('before the app takes over, the judge\'s place narrates, extends, ejects and resumes', () => {
    const t = seededTable('classic', 8);
    t.control({ type: 'narrate', text: 'Night falls', by: 'judge' } as never);
    t.control({ type: 'extend', ms: 60_000, by: 'judge' } as never);
    t.control({ type: 'pause', by: 'judge' } as never);
    t.control({ type: 'resume', by: 'judge' } as never);
    t.control({ type: 'eject', seat: 8, by: 'judge' } as never);
    expect(t.state.alive[7]).toBe(false);
  });
});

describe('O15 "live pace never fails over (the judge is at the table)": the engine\'s rule', () => {
  function paused(preset: 'live' | 'async'): Table {
    const created = createGame({ ruleset: 'classic', players: 8, seed: 'live', at: 1_000_000, pace: PACE_PRESETS[preset], preset });
    if (!created.ok) throw new Error(created.message);
    const t = Object.assign(Object.create(Table.prototype) as Table, { now: 1_000_000, autoConfirm: true, state: created.state });
    t.readCards();
    t.control({ type: 'pause', by: 'judge' } as never);
    return t;
  }

  it('a live game\'s judge pause has no failover time, and app-judges is refused', () => {
    const t = paused('live');
    expect(failoverAt(t.state)).toBeNull();
    const refused = apply(t.state, { type: 'app-judges', at: t.now + 1e10 });
    expect(refused.ok ? 'accepted' : refused.error.code).toBe('game/not-allowed');
  });

  it('an async game\'s judge pause fails over after its longest step; a switch to live takes that away, and back to async returns it', () => {
    const t = paused('async');
    expect(failoverAt(t.state)).toBe(t.now + Math.max(...Object.values(PACE_PRESETS.async)));
    t.control({ type: 'set-pace', preset: 'live', pace: PACE_PRESETS.live, day: 'turns' } as never);
    expect(failoverAt(t.state)).toBeNull();
    t.control({ type: 'set-pace', preset: 'async', pace: PACE_PRESETS.async, day: 'turns' } as never);
    expect(failoverAt(t.state)).not.toBeNull();
  });
});
