// The look: every text on the home page, How to play, the create form, the lobby, the
// night and day screens, the rules sheet at night and the end screen is at least WCAG AA 4.5:1 against what is
// painted behind it, in the day and the night theme, on a 390-px phone and a 1280-px desktop; at
// ≥ 1000 px the game sits in two columns. Two pages play seats 2 and 3 of a classic table; six
// WebSocket bots hold the other seats (seat 1 hosts) and act only from their own `legal` lists;
// the desktop is away while the bots play the game out after the first ballot, and comes back to its end.
// axe-core runs on each of these screens too (the first step of How to play only): the test fails on
// any violation of impact serious or critical and prints every finding per screen.
// LOOK_SHOTS=<folder> also saves a screenshot of every screen checked.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { CreateRoomResponse } from '../../worker/protocol.ts';
import { apiHeaders, launch } from './browser.ts';
import { checkContrast } from './contrast.ts';
import { axeScan, blocking, type AxeFinding } from './axe.ts';
import { DESKTOP, PHONE, hideCard } from './pages.ts';
import { SocketBot, joinBot, roomSocketURL } from './socket-bot.ts';

const SHOTS = process.env.LOOK_SHOTS;
const TEN_S = 10_000;
const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };

let browser: Browser;
const bots: SocketBot[] = [];
beforeAll(async () => {
  browser = await launch();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  for (const b of bots) b.ws?.close();
  await browser?.close();
});

