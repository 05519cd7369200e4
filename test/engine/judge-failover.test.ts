// Issue 9: "Human judge failover: when a human judge has not acted for a whole async step that
// needs them, the engine carries on as the judge and the table is told." RULES.md 11: "the server
// still resolves every rule", so the one step that waits on a human judge is their own pause
// (docs/rules-decisions.md O15).
import { describe, expect, it } from 'vitest';
import { PACE_PRESETS, apply, exportRecord, failoverAt, replay } from '../../worker/engine/index.ts';
import { seededTable } from './table.ts';

describe('human judge failover (issue 9, O15)', () => {
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
    expect(again.ok ? 'accepted' : again.error.code).toBe('game/not-allowed');
    // The host's own pause is still the host's (and never a failover).
    t.control({ type: 'pause' });
    expect(failoverAt(t.state)).toBeNull();
    t.control({ type: 'resume' });

    const replayed = replay(exportRecord(t.state));
    expect(replayed.ok && replayed.state.log).toEqual(t.state.log);
  });

  it('waits the longest step of the pace in force, after the host switched it (issue 9)', () => {
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
