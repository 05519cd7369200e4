// The client alone in a busy ballot, without a server: the engine plays the story test's
// 16-player `classic` game (everyone alive, peaceful nights, every ballot split 8–8) to the verdict
// ballot of day 9; the frames seat 1's phone would get are built exactly as the room builds them
// (viewUpdate + viewJson, worker/room/fan-out.ts), and a page of the built client (dist/client) on a
// 390-px phone, CPU throttled 4×, gets them through Playwright's WebSocket route: its full view, then
// 15 votes within 50 ms and the closing frame. The page's own clock times each frame from its arrival
// at the page's socket to the page showing it. Printed, never asserted (the machine is shared).
// BENCH_TRACE=<file> writes Chromium's timeline of each ballot (<file>.<run>.json, with 'arrive' and
// 'shown' marks); BENCH_SHOT=<file.png> a picture of the table after the first ballot.
// A small Node server stands in for the room (test/bench/stand-in-room.ts).
import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { createGame, apply, pendingSeats, gameFrame } from '../../worker/engine/index.ts';
import type { Action, GameState, LegalAction, Seat, View } from '../../worker/engine/types.ts';
import { closeSharedBrowsers, launch } from '../browser/browser.ts';
import { longMove } from './long-game.ts';
import { roomFrame, standInRoom } from './stand-in-room.ts';

const N = 16;
export const CODE = 'BENCH1';
const VOTES_WITHIN_MS = 50;


/**
 * Which of day 9's busy ballots: the verdict (`day`, its tie opens the face-off's speeches) or the
 * outside PK (`dusk`, its tie ends the day: night falls, the screen and the sky change).
 */
export type Burst = 'day' | 'dusk';
const PURPOSE = { day: 'day', dusk: 'outside-pk' } as const;

/** The game up to that ballot of day 9 with nobody voted yet, and the 16 states its votes lead to. */
function busyBallot(burst: Burst): { before: GameState; after: GameState[] } {
  const t0 = Date.now() - 3 * 3_600_000;
  const made = createGame({ ruleset: 'classic', players: N, seed: 'bench-ballot', at: t0 });
  if (!made.ok) throw new Error(made.message);
  let state = made.state;
  let at = t0;
  const step = (action: Action) => {
    const r = apply(state, action);
    if (!r.ok) throw new Error(`${r.error.code} ${JSON.stringify(action)}`);
    state = r.state;
  };
  for (;;) {
    const s = state.step;
    if (state.round === 9 && s.kind === 'ballot' && s.purpose === PURPOSE[burst] && Object.keys(s.ballots).length === 0) break;
    at += 4_000;
    const seats = pendingSeats(state);
    const move = seats.map((seat) => longMove(state, seat, at)).find((m) => m);
    if (move) step(move);
    else step({ type: 'deadline', at: 'endsAt' in s && s.endsAt !== null ? s.endsAt : at });
    if (state.result) throw new Error('the long game ended');
  }
  // The ballot's deadline is still to come when the page draws it.
  const before = state;
  const after: GameState[] = [];
  const now = Date.now();
  for (const seat of pendingSeats(before)) {
    step(longMove(state, seat, now)!);
    after.push(state);
  }
  return { before, after };
}

/** Seat 1's frames, as the room sends them: the room and the view before the ballot, then one frame per vote (seat 1's own first). */
export function ballotFrames(burst: Burst): { first: string[]; votes: string[] } {
  const { before, after } = busyBallot(burst);
  const viewer = { kind: 'seat', seat: 1 } as const;
  const first = [roomFrame(CODE, before), gameFrame(null, before, viewer)!];
  const votes: string[] = [];
  let prev = before;
  for (const next of after) {
    const frame = gameFrame(prev, next, viewer);
    if (frame) votes.push(frame);
    prev = next;
  }
  return { first, votes };
}

