// The live voice's controls on a 390-px phone, against a stand-in room that plays the room's part
// (test/bench/stand-in-room.ts): "Join voice" is the only tap that opens the microphone; the open day
// gives the floor to one voice at a time (RULES.md 11, open days), so the bar holds one big
// push-to-talk, held with a finger or with Space or Enter; the microphone's state is in words, and a
// screen reader is told when the floor is this player's; a seat may be muted on this device; a
// microphone the room keeps open (a speech) may be muted by its player; after the socket drops, the
// page joins the voice again; "Leave voice" leaves it.
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { viewFor } from '../../worker/engine/index.ts';
import type { VoiceRoute } from '../../worker/protocol.ts';
import { roomFrame } from '../bench/stand-in-room.ts';
import { Table } from '../engine/table.ts';
import { launch } from './browser.ts';
import { recordHeard, type Heard } from './heard.ts';
import { axeScan, blocking } from './axe.ts';
import { standInPhone, type StandInPhone } from './stand-in-phone.ts';
import { addToneMic, ownLevel } from './voice-pages.ts';

const CODE = 'VFLOOR';
const SHOTS = join(resolve(import.meta.dirname, '../..'), 'test-results/screenshots');
let browser: Browser;
beforeAll(async () => {
  browser = await launch('shell');
});
afterAll(() => browser?.close());

/** Classic over days with an open day: the killers kill 5, the police check 1; day 1's open speeches, seen from seat 1. */
function openDay(): { room: string; game: string } {
  const t = new Table('classic', 'KKPPCCCC', {}, { day: 'open' });
  t.night(5);
  t.night(1);
  if (t.state.step.kind === 'last-words') t.act(5, { type: 'pass' });
  expect(t.state.step.kind).toBe('open-day');
  const me = { kind: 'seat', seat: 1 } as const;
  return { room: roomFrame(CODE, t.state, { voice: 'on' }), game: JSON.stringify({ type: 'game', logFrom: 0, view: viewFor(t.state, me) }) };
}

const route = (r: Partial<VoiceRoute>): string => JSON.stringify({ type: 'voice', route: { peer: 'page0001', gen: 1, mode: 'floor', talk: false, hear: [], heardBy: [], floor: null, ...r } satisfies VoiceRoute });

let phone: StandInPhone;
beforeAll(async () => {
  const { room, game } = openDay();
  phone = await standInPhone(browser, CODE, [room, game], { api: { [`/api/rooms/${CODE}/voice-ice`]: { iceServers: [], relayOnly: false } }, before: async (c) => {
      // The microphone plays a tone (toneMic), for the player's own level meter.
      await addToneMic(c, 600);
      await c.addInitScript(recordHeard);
    },
  });
});
afterAll(() => phone?.close());

/** The voice frames the page sent, parsed, in order. */
const sent = () => phone.room.received.map((f) => JSON.parse(f) as { type: string; on?: boolean; hold?: boolean }).filter((f) => f.type.startsWith('voice'));
const micState = () => phone.page.locator('[data-testid=mic-state]').textContent();
const ptt = () => phone.page.locator('[data-testid=push-to-talk]');

it('"Join voice" opens the microphone and joins; the free floor offers one push-to-talk', async () => {
  const { page } = phone;
  await page.locator('[data-testid=game]').waitFor();
  expect(sent(), 'nothing is sent before the tap').toEqual([]);
  await page.screenshot({ path: join(SHOTS, 'voice-join-light-390.png') });
  await page.locator('[data-testid=voice-join]').tap();
  await expect.poll(sent).toEqual([{ type: 'voice-join', on: true }]);
  phone.room.send(route({}));
  await expect.poll(micState).toContain('You are muted: hold the button to talk');
  await expect.poll(() => page.locator('[data-testid=voice-heard]').textContent()).toContain('The floor is free');
  await expect.poll(() => ptt().textContent()).toBe('Hold to talk');
  await page.screenshot({ path: join(SHOTS, 'voice-floor-free-light-390.png') });
});

