// What the live voice's browser tests share: a WAV tone per seat, one Chromium per seat whose fake
// microphone plays that tone (the fake capture file is per browser process), a seat's page (or a
// spectator's) in the room's voice, a hostile page that ignores the room, and measuring what a page
// plays (the page's own hook, client/voice-link.ts: a Web Audio AnalyserNode on everything it plays;
// only in the tests' build of the client, dist/client-e2e, which the browser tests' wrangler serves).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { VoiceRoute } from '../../worker/protocol.ts';
import { launch } from './browser.ts';

const dir = mkdtempSync(join(tmpdir(), 'tianhei-voice-'));

/** A 16-bit mono 48 kHz WAV of a sine at `hz` (whole Hz) (Chromium loops it as the fake microphone); its path. */
export function toneWav(hz: number): string {
  const rate = 48_000;
  // One second of a whole number of cycles (hz is whole): the loop joins without a click that would spread over every frequency.
  const n = rate;
  const b = Buffer.alloc(44 + n * 2);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + n * 2, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i++) b.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * 12_000), 44 + i * 2);
  const path = join(dir, `${hz}.wav`);
  writeFileSync(path, b);
  return path;
}

/** What a page plays now (client/voice-audio.ts, probeVoice). */
export interface Probe {
  hz: number;
  db: number;
  at: number[];
  rms: number;
}

/** One device in the room's voice: its own Chromium, whose microphone plays `hz`. */
export interface VoicePage {
  label: string;
  hz: number;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/**
 * A page that ignores the room: its microphone stays on (a track the page turns off is turned on
 * again), every connection it makes or answers carries it from the start, a swap to "no track" sends
 * the microphone instead, and it closes no connection. Runs in the page before the app.
 */
export function hostile(): void {
  let mic: MediaStreamTrack | null = null;
  const gum = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (c) => {
    const s = await gum(c);
    mic = s.getAudioTracks()[0] ?? null;
    return s;
  };
  const enabled = Object.getOwnPropertyDescriptor(MediaStreamTrack.prototype, 'enabled')!;
  Object.defineProperty(MediaStreamTrack.prototype, 'enabled', {
    get(this: MediaStreamTrack) {
      return enabled.get!.call(this) as boolean;
    },
    set(this: MediaStreamTrack) {
      enabled.set!.call(this, true);
    },
  });
  const senders = new Set<RTCRtpSender>();
  const replace = RTCRtpSender.prototype.replaceTrack;
  RTCRtpSender.prototype.replaceTrack = function (this: RTCRtpSender, track: MediaStreamTrack | null) {
    senders.add(this);
    return replace.call(this, mic ?? track);
  };
  // Every connection it makes or answers carries its microphone from the start, whoever may hear whom.
  const describe = RTCPeerConnection.prototype.setLocalDescription;
  RTCPeerConnection.prototype.setLocalDescription = async function (this: RTCPeerConnection, description?: RTCLocalSessionDescriptionInit) {
    for (const tr of this.getTransceivers()) {
      senders.add(tr.sender);
      if (mic) await replace.call(tr.sender, mic);
    }
    return (describe as (d?: RTCLocalSessionDescriptionInit) => Promise<void>).call(this, description);
  } as RTCPeerConnection['setLocalDescription'];
  RTCPeerConnection.prototype.close = function () {};
  // How many of its connections it sends its live microphone on now (the test checks it really is hostile).
  Object.assign(window, { hostileSending: () => [...senders].filter((s) => s.track?.readyState === 'live' && s.track.enabled).length });
}

/** How many connections a hostile page sends its microphone on now. */
export function hostileSending(p: VoicePage): Promise<number> {
  return p.page.evaluate(() => (window as unknown as { hostileSending(): number }).hostileSending());
}

/** Opens a device whose microphone plays `hz`: a seat's page (its token stored as the app stores it) or a spectator's. */
export async function voicePage(base: string, code: string, label: string, hz: number, seat: { seat: number; token: string } | null, opts: { hostile?: boolean; theme?: 'dark' | 'light' } = {}): Promise<VoicePage> {
  const browser = await launch('shell', ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${toneWav(hz)}`]);
  // A 390-px phone: the screenshots are the phone's.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1, reducedMotion: 'reduce', colorScheme: opts.theme ?? 'light', locale: 'en-US', baseURL: base });
  if (seat) await context.addInitScript((s) => localStorage.setItem(`tianhei.room.${s.code}`, JSON.stringify({ code: s.code, seat: s.seat, token: s.token, host: false })), { code, ...seat });
  if (opts.hostile) await context.addInitScript(hostile);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.setDefaultTimeout(30_000);
  await page.goto(`/r/${code}`);
  if (!seat) await page.locator('[data-testid=watch]').tap();
  return { label, hz, browser, context, page, errors };
}

/** Taps "Join voice" and waits for the room's first route. */
export async function joinVoice(p: VoicePage): Promise<void> {
  await p.page.locator('[data-testid=voice-join]').tap();
  await p.page.waitForFunction(() => !!(window as unknown as { tianheiVoice?: { route(): unknown } }).tianheiVoice?.route());
}

/** What the page plays now, with its level at each of `freqs`. */
export function probe(p: VoicePage, freqs: number[]): Promise<Probe> {
  return p.page.evaluate((f) => (window as unknown as { tianheiVoice: { probe(f: number[]): Probe } }).tianheiVoice.probe(f), freqs);
}

/** The page's route now. */
export function routeOf(p: VoicePage): Promise<VoiceRoute | null> {
  return p.page.evaluate(() => (window as unknown as { tianheiVoice: { route(): VoiceRoute | null } }).tianheiVoice.route());
}

/** The peers the page holds a connection with now. */
export function peersOf(p: VoicePage): Promise<string[]> {
  return p.page.evaluate(() => (window as unknown as { tianheiVoice: { peers(): string[] } }).tianheiVoice.peers());
}

/** A tone is heard: the loudest frequency played is within a bin or two of it, well above the floor. */
export const HEARD_DB = -75;
/** Any other tone is not: its level stays below this (a silent page's analyser reads about -150 dB or lower). */
export const SILENT_DB = -95;
const near = (a: number, b: number) => Math.abs(a - b) <= 12;

/** Whether a probe plays `hz` and none of `others`. */
export function playsOnly(m: Probe, hz: number, othersAt: number[]): boolean {
  return near(m.hz, hz) && m.db > HEARD_DB && othersAt.every((db) => db < SILENT_DB);
}

/** Closes the device's browser. */
export async function closeVoicePage(p: VoicePage | undefined): Promise<void> {
  await p?.browser.close().catch(() => {});
}