interface Figures {
  /** The closing frame: arrival at the page's socket → the tally (or the next step) in the DOM. */
  closingMs: number;
  /** Each vote frame: arrival → its count in the DOM (a count drawn with a later one counts then). */
  perVoteMs: number[];
  longestTaskMs: number;
  longTasks: number;
  /** Main-thread time in long tasks during the burst. */
  longTaskSumMs: number;
}

async function oneBallot(page: Page, votes: string[], send: (text: string) => void, burst: Burst): Promise<Figures> {
  await page.waitForTimeout(300);
  await page.evaluate(() => {
    const w = window as unknown as BenchWindow;
    w.__arrive = [];
    w.__seen = {};
    w.__tally = 0;
    w.__long = [];
    w.__done = new Promise((ok) => (w.__shown = ok));
    const tallies = () => document.querySelectorAll('[data-testid=feed] [data-testid=tally]').length;
    const start = tallies();
    new MutationObserver(() => {
      const now = performance.now();
      const n = Number(document.querySelector('[data-testid=ballots-in]')?.getAttribute('data-n') ?? -1);
      if (n >= 0 && !(n in w.__seen)) w.__seen[n] = now;
      if (!w.__tally && (tallies() !== start || n < 0)) {
        w.__tally = now;
        performance.mark('shown');
        w.__shown();
      }
    }).observe(document.querySelector('[data-testid=game]')!, { subtree: true, childList: true, attributes: true, characterData: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__long.push(e.duration);
    }).observe({ type: 'longtask' });
  });
  // 15 frames spread over VOTES_WITHIN_MS, then the closing one.
  const gap = VOTES_WITHIN_MS / (votes.length - 1);
  const t0 = performance.now();
  for (let i = 0; i < votes.length; i++) {
    const wait = t0 + i * gap - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    send(votes[i]!);
  }
  // Waited for inside the page: Playwright's own polling would run its script on the throttled page.
  await page.evaluate(() => (window as unknown as BenchWindow).__done);
  // The rest of the screen follows the tally: the face-off's first speech (the 8–8 tie between #1 and
  // #2), or at dusk the night (a second tie: RULES.md classic, finalTie peaceful-night).
  await page.locator(burst === 'day' ? '[data-testid=game][data-step=speech] [data-testid=speech][data-purpose=pk]' : '[data-testid=game][data-phase=night]').waitFor({ timeout: 10_000 });
  await page.waitForTimeout(500);
  return page.evaluate((count) => {
    const w = window as unknown as BenchWindow;
    // Frame i carries ballots-in i + 2 (seat 1 voted before); the last one closes the ballot.
    const perVoteMs = w.__arrive.slice(0, count - 1).map((at, i) => {
      const shown = Object.entries(w.__seen).filter(([n]) => Number(n) >= i + 2).map(([, t]) => t).sort((a, b) => a - b)[0] ?? w.__tally;
      return shown - at;
    });
    return {
      closingMs: w.__tally - w.__arrive[count - 1]!,
      perVoteMs,
      longestTaskMs: Math.max(0, ...w.__long),
      longTasks: w.__long.length,
      longTaskSumMs: w.__long.reduce((a, b) => a + b, 0),
    };
  }, votes.length);
}

interface BenchWindow {
  __arrive: number[];
  __seen: Record<number, number>;
  __tally: number;
  __long: number[];
  __done: Promise<void>;
  __shown: () => void;
}

