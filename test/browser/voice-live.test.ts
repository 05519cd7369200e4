// Live voice heard in real browsers: a classic table of 8 (the smallest), every seat played by a
// socket bot, three of them also on a page of their own in the room's voice, plus a spectator's page;
// each page (a context of one Chromium) has a microphone playing its own tone (toneMic in
// voice-pages.ts): the two killers (the second a
// hostile page that keeps its microphone on and its connections open whatever the room says), a
// civilian, and the spectator. Each page measures what it really plays (a Web Audio AnalyserNode on
// its output). RULES.md 2.2 (the killers agree at their call, unseen by the others) and 2.7 (one
// speaker at a time, nobody else may speak meanwhile).
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { CreateRoomResponse, JoinResponse } from '../../worker/protocol.ts';
import type { View } from '../../worker/engine/types.ts';
import { SocketBot, roomSocketURL } from './socket-bot.ts';
import { SILENT_DB, closeVoicePage, hostileSending, joinVoice, moment, peersOf, playsOnly, post, probe, routeOf, voiceBrowser, voicePage, waitFor, type Probe, type VoicePage } from './voice-pages.ts';

const SHOTS = join(resolve(import.meta.dirname, '../..'), 'test-results/screenshots');
/** Each page's tone: whole Hz, far apart, none a harmonic of another. */
const TONE = { killer: 500, hostile: 750, civilian: 960, spectator: 1200 } as const;
type Who = keyof typeof TONE;
const ALL = Object.values(TONE);

let base: string;
let browser: Browser | undefined;
const bots: SocketBot[] = [];
const pages = {} as Record<Who, VoicePage>;
const seat = {} as Record<Exclude<Who, 'spectator'>, SocketBot>;
/** The moments the bots wait at until the test has measured them (see moment), and those let go. */
const watched = new Set<string>();
const released = new Set<string>();
const figures: string[] = [];
const note = (line: string) => figures.push(line);

/** The moment a view is at, if the test waits there now (by default the table's, as seat 1 sees it). */
function waitingAt(v: View | null | undefined = bots[0]?.view): string | null {
  const m = v ? moment(v) : '';
  return watched.has(m) && !released.has(m) ? m : null;
}

/** Waits until a page plays `hz` and no other page's tone; returns what it measured. */
async function hears(p: VoicePage, hz: number): Promise<Probe> {
  const others = ALL.filter((f) => f !== hz);
  let last: Probe | null = null;
  await waitFor(`${p.label} to hear ${hz} Hz only`, async () => playsOnly((last = await probe(p, others)), hz, last.at), 30_000).catch(async (e: Error) => {
    const routes = await Promise.all(Object.values(pages).map(async (x) => `${x.label}: ${JSON.stringify(await routeOf(x))} peers ${JSON.stringify(await peersOf(x))}`));
    throw new Error(`${e.message}; last measured ${JSON.stringify(last)}\n${routes.join('\n')}`);
  });
  return last!;
}

/** A page plays none of the tones: measured ten times over a second while others talk; the loudest reading. */
async function hearsNothing(p: VoicePage): Promise<Probe> {
  let loudest: Probe | null = null;
  for (let i = 0; i < 10; i++) {
    const m = await probe(p, ALL);
    if (!loudest || Math.max(...m.at) > Math.max(...loudest.at)) loudest = m;
    await p.page.waitForTimeout(100);
  }
  expect(Math.max(...loudest!.at), `${p.label} plays no tone: ${JSON.stringify(loudest)}`).toBeLessThan(SILENT_DB);
  return loudest!;
}

const fmt = (m: Probe) => `${m.hz.toFixed(0)} Hz at ${m.db.toFixed(0)} dB (rms ${m.rms.toFixed(0)} dBFS; loudest other tone ${Math.max(...m.at).toFixed(0)} dB)`;
const micState = (p: VoicePage) => p.page.locator('[data-testid=mic-state]').textContent();
const shot = (p: VoicePage, name: string) => p.page.screenshot({ path: join(SHOTS, `voice-${name}-390.png`) });

