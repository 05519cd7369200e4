// "a game of one person and seven bots plays to the end in the browser": one 390-px phone
// creates a `classic` room on the home page, fills the table with the room's bots from the lobby
// and plays every move its player gets through the UI until game over. The bots live in the room's
// Durable Object: nothing else connects.
//
// Pace: live, with every deadline of the room at the shortest allowed (10 s), set in the form's
// custom deadlines. A bot thinks 2–12 s in live pace but never more than 15 % of the time its step
// has left, so on 10 s steps it acts within 1.5 s and the whole game takes well under a minute.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launch } from './browser.ts';
import { PHONE, answerFlow, playToEnd, press, type Screen } from './pages.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const FAIL_SHOTS = join(ROOT, 'test-results/screenshots');
const PLAY_CAP_MS = 90_000;
const DEADLINE_MIN = String(10 / 60);
const SEATS = 8;

let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
const log: string[] = [];
const note = (line: string) => log.push(`${new Date().toISOString().slice(11, 23)} ${line}`);

beforeAll(async () => {
  browser = await launch();
  context = await browser.newContext({ ...PHONE, viewport: { width: 390, height: 844 }, locale: 'en-US', baseURL: inject('baseURL') });
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
  page.on('pageerror', (e) => pageErrors.push(e.message));
});

afterAll(async () => {
  await context?.close().catch(() => {});
  await browser?.close();
});

/** One look, at most one move: the card, a confirm, a night pointer, a pass, a vote. */
async function play(me: { page: Page; phone: boolean }, s: Screen, last: { key: string; at: number }): Promise<boolean> {
  if (s.kind !== 'game') return false;
  const key = `${s.step}|${s.heading}|${s.seen}|${s.confirm}|${s.points?.some((p) => p.on)}|${s.pass}|${s.votes?.length}`;
  // The answer to a press may be on its way: the same screen is not answered twice within 3 s.
  if (key === last.key && Date.now() - last.at < 3_000) return false;
  last.key = key;
  last.at = Date.now();
  if (await answerFlow(me, s)) return true;
  if (s.points!.length && !s.points!.some((t) => t.on)) {
    const free = s.points!.map((t) => t.seat).filter((t) => t !== s.me && !s.mates!.includes(t));
    const target = free[0] ?? s.points![0]!.seat;
    await press(me, `[data-testid=point-target][data-seat="${target}"]`);
    note(`points at #${target} (${s.call})`);
    return true;
  }
  if (s.pass) {
    await press(me, '[data-testid=pass]');
    note(`passes (${s.purpose || s.step})`);
    return true;
  }
  if (s.votes!.length) {
    const pick = s.votes!.find((t) => t !== s.me) ?? s.votes![0]!;
    await press(me, `[data-testid=vote-target][data-seat="${pick}"]`);
    await press(me, '[data-testid=vote]:not([disabled])');
    note(`votes #${pick}`);
    return true;
  }
  return false;
}

