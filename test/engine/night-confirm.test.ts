// D15 (docs/rules-decisions.md): a solo actor's pointer stays movable until "Confirm"; team calls
// close when every member has pointed; the deadline closes any call with the pointers it has.
import { describe, expect, it } from 'vitest';
import { exportRecord, replay } from '../../worker/engine/index.ts';
import { Table, seededTable, seen } from './table.ts';

// doctor: 1-2 killers, 3 police, 4 doctor, 5 secret police, 6-8 civilians.
function doctorTable(): Table {
  const t = new Table('doctor', 'KKPDSCCC');
  t.autoConfirm = false;
  return t;
}

/** Plays the killers' and the police calls (the police acts alone here: it confirms). */
function toDoctorCall(t: Table): void {
  t.act(1, { type: 'point', target: 6 });
  t.act(2, { type: 'point', target: 6 });
  t.act(3, { type: 'point', target: 1 });
  t.act(3, { type: 'confirm' });
}

describe('RULES.md 11 / D15: "Night pointers are changeable for solo actors too"', () => {
  it('a team call closes when every member has pointed, without a confirm', () => {
    const t = doctorTable();
    expect(t.legal(1)).toContainEqual(expect.objectContaining({ type: 'point', call: 'killers' }));
    expect(t.legal(1).find((a) => a.type === 'point')).not.toHaveProperty('confirm');
    t.act(1, { type: 'point', target: 6 });
    t.refused(1, { type: 'confirm' }, 'game/not-allowed');
    t.act(2, { type: 'point', target: 6 });
    expect(t.step).toMatchObject({ kind: 'call', call: 'police' });
  });

  it('a solo actor picks, may change the pick, and the call closes only with "Confirm"', () => {
    const t = doctorTable();
    toDoctorCall(t);
    expect(t.step).toMatchObject({ kind: 'call', call: 'doctor' });
    expect(t.legal(4)).toEqual([{ type: 'point', call: 'doctor', targets: [1, 2, 3, 4, 5, 6, 7, 8], current: null, confirm: true }]);
    t.refused(4, { type: 'confirm' }, 'game/not-allowed');
    t.act(4, { type: 'point', target: 7 });
    expect(t.step).toMatchObject({ kind: 'call', call: 'doctor' });
    expect(t.legal(4)).toContainEqual({ type: 'confirm', call: 'doctor' });
    t.act(4, { type: 'point', target: 6 });
    t.act(4, { type: 'confirm' });
    expect(t.step).toMatchObject({ kind: 'call', call: 'secret-police' });
    expect(t.last('chosen')).toEqual({ type: 'chosen', call: 'doctor', target: 6 });
  });

  it('the police alone (its partner out) also confirms, and then sees the answer', () => {
    const t = doctorTable();
    t.act(1, { type: 'point', target: 6 });
    t.act(2, { type: 'point', target: 6 });
    t.act(3, { type: 'point', target: 2 });
    expect(t.step).toMatchObject({ kind: 'call', call: 'police' });
    t.act(3, { type: 'confirm' });
    expect(t.view(3).log.at(-1)?.event.type === 'checked' || seen(t.view(3)).includes('checked')).toBe(true);
    expect(t.last('checked')).toEqual({ type: 'checked', target: 2, answer: 'killers' });
  });

  it('the deadline closes the call with the current, unconfirmed pointer', () => {
    const t = doctorTable();
    toDoctorCall(t);
    t.act(4, { type: 'point', target: 8 });
    t.timeout();
    expect(t.last('chosen')).toEqual({ type: 'chosen', call: 'doctor', target: 8 });
  });

  it('D11: the pointer and its confirm reach the actor alone; everyone else sees only the call open and close', () => {
    const t = doctorTable();
    toDoctorCall(t);
    const before = t.view(6).log.length;
    t.act(4, { type: 'point', target: 8 });
    t.act(4, { type: 'confirm' });
    const other = t.view(6).log.slice(before).map((e) => e.event.type);
    expect(other).toEqual(['call']);
    expect(seen(t.view(4))).toContain('confirmed');
    expect(seen(t.view(1))).not.toContain('confirmed');
  });

  it('the dead doctor’s call keeps its seeded empty-call timing (D11) and offers nobody a confirm', () => {
    const t = new Table('doctor', 'KKPDSCCC');
    t.night(4);
    t.night(1);
    t.night(0);
    t.night(0);
    while (t.step.kind !== 'call') {
      if (t.step.kind === 'speech' || t.step.kind === 'last-words') t.act(t.step.seat, { type: 'pass' });
      else if (t.step.kind === 'ballot') t.ballot({});
    }
    t.night(6);
    t.night(2);
    expect(t.step).toMatchObject({ kind: 'call', call: 'doctor', actors: [] });
    for (const seat of [1, 2, 3, 5, 6, 7, 8]) expect(t.legal(seat).some((a) => a.type === 'confirm')).toBe(false);
    const step = t.step;
    if (step.kind !== 'call' || step.endsAt === null) throw new Error('expected a running call');
    const ms = step.endsAt - t.now;
    expect(ms).toBeGreaterThanOrEqual(3_000);
    expect(ms).toBeLessThanOrEqual(20_000);
  });

  it('the record replays pointers and confirms', () => {
    const t = seededTable('doctor', 8, {}, 'confirm-record');
    t.autoConfirm = false;
    while (t.step.kind === 'call' && !t.legal(t.step.actors[0] ?? 0).some((a) => a.type === 'point' && a.confirm)) t.night(0);
    const step = t.step;
    if (step.kind !== 'call') throw new Error(`expected a solo call, got ${step.kind}`);
    const actor = step.actors[0]!;
    t.act(actor, { type: 'point', target: 3 });
    t.act(actor, { type: 'point', target: 0 });
    t.act(actor, { type: 'confirm' });
    expect(t.step).not.toMatchObject({ kind: 'call', call: step.call });
    expect(replay(exportRecord(t.state)).ok).toBe(true);
  });
});
