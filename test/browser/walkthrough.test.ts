// In real Chromium: "How to play" steps through one night and one day of a chosen ruleset
// (on a 390-px phone, in two languages and two rulesets, by buttons, keys and a swipe), and "Move to
// another device" carries a seat to a second browser by a one-time link that works once
// (docs/rules-decisions.md O9). Screenshots go to test-results/walkthrough/ (phone and desktop, day
// and night).
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { CreateRoomResponse } from '../../worker/protocol.ts';
import { apiHeaders, launch } from './browser.ts';
import { DESKTOP, PHONE, peekRole } from './pages.ts';
import { joinBot, type SocketBot } from './socket-bot.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SHOTS = join(ROOT, 'test-results/walkthrough');
const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };
const STEPS = ['deal', 'night', 'dawn', 'day', 'ballot', 'win'];

let browser: Browser;
const contexts: BrowserContext[] = [];
const bots: SocketBot[] = [];
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
});
afterAll(async () => {
  for (const b of bots) b.close();
  for (const c of contexts) await c.close();
  await browser?.close();
});

async function open(phone: boolean, locale: string): Promise<Page> {
  const context = await browser.newContext({ ...(phone ? PHONE_390 : DESKTOP), locale, baseURL: inject('baseURL'), reducedMotion: 'reduce' });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

/** Waits until the walkthrough shows `step` (a tap or key redraws on the next frame). */
const atStep = (page: Page, step: string) => page.locator(`[data-testid=walk-step][data-step=${step}]`).waitFor();
const textOf = async (page: Page) => (await page.locator('[data-testid=walk-step]').textContent()) ?? '';

/** Swipes across the walkthrough with one finger (CDP touch events, as a phone sends them). */
async function swipe(page: Page, dx: number): Promise<void> {
  const box = (await page.locator('[data-testid=walk-step]').boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2 - dx / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + dx / 2, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + dx, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Taps Next to the last step and Back to the first, checking every step on the way. */
async function stepThrough(page: Page): Promise<string[]> {
  await atStep(page, STEPS[0]!);
  const texts = [await textOf(page)];
  for (const step of STEPS.slice(1)) {
    await page.locator('[data-testid=walk-next]').tap();
    await atStep(page, step);
    texts.push(await textOf(page));
  }
  // The last step has Done instead of Next.
  expect(await page.locator('[data-testid=walk-next]').count()).toBe(0);
  expect(await page.locator('[data-testid=walk-done]').isVisible()).toBe(true);
  for (let i = STEPS.length - 1; i > 0; i--) {
    await page.locator('[data-testid=walk-back]').tap();
    await atStep(page, STEPS[i - 1]!);
  }
  expect(await page.locator('[data-testid=walk-back]').isDisabled()).toBe(true);
  return texts;
}

it('How to play walks a phone through one night and one day, in two languages and two rulesets', async () => {
  const page = await open(true, 'en-US');
  await page.goto('/');
  await page.locator('[data-testid=how-to-play]').tap();
  await page.locator('[data-testid=walkthrough]').waitFor();
  expect(await page.locator('[data-testid=walk-ruleset]').inputValue()).toBe('classic');
  // The deal shows each kind of card of the ruleset's deck, drawn as card faces.
  expect(await page.locator('.walk-cards li svg').count()).toBe(3);
  await page.screenshot({ path: join(SHOTS, 'phone-day-deal.png') });
  const classic = await stepThrough(page);
  // classic: the killers' and police calls, last words for the first out, PK on a tie, self-destruct.
  expect(classic[1]).toContain('Killers, open your eyes');
  expect(classic[1]).toContain('Police, open your eyes');
  expect(classic[2]).toContain('leaves last words');
  expect(classic[3]).toContain('self-destruct');
  expect(classic[4]).toContain('face-off');
  expect(classic[5]).toContain('All killers out: the good side wins.');

  // The night step is drawn in the night theme, the killers pointing at their victim.
  await page.locator('[data-testid=walk-next]').tap();
  await atStep(page, 'night');
  expect(await page.locator('[data-testid=walk-step].dark').count()).toBe(1);
  expect(await page.locator('[data-testid=walk-step] svg.table line.pointer').count()).toBeGreaterThan(0);
  await page.screenshot({ path: join(SHOTS, 'phone-night-step.png') });
  // A swipe to the left is Next, to the right Back.
  await swipe(page, -160);
  await atStep(page, 'dawn');
  await swipe(page, 160);
  await atStep(page, 'night');
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=walkthrough]').waitFor({ state: 'detached' });

  // Chinese, infernal: one night of eye-opening only, nobody out at dawn, no last words.
  await page.locator('header select').selectOption('zh-CN');
  // The language's strings arrive by fetch; the page keeps the old ones until then.
  await page.locator('html[lang="zh-CN"]').waitFor({ state: 'attached' });
  await page.locator('[data-testid=how-to-play]').tap();
  await page.locator('[data-testid=walk-ruleset]').selectOption('infernal');
  // infernal deals two kinds of card (police and bandits).
  await page.waitForFunction(() => document.querySelectorAll('.walk-cards li').length === 2);
  const infernal = await stepThrough(page);
  expect(infernal[0]).toContain('上面是 6 人局的全部身份牌');
  expect(infernal[1]).toContain('这是整局唯一的夜晚');
  expect(infernal[1]).not.toContain('指向最多的人为准');
  expect(infernal[2]).toContain('没有人出局');
  expect(infernal[4]).toContain('然后是下一个白天');
  expect(infernal[5]).toContain('只剩 3 人');
  // Night text from the ruleset's own calls: classic in Chinese names the police call, infernal does not.
  await page.locator('[data-testid=walk-ruleset]').selectOption('classic');
  await page.locator('[data-testid=walk-next]').tap();
  await page.locator('[data-testid=walk-step]').getByText('警察请睁眼').waitFor();
  await page.screenshot({ path: join(SHOTS, 'phone-night-zh.png') });
  await page.locator('[data-testid=walk-next]').tap();
  await atStep(page, 'dawn');
  await page.screenshot({ path: join(SHOTS, 'phone-day-zh.png') });
});

it('How to play works by keyboard on a desktop, and opens from the rules sheet', async () => {
  const page = await open(false, 'es-ES');
  await page.goto('/');
  await page.locator('[data-testid=walk-button]').click();
  // Choosing a ruleset redraws the sheet in place: a new sheet would drop the focus for a frame,
  // and a key pressed then would be lost.
  const sheet = page.locator('[data-testid=walkthrough]');
  await sheet.evaluate((el) => el.setAttribute('data-first', ''));
  await page.locator('[data-testid=walk-ruleset]').selectOption('dual');
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await sheet.getAttribute('data-first')).toBe('');
  await sheet.focus();
  // The arrows step only while the sheet has the focus (a key pressed before it lands is lost).
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'walkthrough');
  for (const step of STEPS.slice(1)) {
    await page.keyboard.press('ArrowRight');
    await atStep(page, step);
  }
  expect(await textOf(page)).toContain('empate');
  await page.keyboard.press('ArrowLeft');
  await atStep(page, 'ballot');
  await page.keyboard.press('ArrowLeft');
  await atStep(page, 'day');
  // dual: free talk instead of speech turns; each card up counts one vote.
  expect(await textOf(page)).toContain('Charla libre');
  await page.keyboard.press('ArrowRight');
  await atStep(page, 'ballot');
  expect(await textOf(page)).toContain('Cada carta tuya boca arriba cuenta un voto');
  await page.screenshot({ path: join(SHOTS, 'desktop-day-ballot.png') });
  for (const step of ['day', 'dawn', 'night']) {
    await page.keyboard.press('ArrowLeft');
    await atStep(page, step);
  }
  await page.screenshot({ path: join(SHOTS, 'desktop-night-step.png') });
  await page.keyboard.press('Escape');
  // From the rules sheet: its "How to play" opens the same ruleset's walkthrough.
  await page.locator('[data-testid=rules-button]').click();
  // Its "Full rules" link opens the ruleset's page, served by this deploy's own assets, in a tab of its own.
  const full = page.locator('[data-testid=rules-full]');
  expect(await full.getAttribute('href')).toBe('/rules/classic');
  const [rules] = await Promise.all([page.context().waitForEvent('page'), full.click()]);
  await expect.poll(() => rules.locator('h1').textContent()).toMatch(/^classic — /);
  await rules.close();
  await page.locator('[data-testid=rules-walk]').click();
  await atStep(page, 'deal');
  expect(await page.locator('[data-testid=walk-ruleset]').inputValue()).toBe('classic');
});