it('one phone creates a room, fills it with bots and plays classic to game over', async () => {
  let passed = false;
  const me = { page, phone: true };
  try {
    const t0 = Date.now();
    await page.goto('/');
    await page.locator('[data-testid=ruleset-classic]').check();
    await page.locator('details.more > summary').click();
    await page.locator('details.deadlines summary').click();
    for (const kind of ['call', 'lastWords', 'speech', 'ballot']) {
      await page.locator(`[data-testid=deadline-${kind}-unit]`).selectOption('min');
      await page.locator(`[data-testid=deadline-${kind}]`).fill(DEADLINE_MIN);
      await page.locator(`[data-testid=deadline-${kind}]`).dispatchEvent('change');
      await expect.poll(() => page.locator(`[data-testid=deadline-${kind}]`).inputValue()).toBe('0.17');
    }
    // Every field kept its deadline: each change is made on the form's latest value, so one made before
    // the redraw of the one before it no longer rebuilds the deadlines from the older state.
    for (const kind of ['call', 'lastWords', 'speech', 'ballot']) expect(await page.locator(`[data-testid=deadline-${kind}]`).inputValue()).toBe('0.17');
    await page.locator('[data-testid=create-form] [data-testid=name-input]').fill('Ann');
    await press(me, '[data-testid=create]');
    await page.locator('[data-testid=lobby]').waitFor();
    // A friend opens the invite link on another phone, in Spanish: before typing a name it reads what
    // the room plays and how many it needs; Join and Watch are both offered.
    const link = await page.locator('[data-testid=invite-link]').inputValue();
    const friendContext = await browser.newContext({ ...PHONE, viewport: { width: 390, height: 844 }, locale: 'es-ES', baseURL: inject('baseURL') });
    const friend = await friendContext.newPage();
    friend.on('pageerror', (e) => pageErrors.push(`friend: ${e.message}`));
    await friend.goto(link);
    await expect.poll(() => friend.getByTestId('join-about').innerText()).toBe('Clásico — Pekín 2.0 con policía · Hacen falta 8–16 jugadores (hay 1)');
    expect(await friend.getByTestId('join-later').count()).toBe(0);
    await friend.getByTestId('name-input').fill('Lucía');
    await expect.poll(() => friend.getByTestId('join').isEnabled()).toBe(true);

    // Alone at the table: "Fill the table with bots" seats the smallest legal table, 8 for classic.
    await expect.poll(() => page.locator('[data-testid=fill-bots]').innerText()).toContain(String(SEATS));
    await press(me, '[data-testid=fill-bots]');
    await expect.poll(() => page.locator('svg.table g[data-seat]').count()).toBe(SEATS);
    // Each bot seat carries the mark and says so to a screen reader.
    const marked = page.locator('svg.table g[data-bot=true]');
    expect(await marked.count()).toBe(SEATS - 1);
    expect(await marked.first().getAttribute('aria-label')).toMatch(/\(bot\)$/);
    await expect.poll(() => page.locator('[data-testid=fill-bots]').count()).toBe(0);
    note(`lobby filled (${Date.now() - t0} ms)`);

    await press(me, '[data-testid=start]');
    await page.locator('[data-testid=game]').waitFor();
    expect(await page.locator('svg.table g[data-bot=true]').count()).toBe(SEATS - 1);
    // Once the game is on, the friend's link says so before anyone types: watch now, join in the lobby.
    await friend.reload();
    await expect.poll(() => friend.getByTestId('join-later').innerText()).toBe('En esta sala se está jugando una partida: puedes mirarla y unirte cuando la sala vuelva a la espera.');
    expect(await friend.getByTestId('join-about').innerText()).toBe('Clásico — Pekín 2.0 con policía · 8–16 jugadores');
    await friend.getByTestId('name-input').fill('Lucía');
    await friend.waitForTimeout(300);
    expect(await friend.getByTestId('join').isDisabled()).toBe(true);
    expect(await friend.getByTestId('watch').isVisible()).toBe(true);
    mkdirSync(FAIL_SHOTS, { recursive: true });
    await friend.screenshot({ path: join(FAIL_SHOTS, 'join-game-on.png') });
    await friendContext.close();

    const last = { key: '', at: 0 };
    const playMs = await playToEnd(page, PLAY_CAP_MS, (s) => play(me, s, last), note);
    note(`game over after ${playMs} ms of play`);

    // Game over: the winner, every card, the bot marks on the table and in the record.
    expect(await page.locator('[data-testid=winner]').innerText()).not.toBe('');
    expect(await page.locator('[data-testid=role]').count()).toBe(SEATS);
    expect(await page.locator('svg.table g[data-bot=true]').count()).toBe(SEATS - 1);
    const record = await page.locator('.record').innerText();
    expect(record).toContain('🤖');
    // The bots spoke in the room's language (the phone's, English), from structured claims.
    expect(record).toMatch(/I am a civilian\.|As police: |I vote #\d+\./);
    // Each ballot as a tally (votes per candidate, who cast them), and each vote once: not also as a line of its own.
    const rows = page.locator('.record [data-testid=tally-row]');
    expect(await rows.count()).toBeGreaterThan(0);
    expect(Number(await rows.first().getAttribute('data-votes'))).toBeGreaterThan(0);
    // (A tie's line says what followed it, "Tie: #4 Leo, #7 Alice → face-off (PK)": not a vote.)
    expect(record.split('\n').filter((l) => l.includes(' → ') && !l.startsWith('Tie: '))).toEqual([]);
    expect(pageErrors).toEqual([]);
    passed = true;
  } finally {
    if (!passed) {
      mkdirSync(FAIL_SHOTS, { recursive: true });
      await page.screenshot({ path: join(FAIL_SHOTS, 'room-bots-phone.png'), fullPage: true, timeout: 10_000 }).catch(() => {});
      console.log(`room bots game failed; screenshot in ${FAIL_SHOTS}\n${log.join('\n')}`);
    } else if (process.env.E2E_LOG) {
      console.log(log.join('\n'));
    }
  }
});