beforeAll(async () => {
  base = inject('baseURL');
  const long = 180_000;
  const made = await post<CreateRoomResponse>(base, '/api/rooms', { ruleset: 'classic', voice: 'on', spectators: true, pace: { preset: 'live', custom: { call: long, lastWords: long, speech: long } } });
  const code = made.code;
  for (let s = 1; s <= 8; s++) {
    const j = await post<JoinResponse>(base, `/api/rooms/${code}/join`, { name: `P${s}`, ...(s === 1 ? { hostToken: made.hostToken } : {}) });
    const bot = new SocketBot(j.seat!, j.token, `P${s}`);
    bot.aimFirst = true;
    // Every bot waits until the pages are in the voice, then at each moment the test measures, until it is let go.
    bot.hold = true;
    // Each bot judges from its own view: another bot's frame may come a moment later.
    bot.until = (v) => waitingAt(v) !== null;
    bots.push(bot);
  }
  await Promise.all(bots.map((b) => b.open(roomSocketURL(base, code))));
  bots[0]!.host({ type: 'start' });
  await waitFor('the deal', () => bots.every((b) => !!b.view?.me));
  const role = (b: SocketBot) => b.view!.me!.role;
  const killers = bots.filter((b) => role(b) === 'killer');
  // The killers aim at the first seat they may: the civilian with a page is the last civilian, so it lives through night 1.
  Object.assign(seat, { killer: killers[0]!, hostile: killers[1]!, civilian: bots.filter((b) => role(b) === 'civilian').at(-1)! });
  watched.add('call:killers:1');
  for (const b of Object.values(seat)) watched.add(`speech:${b.seat}:1`);
  note(`deal: killers #${seat.killer.seat} (${TONE.killer} Hz) and #${seat.hostile.seat} (the hostile page, ${TONE.hostile} Hz); civilian #${seat.civilian.seat} (${TONE.civilian} Hz); a spectator (${TONE.spectator} Hz)`);
  const shared = (browser = await voiceBrowser());
  const [killer, hostile, civilian, spectator] = await Promise.all([
    voicePage(shared, base, code, 'killer', TONE.killer, seat.killer, { theme: 'dark' }),
    voicePage(shared, base, code, 'hostile', TONE.hostile, seat.hostile, { hostile: true }),
    voicePage(shared, base, code, 'civilian', TONE.civilian, seat.civilian, { theme: 'dark' }),
    voicePage(shared, base, code, 'spectator', TONE.spectator, null),
  ]);
  Object.assign(pages, { killer, hostile, civilian, spectator });
  await shot(killer, 'join-dark');
  for (const p of Object.values(pages)) await joinVoice(p);
  for (const b of bots) b.release();
}, 120_000);

afterAll(async () => {
  console.log(`live voice, what each listener measured:\n  ${figures.join('\n  ')}`);
  for (const b of bots) b.close();
  await Promise.all(Object.values(pages).map(closeVoicePage));
  await browser?.close();
});

/** Lets the bots play on from the moment the test has measured. */
function letGo(m: string): void {
  released.add(m);
  for (const b of bots) b.decide();
}

it('at the killers’ call the killers hear each other; a civilian and a spectator hear silence', async () => {
  await waitFor('the killers’ call', () => waitingAt() === 'call:killers:1');
  const { killer, hostile, civilian, spectator } = pages;
  const k = await hears(killer, TONE.hostile);
  const h = await hears(hostile, TONE.killer);
  note(`night 1, killers' call: killer #${seat.killer.seat} hears ${fmt(k)}; killer #${seat.hostile.seat} hears ${fmt(h)}`);
  const c = await hearsNothing(civilian);
  const s = await hearsNothing(spectator);
  note(`night 1, killers' call: civilian #${seat.civilian.seat} plays at most ${Math.max(...c.at).toFixed(0)} dB at any tone; the spectator ${Math.max(...s.at).toFixed(0)} dB`);
  // In words: the killers' microphones are open to their team only; every other phone is muted.
  await expect.poll(() => micState(killer)).toContain('only your team hears you');
  await expect.poll(() => micState(civilian)).toContain('everyone is muted');
  await shot(killer, 'killers-call-dark');
  await shot(civilian, 'night-muted-dark');
  expect(await peersOf(civilian), 'the civilian has no connection at the killers’ call').toEqual([]);
  expect(await peersOf(spectator), 'the spectator has no connection at the killers’ call').toEqual([]);
  letGo('call:killers:1');
});

