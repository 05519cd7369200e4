// A phone that comes back downloads only what it missed (docs/protocol.md, "Resync"), in headless
// Chromium against `wrangler dev`. The story test's long 16-seat `classic` game (test/bench/long-game.ts:
// peaceful nights, one line per day speech, every ballot split 8–8, so all 16 seats live to day 9) is
// played by socket bots to day 9's speeches; there seat 1's phone opens the room and the bots go on at
// one move a second. The phone's connection drops for 10 s mid-speech; the bytes its page receives on
// the room's WebSocket are read from Chromium (DevTools `Network.webSocketFrameReceived`): the game
// frame after the reconnect, after a reload that kept the log, and on a fresh device, which gets the
// whole view. The byte figures are printed.
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { CreateRoomResponse, JoinResponse, ServerFrame } from '../../worker/protocol.ts';
import { readFrame } from '../read-frame.ts';
import type { LogEntry, View } from '../../worker/engine/types.ts';
import { addressedSocket, apiHeaders, launch } from './browser.ts';
import { PHONE } from './pages.ts';
import { roomSocketURL } from './socket-bot.ts';
import { longGameMove } from '../bench/long-game.ts';

const N = 16;
/** The day the phone drops on: the long game's day 9, where the whole view is largest. */
const DAY = 9;
/** The most a comeback may download at day 9, its game frame and all its socket brought before it (the whole view is ~75 KB). */
const RESYNC_MAX_BYTES = 5 * 1024;
const DROP_MS = 10_000;
/** The bots' pace once the phone is open: a move a second, as a table talks. */
const SLOW_MS = 1_000;

/** The bots' shared switches: `paused` holds every move; `paceMs` spaces the table's moves. */
const table = { paused: true, paceMs: 0, nextAt: 0, errors: [] as string[] };

/** One seat of the long game over the room's WebSocket; it keeps its whole log (updates appended). */
class Seat {
  ws!: WebSocket;
  view: View | null = null;
  log: LogEntry[] = [];
  private pending = '';
  private timer: ReturnType<typeof setTimeout> | null = null;
  private n = 0;
  readonly seat: number;
  readonly token: string;
  constructor(seat: number, token: string) {
    this.seat = seat;
    this.token = token;
  }

  open(url: string): Promise<void> {
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

  private receive(frame: ServerFrame): void {
    if (frame.type === 'game') {
      this.log = frame.logFrom === 0 ? [...frame.view.log] : [...this.log.slice(0, frame.logFrom), ...frame.view.log];
      this.view = frame.view;
      // Day 9's speeches, past the fourth speaker: the table stops there for the phone to open.
      const s = frame.view.step;
      if (table.paceMs === 0 && frame.view.round === DAY && s.kind === 'speech' && s.purpose === 'day' && s.seat > 4) table.paused = true;
    }
    if (frame.type === 'error') table.errors.push(`#${this.seat} ${frame.code}`);
    if ((frame.type === 'ack' || frame.type === 'error') && frame.id === this.pending) this.pending = '';
    // Over the room's frame budget: the move was dropped unread, and the refusal names no move (the room
    // read no id), so the move in flight is forgotten and goes again in a second.
    if (frame.type === 'error' && frame.code === 'protocol/rate-limited') {
      this.pending = '';
      return void setTimeout(() => this.decide(), 1_000);
    }
    this.decide();
  }

  /** At most one move from this seat's view, at the table's pace. */
  decide(): void {
    const v = this.view;
    if (!v || v.result || this.pending || this.timer || table.paused || this.ws.readyState !== WebSocket.OPEN) return;
    const spoke = this.log.some((e) => e.event.type === 'said' && e.round === v.round && e.event.seat === this.seat);
    const move = longGameMove(v.legal, v.step, v.round, this.seat, spoke);
    if (!move) return;
    const wait = table.nextAt - Date.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.decide();
      }, wait);
      return;
    }
    table.nextAt = Date.now() + table.paceMs;
    this.pending = `${this.seat}-${++this.n}`;
    this.ws.send(JSON.stringify({ type: 'act', id: this.pending, move }));
  }
}

/** A page's frames on the room's WebSocket, as Chromium received them, socket by socket. */
interface Wire {
  sockets: string[];
  closed: string[];
  /** Each frame with its socket and how many sockets the page had opened when it arrived. */
  frames: { socket: string; opened: number; bytes: number; text: string }[];
}

