// The story game of the browser tests (story.test.ts, story-opening.test.ts): a 16-player `classic`
// room whose seats are all WebSocket bots that keep the game long on purpose (RULES.md classic): the
// killers and police point at nobody (a peaceful night), each speaker says one line, and every
// ballot splits 8–8 between #1 and #2, so the PK, the outside PK and the peaceful night follow
// (finalTie `peaceful-night`). Pages hold seat tokens of their own and only watch and read: seat 1's
// 390-px phone (CPU throttled 4× like a mid phone where a file times it) and desktops on seats 2 and 16
// (seat 2's opens on a game under way: it reads what a page loading mid-game builds, the phone what
// one that followed the game built). Each test file
// plays a game of its own, so the two files run side by side. Screenshots go to test-results/story/.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { inject } from 'vitest';
import type { CreateRoomResponse, JoinResponse, RoomView, ServerFrame } from '../../worker/protocol.ts';
import { readFrame } from '../read-frame.ts';
import type { LegalAction, View } from '../../worker/engine/types.ts';
import { addressedSocket, apiHeaders, launch } from './browser.ts';
import { DESKTOP, PHONE } from './pages.ts';
import { split } from '../bench/long-game.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** Where the story's screenshots, figures and progress trace go. */
export const SHOTS = join(ROOT, 'test-results/story');
const N = 16;
// A phone as phones are: two device pixels per CSS pixel, motion on (the drawer's timing is measured on it).
/** Seat 1's phone. */
export const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, reducedMotion: 'no-preference' as const };

type Mode = 'long' | 'finish';

/** One seat over the WebSocket protocol; it only does what its own view's `legal` offers. */
export class SeatBot {
  ws!: WebSocket;
  view: View | null = null;
  room: RoomView | null = null;
  /** How many log entries this seat's view holds. */
  entries = 0;
  /** When a frame last brought revealed ballots (a ballot closing). */
  ballotsAt = 0;
  /** Game frames received: a burst of votes reaches a socket as few frames (docs/protocol.md, "Bursts"). */
  gameFrames = 0;
  framesAtBallots = 0;
  sdRefused = false;
  private pending = '';
  private lastMove = '';
  private n = 0;
  /** Lines this bot said, by round. */
  said: { round: number; text: string }[] = [];
  readonly seat: number;
  readonly token: string;
  private readonly table: Table;
  constructor(seat: number, token: string, table: Table) {
    this.seat = seat;
    this.token = token;
    this.table = table;
  }

  open(url: string): Promise<void> {
    // A move sent on a socket that closed before its ack is not waited for again.
    this.pending = '';
    this.ws = addressedSocket(url, ['tianhei.v1', `seat.${this.token}`]);
    this.ws.onmessage = (e) => {
      const frame = readFrame(String(e.data), this.view);
      if (frame) this.receive(frame);
    };
    return new Promise((ok, fail) => {
      this.ws.onopen = () => ok();
      this.ws.onerror = () => fail(new Error(`seat ${this.seat}: the WebSocket did not open`));
    });
  }

  send(move: { type: string; [field: string]: unknown }): string {
    const id = `${this.seat}-${++this.n}`;
    this.pending = id;
    this.lastMove = move.type;
    this.ws.send(JSON.stringify({ type: 'act', id, move }));
    return id;
  }

  private receive(frame: ServerFrame): void {
    if (frame.type === 'room') this.room = frame.room;
    else if (frame.type === 'game') {
      this.gameFrames++;
      if (this.seat === 1 && (frame.view.round !== this.view?.round || frame.view.step.kind !== this.view?.step.kind)) this.table.trace(`round ${frame.view.round} ${frame.view.step.kind}`);
      if (frame.view.log.some((e) => e.event.type === 'ballots')) {
        this.ballotsAt = Date.now();
        this.framesAtBallots = this.gameFrames;
      }
      this.entries = frame.logFrom === 0 ? frame.view.log.length : this.entries + frame.view.log.length;
      this.view = frame.view;
    }
    else if (frame.type === 'error') {
      this.table.errors.push(`#${this.seat} ${frame.code} ${frame.message}`);
      // Offered but refused (the step moved on): play the game out instead of asking again.
      if (frame.id === this.pending && this.lastMove === 'self-destruct') this.sdRefused = true;
    }
    if ((frame.type === 'ack' || frame.type === 'error') && frame.id === this.pending) this.pending = '';
    // Over the room's frame budget (the bots can outpace it when no page draws): the move was dropped
    // unanswered; send it again in a second.
    if (frame.type === 'error' && frame.code === 'protocol/rate-limited') {
      setTimeout(() => {
        this.pending = '';
        this.decide();
      }, 1_000);
      return;
    }
    this.decide();
  }

