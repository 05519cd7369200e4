// RULES.md section 3, the default ruleset: a first walk through night and day.
import { describe, expect, it } from 'vitest';
import { Table, seen } from './table.ts';

describe('classic: night and day (RULES.md 3)', () => {
  it('killers kill, police check, dawn announces without the role, the victim leaves last words', () => {
    const t = new Table('classic', 'KKPPCCCC');
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers', actors: [1, 2] });
    t.night(5);
    expect(t.step).toMatchObject({ kind: 'call', call: 'police', actors: [3, 4] });
    t.night(1);
    expect(t.last('checked')).toEqual({ type: 'checked', target: 1, answer: 'killers' });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [5] });
    expect(t.step).toMatchObject({ kind: 'last-words', seat: 5 });
    // RULES.md 2.5: roles of out players are not revealed.
    expect(t.view(6).seats[4]).toEqual({ seat: 5, alive: false, out: { how: 'killed', round: 1 } });
    // Police see the thumb, civilians do not.
    expect(seen(t.view(3))).toContain('checked');
    expect(seen(t.view(6))).not.toContain('checked');
    expect(seen(t.view(6))).not.toContain('pointed');
  });

  it('speeches start at the right of the victim, in table order (RULES.md 2.7)', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(5);
    t.night(1);
    t.act(5, { type: 'pass' });
    const order: number[] = [];
    while (t.step.kind === 'speech') {
      order.push(t.step.seat);
      t.act(t.step.seat, { type: 'pass' });
    }
    expect(order).toEqual([6, 7, 8, 1, 2, 3, 4]);
    expect(t.step).toMatchObject({ kind: 'ballot', purpose: 'day' });
  });
});
