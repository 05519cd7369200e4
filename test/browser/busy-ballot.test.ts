// The busy ballot (fifteen votes at once at day 9) on the phone alone, in Chromium: the built client on a 390-px phone, CPU
// throttled 4×, gets the frames the room would send seat 1 on day 9 of the story test's 16-player game
// (built by the engine, sent by a stand-in server: test/bench/client-ballot.ts), 15 votes within 50 ms
// and the closing frame. Every vote and the tally reach the page, and the face-off's first speech
// follows the tally; then the same at dusk (day 9's outside PK, whose tie ends the day: the night
// screen follows the tally, and the page fades to the night theme). The timings are printed against
// the phone's budgets (median ≤ 60 ms from the closing frame's arrival to the tally on the page, no
// long task over 100 ms), never asserted: the end-to-end figure, with the room, is the story test's.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { benchClientBallot, type Burst } from '../bench/client-ballot.ts';

const OUT = resolve(import.meta.dirname, '../../test-results/busy-ballot');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

const lines: string[] = [];

it.each([
  ['day', 'the face-off', 3],
  ['dusk', 'the night', 2],
] as [Burst, string, number][])('a busy ballot (%s) reaches the throttled phone: every count, the tally, then %s', async (burst, _next, runs) => {
  const f = await benchClientBallot(runs, burst);
  expect(f.entries).toBeGreaterThan(500);
  for (const run of f.runs) {
    // Each of the burst's 14 vote frames was drawn (or drawn together with a later one), and the tally shown.
    expect(run.perVoteMs).toHaveLength(14);
    for (const ms of [...run.perVoteMs, run.closingMs]) expect(ms).toBeGreaterThanOrEqual(0);
  }
  const closing = median(f.runs.map((r) => r.closingMs));
  const longest = Math.max(...f.runs.map((r) => r.longestTaskMs));
  const line = `busy ballot${burst === 'dusk' ? ' at dusk' : ''}, the phone alone (${f.entries} entries, ${runs} runs): closing frame at the page's socket → tally ${f.runs.map((r) => r.closingMs.toFixed(0)).join(', ')} ms (median ${closing.toFixed(0)}, target ≤ 60); vote frame → page median ${median(f.runs.flatMap((r) => r.perVoteMs)).toFixed(0)} ms; longest task ${longest.toFixed(0)} ms (limit 100)`;
  console.log(`[busy-ballot] ${line}`);
  lines.push(line);
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, 'figures.txt'), `${lines.join('\n')}\n`);
});