  /** At most one move from the current view, unless the table holds this kind of move. */
  decide(): void {
    const v = this.view;
    if (!v || v.result || this.pending || this.table.paused || this.ws.readyState !== WebSocket.OPEN) return;
    const find = <T extends LegalAction['type']>(type: T) => v.legal.find((a) => a.type === type) as Extract<LegalAction, { type: T }> | undefined;
    const t = this.table;
    const point = find('point');
    const vote = find('vote');
    const step = v.step;
    // The reading step before night 1, and a lone actor's confirm (D15): neither may wait for its deadline.
    if (find('seen')) return void this.send({ type: 'seen' });
    const confirm = find('confirm');
    if (confirm) return void this.send({ type: 'confirm', ...(confirm.hand !== undefined ? { hand: confirm.hand } : {}) });
    if (t.mode === 'finish' && find('self-destruct') && !this.sdRefused) return void this.send({ type: 'self-destruct' });
    if (point && point.current === null) {
      const target = t.mode === 'finish' ? (point.targets.find((s) => !v.seats[s - 1]?.mate && s !== this.seat) ?? 0) : 0;
      return void this.send({ type: 'point', target });
    }
    if (find('pass')) {
      if (t.holdSpeech && step.kind === 'speech') return;
      const key = `${v.round}|${step.kind === 'speech' ? step.purpose : step.kind}`;
      if (step.kind === 'speech' && step.purpose === 'day' && find('say') && !this.said.some((s) => s.text.startsWith(key))) {
        const text = `${key} — #${this.seat} speaks.`;
        this.said.push({ round: v.round, text });
        return void this.send({ type: 'say', text });
      }
      return void this.send({ type: 'pass' });
    }
    if (vote && !t.holdVotes) {
      return void this.send({ type: 'vote', target: t.mode === 'finish' ? vote.targets[0]! : split(this.seat, vote.targets) });
    }
  }
}


/** The bots' shared switches. */
export interface Table {
  /** Until the pages are open, nobody moves. */
  paused: boolean;
  mode: Mode;
  holdSpeech: boolean;
  holdVotes: boolean;
  errors: string[];
  /** Progress, for reading a slow or stuck run as it goes. */
  trace: (line: string) => void;
}

/** A page that holds a seat's token and only watches. */
export interface Watcher {
  context: BrowserContext;
  page: Page;
  seat: number;
  errors: string[];
}

/** This file's browser. The browser projects keep modules from file to file (isolate: false), so startStory sets every one of these afresh. */
export let browser: Browser;
/** The room's code. */
export let code = '';
/** The room's WebSocket address. */
export let ws = '';
/** The bots' shared switches: paused until the game has started. */
export const table: Table = { paused: true, mode: 'long', holdSpeech: false, holdVotes: false, errors: [], trace: (line) => trace(line) };
/** Seat n's bot is bots[n - 1]. */
export const bots: SeatBot[] = [];
/** Seat 1's phone, while open. */
export let phone: Watcher;
/** The phone's DevTools session (its CPU throttling, a trace). */
export let cdp: CDPSession;
/** Seat 2's desktop, while open. */
export let desk: Watcher;
const report: string[] = [];
let part = '';
/** Progress, for reading a slow or stuck run as it goes (both files write to one trace, each line marked with its file). */
export const trace = (line: string) => appendFileSync(join(SHOTS, 'trace.txt'), `${new Date().toISOString().slice(11, 23)} ${part} ${line}\n`);
/** A figure for the run's output and test-results/story/figures.txt. */
export const say = (line: string) => {
  trace(line);
  report.push(line);
  console.log(`[story] ${line}`);
};

/** A JSON call to the test server's API. */
async function post<T>(path: string, body: object): Promise<T> {
  const res = await fetch(`${inject('baseURL')}${path}`, { method: 'POST', headers: apiHeaders(), body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A page that holds a seat's token (as if it had joined on this device) and only watches. */
export async function watcher(seat: number, device: typeof DESKTOP, locale = 'en-US', screen: 'game' | 'game-over' = 'game'): Promise<Watcher> {
  const context = await browser.newContext({ ...device, locale, baseURL: inject('baseURL') });
  const token = bots[seat - 1]!.token;
  await context.addInitScript(
    ([c, s, tk]) => {
      localStorage.setItem(`tianhei.room.${c}`, JSON.stringify({ code: c, seat: s, token: tk, host: s === 1 }));
      // When each frame reaches the page's socket (before the app's own handler): the page's share of a delay.
      const Native = WebSocket;
      (window as unknown as { WebSocket: unknown }).WebSocket = class extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols);
          this.addEventListener('message', () => (window as unknown as { __arrived?: number[] }).__arrived?.push(Date.now()));
        }
      };
    },
    [code, seat, token] as const,
  );
  const page = await context.newPage();
  const w: Watcher = { context, page, seat, errors: [] };
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (e) => w.errors.push(e.message));
  await page.goto(`/r/${code}`);
  await page.locator(`[data-testid=${screen}]`).waitFor();
  return w;
}

