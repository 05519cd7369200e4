// Which notification each seat gets, decided from that seat's own views before and after a
// change. Scenarios on classic (RULES.md 3), cards K K P P C C C C: seats 1-2 killers, 3-4 police.
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../worker/engine/index.ts';
import { REMINDER_BEFORE_MS, noticeFor, owedStep, reminderFor, type Notice } from '../../worker/push/notify.ts';
import { Table } from '../engine/table.ts';

/** Runs a change and returns the notice each seat gets from it. */
function noticesOf(t: Table, change: () => void): Record<Seat, Notice | null> {
  const before = Array.from({ length: t.state.alive.length }, (_, i) => t.view(i + 1));
  change();
  return Object.fromEntries(before.map((prev, i) => [i + 1, noticeFor(prev, t.view(i + 1))]));
}

const endsAt = (t: Table) => (t.state.step as { endsAt: number }).endsAt;

describe('the game starts', () => {
  it('everyone hears of it; a seat called at once is told until when, the others get no deadline', () => {
    const t = new Table('classic', 'KKPPCCCC');
    expect(noticeFor(null, t.view(1))).toEqual({ kind: 'start', until: endsAt(t) });
    expect(noticeFor(null, t.view(5))).toEqual({ kind: 'start', until: null });
  });
});

describe('RULES.md 3 Night: each call opens for its own seats only, in words that show no role', () => {
  it('a killer pointing changes nothing for anyone; the police call tells the police alone', () => {
    const t = new Table('classic', 'KKPPCCCC');
    expect(noticesOf(t, () => t.act(1, { type: 'point', target: 5 }))).toEqual({ 1: null, 2: null, 3: null, 4: null, 5: null, 6: null, 7: null, 8: null });
    const police = noticesOf(t, () => t.act(2, { type: 'point', target: 5 }));
    expect(police[3]).toEqual({ kind: 'owe', owes: 'night-call', until: endsAt(t) });
    expect(police[4]).toEqual(police[3]);
    for (const seat of [1, 2, 5, 6, 7, 8]) expect(police[seat]).toBeNull();
  });

  it('what a seat owes is named without a call: the killers’ and the police’s look alike', () => {
    const t = new Table('classic', 'KKPPCCCC');
    const killers = owedStep(t.view(1))!;
    t.night(5);
    const police = owedStep(t.view(3))!;
    expect(killers.kind).toBe('night-call');
    expect(police.kind).toBe('night-call');
    expect(JSON.stringify(noticeFor(null, t.view(3)))).not.toMatch(/killer|police/);
  });
});

describe('RULES.md 3 Day: last words, speeches and the ballot', () => {
  it('the speaker whose turn comes is told, then the next; the one who spoke is not told again', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(5);
    const dawn = noticesOf(t, () => t.night(1));
    const first = t.state.step as { kind: string; seat: Seat };
    expect(dawn[first.seat]).toEqual({ kind: 'owe', owes: first.kind === 'last-words' ? 'last-words' : 'speech', until: endsAt(t) });
    expect(Object.values(dawn).filter((n) => n !== null)).toHaveLength(1);
    const next = noticesOf(t, () => t.act(first.seat, { type: 'pass' }));
    const second = (t.state.step as { seat: Seat }).seat;
    expect(next[second]).toEqual({ kind: 'owe', owes: 'speech', until: endsAt(t) });
    expect(next[first.seat]).toBeNull();
  });

  it('a ballot tells every living voter once; another seat’s vote tells nobody; the out seat is never told', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(5);
    t.night(1);
    // The last speech's pass opens the ballot.
    let opened: Record<Seat, Notice | null> = {};
    while (t.state.step.kind === 'speech' || t.state.step.kind === 'last-words') {
      const seat = t.state.step.seat;
      opened = noticesOf(t, () => t.act(seat, { type: 'pass' }));
    }
    expect(t.state.step.kind).toBe('ballot');
    for (const seat of [1, 2, 3, 4, 6, 7, 8]) expect(opened[seat], `seat ${seat}`).toEqual({ kind: 'owe', owes: 'ballot', until: endsAt(t) });
    expect(opened[5]).toBeNull();
    const voted = noticesOf(t, () => t.act(1, { type: 'vote', target: 6 }));
    expect(Object.values(voted).every((n) => n === null)).toBe(true);
    expect(owedStep(t.view(1))).toBeNull();
    expect(owedStep(t.view(2))?.kind).toBe('ballot');
  });

  it('a tie’s runoff is a new ballot: the voters are told again', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(5);
    t.night(1);
    t.talk();
    const tie = noticesOf(t, () => t.ballot({ 1: 6, 2: 6, 3: 1, 4: 1, 6: 0, 7: 0, 8: 0 }));
    // PK speeches of the tied seats come first (RULES.md 3), then their ballot.
    expect(t.state.step.kind).toBe('speech');
    const pk = (t.state.step as { seat: Seat }).seat;
    expect(tie[pk]).toEqual({ kind: 'owe', owes: 'speech', until: endsAt(t) });
    const runoff = noticesOf(t, () => t.talk());
    expect(t.state.step.kind).toBe('ballot');
    expect(runoff[3]).toEqual({ kind: 'owe', owes: 'ballot', until: endsAt(t) });
  });
});

describe('pauses, the end, reminders', () => {
  it('a paused game owes nothing; the end is told once, to everyone, without who won', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.control({ type: 'pause' });
    expect(owedStep(t.view(1))).toBeNull();
    t.control({ type: 'resume' });
    expect(owedStep(t.view(1))?.kind).toBe('night-call');
    // Killers take out the police one night after another; each day's ballot goes nowhere.
    let over: Record<Seat, Notice | null> = {};
    for (const victim of [3, 4]) {
      t.night(victim);
      over = noticesOf(t, () => t.night(0));
      if (t.state.result) break;
      t.talk();
      t.ballot({});
      t.talk();
    }
    expect(t.state.result).not.toBeNull();
    for (let seat = 1; seat <= 8; seat++) expect(over[seat]).toEqual({ kind: 'over' });
    expect(noticeFor(t.view(1), t.view(1))).toBeNull();
  });

  it('reminds a seat that still owes the step within the last hour only, and not once it acted', () => {
    const t = new Table('classic', 'KKPPCCCC');
    const until = endsAt(t);
    expect(reminderFor(t.view(1), until - REMINDER_BEFORE_MS - 1)).toBeNull();
    expect(reminderFor(t.view(1), until - REMINDER_BEFORE_MS)).toEqual({ kind: 'reminder', owes: 'night-call', until });
    expect(reminderFor(t.view(5), until - 1000)).toBeNull();
    expect(reminderFor(t.view(1), until)).toBeNull();
    t.act(1, { type: 'point', target: 5 });
    expect(reminderFor(t.view(1), until - 1000)).toBeNull();
    expect(reminderFor(t.view(2), until - 1000)).toEqual({ kind: 'reminder', owes: 'night-call', until });
  });
});
