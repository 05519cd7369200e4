// The lobby's line under the table, read by everyone (guests too): how many the table still needs,
// or that it can start, or what else it waits for (a human judge), or that it has too many after the
// host chose a smaller version. One phone of a stand-in room gets the room frames one after another.
// The host's lobby also shows Start and the invitation (link and QR code) without scrolling on a
// 390-px phone, and axe finds nothing serious or critical in it, day or night, phone or desktop.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RoomView, ServerFrame } from '../../worker/protocol.ts';
import { standInPhone, type StandInPhone } from './stand-in-phone.ts';
import { launch } from './browser.ts';
import { axeScan, blocking } from './axe.ts';

const CODE = 'LOBBYL';
let browser: Browser;
let phone: StandInPhone;

/** A lobby of `seats` seats (seat 1 the host); the viewer is seat 2 unless `host`. */
function lobby(seats: number, { host = false, humanJudge = false, judge = false, ruleset = 'classic' as RoomView['ruleset'], min = 8, max = 16, gameNo = 0, scores = [] as number[], fillTo = null as number | null } = {}): string {
  const room: RoomView = {
    code: CODE, ruleset, options: {}, pace: { preset: 'live' }, deadlines: {} as RoomView['deadlines'], spectators: true,
    status: 'lobby', gameNo, minPlayers: min, maxPlayers: max, fillTo, judgeSeats: 0,
    seats: Array.from({ length: seats }, (_, i) => ({ seat: i + 1, name: i ? `P${i + 1}` : 'Ann', connected: true, host: i === 0, score: scores[i] ?? 0 })),
    spectatorsWatching: 0, humanJudge, judge: judge ? { name: 'Jo', connected: true, host: false } : null, table: false, voice: 'off', webhook: null,
    you: { seat: host ? 1 : 2, host, judge: false }, prodded: [], expiresAt: Date.now() + 86_400_000, scheduledStart: null,
  };
  return JSON.stringify({ type: 'room', room } satisfies ServerFrame);
}

beforeAll(async () => {
  browser = await launch();
  phone = await standInPhone(browser, CODE, [lobby(2)], { seat: 2 });
  await phone.page.getByTestId('lobby').waitFor();
});
afterAll(async () => {
  await phone?.close();
  await browser?.close();
});

it.each([
  ['a guest at a table of 2 (classic seats 8–16)', lobby(2), 'Needs 8–16 players (now 2)', false],
  ['a guest at a full enough table', lobby(8), 'Enough players: waiting for the host to start', false],
  ['the host at a full enough table', lobby(8, { host: true }), 'Enough players: you can start', true],
  ['the host whose human judge has not come', lobby(8, { host: true, humanJudge: true }), 'Enough players: the judge’s place is still empty', false],
  ['a guest once the judge is in', lobby(8, { humanJudge: true, judge: true }), 'Enough players: waiting for the host to start', false],
  ['the host after choosing raw (6–8) for 10 seats', lobby(10, { host: true, ruleset: 'raw', min: 6, max: 8 }), 'At most 8 players (now 10): the host must remove some', false],
])('%s reads the line under the table', async (_who, frame, line, startable) => {
  const { page, room, errors } = phone;
  room.send(frame);
  await expect.poll(() => page.getByTestId('start-line').innerText()).toBe(line);
  expect(await page.getByTestId('start').count(), 'the Start button is there exactly when the game can start').toBe(startable ? 1 : 0);
  expect(errors).toEqual([]);
});