it('held with a finger: the floor is asked for on press and let go on release; the floor in words and said to a screen reader', async () => {
  const { page } = phone;
  const box = (await ptt().boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect.poll(() => sent().at(-1)).toEqual({ type: 'voice-floor', hold: true });
  await expect.poll(() => ptt().getAttribute('aria-pressed')).toBe('true');
  // The room gives this seat the floor: its microphone is heard by the others.
  phone.room.send(route({ talk: true, heardBy: ['page0002', 'page0003'], floor: { seat: 1, until: Date.now() + 60_000 } }));
  await expect.poll(micState).toContain('You have the floor: everyone hears you');
  await expect.poll(() => ptt().textContent()).toBe('Talking — let go to pass the floor');
  expect(blocking(await axeScan(page))).toEqual([]);
  const heard = () => page.evaluate(() => (window as unknown as { heard: Heard[] }).heard);
  await expect.poll(async () => (await heard()).filter((h) => h.urgent).map((h) => h.text)).toContain('You have the floor: everyone hears you');
  await page.screenshot({ path: join(SHOTS, 'voice-floor-mine-light-390.png') });
  await page.mouse.up();
  await expect.poll(() => sent().at(-1)).toEqual({ type: 'voice-floor', hold: false });
  phone.room.send(route({}));
  await expect.poll(micState).toContain('hold the button to talk');
});

it.each(['Space', 'Enter'])('held with %s on the button: the floor is asked for on key down and let go on key up', async (key) => {
  const { page } = phone;
  await ptt().focus();
  const before = sent().length;
  await page.keyboard.down(key);
  await expect.poll(() => sent().slice(before)).toEqual([{ type: 'voice-floor', hold: true }]);
  await page.keyboard.up(key);
  await expect.poll(() => sent().slice(before)).toEqual([
    { type: 'voice-floor', hold: true },
    { type: 'voice-floor', hold: false },
  ]);
});

it('held while another seat has the floor: the press waits and says so; the room hands the floor on, the page never presses again', async () => {
  const { page } = phone;
  const held = route({ hear: [{ peer: 'page0002', seat: 2 }], floor: { seat: 2, until: Date.now() + 60_000 } });
  phone.room.send(held);
  await expect.poll(() => ptt().textContent()).toBe('Hold to talk');
  const floor = () => sent().filter((f) => f.type === 'voice-floor');
  const before = floor().length;
  const box = (await ptt().boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect.poll(() => floor().slice(before)).toEqual([{ type: 'voice-floor', hold: true }]);
  // The room refuses the press: its answer still names seat 2. The button does not claim the floor.
  phone.room.send(held);
  await expect.poll(() => ptt().textContent()).toBe('Waiting for the floor — keep holding');
  expect(await micState()).toContain('You are muted');
  expect(blocking(await axeScan(page))).toEqual([]);
  // The room hands the floor to this seat, first in its line (worker/room/voice-floor.ts): no second press.
  phone.room.send(route({ talk: true, heardBy: ['page0002'], floor: { seat: 1, until: Date.now() + 60_000 } }));
  await expect.poll(() => ptt().textContent()).toBe('Talking — let go to pass the floor');
  // Its 60 s run out with the finger still down: seat 2 (waiting) gets the floor, and this seat rests.
  const rest = Date.now() + 5_000;
  phone.room.send(route({ hear: [{ peer: 'page0002', seat: 2 }], floor: { seat: 2, until: Date.now() + 60_000 }, rest }));
  // The button says why (a touch screen hides the hint under it), in one line, so it does not move under the finger.
  await expect.poll(() => ptt().textContent()).toBe('Time’s up: others go first');
  expect(await ptt().getAttribute('aria-pressed')).toBe('false');
  await expect.poll(() => page.locator('[data-testid=ptt-hint]').textContent()).toMatch(/^Your 60 s are up: others go first\. Press again in [1-5] s$/);
  // The floor comes free in the rest: the page, finger still down, asks for nothing.
  phone.room.send(route({ rest }));
  await page.waitForTimeout(300);
  expect(floor().slice(before)).toEqual([{ type: 'voice-floor', hold: true }]);
  await page.mouse.up();
  await page.waitForTimeout(100);
  expect(floor().slice(before), 'a press the room ended is not let go again').toEqual([{ type: 'voice-floor', hold: true }]);
  // The player presses again themself.
  await page.mouse.down();
  await expect.poll(() => floor().slice(before)).toEqual([{ type: 'voice-floor', hold: true }, { type: 'voice-floor', hold: true }]);
  await page.mouse.up();
  await expect.poll(() => sent().at(-1)).toEqual({ type: 'voice-floor', hold: false });
  phone.room.send(route({}));
  await expect.poll(() => ptt().textContent()).toBe('Hold to talk');
  await expect.poll(() => page.locator('[data-testid=ptt-hint]').textContent()).toBe('Hold the button, or hold Space or Enter on it');
});

it('another seat holds the floor: named in words, its plate carries a level meter; it can be muted on this device', async () => {
  const { page } = phone;
  phone.room.send(route({ hear: [{ peer: 'page0002', seat: 2 }], floor: { seat: 2, until: Date.now() + 60_000 } }));
  // Names are isolated for right-to-left text (client/log-text.ts): the words around them stay put.
  await expect.poll(async () => (await page.locator('[data-testid=voice-heard]').textContent())?.replace(/[\u2066-\u2069]/g, '')).toContain('#2 Bo has the floor');
  await expect.poll(() => page.locator('svg.table g.seat.voice').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-seat')))).toEqual(['2']);
  expect(await page.locator('svg.table g[data-seat="2"] rect.voice-meter').count()).toBe(1);
  expect(await page.locator('[data-testid=seat-list] li[data-seat="2"]').textContent()).toContain('speaking by voice now');
  await page.locator('.voice-more summary').tap();
  const mute = page.locator('[data-testid=voice-mute][data-seat="2"]');
  await expect.poll(() => mute.getAttribute('aria-pressed')).toBe('false');
  await mute.tap();
  await expect.poll(() => mute.getAttribute('aria-pressed')).toBe('true');
  await page.screenshot({ path: join(SHOTS, 'voice-floor-other-light-390.png') });
  // Every control of the bar has a name a screen reader says, and its colours read (axe-core, serious and critical).
  expect(blocking(await axeScan(page))).toEqual([]);
  // On a desktop the bar holds the foot of the page's width too.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: join(SHOTS, 'voice-floor-other-light-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
});

it('given the word (a speech), the microphone stays open until the player mutes it: a toggle named for a screen reader, pressed while muted, by finger or keyboard; muted, the level reads silence', async () => {
  const { page } = phone;
  const toggle = page.locator('[data-testid=mic-toggle]');
  const myLevel = () => ownLevel(page);
  // Holding the floor needs no toggle: letting go closes the microphone.
  expect(await toggle.count()).toBe(0);
  phone.room.send(route({ mode: 'speech', talk: true, heardBy: ['page0002', 'page0003'] }));
  await expect.poll(micState).toContain('You are speaking: the table hears you');
  expect(await toggle.getAttribute('aria-pressed')).toBe('false');
  expect(await page.getByRole('button', { name: 'Mute my microphone' }).count()).toBe(1);
  // The microphone's tone moves the player's own meter.
  await expect.poll(myLevel).toBeGreaterThan(0.3);
  await toggle.tap();
  await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
  await expect.poll(micState).toContain('You muted your microphone: nobody hears you');
  expect(await page.locator('[data-testid=voice-bar]').getAttribute('data-talk')).toBe('false');
  // The track is disabled: the microphone's own analyser reads silence.
  await expect.poll(myLevel).toBe(0);
  expect(blocking(await axeScan(page))).toEqual([]);
  await page.screenshot({ path: join(SHOTS, 'voice-mic-muted-light-390.png') });
  // The keyboard reaches it: Space on the focused toggle unmutes.
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
  await expect.poll(micState).toContain('You are speaking');
  await expect.poll(myLevel).toBeGreaterThan(0.3);
  phone.room.send(route({}));
  await expect.poll(() => toggle.count()).toBe(0);
});

it('after the socket drops the page joins the voice again; "Leave voice" leaves it', async () => {
  const { page } = phone;
  const joins = () => sent().filter((f) => f.type === 'voice-join' && f.on).length;
  expect(joins()).toBe(1);
  phone.room.drop();
  await expect.poll(joins, { timeout: 20_000 }).toBe(2);
  phone.room.send(route({}));
  if (!(await page.locator('[data-testid=voice-leave]').isVisible())) await page.locator('.voice-more summary').tap();
  await page.locator('[data-testid=voice-leave]').tap();
  await expect.poll(() => sent().at(-1)).toEqual({ type: 'voice-join', on: false });
  await page.locator('[data-testid=voice-join]').waitFor();
  expect(phone.errors).toEqual([]);
});
