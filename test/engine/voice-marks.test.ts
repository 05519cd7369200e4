// A speech turn may carry a voice marker: a recorded voice note on a `say` (games over days), or a
// live voice speech's length on the `pass` that ends the turn. The log keeps it, every viewer of
// the entry sees it, a replay reproduces it, and bots (which cannot hear) read a note-only speech as
// a speech without words.
import { describe, expect, it } from 'vitest';
import { apply, VOICE_NOTE_MAX_MS, viewFor } from '../../worker/engine/index.ts';
import { actionOf } from '../../worker/engine/record.ts';
import { heuristicMove } from '../../worker/engine/bots/policy.ts';
import { makeRandom } from '../../worker/engine/random.ts';
import { Table } from './table.ts';

const NOTE = 'n0t3abcdefgh1234';

/** Plays the log's actions again on a fresh table dealt the same cards; true when the log comes out the same. */
function replays(t: Table, cards: string, extra: ConstructorParameters<typeof Table>[3] = {}): boolean {
  const again = new Table('classic', cards, {}, extra);
  for (const entry of t.state.log.slice(again.state.log.length)) {
    const action = actionOf(entry);
    if (!action) continue;
    const result = apply(again.state, action);
    if (!result.ok) return false;
    again.state = result.state;
  }
  return JSON.stringify(again.state.log) === JSON.stringify(t.state.log);
}

/** Classic, night 1 kills 5 and checks 1: 5's last words are up (a turn). */
function lastWords(extra: ConstructorParameters<typeof Table>[3] = {}): Table {
  const t = new Table('classic', 'KKPPCCCC', {}, extra);
  t.night(5);
  t.night(1);
  expect(t.step).toMatchObject({ kind: 'last-words', seat: 5 });
  return t;
}

describe('a recorded voice note carries a speech (RULES.md 11, games over days)', () => {
  it('the speaker leaves a note without text; the log keeps it and every seat and a spectator see it', () => {
    const t = lastWords();
    t.act(5, { type: 'say', text: '', voice: { note: NOTE, ms: 48_000 } });
    expect(t.last('said')).toEqual({ type: 'said', seat: 5, text: '', voice: { note: NOTE, ms: 48_000 } });
    for (const seat of [1, 3, 5, 8]) {
      expect(t.view(seat).log.at(-1)!.event).toEqual({ type: 'said', seat: 5, text: '', voice: { note: NOTE, ms: 48_000 } });
    }
    expect(viewFor(t.state, { kind: 'spectator' }).log.at(-1)!.event).toMatchObject({ voice: { note: NOTE, ms: 48_000 } });
  });

  it('a note may come with text; a say with neither is refused', () => {
    const t = lastWords();
    t.act(5, { type: 'say', text: 'Listen to this.', voice: { note: NOTE, ms: 2_000 } });
    expect(t.last('said')).toMatchObject({ text: 'Listen to this.', voice: { ms: 2_000 } });
    t.refused(5, { type: 'say', text: '' }, 'game/text-invalid');
    t.refused(5, { type: 'say', text: '   ' }, 'game/text-invalid');
  });

  it('a note lasts at most two minutes and is named by an upload id; only the speaker of the turn leaves one', () => {
    const t = lastWords();
    t.refused(5, { type: 'say', text: '', voice: { note: NOTE, ms: VOICE_NOTE_MAX_MS + 1 } }, 'game/bad-action');
    t.refused(5, { type: 'say', text: '', voice: { note: NOTE, ms: 0 } }, 'game/bad-action');
    t.refused(5, { type: 'say', text: '', voice: { note: '../other-room/x', ms: 1_000 } }, 'game/bad-action');
    t.refused(3, { type: 'say', text: '', voice: { note: NOTE, ms: 1_000 } }, 'game/not-your-turn');
    t.act(5, { type: 'say', text: '', voice: { note: NOTE, ms: VOICE_NOTE_MAX_MS } });
  });

  it('in an open day a speaker\'s notes last one note\'s length in all, as its text holds one speech', () => {
    const t = lastWords({ day: 'open' });
    t.act(5, { type: 'pass' });
    expect(t.step).toMatchObject({ kind: 'open-day' });
    t.act(3, { type: 'say', text: '', voice: { note: NOTE, ms: 90_000 } });
    t.refused(3, { type: 'say', text: '', voice: { note: 'second0note0abc', ms: 30_001 } }, 'game/bad-action');
    t.act(3, { type: 'say', text: '', voice: { note: 'second0note0abc', ms: 30_000 } });
    // Text is counted apart: the speaker may still write.
    t.act(3, { type: 'say', text: 'And in writing: 6 was too quiet.' });
    t.refused(5, { type: 'say', text: '', voice: { note: NOTE, ms: 1_000 } }, 'game/not-your-turn');
  });

  it('a replay of the record reproduces the notes', () => {
    const t = lastWords();
    t.act(5, { type: 'say', text: '', voice: { note: NOTE, ms: 48_000 } });
    t.act(5, { type: 'pass' });
    expect(replays(t, 'KKPPCCCC')).toBe(true);
  });
});

