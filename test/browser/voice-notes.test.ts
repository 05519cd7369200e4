// A voice note heard by another seat (games over days): in an async `classic` room with voice on,
// the seat whose turn it is records its speech on a 390-px phone (Chromium's fake microphone plays a
// 440 Hz tone this test writes as a WAV), plays it back and sends it; another seat's phone shows it
// in the feed with its length and plays it, and a Web Audio AnalyserNode on that page hears the
// tone. The other seats are socket bots that play the night and stop at the first speech turn.
// Screenshots of the recorder and the feed, night and day themes: test-results/voice-notes/.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { CreateRoomResponse } from '../../worker/protocol.ts';
import { apiHeaders, launch } from './browser.ts';
import { joinBot, type SocketBot } from './socket-bot.ts';
import { toneWav } from './voice-pages.ts';

const TONE_HZ = 440;
const SHOTS = resolve(import.meta.dirname, '../../test-results/voice-notes');
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1, reducedMotion: 'reduce' } as const;


let browser: Browser;
const bots: SocketBot[] = [];
beforeAll(async () => {
  const wav = toneWav(TONE_HZ);
  browser = await launch('shell', [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wav}`,
    '--autoplay-policy=no-user-gesture-required',
  ]);
});
afterAll(async () => {
  for (const b of bots) b.close();
  await browser?.close();
});

/** A seat's phone on the room page, signed in with the seat's token as the page stores it. */
async function phoneOf(base: string, code: string, bot: SocketBot, dark: boolean): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, baseURL: base, locale: 'en-US', colorScheme: dark ? 'dark' : 'light' });
  await context.addInitScript(
    ([key, value]) => localStorage.setItem(key!, value!),
    [`tianhei.room.${code}`, JSON.stringify({ code, seat: bot.seat, token: bot.token, host: false })],
  );
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(`/r/${code}`);
  return page;
}

/** The length an <audio> element reads, in seconds (Infinity while it does not know it). */
function lengthOf(audio: Locator): Promise<number> {
  return audio.evaluate((el: HTMLAudioElement) => el.duration);
}

/** The night theme on the page (in a game the sky follows the phase; the day's speech is light). */
async function theme(page: Page, dark: boolean): Promise<void> {
  await page.evaluate((d) => document.querySelector('.app')?.classList.toggle('dark', d), dark);
}

it('a seat records its speech, sends it, and another seat hears the tone in the feed', async () => {
  const base = inject('baseURL');
  mkdirSync(SHOTS, { recursive: true });
  const res = await fetch(`${base}/api/rooms`, { method: 'POST', headers: apiHeaders(), body: JSON.stringify({ ruleset: 'classic', pace: { preset: 'async', day: 'turns' }, voice: 'on' }) });
  expect(res.status).toBe(201);
  const { code, hostToken } = (await res.json()) as CreateRoomResponse;
  for (let i = 1; i <= 8; i++) bots.push(await joinBot(base, code, ['Kim', 'Ana', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus'][i - 1]!, i === 1 ? hostToken : undefined));
  // Nobody passes a speech: the bots play the reading and the night only.
  for (const b of bots) b.until = (v) => v.step.kind === 'speech' || v.step.kind === 'last-words';
  bots[0]!.host({ type: 'start' });
  let speaker: SocketBot | undefined;
  for (let i = 0; i < 600 && !speaker; i++) {
    await new Promise((r) => setTimeout(r, 100));
    speaker = bots.find((b) => b.view?.legal.some((a) => a.type === 'say'));
  }
  expect(speaker, 'a speech turn opens after night 1').toBeDefined();
  const listener = bots.find((b) => b !== speaker && b.view?.seats[b.seat - 1]?.alive)!;

  const talker = await phoneOf(base, code, speaker!, false);
  await talker.locator('[data-testid=voice-record]').click();
  const recordedFrom = Date.now();
  await talker.locator('[data-testid=voice-timer]').waitFor();
  await talker.waitForTimeout(2_600);
  await expect.poll(() => talker.locator('[data-testid=voice-timer]').textContent()).toMatch(/Recording 0:0[2-9] \/ 2:00/);
  await talker.screenshot({ path: join(SHOTS, 'recording-light.png') });
  await theme(talker, true);
  await talker.screenshot({ path: join(SHOTS, 'recording-dark.png') });
  await theme(talker, false);
  await talker.locator('[data-testid=voice-stop]').click();
  // The note lasts from the tap on record to the tap on stop: about 3 s on an idle machine, longer when
  // the screenshots above were slow. Its length in words may be a second either side of that time.
  const held = (Date.now() - recordedFrom) / 1000;
  const said = `0:0(${[Math.floor(held) - 1, Math.floor(held), Math.ceil(held)].filter((n) => n >= 1 && n <= 9).join('|')})`;
  await talker.locator('[data-testid=voice-preview]').waitFor();
  expect(await talker.locator('[data-testid=voice-preview]').getAttribute('aria-label')).toMatch(new RegExp(`^Your voice speech, ${said}: listen before sending$`));
  // The player's bar knows the note's length (a MediaRecorder file carries none: the bar sat at its end, not draggable).
  await expect.poll(() => lengthOf(talker.locator('[data-testid=voice-preview]')), { timeout: 10_000 }).toBeLessThan(held + 1);
  expect(await lengthOf(talker.locator('[data-testid=voice-preview]'))).toBeGreaterThan(1.5);
  await talker.screenshot({ path: join(SHOTS, 'preview-light.png') });
  await talker.locator('[data-testid=voice-send]').click();
  await talker.locator('[data-testid=feed] [data-testid=voice-note]').waitFor();

  const hearer = await phoneOf(base, code, listener, false);
  const audio = hearer.locator('[data-testid=feed] [data-testid=voice-note] audio');
  await expect.poll(() => audio.getAttribute('src'), { timeout: 15_000 }).toMatch(/^blob:/);
  expect(await audio.getAttribute('aria-label')).toMatch(new RegExp(`^#${speaker!.seat} ${['Kim', 'Ana', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus'][speaker!.seat - 1]}’s voice speech, ${said}$`));
  await expect.poll(() => lengthOf(audio), { timeout: 10_000 }).toBeLessThan(held + 1);
  expect(await lengthOf(audio)).toBeGreaterThan(1.5);
  expect(await audio.evaluate((el: HTMLAudioElement) => el.currentTime), 'rewound after its length was read').toBe(0);
  await hearer.locator('[data-testid=feed]').scrollIntoViewIfNeeded();
  await hearer.screenshot({ path: join(SHOTS, 'feed-light.png') });
  await theme(hearer, true);
  await hearer.screenshot({ path: join(SHOTS, 'feed-dark.png') });

  // The listener's page plays the note through an AnalyserNode: the loudest frequency is the tone's.
  const peak = await audio.evaluate(async (el: HTMLAudioElement) => {
    const ctx = new AudioContext();
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 8192;
    ctx.createMediaElementSource(el).connect(analyser);
    analyser.connect(ctx.destination);
    await ctx.resume();
    await el.play();
    await new Promise((r) => setTimeout(r, 1_200));
    const bins = new Float32Array(analyser.frequencyBinCount);
    analyser.getFloatFrequencyData(bins);
    let best = 0;
    for (let i = 1; i < bins.length; i++) if (bins[i]! > bins[best]!) best = i;
    return { hz: (best * ctx.sampleRate) / analyser.fftSize, db: bins[best]! };
  });
  console.log(`the listener's AnalyserNode: peak ${peak.hz.toFixed(1)} Hz at ${peak.db.toFixed(1)} dB (tone ${TONE_HZ} Hz)`);
  expect(Math.abs(peak.hz - TONE_HZ)).toBeLessThan(15);
  expect(peak.db).toBeGreaterThan(-60);

  // The story drawer plays the same note, named the same way.
  await theme(hearer, false);
  await hearer.locator('[data-testid=history-open]').click();
  const inStory = hearer.locator('[data-testid=history] [data-testid=voice-note] audio');
  await expect.poll(() => inStory.getAttribute('src'), { timeout: 15_000 }).toMatch(/^blob:/);
  expect(await inStory.getAttribute('aria-label')).toBe(await audio.getAttribute('aria-label'));
  await inStory.scrollIntoViewIfNeeded();
  await hearer.screenshot({ path: join(SHOTS, 'story-light.png') });
});