/** Runs `runs` busy ballots of one kind, each on a fresh page, and returns each one's figures. */
export async function benchClientBallot(runs = 5, burst: Burst = 'day'): Promise<{ entries: number; frameBytes: number[]; runs: Figures[] }> {
  const { first, votes: all } = ballotFrames(burst);
  // Seat 1's own vote comes first and alone (as in the story test); the burst is the other 15.
  const [own, ...votes] = all;
  const room = await standInRoom(CODE, first);
  const { base, send } = room;
  const browser = await launch();
  const out: Figures[] = [];
  try {
    for (let r = 0; r < runs; r++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'en-US', baseURL: base });
      await context.addInitScript((code) => {
        localStorage.setItem(`tianhei.room.${code}`, JSON.stringify({ code, seat: 1, token: 'bench-token', host: true }));
        // Each frame's arrival, noted before the app's own handler runs.
        const Native = WebSocket;
        (window as unknown as { WebSocket: unknown }).WebSocket = class extends Native {
          constructor(url: string | URL, protocols?: string | string[]) {
            super(url, protocols);
            this.addEventListener('message', () => (window as unknown as BenchWindow).__arrive?.push(performance.mark('arrive').startTime));
          }
        };
      }, CODE);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`/r/${CODE}`);
      await page.locator('[data-testid=game]').waitFor({ timeout: 30_000 });
      await page.locator('[data-testid=ballots-in][data-n="0"]').waitFor();
      send(own!);
      await page.locator('[data-testid=ballots-in][data-n="1"]').waitFor();
      // BENCH_TRACE=<file>: Chromium's timeline of each ballot, to read where the time goes.
      const traced: object[] = [];
      if (process.env.BENCH_TRACE) {
        cdp.on('Tracing.dataCollected', (d: { value: object[] }) => void traced.push(...d.value));
        await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing', transferMode: 'ReportEvents' });
      }
      out.push(await oneBallot(page, votes, send, burst));
      // BENCH_SHOT=<file>: the phone after the ballot (the face-off's first speech), to look at.
      if (process.env.BENCH_SHOT && r === 0) { await page.waitForTimeout(5_000); await page.locator('.table-wrap').screenshot({ path: process.env.BENCH_SHOT }); }
      if (process.env.BENCH_TRACE) {
        const done = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
        await cdp.send('Tracing.end');
        await done;
        writeFileSync(`${process.env.BENCH_TRACE}.${r}.json`, JSON.stringify({ traceEvents: traced, arrive: await page.evaluate(() => (window as unknown as BenchWindow).__arrive) }));
      }
      await context.close();
    }
  } finally {
    await browser.close();
    room.close();
  }
  const entries = (JSON.parse(first[1]!) as { view: View }).view.log.length;
  return { entries, frameBytes: [first[1]!.length, ...all.map((f) => f.length)], runs: out };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

/** Runs the bench and prints its JSON line and its summary (`npm run bench`, or this file alone). */
export async function printClientBallot(runs: number, burst: Burst = 'day'): Promise<void> {
  const f = await benchClientBallot(runs, burst);
  const r1 = (x: number) => Math.round(x * 10) / 10;
  console.log(JSON.stringify({ clientBallot: { burst, entries: f.entries, fullFrameBytes: f.frameBytes[0], voteFrameBytes: median(f.frameBytes.slice(1, -1)), closingFrameBytes: f.frameBytes.at(-1), runs: f.runs.map((r) => ({ ...r, perVoteMs: r.perVoteMs.map(r1), closingMs: r1(r.closingMs), longestTaskMs: r1(r.longestTaskMs), longTaskSumMs: r1(r.longTaskSumMs) })) } }));
  console.log(
    `client busy ballot${burst === 'dusk' ? ' at dusk' : ''} (390-px phone, CPU 4×, ${f.entries} log entries, ${runs} runs): closing frame → page median ${r1(median(f.runs.map((r) => r.closingMs)))} ms (target ≤ 60); ` +
      `vote frame → page median ${r1(median(f.runs.flatMap((r) => r.perVoteMs)))} ms; longest task ${r1(Math.max(...f.runs.map((r) => r.longestTaskMs)))} ms (limit 100); ` +
      `long tasks per ballot median ${median(f.runs.map((r) => r.longTasks))}, their time ${r1(median(f.runs.map((r) => r.longTaskSumMs)))} ms`,
  );
}

if (import.meta.main) {
  await printClientBallot(Number(process.argv[2] ?? 5), (process.argv[3] as Burst | undefined) ?? 'day');
  await closeSharedBrowsers();
}
