// Floor control and the human judge, heard in real browsers (docs/rules-decisions.md O21): a classic
// table of 8 with open days (RULES.md 11, open days) and a human judge, every seat played by a socket
// bot, three seats also on pages of their own in the room's voice (one of them a hostile page that
// keeps its microphone on whatever the room says), a spectator's page and the judge's page; each
// page (a context of one Chromium) has a microphone playing its own tone (toneMic in voice-pages.ts),
// and each page measures what it really plays over WebRTC (a Web Audio AnalyserNode on its output). The judge may always speak and is heard by
// everyone; the judges hear every voice of the step; the open day gives the floor to one voice at a
// time by press to talk (its 60-s cap is the room's alarm: test/worker/voice-relay.test.ts). The
// judge's microphone, open at every step, is the judge's own to mute: muted, nobody hears it.
// A seat voted out is told, at its own last words, to say them now.
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { CreateRoomResponse, JoinResponse } from '../../worker/protocol.ts';
import type { View } from '../../worker/engine/types.ts';
import { SocketBot, roomSocketURL, voteForLast } from './socket-bot.ts';
import { closeVoicePage, hearsOnly, heardText, hostileSending, joinVoice, moment, ownLevel, post, routeOf, voiceBrowser, voicePage, waitFor, type VoicePage } from './voice-pages.ts';

const SHOTS = join(resolve(import.meta.dirname, '../..'), 'test-results/screenshots');
/** Each page's tone: whole Hz, far apart, none a harmonic of another. */
const TONE = { a: 500, b: 750, c: 960, spectator: 1200, judge: 1380 } as const;
type Who = keyof typeof TONE;
const ALL = Object.values(TONE);

let base: string;
let browser: Browser | undefined;
const bots: SocketBot[] = [];
const pages = {} as Record<Who, VoicePage>;
const seat = {} as Record<'a' | 'b' | 'c', SocketBot>;
/** The moments the bots wait at until the test has measured them, and those let go. */
const watched = new Set<string>();
const released = new Set<string>();
/** The seat the day's ballot votes out (c, a civilian: the game goes on, and its last words are the second of two). */
let outByVote = 0;
const figures: string[] = [];

/** The moment a view is at, if the test waits there now (by default the table's, as seat 1 sees it). */
function waitingAt(v: View | null | undefined = bots[0]?.view): string | null {
  const m = v ? moment(v) : '';
  return watched.has(m) && !released.has(m) ? m : null;
}
/** Waits for the bots to reach moment `m`, runs `body` there, then lets the bots play on (a failure too, so the next test still has its moment). */
async function at(m: string, body: () => Promise<void>): Promise<void> {
  await expect.poll(() => waitingAt(), { timeout: 60_000, interval: 100 }).toBe(m);
  try {
    await body();
  } finally {
    released.add(m);
    for (const b of bots) b.decide();
  }
}

/**
 * Every listener at once: each page plays exactly the tones named for it (by who speaks) and no
 * other page's; the figures are kept for the report, under `phase`.
 */
async function measure(phase: string, expected: Partial<Record<Who, Who[]>>): Promise<void> {
  const t0 = Date.now();
  const lines = await Promise.all(
    Object.entries(expected).map(async ([who, from]) => {
      const tones = from.map((f) => TONE[f]);
      const h = await hearsOnly(pages[who as Who], tones, ALL);
      return `${who} hears ${heardText(h, tones)}`;
    }),
  );
  figures.push(`${phase} (measured in ${Date.now() - t0} ms):\n    ${lines.join('\n    ')}`);
}

const micState = (p: VoicePage) => p.page.locator('[data-testid=mic-state]').textContent();
const micToggle = (p: VoicePage) => p.page.locator('[data-testid=mic-toggle]');
let shotMs = 0;
/** A screenshot of the page; `dark`: in the night theme for the shot only (the game shows a day step in the day theme). */
async function shoot(p: VoicePage, name: string, o: { dark?: boolean } = {}): Promise<void> {
  const t0 = Date.now();
  const theme = (on: boolean) => p.page.evaluate((d) => (document.querySelector('.app')!.classList.toggle('dark', d), document.documentElement.classList.toggle('night', d)), on);
  if (o.dark) await theme(true);
  await p.page.screenshot({ path: join(SHOTS, name) });
  if (o.dark) await theme(false);
  shotMs += Date.now() - t0;
}
/** Taps the page's "Mute my microphone" and waits for its pressed state to read `muted`, and its own meter to read silence (muted) or the tone. */
async function muteMic(p: VoicePage, muted: boolean): Promise<void> {
  await micToggle(p).tap();
  await expect.poll(() => micToggle(p).getAttribute('aria-pressed')).toBe(String(muted));
  if (muted) await expect.poll(() => ownLevel(p.page)).toBe(0);
  else await expect.poll(() => ownLevel(p.page)).toBeGreaterThan(0.3);
}
const heardLine = (p: VoicePage) => p.page.locator('[data-testid=voice-heard]').textContent().then((t) => t?.replace(/[\u2066-\u2069]/g, ''));
const ptt = (p: VoicePage) => p.page.locator('[data-testid=push-to-talk]');
/** Whose seat holds the floor in a page's route (null: free). */
const floorOf = async (p: VoicePage) => (await routeOf(p))?.floor?.seat ?? null;

