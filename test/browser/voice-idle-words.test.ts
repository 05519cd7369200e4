// The voice bar's words when no game is on: in the lobby and after the game nobody has a turn, so the
// bar says why everyone is muted then ("until the game starts", "the game is over"), never "it is not
// your turn". A `classic` table of 8 socket bots plays a whole game; seat 1 is also a phone in the
// room's voice (with a microphone playing a tone: toneMic in voice-pages.ts), which joins the voice in the lobby.
import type { Browser } from 'playwright-core';
import { afterAll, expect, inject, it } from 'vitest';
import type { CreateRoomResponse } from '../../worker/protocol.ts';
import { apiHeaders } from './browser.ts';
import { joinBot, type SocketBot } from './socket-bot.ts';
import { closeVoicePage, voiceBrowser, voicePage, type VoicePage } from './voice-pages.ts';

const bots: SocketBot[] = [];
let phone: VoicePage | undefined;
let browser: Browser | undefined;
afterAll(async () => {
  for (const b of bots) b.close();
  await closeVoicePage(phone);
  await browser?.close();
});

const micState = () => phone!.page.locator('[data-testid=mic-state]').textContent();

it('before the game the bar says everyone is muted until it starts; after it, that the game is over', async () => {
  const base = inject('baseURL');
  const res = await fetch(`${base}/api/rooms`, { method: 'POST', headers: apiHeaders(), body: JSON.stringify({ ruleset: 'classic', voice: 'on' }) });
  expect(res.status).toBe(201);
  const { code, hostToken } = (await res.json()) as CreateRoomResponse;
  for (let i = 1; i <= 8; i++) bots.push(await joinBot(base, code, `P${i}`, i === 1 ? hostToken : undefined));
  browser = await voiceBrowser();
  phone = await voicePage(browser, base, code, 'seat 1', 500, { seat: bots[0]!.seat, token: bots[0]!.token });
  await phone.page.locator('[data-testid=voice-join]').tap();
  await expect.poll(micState, { timeout: 15_000 }).toContain('Everyone is muted until the game starts');

  bots[0]!.host({ type: 'start' });
  // During the game the words follow the game (the night's, a speaker's, "not your turn").
  await expect.poll(micState, { timeout: 30_000 }).not.toContain('until the game starts');
  await phone.page.locator('[data-testid=game-over]').waitFor({ timeout: 120_000 });
  await expect.poll(micState, { timeout: 15_000 }).toContain('The game is over: everyone is muted');
  expect(await micState()).not.toContain('not your turn');
  expect(phone.errors).toEqual([]);
});