it('a seat moves to another device by its one-time link: same seat, same card; the link works once', async () => {
  const base = inject('baseURL');
  const made = (await (await fetch(`${base}/api/rooms`, { method: 'POST', headers: apiHeaders(), body: JSON.stringify({ ruleset: 'classic' }) })).json()) as CreateRoomResponse;
  for (let i = 1; i <= 8; i++) bots.push(await joinBot(base, made.code, `P${i}`, i === 1 ? made.hostToken : undefined));
  // The bots read their cards and then stay still once night 1 opens: the screens under test stay put.
  for (const b of bots) b.until = (v) => v.step.kind === 'call';
  const mover = bots[3]!;
  bots[0]!.host({ type: 'start' });

  const phone = await open(true, 'en-US');
  await phone.context().addInitScript(([key, value]) => localStorage.setItem(key!, value!), [`tianhei.room.${made.code}`, JSON.stringify({ code: made.code, seat: mover.seat, token: mover.token, host: false })]);
  await phone.goto(`/r/${made.code}`);
  await phone.locator('svg.table g.me').waitFor();
  expect(await phone.locator('svg.table g.me').getAttribute('data-seat')).toBe('4');
  const role = await peekRole({ page: phone, phone: true });
  expect(role).toMatch(/^(killer|police|civilian)$/);

  // The seat menu offers the move; the page shows the link as text and as a QR code.
  await phone.locator('[data-testid=move-device]').tap();
  await phone.locator('[data-testid=move-link]').waitFor();
  const link = await phone.locator('[data-testid=move-link]').inputValue();
  expect(link).toMatch(new RegExp(`/r/${made.code}#invite=[\\w-]{43}&place=4&move=1$`));
  // The QR encoder is its own chunk: the code appears once it has arrived.
  await phone.locator('[data-testid=move-page] svg.qr path').waitFor();
  expect(await phone.locator('[data-testid=move-page]').textContent()).toContain('It works once, until');
  await phone.locator('[data-testid=move-page]').scrollIntoViewIfNeeded();
  await phone.screenshot({ path: join(SHOTS, 'phone-move-link.png') });

  // A second browser opens the link: the same seat and the same card.
  const desk = await open(false, 'en-US');
  await desk.goto(link);
  expect(await desk.locator('h2').first().textContent()).toBe(`Move seat 4 of room ${made.code} to this device`);
  await desk.screenshot({ path: join(SHOTS, 'desktop-move-accept.png') });
  await desk.locator('[data-testid=accept-invite]').click();
  await desk.locator('svg.table g.me').waitFor();
  expect(await desk.locator('svg.table g.me').getAttribute('data-seat')).toBe('4');
  expect(await peekRole({ page: desk, phone: false })).toBe(role);
  // The secret left the address bar.
  expect(new URL(desk.url()).hash).toBe('');
  await desk.screenshot({ path: join(SHOTS, 'desktop-night-moved.png') });

  // The old device is signed out and says why.
  await phone.locator('.errors').getByText('Your place was opened on another device').waitFor();
  await phone.locator('[data-testid=join]').waitFor();

  // The link does not work a second time.
  const third = await open(true, 'en-US');
  await third.goto(link);
  await third.locator('[data-testid=accept-invite]').tap();
  await third.locator('form .error').getByText('This invitation link is not valid').waitFor();
  expect(await third.locator('svg.table').count()).toBe(0);
});