it.each(['en', 'zh-CN', 'es', 'ko'])('a host alone at the table finds “Fill the table with bots” without scrolling (%s)', async (l) => {
  const { page, room, errors } = phone;
  await page.selectOption('select[aria-label=language]', l);
  room.send(lobby(1, { host: true, fillTo: 8 }));
  const fill = page.getByTestId('fill-bots');
  await fill.waitFor();
  await page.evaluate(() => scrollTo(0, 0));
  const box = (await fill.boundingBox())!;
  const fold = page.viewportSize()!.height;
  expect(box.y + box.height, `fill-bots at y ${box.y}–${box.y + box.height}`).toBeLessThanOrEqual(fold);
  if (l === 'en') {
    for (const [scheme, width] of [['light', 390], ['dark', 390], ['dark', 1280], ['light', 1280]] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.screenshot({ path: resolve(import.meta.dirname, `../../test-results/a11y/lobby-host-alone-${width}-${scheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 390, height: 844 });
  }
  await page.selectOption('select[aria-label=language]', 'en');
  expect(errors).toEqual([]);
});

it('the host of a full enough table sees Start and the invitation without scrolling, and axe finds nothing serious', async () => {
  const { page, room, errors } = phone;
  const shots = resolve(import.meta.dirname, '../../test-results/a11y');
  mkdirSync(shots, { recursive: true });
  room.send(lobby(8, { host: true }));
  await page.getByTestId('start').waitFor();
  await page.locator('.invite svg.qr').waitFor();
  await page.evaluate(() => scrollTo(0, 0));
  const fold = page.viewportSize()!.height;
  for (const what of ['[data-testid=start]', '[data-testid=invite-link]', '.invite svg.qr']) {
    const box = (await page.locator(what).first().boundingBox())!;
    expect(box.y + box.height, `${what} is above the fold`).toBeLessThanOrEqual(fold);
  }
  // The host's own controls are there to be checked: the scheduled start's time.
  await page.getByTestId('schedule-at').waitFor();
  const found: string[] = [];
  for (const [scheme, size] of [['light', { width: 390, height: 844 }], ['dark', { width: 390, height: 844 }], ['dark', { width: 1280, height: 800 }], ['light', { width: 1280, height: 800 }]] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize(size);
    await page.screenshot({ path: join(shots, `lobby-host-${size.width}-${scheme}.png`) });
    const all = await axeScan(page);
    console.log(`axe, host's lobby ${size.width} px ${scheme}: ${all.map((f) => `${f.id} (${f.impact})`).join(', ') || 'none'}`);
    found.push(...blocking(all).map((f) => `${size.width} ${scheme}: ${f.id} (${f.impact}) ${f.nodes.join(' | ')}`));
  }
  expect(found).toEqual([]);
  expect(errors).toEqual([]);
});

it('after a game the lobby shows the scores the next game keeps, highest first', async () => {
  const { page, room, errors } = phone;
  room.send(lobby(3, { gameNo: 2, scores: [1, 2, 0] }));
  await expect.poll(() => page.getByTestId('again-notice').innerText()).toContain('same seats and scores');
  expect((await page.locator('[data-testid=scores] li').allInnerTexts()).map((s) => s.replace(/[\u2066-\u2069]/g, ''))).toEqual(['#2 P2: 2', '#1 Ann: 1', '#3 P3: 0']);
  room.send(lobby(3));
  await expect.poll(() => page.getByTestId('scores').count()).toBe(0);
  expect(errors).toEqual([]);
});

it("the table screen of a room played face to face shows the room's link and QR code in its lobby", async () => {
  const { room } = phone;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: room.base, locale: 'en-US', reducedMotion: 'reduce' });
  await context.addInitScript((c) => localStorage.setItem(`tianhei.room.${c}`, JSON.stringify({ code: c, seat: null, token: 'table-token', host: false, table: true })), CODE);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/r/${CODE}`);
  await page.getByTestId('table-screen').waitFor();
  await expect.poll(() => page.getByTestId('table-join-link').innerText()).toBe(`${room.base}/r/${CODE}`);
  await page.locator('[data-testid=table-join] svg.qr').waitFor();
  await page.screenshot({ path: resolve(import.meta.dirname, '../../test-results/a11y/table-screen-lobby.png') });
  expect(errors).toEqual([]);
  await context.close();
});
