// A speech spoken in the room's voice ends as a spoken speech does (RULES.md 2.7, Speeches: "A speech
// ends with 'pass'"; 过（我说完了）, the words a face-to-face table already shows): the speaker's
// button says "I'm done", not "Pass", while the route says the table hears them, and it is still the
// engine's one legal `pass`; the line above it names that button. A killer whose living teammates are all
// bots hears, at the killers' call, that none of them hears them (bots have no voice). A 390-px phone against a stand-in room (test/bench/stand-in-room.ts).
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { viewFor } from '../../worker/engine/index.ts';
import type { VoiceRoute } from '../../worker/protocol.ts';
import { roomFrame } from '../bench/stand-in-room.ts';
import { Table } from '../engine/table.ts';
import { launch } from './browser.ts';
import { standInPhone, type StandInPhone } from './stand-in-phone.ts';
import { toneWav } from './voice-pages.ts';

const CODE = 'VDONE1';
const SHOTS = resolve(import.meta.dirname, '../../test-results/voice-done');
let browser: Browser;
let phone: StandInPhone;

/** Classic, live: the killers kill 5 and the police check 1 on night 1; day 1's speeches go round until seat 1's turn, seen from seat 1. */
function seatOneSpeaks(): string[] {
  const t = new Table('classic', 'KKPPCCCC');
  t.night(5);
  t.night(1);
  for (let i = 0; i < 10; i++) {
    const step = t.state.step;
    if (step.kind === 'speech' && step.seat === 1) break;
    if (step.kind !== 'speech' && step.kind !== 'last-words') throw new Error(`no speech for seat 1: ${step.kind}`);
    t.act(step.seat, { type: 'pass' });
  }
  expect(t.state.step).toMatchObject({ kind: 'speech', seat: 1 });
  return [roomFrame(CODE, t.state, { voice: 'on' }), JSON.stringify({ type: 'game', logFrom: 0, view: viewFor(t.state, { kind: 'seat', seat: 1 }) })];
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launch('shell', ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${toneWav(500)}`]);
  phone = await standInPhone(browser, CODE, seatOneSpeaks(), { api: { [`/api/rooms/${CODE}/voice-ice`]: { iceServers: [], relayOnly: false } } });
});
afterAll(async () => {
  await phone?.close();
  await browser?.close();
});

const route = (r: Partial<VoiceRoute>): string => JSON.stringify({ type: 'voice', route: { peer: 'page0001', gen: 7, mode: 'speech', talk: false, hear: [], heardBy: [], floor: null, ...r } satisfies VoiceRoute });
const button = () => phone.page.locator('[data-testid=pass]');

it('the speaker who types passes with "Pass"; in the voice, at their turn, the same button says "I’m done" and sends the same pass', async () => {
  await button().waitFor();
  expect(await button().textContent()).toBe('Pass');
  const line = phone.page.getByTestId('turn-line');
  expect(await line.textContent()).toBe('Your turn to speak — end with Pass');
  await phone.page.locator('[data-testid=voice-join]').tap();
  await expect.poll(() => phone.room.received.some((f) => f.includes('"voice-join"'))).toBe(true);
  // Joined, but the room has not opened the microphone yet: still a typed speech's Pass.
  phone.room.send(route({}));
  await expect.poll(() => phone.page.locator('[data-testid=mic-state]').count()).toBe(1);
  expect(await button().textContent()).toBe('Pass');
  // The room opens this seat's microphone to the table: its speech is spoken.
  phone.room.send(route({ talk: true, heardBy: ['page0002', 'page0003'] }));
  await expect.poll(() => button().textContent()).toBe('I’m done');
  expect(await line.textContent()).toContain('“I’m done”');
  await phone.page.screenshot({ path: join(SHOTS, 'speaking-aloud-day.png') });
  await button().tap();
  await expect.poll(() => phone.room.received.map((f) => JSON.parse(f) as { type: string; move?: { type: string } }).find((f) => f.type === 'act')?.move?.type).toBe('pass');
  expect(phone.errors).toEqual([]);
});

it('a killer whose only living teammate is a bot is told at the killers\' call that the team cannot hear them', async () => {
  // Classic, live, night 1: the killers are seats 1 and 2, and seat 2 is a bot.
  const t = new Table('classic', 'KKPPCCCC');
  const room = JSON.parse(roomFrame(CODE, t.state, { voice: 'on' })) as { room: { seats: { seat: number; bot?: true }[] } };
  room.room.seats[1]!.bot = true;
  phone.room.send(JSON.stringify(room));
  phone.room.send(JSON.stringify({ type: 'game', logFrom: 0, view: viewFor(t.state, { kind: 'seat', seat: 1 }) }));
  phone.room.send(route({ gen: 8, mode: 'team', talk: true }));
  await expect.poll(() => phone.page.getByTestId('mic-state').textContent()).toContain('Night: your teammates here are bots — they cannot hear you');
  await phone.page.screenshot({ path: join(SHOTS, 'killer-bot-mates-night.png') });
  // The same call with a person for a teammate: the team hears them.
  room.room.seats[1]!.bot = undefined;
  phone.room.send(JSON.stringify(room));
  await expect.poll(() => phone.page.getByTestId('mic-state').textContent()).toContain('Night: only your team hears you');
  expect(phone.errors).toEqual([]);
});