describe('a live voice speech: the pass that ends the turn carries its length', () => {
  it('the feed\'s "#5 spoke (voice, 0:41)": the pass keeps the length, seen by every seat', () => {
    const t = lastWords();
    t.now += 45_000;
    t.act(5, { type: 'pass', voice: { ms: 41_000 } });
    expect(t.last('passed')).toEqual({ type: 'passed', seat: 5, missed: false, voice: { ms: 41_000 } });
    expect(t.view(2).log.find((e) => e.event.type === 'passed')!.event).toEqual({ type: 'passed', seat: 5, missed: false, voice: { ms: 41_000 } });
    expect(t.step).toMatchObject({ kind: 'speech' });
    expect(replays(t, 'KKPPCCCC')).toBe(true);
  });

  it('lasts at most as long as the turn has been open, so a page cannot claim a longer speech', () => {
    const t = lastWords();
    t.now += 30_000;
    t.refused(5, { type: 'pass', voice: { ms: 30_001 } }, 'game/bad-action');
    t.refused(5, { type: 'pass', voice: { ms: 0 } }, 'game/bad-action');
    t.act(5, { type: 'pass', voice: { ms: 30_000 } });
    // The next speaker's turn opened just now: no voice time yet.
    const speaker = (t.step as { seat: number }).seat;
    t.refused(speaker, { type: 'pass', voice: { ms: 1_000 } }, 'game/bad-action');
  });

  it('only the turn\'s speaker ends one, and never a free talk\'s "ready" or an open day\'s "done"', () => {
    const t = lastWords({ day: 'open' });
    t.now += 10_000;
    t.refused(3, { type: 'pass', voice: { ms: 1_000 } }, 'game/not-your-turn');
    t.act(5, { type: 'pass', voice: { ms: 9_000 } });
    expect(t.step).toMatchObject({ kind: 'open-day' });
    t.refused(3, { type: 'pass', voice: { ms: 1_000 } }, 'game/not-allowed');
  });
});

describe('bots cannot hear: a note without text is a speech without words to them', () => {
  it('every bot still moves after a note-only speech, and reads no claim from it', () => {
    const t = lastWords();
    t.act(5, { type: 'say', text: '', voice: { note: NOTE, ms: 48_000 } });
    t.act(5, { type: 'pass' });
    for (let seat = 1; seat <= 8; seat++) {
      if (!t.state.alive[seat - 1]) continue;
      expect(() => heuristicMove(t.view(seat), makeRandom(`bot:${seat}`), {})).not.toThrow();
    }
    const speaker = (t.step as { seat: number }).seat;
    expect(heuristicMove(t.view(speaker), makeRandom('bot:speaker'), {}).action?.type).toBe('say');
  });
});
