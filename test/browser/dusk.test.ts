// Dusk on a phone with motion on (client/theme.ts): when a tied outside PK ends day 9 (RULES.md classic,
// finalTie peaceful-night), the night screen comes first; then the page fades out into the night sky,
// takes the night theme unseen and fades back in. Only the page's opacity is animated (the compositor's
// work): no colour is transitioned element by element, which restyled and repainted the whole page every
// frame for 1.6 s; and the phone takes taps all along. The frames are the room's for seat 1 (built by
// the engine, test/bench/client-ballot.ts), sent by a stand-in server.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { View } from '../../worker/engine/types.ts';
import { ballotFrames, CODE } from '../bench/client-ballot.ts';
import { standInPhone } from './stand-in-phone.ts';
import { launch } from './browser.ts';

const SHOTS = resolve(import.meta.dirname, '../../test-results/dusk');
let browser: Browser;
const { first, votes } = ballotFrames('dusk');

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
});
afterAll(async () => browser?.close());

it('dusk fades the page out and in by its opacity alone, and a tap during the fade turns the card up', async () => {
  // The page's clock is Playwright's (timers, animation frames, Date): it flows as usual until the
  // ballot, then stands still, so the fade lasts exactly as long as the test needs to tap in it however
  // busy the machine is (a real-time tap after a screenshot missed the 1.5-s fade in one CI run).
  const phone = await standInPhone(browser, CODE, first, { motion: true, deviceScaleFactor: 2, before: (context) => context.clock.install({ time: Date.now() - 30_000 }) });
  const { page, room, errors } = phone;
  await page.locator('[data-testid=game][data-phase=day] [data-testid=ballots-in][data-n="0"]').waitFor();
  const app = page.locator('.app');
  expect(await app.evaluate((e) => e.classList.contains('dark'))).toBe(false);
  // A tap on the card notes whether the page was fading at that moment.
  await page.evaluate(() => document.addEventListener('click', (e) => (e.target as Element).closest('[data-testid=my-card]') && ((window as unknown as { tappedInFade: boolean }).tappedInFade = !!document.querySelector('.app.sky-out, .app.sky-in')), true));
  await page.clock.pauseAt(Date.now());
  /** Moves the page's clock on frame by frame (16 ms) until `done` holds. */
  const frameBy = async (done: () => Promise<boolean>) => {
    for (let i = 0; i < 200 && !(await done()); i++) await page.clock.runFor(16);
    expect(await done()).toBe(true);
  };
  // Every ballot in: the outside PK ties again, and night falls.
  for (const v of votes) room.send(v);
  await frameBy(async () => (await page.locator('[data-testid=game][data-phase=night]').count()) > 0);
  await frameBy(async () => (await page.locator('.app.sky-out').count()) > 0);
  // While the page fades, the only animation is its own opacity.
  const animations = await page.evaluate(() =>
    document.getAnimations().map((a) => ({ kind: a.constructor.name, on: ((a.effect as KeyframeEffect).target as Element).className, keys: [...new Set((a.effect as KeyframeEffect).getKeyframes().flatMap((k) => Object.keys(k).filter((p) => !['offset', 'computedOffset', 'easing', 'composite'].includes(p))))] })),
  );
  expect(animations).toEqual([{ kind: 'CSSAnimation', on: 'app sky-out', keys: ['opacity'] }]);
  await page.waitForTimeout(250);
  await page.screenshot({ path: join(SHOTS, 'fading-out.png') });
  // A tap while the page fades reaches the page: the card turns up.
  await page.getByTestId('my-card').tap({ force: true });
  await frameBy(async () => (await page.getByTestId('my-role').count()) > 0);
  expect(await page.evaluate(() => (window as unknown as { tappedInFade?: boolean }).tappedInFade)).toBe(true);
  await page.clock.runFor(600);
  await page.locator('.app.dark.sky-in').waitFor({ timeout: 5_000 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(SHOTS, 'fading-in.png') });
  await page.clock.resume();
  await page.locator('.app:not(.sky-in):not(.sky-out)').waitFor({ timeout: 5_000 });
  expect(await app.evaluate((e) => e.classList.contains('dark'))).toBe(true);
  expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
  await page.screenshot({ path: join(SHOTS, 'night.png') });
  // Seat 1 is the police: the night's team panel lists every check of the game so far (read from the
  // full frame and the updates since, RULES.md classic: the police check one player each night).
  const entries = (text: string) => { const f = JSON.parse(text) as { type: 'game'; view: View } | { type: 'patch'; log: View['log'] }; return f.type === 'game' ? f.view.log : f.log; };
  const checks = [first[1]!, ...votes].reduce((n, text) => n + entries(text).filter((e) => e.event.type === 'checked').length, 0);
  expect(checks).toBeGreaterThan(5);
  await expect.poll(() => page.locator('.card.team ul li').count()).toBe(checks);
  expect(errors).toEqual([]);
  await phone.close();
});
