// docs/rules-decisions.md O22: the talk budgets bound what a room must load. The largest game they
// allow (test/engine/largest/largest-game.ts: 20 seats, every player and the judge posting all they
// may, in Chinese) is woken in a heap of its own, as a room wakes: under 32 MB, well inside an
// isolate's 128 MB (before the budgets, 100,000 entries of one flooded call took 170 MB). The
// figures are printed for docs/testing.md.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TALK_LIMITS } from '../../worker/engine/index.ts';
import { largestGame } from './largest/largest-game.ts';

const SCRIPT = resolve(import.meta.dirname, 'largest/wake-heap.ts');
const MB = 1024 * 1024;

interface Wake {
  entries: number;
  messagesMax: number;
  charsMax: number;
  storedBytes: number;
  wakePeakBytes: number;
  wakeRetainedBytes: number;
  frameBytes: Record<string, number>;
}

/** Wakes the largest game in a fresh Node process of its own, with the collector at hand. */
function wake(mode: string): Wake {
  const out = execFileSync(process.execPath, ['--expose-gc', '--no-warnings', SCRIPT, mode], { encoding: 'utf8' });
  const figures = JSON.parse(out.trim().split('\n').at(-1)!) as Wake;
  console.log(`largest game (${mode}): ${JSON.stringify(figures)}`);
  return figures;
}

describe('O22: the largest game the budgets allow still wakes', () => {
  it('a game played to its end with every budget spent keeps every per-step bound', () => {
    const { state } = largestGame(500);
    const chat = new Map<string, number>();
    let run = { seat: 0, count: 0 };
    for (const { event, round } of state.log) {
      if (event.type === 'team-chat') chat.set(`${round}:${event.seat}`, (chat.get(`${round}:${event.seat}`) ?? 0) + 1);
      if (event.type === 'said') run = run.seat === event.seat ? { seat: run.seat, count: run.count + 1 } : { seat: event.seat, count: 1 };
      else if (event.type !== 'narration') run = { seat: 0, count: 0 };
      expect(run.count).toBeLessThanOrEqual(TALK_LIMITS.perTurn);
    }
    expect(Math.max(...chat.values())).toBe(TALK_LIMITS.perCall);
    expect(Math.max(...state.talkSpent!.chars)).toBe(TALK_LIMITS.charsPerGame);
  });

  it('its wake, and the bound itself (every budget filled to the last character), hold under 32 MB of heap', () => {
    for (const mode of ['500', '100', 'bound']) {
      const w = wake(mode);
      expect(w.messagesMax).toBeLessThanOrEqual(TALK_LIMITS.messagesPerGame);
      expect(w.charsMax).toBeLessThanOrEqual(TALK_LIMITS.charsPerGame);
      // What the woken room holds (after a collection) under 32 MB; the peak, with the parser's garbage
      // not yet collected (it varies from run to run), within half an isolate.
      expect(w.wakeRetainedBytes).toBeLessThan(32 * MB);
      expect(w.wakePeakBytes).toBeLessThan(64 * MB);
      // A fresh device's whole view is about the stored log: nothing is sent twice.
      expect(w.frameBytes.spectator!).toBeLessThan(w.storedBytes * 1.1);
    }
  });
});