/** Presses the page's push-to-talk with a finger and keeps it down. */
async function press(p: VoicePage): Promise<void> {
  const box = (await ptt(p).boundingBox())!;
  await p.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await p.page.mouse.down();
}

/** Waits until every page's route names `seat` as the floor's holder (null: the floor is free). */
async function floorIs(seatNo: number | null): Promise<void> {
  for (const p of Object.values(pages)) await expect.poll(() => floorOf(p), { timeout: 15_000, interval: 100 }).toBe(seatNo);
}

beforeAll(async () => {
  base = inject('baseURL');
  const long = 180_000;
  const made = await post<CreateRoomResponse>(base, '/api/rooms', { ruleset: 'classic', voice: 'on', spectators: true, humanJudge: true, pace: { preset: 'live', day: 'open', custom: { call: long, lastWords: long, speech: long } } });
  const code = made.code;
  // The day's ballot: every bot votes the chosen seat out (that seat votes as usual).
  const vote = (targets: number[], me: number) => (me !== outByVote && targets.includes(outByVote) ? outByVote : voteForLast(targets, me));
  for (let s = 1; s <= 8; s++) {
    const j = await post<JoinResponse>(base, `/api/rooms/${code}/join`, { name: `P${s}`, ...(s === 1 ? { hostToken: made.hostToken } : {}) });
    const bot = new SocketBot(j.seat!, j.token, `P${s}`, vote);
    bot.aimFirst = true;
    bot.hold = true;
    bot.until = (v) => waitingAt(v) !== null;
    bots.push(bot);
  }
  await Promise.all(bots.map((b) => b.open(roomSocketURL(base, code))));
  // The judge comes in through the host's one-time link.
  bots[0]!.host({ type: 'invite', place: 'judge' });
  await waitFor('the judge’s link', () => bots[0]!.invite !== null, 10_000);
  const judge = await post<JoinResponse>(base, `/api/rooms/${code}/join`, { invite: bots[0]!.invite, name: 'Judge' });
  bots[0]!.host({ type: 'start' });
  await waitFor('the deal', () => bots.every((b) => !!b.view?.me), 15_000);
  const role = (b: SocketBot) => b.view!.me!.role;
  // The killers aim at the first seat they may (aimFirst): the night's victim is the first seat outside their team.
  const victim = bots.find((b) => role(b) !== 'killer')!;
  const civilians = bots.filter((b) => role(b) === 'civilian' && b !== victim);
  Object.assign(seat, { a: bots.find((b) => role(b) === 'killer')!, c: civilians.at(-1)!, b: bots.find((b) => role(b) !== 'killer' && b !== victim && b !== civilians.at(-1))! });
  outByVote = seat.c.seat;
  watched.add('call:killers:1').add('open-day').add(`last-words:${seat.c.seat}:1`);
  figures.push(`deal: a = killer #${seat.a.seat} (${TONE.a} Hz); b = ${role(seat.b)} #${seat.b.seat}, a hostile page (${TONE.b} Hz); c = civilian #${seat.c.seat} (${TONE.c} Hz); a spectator (${TONE.spectator} Hz); the human judge (${TONE.judge} Hz); the night's victim #${victim.seat} has no page`);
  const shared = (browser = await voiceBrowser());
  const opened = await Promise.all([
    voicePage(shared, base, code, 'a', TONE.a, seat.a),
    voicePage(shared, base, code, 'b', TONE.b, seat.b, { hostile: true }),
    voicePage(shared, base, code, 'c', TONE.c, seat.c, { theme: 'dark' }),
    voicePage(shared, base, code, 'spectator', TONE.spectator, null),
    voicePage(shared, base, code, 'judge', TONE.judge, { seat: null, token: judge.token }, { theme: 'dark' }),
  ]);
  Object.assign(pages, { a: opened[0], b: opened[1], c: opened[2], spectator: opened[3], judge: opened[4] });
  await Promise.all(opened.map(joinVoice));
  for (const b of bots) b.release();
}, 120_000);

afterAll(async () => {
  console.log(`floor and judge, what each listener measured:\n  ${figures.join('\n  ')}`);
  for (const b of bots) b.close();
  await Promise.all(Object.values(pages).map(closeVoicePage));
  await browser?.close();
});

it('at the killers’ call the judge is heard by every seat and the spectator, and hears the killers; the hostile page reaches nobody', () =>
  at('call:killers:1', async () => {
    await measure("night 1, the killers' call", { a: ['judge'], judge: ['a'], b: ['judge'], c: ['judge'], spectator: ['judge'] });
    // The hostile page sends its microphone to the judge, whom it hears: the judge plays the killer only (measured above).
    expect(await hostileSending(pages.b), 'the hostile page keeps its microphone on').toBeGreaterThan(0);
    await expect.poll(() => micState(pages.judge)).toContain('You are the judge: everyone hears you');
    await expect.poll(() => micState(pages.c)).toContain('Night: everyone is muted');
    // The judge joined with the microphone open (docs/architecture.md, Voice): the bar offers to mute it.
    expect(await micToggle(pages.judge).getAttribute('aria-pressed')).toBe('false');
    await shoot(pages.judge, 'voice-judge-open-dark-390.png');
  }));