const seen: string[] = [];
/** What axe found on each screen it was run on. */
const axed: Record<string, AxeFinding[]> = {};
/** Checks the page's contrast (after the dusk/dawn fade), runs axe on it unless told not to, and saves a screenshot when asked. */
async function look(page: Page, name: string, night: boolean, axe = true): Promise<void> {
  await expect.poll(() => page.locator('.app').evaluate((e) => e.classList.contains('dark')), { message: `${name}: ${night ? 'night' : 'day'} theme` }).toBe(night);
  // Dusk and dawn fade the page out and in over 1.5 s, except with reduced motion (these pages ask
  // for it): the colours are judged once the theme is drawn.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const report = await page.evaluate(checkContrast, 4.5);
  seen.push(`${name} (${report.checked} texts)`);
  expect(report.checked, `${name}: texts found`).toBeGreaterThan(5);
  expect(report.failures, `${name}: texts under 4.5:1`).toEqual([]);
  if (axe) axed[name] = await axeScan(page);
  if (SHOTS) {
    await page.evaluate(() => scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }
}

/** How to play, step by step to its end (its night steps are dark panels of their own on either theme). */
async function lookWalkthrough(page: Page, name: string, night: boolean): Promise<void> {
  await page.locator('[data-testid=how-to-play]').click();
  const step = page.locator('[data-testid=walk-step]');
  for (let i = 0; ; i++) {
    await look(page, `${name}-${i}-${await step.getAttribute('data-step')}`, night, i === 0);
    if (await page.locator('[data-testid=walk-done]').count()) break;
    const was = await step.getAttribute('data-step');
    await page.locator('[data-testid=walk-next]').click();
    await expect.poll(() => step.getAttribute('data-step')).not.toBe(was);
  }
  await page.locator('[data-testid=walk-done]').click();
  await page.locator('[data-testid=walkthrough]').waitFor({ state: 'detached' });
}

it('every screen reads at 4.5:1 or better in both themes, on a phone and a desktop', async () => {
  const base = inject('baseURL');
  const phone = await (await browser.newContext({ ...PHONE_390, baseURL: base, locale: 'en-US', colorScheme: 'light', reducedMotion: 'reduce' })).newPage();
  const desk = await (await browser.newContext({ ...DESKTOP, baseURL: base, locale: 'es-ES', colorScheme: 'dark', reducedMotion: 'reduce' })).newPage();

  // ------------------------------------------------------------ home and create form
  await phone.goto('/');
  await phone.locator('[data-testid=create]').waitFor();
  // Name and Create above the fold on a phone; the other options folded.
  const create = await phone.locator('[data-testid=create]').boundingBox();
  expect(create!.y + create!.height, 'Create is above the fold').toBeLessThanOrEqual(844);
  expect(await phone.locator('details.more').getAttribute('open')).toBeNull();
  await look(phone, 'home-phone-day', false);
  await lookWalkthrough(phone, 'how-to-play-phone-day', false);
  // How to play closes from any step, in sight.
  await phone.locator('[data-testid=how-to-play]').click();
  await phone.locator('[data-testid=walk-next]').click();
  await phone.getByTestId('walk-close').click();
  await phone.locator('[data-testid=walkthrough]').waitFor({ state: 'detached' });
  await phone.emulateMedia({ colorScheme: 'dark' });
  await look(phone, 'home-phone-night', true);
  await phone.emulateMedia({ colorScheme: 'light' });
  await phone.locator('details.more > summary').click();
  await phone.locator('details.deadlines summary').click();
  // Games over days: the deadlines read in hours ("12 h", not "720 minutes"), and back in minutes when live again.
  await phone.getByTestId('pace').selectOption('async');
  await expect.poll(() => phone.locator('[data-testid=deadline-call-unit]').inputValue()).toBe('h');
  expect(await phone.locator('[data-testid=deadline-call]').inputValue()).toBe('12');
  await phone.getByTestId('pace').selectOption('live');
  await expect.poll(() => phone.locator('[data-testid=deadline-call-unit]').inputValue()).toBe('min');
  // Only the steps the ruleset has: infernal has the eye-opening and no night calls.
  expect(await phone.locator('[data-testid=deadline-eyes]').count()).toBe(0);
  // The form redraws after the choice (Preact batches it): wait for the redraw, then read it.
  await phone.locator('[data-testid=ruleset-infernal]').check();
  await expect.poll(() => phone.locator('[data-testid=deadline-eyes]').count()).toBe(1);
  expect(await phone.locator('[data-testid=deadline-call]').count()).toBe(0);
  await phone.locator('[data-testid=ruleset-classic]').check();
  await expect.poll(() => phone.locator('[data-testid=deadline-call-unit]').inputValue()).toBe('min');
  await look(phone, 'create-form-phone-day', false);
  await desk.goto('/');
  await look(desk, 'home-desktop-night', true);
  // Two columns, neither left with one line in it: the create form on the left, joining by code on the right.
  const form = (await desk.locator('[data-testid=create-form]').boundingBox())!;
  const byCode = (await desk.locator('form.join-code').boundingBox())!;
  expect(byCode.x, 'join by code beside the create form').toBeGreaterThanOrEqual(form.x + form.width);
  expect(byCode.y, 'join by code level with the create form').toBeLessThan(form.y + 100);
  await lookWalkthrough(desk, 'how-to-play-desktop-night', true);

  // ------------------------------------------------------------ a classic room: bots and two pages
  const room = (await (
    await fetch(`${base}/api/rooms`, {
      method: 'POST',
      headers: apiHeaders(),
      body: JSON.stringify({ ruleset: 'classic', pace: { preset: 'live', custom: { call: 3 * TEN_S, lastWords: TEN_S, speech: 2 * TEN_S, ballot: TEN_S } } }),
    })
  ).json()) as CreateRoomResponse;
  // Every bot holds still until released, so each screen under test stays put while it is read.
  const join = async (name: string, hostToken?: string) => {
    const bot = await joinBot(base, room.code, name, hostToken);
    bot.hold = true;
    bots.push(bot);
  };
  await join('Ana', room.hostToken);
  for (const [page, name] of [[phone, 'Bea'], [desk, 'Cruz']] as const) {
    await page.goto(`/r/${room.code}`);
    await page.locator('[data-testid=name-input]').fill(name);
    await page.locator('[data-testid=join]').click();
    await page.locator('[data-testid=lobby]').waitFor();
  }
  await look(phone, 'lobby-phone-day', false);
  await look(desk, 'lobby-desktop-night', true);
  await phone.emulateMedia({ colorScheme: 'dark' });
  await look(phone, 'lobby-phone-night', true);
  await phone.emulateMedia({ colorScheme: 'light' });
  await desk.emulateMedia({ colorScheme: 'light' });
  await look(desk, 'lobby-desktop-day', false);
  await desk.emulateMedia({ colorScheme: 'dark' });
  for (const name of ['Dan', 'Eva', 'Fer', 'Gil', 'Hao']) await join(name);
  // The pages' own seats are played by bots too, on a second device of the same seat (their tokens):
  // this test reads screens, and the game should not wait on the pages' deadlines.
  for (const page of [phone, desk]) {
    const { seat, token } = await page.evaluate((code) => JSON.parse(localStorage.getItem(`tianhei.room.${code}`)!) as { seat: number; token: string }, room.code);
    const bot = new SocketBot(seat, token);
    bot.hold = true;
    await bot.open(roomSocketURL(base, room.code));
    bots.push(bot);
  }
  bots[0]!.host({ type: 'start' });
  const release = (until: SocketBot['until'] = null) => {
    for (const b of bots) {
      b.until = until;
      b.release();
    }
  };

  // ------------------------------------------------------------ night, the card, the rules sheet
  await phone.locator('[data-testid=game][data-phase=night]').waitFor();
  await desk.locator('[data-testid=game][data-phase=night]').waitFor();
  await look(phone, 'night-phone', true);
  await look(desk, 'night-desktop', true);
  // Two columns on the desktop: the history beside the table, not under it.
  const table = await desk.locator('.area-table').boundingBox();
  const history = await desk.locator('.area-history').boundingBox();
  expect(history!.x, 'history column to the right of the table').toBeGreaterThanOrEqual(table!.x + table!.width);
  await phone.locator('[data-testid=my-card]').tap();
  // The card explains itself: its face, camp, what it does and how it wins (a chunk of its own).
  await phone.locator('[data-testid=card-art] figcaption').waitFor();
  expect(await phone.locator('[data-testid=card-art]').getAttribute('data-role')).toBe(await phone.locator('[data-testid=my-role]').getAttribute('data-role'));
  await look(phone, 'card-phone-night', true);
  // Down again (unless it already turned down by itself).
  await hideCard({ page: phone, phone: true });
  await phone.locator('[data-testid=rules-button]').tap();
  await phone.locator('.sheet').waitFor();
  await look(phone, 'rules-sheet-phone-night', true);
  await phone.locator('.sheet button', { hasText: /close/i }).tap();
  // Played on until the first day opens, where the bots stop again.
  release((v) => v.phase === 'day');

  // ------------------------------------------------------------ day
  await phone.locator('[data-testid=game][data-phase=day]').waitFor({ timeout: 90_000 });
  await look(phone, 'day-phone', false);
  await desk.locator('[data-testid=game][data-phase=day]').waitFor();
  await look(desk, 'day-desktop', false);
  // On to the day's ballot, where they stop again.
  release((v) => v.step.kind === 'ballot');
  await phone.locator('[data-testid=game][data-step=ballot]').waitFor({ timeout: 90_000 });
  await look(phone, 'ballot-phone', false);
  await desk.locator('[data-testid=game][data-step=ballot]').waitFor();
  await look(desk, 'ballot-desktop', false);
  // The desktop is put away while the bots play the game out (the phone draws every step of it, so
  // a second page need not), and opens the room again at its end.
  await desk.goto('about:blank');
  release();

  // ------------------------------------------------------------ the end (the bots play it out)
  await phone.locator('[data-testid=game-over]').waitFor({ timeout: 240_000 });
  await desk.goto(`/r/${room.code}`);
  // Game over follows the device's own setting again: light on the light phone, dark on the dark desktop.
  await look(phone, 'game-over-phone-day', false);
  await phone.emulateMedia({ colorScheme: 'dark' });
  await look(phone, 'game-over-phone-night', true);
  await desk.locator('[data-testid=game-over]').waitFor();
  await look(desk, 'game-over-desktop-night', true);
  // The end in two columns too: the record beside the outcome and the table.
  const endTable = await desk.locator('[data-testid=game-over] .area-table').boundingBox();
  const record = await desk.locator('[data-testid=game-over] .area-history').boundingBox();
  expect(record!.x, 'the record to the right of the table at game over').toBeGreaterThanOrEqual(endTable!.x + endTable!.width);
  console.log(`contrast ≥ 4.5:1 on: ${seen.join(', ')}`);
  // axe: nothing serious or critical on any screen; the rest printed, to be fixed too.
  const lines = Object.entries(axed).map(([name, found]) => `${name}: ${found.map((f) => `${f.id} (${f.impact}) ${f.nodes.join(' | ')}`).join('; ') || 'none'}`);
  console.log(`axe on ${Object.keys(axed).length} screens:\n${lines.join('\n')}`);
  expect(Object.entries(axed).flatMap(([name, found]) => blocking(found).map((f) => `${name}: ${f.id} (${f.impact}) ${f.help} — ${f.nodes.join(' | ')}`))).toEqual([]);
}, 400_000);
