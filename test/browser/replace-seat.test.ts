// "Prods and replacements", in real headless Chromium on a 390-px phone: mid-game the host
// opens a replacement link for seat 5 from the host tools; a new phone opens it, enters a name and
// takes the seat over with its card; the table is told "#5 Kim replaces Bot 5", what seat 5 did
// before keeps Bot 5's name, and the old player's socket is let go, saying why. Seven seats are socket bots that read their cards and wait.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launch } from './browser.ts';
import { PHONE, createRoom, openPlayer, press } from './pages.ts';
import { joinBot, type SocketBot } from './socket-bot.ts';

const SHOTS = join(resolve(import.meta.dirname, '../..'), 'test-results/screenshots');
const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };

let browser: Browser;
const bots: SocketBot[] = [];

beforeAll(async () => {
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  for (const b of bots) b.close();
  await browser?.close();
});

it('the host opens a replacement link for a seat; a new phone enters a name and plays the seat on', async () => {
  const base = inject('baseURL');
  const ann = { name: 'Ann', phone: true, locale: 'en-US' };
  const host = await openPlayer(browser, PHONE_390, ann, base);
  const me = { ...ann, page: host.page };
  const link = await createRoom(me, 'classic');
  const code = new URL(link).pathname.split('/').at(-1)!;
  for (let seat = 2; seat <= 8; seat++) {
    const bot = await joinBot(base, code, `Bot ${seat}`);
    // Each reads its card, then waits: the night call stays open for the test.
    bot.until = (v) => v.step.kind !== 'reading';
    bots.push(bot);
  }
  await press(me, '[data-testid=start]');
  // The host tools: pick seat 5, ask for its replacement link.
  await host.page.locator('details.host > summary').click();
  await host.page.locator('details.host select').selectOption('5');
  await press(me, '[data-testid=replace-seat]');
  const replaceLink = await host.page.locator('[data-testid=replace-link]').inputValue();
  expect(replaceLink).toContain('replace=1');
  await host.page.locator('[data-testid=replace]').scrollIntoViewIfNeeded();
  await host.page.screenshot({ path: join(SHOTS, 'replace-host-link.png') });

  // A new person's phone: the link asks for a name, then the seat is theirs.
  const kim = await openPlayer(browser, PHONE_390, { name: 'Kim', phone: true, locale: 'en-US' }, base);
  await kim.page.goto(replaceLink);
  await expect.poll(() => kim.page.locator('h2').first().textContent()).toContain('Take over seat 5');
  await kim.page.locator('[data-testid=name-input]').fill('Kim');
  await kim.page.screenshot({ path: join(SHOTS, 'replace-name-form.png') });
  await press({ page: kim.page, phone: true }, '[data-testid=accept-invite]');
  // The seat's card is Kim's now, and the whole table reads the notice.
  // (The name is isolated with FSI…PDI, so it cannot reorder the sentence.)
  for (const p of [kim.page, host.page]) await p.getByText(/#5 \u2068Kim\u2069 replaces \u2068Bot 5\u2069/).first().waitFor({ timeout: 5_000 });
  // What the seat did before keeps its player's name, on a page that had drawn it before the
  // replacement (the room's new name reaches the page before the log's entry) and on Kim's new one.
  for (const p of [host.page, kim.page]) {
    await p.locator('[data-testid=history-open]').click();
    const deal = p.locator('[data-testid=chapter]').first();
    if ((await deal.getAttribute('open')) === null) await deal.locator('summary').click();
    await expect.poll(() => deal.innerText().then((t) => t.replace(/[\u2066-\u2069]/g, ''))).toContain('#5 Bot 5 has seen their card');
    expect((await deal.innerText()).replace(/[\u2066-\u2069]/g, '')).not.toContain('#5 Kim has seen');
    await p.locator('[data-testid=history-close]').click();
  }
  const old = bots[3]!;
  expect(old.seat).toBe(5);
  await expect.poll(() => old.ws.readyState).toBe(WebSocket.CLOSED);
  expect(old.errors).toContain('room/replaced');
  expect(await kim.page.locator('.seat[data-seat="5"]').first().getAttribute('aria-label')).toContain('Kim');
  await kim.page.screenshot({ path: join(SHOTS, 'replace-kim-plays.png') });
  expect([...host.pageErrors, ...kim.pageErrors]).toEqual([]);
  await kim.context.close();
  await host.context.close();
}, 60_000);