it('the open day: one voice at a time by press to talk; a press while the floor is held waits, unheard, and takes the floor when it is let go', () =>
  at('open-day', async () => {
    for (const p of Object.values(pages)) await expect.poll(async () => (await routeOf(p))?.mode, { timeout: 15_000 }).toBe('floor');
    const { a, b } = pages;
    // Nobody has pressed: no seat is heard, only the judge.
    await measure('day 1, open day, the floor free', { a: ['judge'], b: ['judge'], c: ['judge'], spectator: ['judge'], judge: [] });
    await press(a);
    await floorIs(seat.a.seat);
    await measure(`day 1, #${seat.a.seat} (a) holds the floor`, { a: ['judge'], b: ['a', 'judge'], c: ['a', 'judge'], spectator: ['a', 'judge'], judge: ['a'] });
    // The hostile page presses while the floor is held: refused; it says so, and its microphone (sent to a, whom it hears) is played by nobody.
    await press(b);
    await expect.poll(() => heardLine(b)).toContain(`#${seat.a.seat} P${seat.a.seat} has the floor`);
    await expect.poll(() => ptt(b).textContent()).toBe('Waiting for the floor — keep holding');
    await expect.poll(() => micState(b)).toContain('You are muted');
    expect(await floorOf(b)).toBe(seat.a.seat);
    expect(await hostileSending(b), 'the hostile page sends its microphone').toBeGreaterThan(0);
    await measure(`day 1, #${seat.a.seat} (a) holds the floor, #${seat.b.seat} (b, hostile) presses`, { a: ['judge'], b: ['a', 'judge'], c: ['a', 'judge'], spectator: ['a', 'judge'], judge: ['a'] });
    await b.page.screenshot({ path: join(SHOTS, 'voice-floor-waiting-light-390.png') });
    // a lets go: b, still holding, takes the floor; a is no longer heard.
    await a.page.mouse.up();
    await floorIs(seat.b.seat);
    await expect.poll(() => ptt(b).textContent()).toBe('Talking — let go to pass the floor');
    await measure(`day 1, a let go: #${seat.b.seat} (b) holds the floor`, { a: ['b', 'judge'], b: ['judge'], c: ['b', 'judge'], spectator: ['b', 'judge'], judge: ['b'] });
    // b lets go: the floor is free, and the hostile page's microphone, still sent, is heard by nobody.
    await b.page.mouse.up();
    await floorIs(null);
    await measure(`day 1, b let go: the floor free, the hostile page still sending`, { a: ['judge'], b: ['judge'], c: ['judge'], spectator: ['judge'], judge: [] });
  }));

it('in last words the speaker and the judge are heard by every seat and the spectator, the judge hears the speaker; the judge muted is heard by nobody; the speaker, out, is told to speak', () =>
  at(`last-words:${seat.c.seat}:1`, async () => {
    const { c, judge } = pages;
    // The judge mutes: every listener hears the speaker only, and the speaker nobody.
    const t0 = Date.now();
    await muteMic(judge, true);
    await expect.poll(() => micState(judge)).toContain('You muted your microphone: nobody hears you');
    await measure(`day 1, #${seat.c.seat} (c)'s last words, the judge muted`, { c: [], a: ['c'], b: ['c'], spectator: ['c'] });
    const muting = Date.now() - t0;
    await shoot(judge, 'voice-judge-muted-light-390.png');
    await shoot(judge, 'voice-judge-muted-dark-390.png', { dark: true });
    // Unmuted, the judge is heard again.
    const t1 = Date.now();
    await muteMic(judge, false);
    figures.push(`the judge muted, checked and unmuted in ${muting + Date.now() - t1} ms`);
    await measure(`day 1, #${seat.c.seat} (c)'s last words`, { c: ['judge'], a: ['c', 'judge'], b: ['c', 'judge'], spectator: ['c', 'judge'], judge: ['c'] });
    await shoot(judge, 'voice-judge-open-light-390.png');
    await expect.poll(() => micState(c)).toContain('You are speaking');
    // RULES.md 3, Day 5: "the player with the most votes is out and may leave last words": the banner says both, not that it no longer speaks.
    const banner = c.page.locator('[data-testid=you-out]');
    expect(await banner.textContent()).toBe('You are out (voted out) — Say your last words now; after them you no longer speak or vote.');
    await shoot(c, 'voice-last-words-judge-light-390.png');
    await shoot(c, 'voice-last-words-judge-dark-390.png', { dark: true });
    figures.push(`the bar's and the banner's screenshots took ${shotMs} ms`);
    for (const p of Object.values(pages)) expect(p.errors, `${p.label}'s page errors`).toEqual([]);
  }));
