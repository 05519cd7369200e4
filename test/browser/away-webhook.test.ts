// Issue 9 on a 390-px phone: the host sets the room's chat webhook in the lobby (the room shows only
// the hook's host name back), fills the table with bots, starts, and marks itself "away until":
// the away line and the seat's mark show on the table, and the game goes on (no pause).
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launch } from './browser.ts';
import { PHONE, createRoom, openPlayer, press } from './pages.ts';

const SHOTS = join(resolve(import.meta.dirname, '../..'), 'test-results/screenshots');
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => browser?.close());

it('a phone sets the webhook, starts with bots and marks itself away; the table sees it', async () => {
  const me = await openPlayer(browser, { ...PHONE, viewport: { width: 390, height: 844 } }, { name: 'Ana', locale: 'en-US' } as never, inject('baseURL'));
  const p = { page: me.page, phone: true, name: 'Ana' };
  await createRoom(p as never, 'classic');

  await me.page.locator('[data-testid=webhook] > summary').click();
  await me.page.locator('[data-testid=webhook-url]').fill('https://hooks.example.com/api/webhooks/1/secret-part');
  await press(p, '[data-testid=webhook-save]');
  await expect.poll(() => me.page.locator('[data-testid=webhook-state]').innerText()).toBe('Posting to hooks.example.com (English)');
  // The field is emptied and the page never holds the secret path again.
  expect(await me.page.content()).not.toContain('secret-part');
  await me.page.locator('[data-testid=webhook]').scrollIntoViewIfNeeded();
  await me.page.screenshot({ path: join(SHOTS, 'webhook-lobby-390.png') });

  await press(p, '[data-testid=fill-bots]');
  await expect.poll(() => me.page.locator('[data-testid=fill-bots]').count()).toBe(0);
  await press(p, '[data-testid=start]');
  await me.page.locator('[data-testid=game]').waitFor();

  await press(p, '[data-testid=away-open]');
  await press(p, '[data-testid=away-save]');
  await expect.poll(() => me.page.locator('[data-testid=away-line]').innerText()).toMatch(/^Away: #1 .*Ana.* \(until .+\)$/);
  await expect.poll(() => me.page.locator('.seat[data-seat="1"] .badge.away').count()).toBe(1);
  expect(await me.page.locator('[data-testid=away-mine]').innerText()).toContain('You are marked away until');
  await me.page.locator('[data-testid=away-line]').scrollIntoViewIfNeeded();
  await me.page.screenshot({ path: join(SHOTS, 'away-game-390.png') });
  await me.page.locator('.seat[data-seat="1"]').screenshot({ path: join(SHOTS, 'away-seat-390.png') });
  await me.page.locator('[data-testid=away-mine]').scrollIntoViewIfNeeded();
  await me.page.screenshot({ path: join(SHOTS, 'away-mine-390.png') });
  // No pause: the game's banner never says so.
  expect(await me.page.locator('.banner.warn').count()).toBe(0);

  await press(p, '[data-testid=away-back]');
  await expect.poll(() => me.page.locator('[data-testid=away-line]').count()).toBe(0);
  expect(me.pageErrors).toEqual([]);
  await me.context.close();
});