/** Errors seen by pages that were closed since. */
export const closedErrors: string[] = [];

/**
 * Seat 1's phone, a mid phone (Chromium's CPU throttled 4×, DevTools Emulation.setCPUThrottlingRate)
 * for the file that times it, and seat 2's desktop. Chromium throttles by busy-waiting on the page's
 * main thread (3 CPU-seconds spun for each one of work at 4×): a file that only reads the screens
 * opens its phone unthrottled (startStory with pages), so the two cores stay for the room and the other pages.
 */
export async function openPages(): Promise<void> {
  phone = await watcher(1, PHONE_390, 'en-US');
  trace('phone open');
  cdp = await phone.context.newCDPSession(phone.page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  desk = await watcher(2, DESKTOP, 'en-US');
}

/** Closes both pages (the players put their phones away): the bots play on without drawing them. */
export async function closePages(): Promise<void> {
  for (const w of [phone, desk]) {
    closedErrors.push(...w.errors);
    await w.context.close();
  }
}

/** Stops the bots and waits until every page shows the table's latest step. */
export async function holdStill(): Promise<void> {
  table.paused = true;
  await new Promise((r) => setTimeout(r, 500));
  const v = bots[0]!.view!;
  for (const w of [phone, desk]) {
    await w.page.locator(`[data-testid=game][data-round="${v.round}"][data-step="${v.step.kind}"]`).waitFor({ timeout: 60_000 });
  }
}

/** Polls until `ok`, or fails with the bots' last errors. */
export async function waitFor(what: string, ok: () => boolean | Promise<boolean>, ms = 120_000): Promise<void> {
  trace(`waiting for ${what}`);
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; bot errors: ${table.errors.slice(-5).join(' | ')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A screenshot of the page's viewport, into test-results/story/. */
export const shot = (w: Watcher, name: string) => w.page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
/** The median of some timings. */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

/**
 * Creates the room, seats the 16 bots and starts the game; with `pages`, seat 1's phone (not throttled:
 * nothing is timed on it then) opens before the bots make their first move, and follows the game as
 * it goes (seat 2's desktop opens later, `openDesk`: one page is enough to draw every step). `name`
 * marks this file's lines in the trace.
 */
export async function startStory(name: string, pages: boolean): Promise<void> {
  part = name;
  // The other story file may have run in this worker before: nothing of its table carries over.
  Object.assign(table, { paused: true, mode: 'long', holdSpeech: false, holdVotes: false, errors: [] });
  bots.length = 0;
  report.length = 0;
  closedErrors.length = 0;
  mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
  const made = await post<CreateRoomResponse>('/api/rooms', { ruleset: 'classic', options: {}, pace: { preset: 'live' }, spectators: true });
  code = made.code;
  for (let s = 1; s <= N; s++) {
    const j = await post<JoinResponse>(`/api/rooms/${code}/join`, { name: s === 1 ? 'Ann' : s === 2 ? 'Bo' : `Bot${s}`, ...(s === 1 ? { hostToken: made.hostToken } : {}) });
    bots.push(new SeatBot(j.seat!, j.token, table));
  }
  ws = `${inject('baseURL').replace(/^http/, 'ws')}/api/rooms/${code}/ws`;
  await Promise.all(bots.map((b) => b.open(ws)));
  bots[0]!.ws.send(JSON.stringify({ type: 'host', id: 'start', move: { type: 'start' } }));
  await waitFor('the game to start', () => bots.every((b) => !!b.view));
  trace('started');
  if (pages) phone = await watcher(1, PHONE_390, 'en-US');
  table.paused = false;
  for (const b of bots) b.decide();
}

/** Opens seat 2's desktop on the game as it is now (the bots held meanwhile). */
export async function openDesk(): Promise<void> {
  desk = await watcher(2, DESKTOP, 'en-US');
}

/** Opens seat 2's desktop again on the finished game. */
export async function reopenDesk(): Promise<void> {
  desk = await watcher(2, DESKTOP, 'en-US', 'game-over');
}

/** Closes the bots and the browser; the figures said go to test-results/story/figures.txt. */
export async function stopStory(): Promise<void> {
  for (const b of bots) b.ws?.close();
  await browser?.close();
  if (report.length) writeFileSync(join(SHOTS, 'figures.txt'), report.join('\n') + '\n');
}
