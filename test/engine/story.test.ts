// The story helpers of the client (client/story.ts, client/replay.ts): the log grouped by night
// and day for the history drawer, a closed ballot counted per candidate, and a record stepped
// through for the replay viewer. They read only the log a view carries, so a seat's grouped story
// holds exactly that seat's entries.
import { describe, expect, it } from 'vitest';
import { exportRecord } from '../../worker/engine/index.ts';
import type { LogEntry } from '../../worker/engine/index.ts';
import { afterTie, candidatesOf, chapters, passKey, tally, type BallotsEvent } from '../../client/story.ts';
import { T } from '../../client/strings.ts';
import { isRecord, replaySteps } from '../../client/replay.ts';
import { playRandomly, seededTable, Table, voteOut } from './table.ts';

/** classic, 8 players: K K P P C C C C. Night 1 kills #5; the day ties #1 and #2; PK; outside PK. */
function tiedDay(): Table {
  const t = new Table('classic', 'KKPPCCCC');
  t.night(5); // killers
  t.night(1); // police check
  t.talk();
  // RULES.md classic 6: a tie sends the tied players to a face-off (PK).
  t.ballot({ 1: 2, 2: 1, 3: 1, 4: 2, 6: 1, 7: 2, 8: 0 });
  return t;
}

describe('chapters: the history drawer groups the log by night and day', () => {
  it('puts the deal first, then night 1 and day 1, each entry once and in order', () => {
    const t = tiedDay();
    const log = t.view(3).log;
    const cs = chapters(log);
    expect(cs.map((c) => c.id)).toEqual(['setup', 'n1', 'd1']);
    expect(cs.flatMap((c) => c.entries)).toEqual(log);
    expect(cs[1]!.entries[0]!.event.type).toBe('nightfall');
    expect(cs[2]!.entries[0]!.event.type).toBe('dawn');
    // Day 1 holds the ballot and its revealed ballots.
    expect(cs[2]!.entries.map((e) => e.event.type)).toContain('ballots');
  });

  it("holds a seat's own private entries and nobody else's (it reads that seat's view only)", () => {
    const t = tiedDay();
    const police = chapters(t.view(3).log).flatMap((c) => c.entries);
    const civilian = chapters(t.view(6).log).flatMap((c) => c.entries);
    expect(police.some((e) => e.event.type === 'checked')).toBe(true);
    expect(civilian.some((e) => e.event.type === 'checked' || e.event.type === 'kill-chosen')).toBe(false);
  });

  it('adds new entries to the chapters it already made, the same as grouping from scratch', () => {
    const t = tiedDay();
    const before = t.view(3).log;
    const first = chapters(before);
    t.talk(); // the PK speeches
    const after = t.view(3).log;
    const grown = chapters(after, first);
    expect(grown).toEqual(chapters(after));
    // The older chapters are the same objects: a drawer left open does not redraw them.
    expect(grown[0]).toBe(first[0]);
    expect(grown[1]).toBe(first[1]);
  });

  it('regroups from scratch when the log is not a continuation (a resync as another viewer)', () => {
    const t = tiedDay();
    const police = chapters(t.view(3).log);
    const civilianLog = t.view(6).log;
    expect(chapters(civilianLog, police)).toEqual(chapters(civilianLog));
  });
});

describe('tally: a closed ballot counted per candidate', () => {
  it('counts a tie, marks both leaders, lists each ballot once, abstentions last', () => {
    const t = tiedDay();
    const log = t.state.log;
    const closing = log.find((e) => e.event.type === 'ballots') as LogEntry & { event: BallotsEvent };
    const rows = tally(closing.event, candidatesOf(log, closing));
    expect(rows.map((r) => [r.target, r.votes, r.top])).toEqual([
      [1, 3, true],
      [2, 3, true],
      [3, 0, false],
      [4, 0, false],
      [6, 0, false],
      [7, 0, false],
      [8, 0, false],
      [0, 0, false],
    ]);
    // Voters in the order the ballots were revealed (from the right of the killed player).
    expect(rows[0]!.voters.map((v) => v.seat)).toEqual([6, 2, 3]);
    expect(rows.at(-1)!.voters.map((v) => v.seat)).toEqual([8]);
    const voters = rows.flatMap((r) => r.voters.map((v) => v.seat)).sort((a, b) => a - b);
    expect(voters).toEqual(closing.event.ballots.map((b) => b.seat).sort((a, b) => a - b));
  });

  it('sums weights (dual: a voter counts for their living cards) and shows each voter’s weight', () => {
    const ev: BallotsEvent = {
      type: 'ballots',
      purpose: 'day',
      ballots: [
        { seat: 1, target: 3, missed: false, weight: 2 },
        { seat: 2, target: 4, missed: false, weight: 1 },
        { seat: 5, target: 4, missed: false, weight: 1 },
        { seat: 6, target: 0, missed: true, weight: 2 },
      ],
      top: [3, 4],
    };
    const rows = tally(ev);
    expect(rows.map((r) => [r.target, r.votes, r.top])).toEqual([
      [3, 2, true],
      [4, 2, true],
      [0, 0, false],
    ]);
    expect(rows[0]!.voters).toEqual([{ seat: 1, weight: 2, missed: false }]);
    expect(rows[2]!.voters).toEqual([{ seat: 6, weight: 2, missed: true }]);
  });

  it('a clear verdict has one leader', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(5);
    t.night(1);
    t.talk();
    voteOut(t, 1);
    const closing = t.state.log.find((e) => e.event.type === 'ballots')!;
    const rows = tally(closing.event as BallotsEvent);
    expect(rows.filter((r) => r.top).map((r) => r.target)).toEqual([1]);
    expect(rows[0]!.votes).toBe(6);
  });
});