it('during each speech every listener hears the speaker’s tone and no other; the hostile seat is heard by nobody out of turn', async () => {
  const hostilePeer = (await routeOf(pages.hostile))!.peer;
  const honest = [pages.killer, pages.civilian, pages.spectator];
  const left = new Set(Object.keys(seat) as Exclude<Who, 'spectator'>[]);
  while (left.size) {
    await waitFor('the next speech of a seat with a page', () => waitingAt()?.startsWith('speech:') ?? false, 90_000);
    const at = waitingAt()!;
    const who = [...left].find((w) => at === `speech:${seat[w].seat}:1`)!;
    left.delete(who);
    const speaker = pages[who];
    for (const p of honest.filter((x) => x !== speaker)) note(`day 1, #${seat[who].seat}'s speech: ${p.label} hears ${fmt(await hears(p, speaker.hz))}`);
    if (who !== 'hostile') {
      // The hostile page still sends its microphone, out of its turn: nobody plays it (the listeners hear the speaker only, above).
      expect(await hostileSending(pages.hostile), 'the hostile page keeps its microphone on').toBeGreaterThan(0);
      // The speaker is linked with the hostile page, a listener, which sends it its microphone anyway: the speaker plays nothing.
      note(`day 1, #${seat[who].seat}'s speech: the speaker plays at most ${Math.max(...(await hearsNothing(speaker)).at).toFixed(0)} dB at any tone`);
      // A listener keeps no connection with the hostile seat.
      for (const p of honest.filter((x) => x !== speaker)) expect(await peersOf(p), `${p.label} holds no connection to the hostile seat out of its turn`).not.toContain(hostilePeer);
      await expect.poll(() => micState(speaker)).toContain('You are speaking');
      await expect.poll(() => micState(pages.spectator)).toContain('spectators are not heard');
    }
    if (who === 'civilian') {
      await shot(speaker, 'speaking-light');
      await shot(pages.spectator, 'listening-light');
    }
    if (who === 'killer') await expect.poll(() => micState(pages.civilian)).toContain('not your turn');
    if (who === 'civilian') {
      // The civilian ends the speech on the page, with the words of a spoken speech: the pass carries the live speech's length, and the feed says it was spoken.
      await expect.poll(() => speaker.page.locator('[data-testid=pass]').textContent()).toBe('I’m done');
      await speaker.page.locator('[data-testid=pass]').tap();
      await expect.poll(() => speaker.page.locator('[data-testid=feed]').textContent(), { timeout: 15_000 }).toMatch(new RegExp(`#${seat.civilian.seat} .*spoke \\(voice, 0:\\d\\d\\)`));
    }
    letGo(at);
    if (who === 'hostile') {
      // The step changed: every honest page the next step does not link with the hostile seat (a listener of
      // another speaker; the next speaker may hear it as a listener) closes its connection to it.
      const unlinked = async (p: VoicePage) => {
        const r = (await routeOf(p))!;
        return !r.hear.some((x) => x.peer === hostilePeer) && !r.heardBy.includes(hostilePeer);
      };
      await waitFor('the next step', () => bots[0]!.view !== null && moment(bots[0]!.view) !== at);
      // Each page gets the next step's route in its own time (a loaded page later than the bot's socket).
      const unlinkedPages = async () => (await Promise.all(honest.map(async (p) => ((await unlinked(p)) ? [p] : [])))).flat();
      await expect.poll(async () => (await unlinkedPages()).length, { message: 'pages the next step unlinks from the hostile seat', timeout: 15_000 }).toBeGreaterThanOrEqual(2);
      for (const p of await unlinkedPages()) await expect.poll(() => peersOf(p), { timeout: 15_000 }).not.toContain(hostilePeer);
    }
  }
  for (const p of Object.values(pages)) expect(p.errors, `${p.label}'s page errors`).toEqual([]);
});
