// The notification a voice note brings: every other seat whose view holds the speech is told "Kim
// left a voice speech (0:48)" — the seat, the note's length, and the name the room knows — decided
// from each seat's own views like every notice (worker/push/notify.ts); what a seat owes outranks it.
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../worker/engine/index.ts';
import { noticeFor, type Notice } from '../../worker/push/notify.ts';
import { Table } from '../engine/table.ts';

const NOTE = 'n0t3abcdefgh1234';

function noticesOf(t: Table, change: () => void): Record<Seat, Notice | null> {
  const before = Array.from({ length: t.state.alive.length }, (_, i) => t.view(i + 1));
  change();
  return Object.fromEntries(before.map((prev, i) => [i + 1, noticeFor(prev, t.view(i + 1))]));
}

describe('a voice speech left in the last words of an async game', () => {
  it('tells every other seat, the out ones too, who left it and how long it is; not the speaker', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(5);
    t.night(1);
    const got = noticesOf(t, () => t.act(5, { type: 'say', text: '', voice: { note: NOTE, ms: 48_000 } }));
    for (const seat of [1, 2, 3, 4, 6, 7, 8]) expect(got[seat]).toEqual({ kind: 'voice-note', seat: 5, ms: 48_000 });
    expect(got[5]).toBeNull();
  });

  it('a speech in words alone brings no notice; the next turn\'s "your speech" outranks nothing here', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(5);
    t.night(1);
    expect(Object.values(noticesOf(t, () => t.act(5, { type: 'say', text: 'Only words.' })))).toEqual(Array(8).fill(null));
    const passed = noticesOf(t, () => t.act(5, { type: 'pass' }));
    expect(Object.values(passed).filter((n) => n?.kind === 'owe')).toHaveLength(1);
  });
});