/** Listens to the page's WebSocket frames through DevTools (Network domain), from before it loads. */
async function wire(cdp: CDPSession): Promise<Wire> {
  const w: Wire = { sockets: [], closed: [], frames: [] };
  cdp.on('Network.webSocketClosed', (e: { requestId: string }) => void w.closed.push(e.requestId));
  cdp.on('Network.webSocketCreated', (e: { requestId: string; url: string }) => void (e.url.includes('/ws') && w.sockets.push(e.requestId)));
  cdp.on('Network.webSocketFrameReceived', (e: { requestId: string; response: { payloadData: string } }) => {
    w.frames.push({ socket: e.requestId, opened: w.sockets.length, bytes: Buffer.byteLength(e.response.payloadData, 'utf8'), text: e.response.payloadData });
  });
  await cdp.send('Network.enable');
  return w;
}

/**
 * The first game frame on a socket the page opened after its first `opened` (waits for it), with its
 * size in bytes, and what that socket brought up to it (the room frame comes first).
 */
async function gameFrameAfter(w: Wire, opened: number): Promise<{ bytes: number; logFrom: number; entries: number; socketBytes: number; socketFrames: string }> {
  const end = Date.now() + 30_000;
  for (;;) {
    const f = w.frames.find((x) => x.opened > opened && x.text.startsWith('{"type":"game"'));
    if (f) {
      const frame = JSON.parse(f.text) as Extract<ServerFrame, { type: 'game' }>;
      const upTo = w.frames.slice(0, w.frames.indexOf(f) + 1).filter((x) => x.socket === f.socket && x.opened === f.opened);
      const socketFrames = upTo.map((x) => `${(JSON.parse(x.text) as ServerFrame).type} ${x.bytes}`).join(', ');
      return { bytes: f.bytes, logFrom: frame.logFrom, entries: frame.view.log.length, socketBytes: upTo.reduce((a, x) => a + x.bytes, 0), socketFrames };
    }
    if (Date.now() > end) throw new Error(`no game frame on a socket after the page's ${opened} first (${w.sockets.length} opened)`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let browser: Browser;
let code = '';
const bots: Seat[] = [];
const say = (line: string) => console.log(`[resync-phone] ${line}`);

async function post<T>(path: string, body: object): Promise<T> {
  const res = await fetch(`${inject('baseURL')}${path}`, { method: 'POST', headers: apiHeaders(), body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function waitFor(what: string, ok: () => boolean, ms = 240_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; bot errors: ${table.errors.slice(-5).join(' | ')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Seat 1's phone: a context holding its seat token (as if it had joined on this device), its page and its wire. */
async function phone(): Promise<{ context: BrowserContext; page: Page; wire: Wire }> {
  const context = await browser.newContext({ ...PHONE, locale: 'en-US', baseURL: inject('baseURL') });
  await context.addInitScript(
    ([c, tk]) => {
      localStorage.setItem(`tianhei.room.${c}`, JSON.stringify({ code: c, seat: 1, token: tk, host: true }));
      // The page's latest socket, for the test to cut (an offline network leaves an open socket be).
      const Native = WebSocket;
      (window as unknown as { WebSocket: unknown }).WebSocket = class extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols);
          (window as unknown as { roomSocket: WebSocket }).roomSocket = this;
        }
      };
    },
    [code, bots[0]!.token] as const,
  );
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const w = await wire(await context.newCDPSession(page));
  await page.goto(`/r/${code}`);
  await page.locator('[data-testid=game]').waitFor();
  return { context, page, wire: w };
}

/** Moves the table on at a move a second until `ok` holds. */
async function playOn(what: string, ok: () => boolean): Promise<void> {
  table.paceMs = SLOW_MS;
  table.paused = false;
  for (const b of bots) b.decide();
  await waitFor(what, ok, 60_000);
}

/** This round's speeches as seat 1 holds them, against what the page's feed shows. */
async function feedHoldsEveryLine(page: Page): Promise<number> {
  const round = bots[0]!.view!.round;
  const said = bots[0]!.log.filter((e) => e.event.type === 'said' && e.round === round);
  await expect.poll(() => page.locator('[data-testid=feed] .said').count(), { timeout: 20_000 }).toBe(said.length);
  const shown = await page.locator('[data-testid=feed] .said').evaluateAll((els) => els.map((e) => ({ seq: Number(e.getAttribute('data-seq')), text: e.textContent ?? '' })));
  for (const e of said) {
    const line = shown.find((s) => s.seq === e.seq);
    expect(line, `the feed shows #${e.seq}`).toBeDefined();
    expect(line!.text).toContain((e.event as { text: string }).text);
  }
  return said.length;
}

beforeAll(async () => {
  browser = await launch();
  const made = await post<CreateRoomResponse>('/api/rooms', { ruleset: 'classic', options: {}, pace: { preset: 'live' }, spectators: true });
  code = made.code;
  for (let s = 1; s <= N; s++) {
    const j = await post<JoinResponse>(`/api/rooms/${code}/join`, { name: `Bot${s}`, ...(s === 1 ? { hostToken: made.hostToken } : {}) });
    bots.push(new Seat(j.seat!, j.token));
  }
  await Promise.all(bots.map((b) => b.open(roomSocketURL(inject('baseURL'), code))));
  bots[0]!.ws.send(JSON.stringify({ type: 'host', id: 'start', move: { type: 'start' } }));
  await waitFor('the game to start', () => bots.every((b) => !!b.view));
  // As fast as the room answers, to day 9's speeches (the bots stop there by themselves).
  table.paused = false;
  for (const b of bots) b.decide();
  await waitFor(`day ${DAY}'s speeches`, () => table.paused);
  // Some 900 moves: about a minute on a busy machine.
}, 300_000);

afterAll(async () => {
  for (const b of bots) b.ws?.close();
  await browser?.close();
});

it(`a phone that drops for 10 s on day ${DAY} gets back only what it missed (≤ 5 KB), and its feed loses nothing`, async () => {
  const p = await phone();
  const whole = await gameFrameAfter(p.wire, 0);
  expect(whole.logFrom).toBe(0);
  expect(whole.entries).toBe(bots[0]!.log.length);
  say(`day ${DAY}, ${whole.entries} log entries: the page's first game frame (a whole view) ${whole.bytes} bytes`);
  const lines = await feedHoldsEveryLine(p.page);

  // The phone loses its network (a lift, a tunnel): offline, and its socket gone. Chromium's offline
  // mode refuses new connections but leaves an open socket be: the page's is closed from inside.
  await p.context.setOffline(true);
  const cut = p.wire.sockets.length;
  await p.page.evaluate(() => (window as unknown as { roomSocket: WebSocket }).roomSocket.close());
  await expect.poll(() => p.wire.closed.length).toBe(1);
  const heldEntries = bots[0]!.log.length;
  const droppedAt = Date.now();
  const gone = p.wire.frames.length;
  await playOn('moves while the phone is away', () => Date.now() - droppedAt >= DROP_MS);
  expect(p.wire.frames.length, 'nothing reaches the page while it is offline').toBe(gone);
  const missed = bots[0]!.log.length - heldEntries;
  await p.context.setOffline(false);

  const back = await gameFrameAfter(p.wire, cut);
  say(`after a ${DROP_MS / 1000}-s drop (${missed} entries missed): the resync game frame ${back.bytes} bytes (logFrom ${back.logFrom}, ${back.entries} entries)`);
  expect(back.logFrom).toBeGreaterThan(0);
  expect(missed).toBeGreaterThan(0);
  expect(back.bytes).toBeLessThanOrEqual(RESYNC_MAX_BYTES);
  say(`the new socket's frames up to it: ${back.socketBytes} bytes (${back.socketFrames})`);
  // The seat's whole download on coming back, the room frame included.
  expect(back.socketBytes).toBeLessThanOrEqual(RESYNC_MAX_BYTES);
  table.paused = true;
  await new Promise((r) => setTimeout(r, 1_500));
  // Nothing lost across the gap: every line of this day, before, during and after it, on the feed
  // (sixteen speakers at a move a second: the day's speeches outlast the drop).
  expect(bots[0]!.view!.round).toBe(DAY);
  expect(await feedHoldsEveryLine(p.page)).toBeGreaterThan(lines);

  // A reload of the tab keeps its log (sessionStorage): it too asks only for what came since.
  await playOn('the next move', () => bots[0]!.log.length > heldEntries + missed);
  const opened = p.wire.sockets.length;
  await p.page.reload();
  await p.page.locator('[data-testid=game]').waitFor();
  const reloaded = await gameFrameAfter(p.wire, opened);
  say(`a reload that kept its log: the game frame ${reloaded.bytes} bytes (logFrom ${reloaded.logFrom}, ${reloaded.entries} entries); with the frames before it ${reloaded.socketBytes} bytes (${reloaded.socketFrames})`);
  expect(reloaded.logFrom).toBeGreaterThan(0);
  expect(reloaded.bytes).toBeLessThanOrEqual(RESYNC_MAX_BYTES);
  expect(reloaded.socketBytes).toBeLessThanOrEqual(RESYNC_MAX_BYTES);
  table.paused = true;
  await new Promise((r) => setTimeout(r, 1_500));
  await feedHoldsEveryLine(p.page);
  await p.context.close();

  // Another device of the same seat holds nothing: the whole view.
  const fresh = await phone();
  const full = await gameFrameAfter(fresh.wire, 0);
  say(`a fresh device: the game frame ${full.bytes} bytes (logFrom ${full.logFrom}, ${full.entries} entries); with the frames before it ${full.socketBytes} bytes (${full.socketFrames})`);
  expect(full.logFrom).toBe(0);
  expect(full.entries).toBe(bots[0]!.log.length);
  expect(full.bytes).toBeGreaterThan(RESYNC_MAX_BYTES);
  await feedHoldsEveryLine(fresh.page);
  await fresh.context.close();
});