describe('afterTie: the record says what a tie led to (RULES.md classic 6: a tie goes to a face-off, then the others speak)', () => {
  /** The closed ballots of the log, in order. */
  const closings = (t: Table) => t.state.log.filter((e) => e.event.type === 'ballots');

  it('a tied day ballot led to the face-off (PK), a tied PK to the outside face-off, a tie after both to the ruleset\'s final tie', () => {
    const t = new Table('classic', 'KKPPCCCC', { finalTie: 'lot', outsidePkMustVote: false });
    t.night(5);
    t.night(1);
    t.talk();
    t.ballot({ 1: 2, 2: 1, 3: 1, 4: 2, 6: 1, 7: 2, 8: 0 });
    // Nothing has followed yet in the log (the face-off's speeches come before its ballot opens).
    expect(afterTie(t.state.log, closings(t)[0]!)).toBe(null);
    t.talk();
    expect(afterTie(t.state.log, closings(t)[0]!)).toBe('pk');
    t.ballot({ 3: 1, 4: 2, 6: 1, 7: 2, 8: 0 });
    t.talk();
    expect(afterTie(t.state.log, closings(t)[1]!)).toBe('outside-pk');
    t.ballot({ 3: 1, 4: 2, 6: 1, 7: 2, 8: 0 });
    expect(afterTie(t.state.log, closings(t)[2]!)).toBe('lot');
    // Each of the day's three ties, in order.
    expect(closings(t).map((c) => afterTie(t.state.log, c))).toEqual(['pk', 'outside-pk', 'lot']);
  });

  it('a clear verdict led to no tie line', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(5);
    t.night(1);
    t.talk();
    voteOut(t, 1);
    expect(afterTie(t.state.log, closings(t)[0]!)).toBe(null);
  });

  it('what a tie led to has words in the four languages', () => {
    expect(T.tieThen.every((w) => w.includes('{0}') && w.includes('{1}'))).toBe(true);
    for (const next of ['pk', 'outside-pk', 'lot', 'nobody', 'draw', 'end'] as const) expect(T[`tn_${next}`].every((w) => w.length > 0)).toBe(true);
  });
});

describe('passKey: how a pass reads in the feed, the story and the record', () => {
  it('an open day\'s "Done" reads Done (the glossary\'s words); a turn\'s pass reads Pass, as an older log\'s unmarked pass does', () => {
    expect(passKey({ type: 'passed', seat: 3, missed: false, done: true })).toBe('e_done');
    expect(T.e_done).toEqual(['{0}：说完了', '{0}: Done', '{0}: Terminé', '{0}: 완료']);
    expect(T.e_done.map((w, i) => w.includes(T.speechDone[i]!))).toEqual([true, true, true, true]);
    // A room stored before the mark existed: its open day's passes carry none and still read.
    expect(passKey({ type: 'passed', seat: 3, missed: false })).toBe('e_passed');
    expect(passKey({ type: 'passed', seat: 3, missed: true })).toBe('e_missed');
    expect(passKey({ type: 'passed', seat: 3, missed: false, ready: true })).toBe('e_ready');
  });
});

describe('replaySteps: the replay viewer steps a finished record', () => {
  it('rebuilds a state per input, ending at the finished game, every event accounted for once', () => {
    const t = seededTable('classic', 9, {}, 'story-replay');
    playRandomly(t, 'story-bots');
    const record = JSON.parse(JSON.stringify(exportRecord(t.state))) as unknown;
    expect(isRecord(record)).toBe(true);
    if (!isRecord(record)) return;
    const { steps, error } = replaySteps(record);
    expect(error).toBeUndefined();
    expect(steps.at(-1)!.state.result).toEqual(t.state.result);
    expect(steps.at(-1)!.state.log).toEqual(record.log);
    // Each step's events follow the previous step's: together they are the whole log, once.
    for (let i = 1; i < steps.length; i++) expect(steps[i]!.from).toBe(steps[i - 1]!.state.log.length);
    expect(steps.length).toBeGreaterThan(10);
  });

  it('stops at an edited event and says which', () => {
    const t = seededTable('classic', 9, {}, 'story-replay');
    playRandomly(t, 'story-bots');
    const record = JSON.parse(JSON.stringify(exportRecord(t.state))) as ReturnType<typeof exportRecord>;
    const said = record.log.find((e) => e.event.type === 'voted')!;
    (said.event as { target: number }).target = 99;
    const { steps, error } = replaySteps(record);
    expect(error).toMatch(new RegExp(`event ${said.seq}`));
    expect(steps.length).toBeGreaterThan(1);
    expect(isRecord({ format: 'other', setup: {}, log: [] })).toBe(false);
  });
});

describe('sameSeats: the round table is redrawn only when a seat looks different', () => {
  it('compares seat by seat and field by field, cards by value', async () => {
    const { sameSeats } = await import('../../client/story.ts');
    const a: { seat: number; alive: boolean; cards?: { down: boolean }[]; voted?: boolean }[] = [{ seat: 1, alive: true, cards: [{ down: false }] }, { seat: 2, alive: true }];
    expect(sameSeats(a, [{ seat: 1, alive: true, cards: [{ down: false }] }, { seat: 2, alive: true }])).toBe(true);
    expect(sameSeats(a, [{ seat: 1, alive: true, cards: [{ down: true }] }, { seat: 2, alive: true }])).toBe(false);
    expect(sameSeats(a, [{ seat: 1, alive: true, cards: [{ down: false }] }, { seat: 2, alive: false }])).toBe(false);
    expect(sameSeats(a, [{ seat: 1, alive: true, cards: [{ down: false }] }, { seat: 2, alive: true, voted: true }])).toBe(false);
    expect(sameSeats(a, a.slice(0, 1))).toBe(false);
  });
});
