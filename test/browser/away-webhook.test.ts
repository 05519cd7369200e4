// On a 390-px phone: the host sets the room's chat webhook in the lobby (the room shows only
// the hook's host name back), fills the table with bots, starts, and marks itself "away until":
// the away line and the seat's mark show on the table, and the game goes on (no pause).
// Meanwhile, in a second async room, a human judge pauses and never comes back: once the longest step
// has passed (10 s here, the shortest custom pace) the room's alarm hands the game to the app, and the
// same phone, opening that room on its seat, reads the notice (docs/rules-decisions.md O15).
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { CreateRoomResponse, JoinResponse } from '../../worker/protocol.ts';
import { apiHeaders, launch } from './browser.ts';
import { PHONE, createRoom, openPlayer, press } from './pages.ts';
import { SocketBot, joinBot, roomSocketURL } from './socket-bot.ts';

const SHOTS = join(resolve(import.meta.dirname, '../..'), 'test-results/screenshots');
let browser: Browser;
const sockets: SocketBot[] = [];

beforeAll(async () => {
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  for (const b of sockets) b.close();
  await browser?.close();
});

/** An async classic room of 8 socket seats (all holding still) and a human judge, every step 10 s; started, then paused by its judge. */
async function judgePausedRoom(base: string): Promise<{ code: string; seat2: string }> {
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await fetch(base + path, { method: 'POST', headers: apiHeaders(), body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const ten = 10_000;
  const made = await post<CreateRoomResponse>('/api/rooms', { ruleset: 'classic', humanJudge: true, pace: { preset: 'async', custom: { call: ten, eyes: ten, lastWords: ten, speech: ten, ballot: ten } } });
  const seats: SocketBot[] = [];
  for (let seat = 1; seat <= 8; seat++) {
    const bot = await joinBot(base, made.code, `Seat ${seat}`, seat === 1 ? made.hostToken : undefined);
    bot.hold = true;
    seats.push(bot);
  }
  sockets.push(...seats);
  // The judge comes in through the host's one-time link.
  seats[0]!.host({ type: 'invite', place: 'judge' });
  await expect.poll(() => seats[0]!.invite, { timeout: 5_000 }).not.toBeNull();
  const joined = await post<JoinResponse>(`/api/rooms/${made.code}/join`, { invite: seats[0]!.invite, name: 'Judge' });
  const judge = new SocketBot(0, joined.token, 'Judge');
  judge.hold = true;
  await judge.open(roomSocketURL(base, made.code));
  sockets.push(judge);
  seats[0]!.host({ type: 'start' });
  await expect.poll(() => judge.view?.step.kind, { timeout: 5_000 }).toBe('reading');
  judge.host({ type: 'pause' });
  await expect.poll(() => judge.view?.paused, { timeout: 5_000 }).toBe(true);
  return { code: made.code, seat2: seats[1]!.token };
}

it('a phone sets the webhook, starts with bots and marks itself away; the table sees it; a judge who paused and left is replaced by the app', async () => {
  // The judge's room first: its pause runs out while the phone plays below.
  const judged = await judgePausedRoom(inject('baseURL'));
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

  // The judge's room, on seat 2 (this device holds it): the table is told the app judges now, and the game runs again.
  await me.page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [`tianhei.room.${judged.code}`, JSON.stringify({ code: judged.code, seat: 2, token: judged.seat2, host: false })]);
  await me.page.goto(`/r/${judged.code}`);
  const notice = me.page.locator('[data-testid=feed]').getByText('The judge did not act; the app judges from now on.');
  await notice.waitFor({ timeout: 15_000 });
  expect(await me.page.locator('[data-testid=game]').getAttribute('data-step')).not.toBe('');
  expect(await me.page.locator('.banner.warn').count()).toBe(0);
  // The feed says who paused, and (on screen all day for a neighbour to read) never the seat's own card.
  const feed = await me.page.locator('[data-testid=feed]').innerText();
  expect(feed).toContain('The judge paused the game');
  expect(feed).not.toMatch(/drew:/);
  await notice.scrollIntoViewIfNeeded();
  await me.page.screenshot({ path: join(SHOTS, 'judge-failover-390.png') });
  expect(me.pageErrors).toEqual([]);
  await me.context.close();
});
