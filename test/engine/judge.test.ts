// RULES.md 11: "Human judge … a participant who does not play and sees everything (the god view),
// and may narrate; the server still resolves every rule."
import { describe, expect, it } from 'vitest';
import { apply, exportRecord, replay, viewFor } from '../../worker/engine/index.ts';
import { Table, seededTable } from './table.ts';

describe('the human judge (RULES.md 11)', () => {
  it('sees every role and every secret entry; players see only their own', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(5);
    t.night(1);
    const judge = viewFor(t.state, { kind: 'judge' });
    expect(judge.god).toBe(true);
    expect(judge.seats.map((s) => s.role)).toEqual(['killer', 'killer', 'police', 'police', 'civilian', 'civilian', 'civilian', 'civilian']);
    expect(judge.log.some((e) => e.event.type === 'checked')).toBe(true);
    expect(t.view(6).seats.filter((s) => s.role !== undefined).map((s) => s.seat)).toEqual([6]);
  });

  it('narrates to the whole table, even while paused; the narration is in the record and replays', () => {
    // A seeded deal, so that the record replays from its seed.
    const t = seededTable('classic', 8);
    t.control({ type: 'pause' });
    const events = t.control({ type: 'narrate', text: '  天黑请闭眼  ' } as never);
    expect(events.map((e) => [e.to, e.event])).toEqual([['all', { type: 'narration', text: '天黑请闭眼' }]]);
    expect(t.view(7).log.at(-1)!.event).toEqual({ type: 'narration', text: '天黑请闭眼' });
    const empty = apply(t.state, { type: 'narrate', text: '   ', at: t.now });
    expect(empty.ok ? 'accepted' : empty.error.code).toBe('game/text-invalid');
    t.control({ type: 'resume' });
    const replayed = replay(exportRecord(t.state));
    expect(replayed.ok && replayed.state.log).toEqual(t.state.log);
  });
});
