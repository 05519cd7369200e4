// What the live voice's browser tests share: each page's microphone, a tone of its own (toneMic: the
// page's getUserMedia answers with a sine made by Web Audio, so every page of a file can live in one
// Chromium, a browser context per device), a seat's page (or a spectator's, the judge's) in the
// room's voice, a hostile page that ignores the room, the moments a table's bots wait at, and
// measuring what a page plays (the page's own hook, client/voice-link.ts: a Web Audio AnalyserNode on
// everything it plays; only in the tests' build of the client, dist/client-e2e, which the browser
// tests' wrangler serves). A WAV of a tone (toneWav) is still there for the files that record
// through Chromium's fake capture device.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { View } from '../../worker/engine/types.ts';
import type { VoiceRoute } from '../../worker/protocol.ts';
import { apiHeaders, launch } from './browser.ts';

const dir = mkdtempSync(join(tmpdir(), 'tianhei-voice-'));
/** A WAV tone's peak (full scale 1): about -9 dBFS; the capture path's gain control brings it down to about -30 to -42 dB as a listener plays it. */
const TONE_PEAK = 12_000 / 32_768;
/**
 * toneMic's peak, about -24 dBFS: its track has no audio processing, so it is quieter at the source to
 * play at about the same -30 to -40 dB a capture device's tone played at (Opus's noise around a tone
 * heard stays as far under SILENT_DB as it did); the player's own meter still reads about 0.5.
 */
const MIC_PEAK = 0.06;

/** A 16-bit mono 48 kHz WAV of a sine at `hz` (whole Hz) (Chromium loops it as the fake capture device's microphone); its path. */
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
  for (let i = 0; i < n; i++) b.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * TONE_PEAK * 32_768), 44 + i * 2);
  const path = join(dir, `${hz}.wav`);
  writeFileSync(path, b);
  return path;
}

/**
 * The page's microphone plays a sine at `hz`: getUserMedia answers with a fresh track of a Web Audio
 * oscillator (through a MediaStreamAudioDestinationNode), made in the page's own Chromium process, so
 * pages with different tones can share one browser (Chromium's fake capture file is one per browser
 * process), and no capture device or audio processing runs. The track is a real MediaStreamTrack: a
 * disabled one sends silence, a stopped one ends, and each call makes a new one (joining again after
 * leaving asks again). The oscillator runs in the page's own AudioContext (the app makes it in the
 * tap, before it asks for the microphone: client/voice-audio.ts), so the tone adds no audio thread of
 * its own; in a context of its own if the page has none yet. Runs in the page before the app
 * (context.addInitScript), and before a hostile page's script, which wraps it.
 */
export function toneMic(o: { hz: number; peak: number }): void {
  const Native = window.AudioContext;
  let pages: AudioContext | null = null;
  window.AudioContext = class extends Native {
    constructor(options?: AudioContextOptions) {
      super(options);
      pages ??= this;
    }
  };
  let ctx: AudioContext | null = null;
  let tone: GainNode | null = null;
  navigator.mediaDevices.getUserMedia = async (c?: MediaStreamConstraints) => {
    if (!c?.audio || c.video) throw new DOMException('the test microphone gives audio only', 'NotSupportedError');
    // Asked in the player's tap (the app asks only there), so a context made here may run too.
    ctx ??= pages ?? new Native();
    if (!tone) {
      const osc = ctx.createOscillator();
      osc.frequency.value = o.hz;
      tone = ctx.createGain();
      tone.gain.value = o.peak;
      osc.connect(tone);
      osc.start();
    }
    void ctx.resume();
    const out = ctx.createMediaStreamDestination();
    out.channelCount = 1;
    tone.connect(out);
    const track = out.stream.getAudioTracks()[0]!;
    const stop = track.stop.bind(track);
    track.stop = () => {
      if (track.readyState === 'live') tone?.disconnect(out);
      stop();
    };
    return out.stream;
  };
}

/** The one Chromium a voice file's pages share, each page in a context of its own with its own tone (toneMic). */
export function voiceBrowser(): Promise<Browser> {
  return launch('shell');
}

/** Adds a microphone that plays `hz` (toneMic) to a device's context; before any other script that wraps getUserMedia. */
export async function addToneMic(context: BrowserContext, hz: number): Promise<void> {
  await context.addInitScript(toneMic, { hz, peak: MIC_PEAK });
}

/** Posts JSON to the app's API from an address of its own; the answer's JSON, or throws with the refusal. */
export async function post<T>(base: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(base + path, { method: 'POST', headers: apiHeaders(), body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A moment of the game the tables' bots may wait at while the test measures: `call:killers:1`, `speech:3:1`, `last-words:5:1` (the step, its seat, the round), else the step's kind. */
export function moment(v: View): string {
  const s = v.step;
  if (s.kind === 'call') return `call:${s.call}:${v.round}`;
  if (s.kind === 'speech' || s.kind === 'last-words') return `${s.kind}:${s.seat}:${v.round}`;
  return s.kind;
}

/** What a page plays now (client/voice-audio.ts, probeVoice). */
export interface Probe {
  hz: number;
  db: number;
  at: number[];
  rms: number;
}

/** One device in the room's voice: a context of the file's browser, whose microphone plays `hz`. */
export interface VoicePage {
  label: string;
  hz: number;
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

/** Opens a device in `browser` (voiceBrowser) whose microphone plays `hz`: a seat's page (its token stored as the app stores it; seat null: the human judge's) or a spectator's. */
export async function voicePage(browser: Browser, base: string, code: string, label: string, hz: number, seat: { seat: number | null; token: string } | null, opts: { hostile?: boolean; theme?: 'dark' | 'light' } = {}): Promise<VoicePage> {
  // A 390-px phone: the screenshots are the phone's.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1, reducedMotion: 'reduce', colorScheme: opts.theme ?? 'light', locale: 'en-US', baseURL: base });
  await addToneMic(context, hz);
  if (seat) await context.addInitScript((s) => localStorage.setItem(`tianhei.room.${s.code}`, JSON.stringify({ code: s.code, seat: s.seat, token: s.token, host: false })), { code, ...seat });
  if (opts.hostile) await context.addInitScript(hostile);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.setDefaultTimeout(30_000);
  await page.goto(`/r/${code}`);
  if (!seat) await page.locator('[data-testid=watch]').tap();
  return { label, hz, context, page, errors };
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

/** Polls `ok` every 100 ms until it holds (usable in hooks, where expect.poll is not). */
export async function waitFor(what: string, ok: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** What a listener played over one check: the loudest frequency and the weakest of the tones it should hear (once all were heard), and the loudest of the rest over the whole check (and which). */
export interface Listened {
  hz: number;
  heard: number;
  rest: number;
  restHz: number;
}

/**
 * Another page's tone is not heard: below SILENT_DB, or, beside a voice that is heard, at least this
 * far under the loudest voice heard. A voice heard plays its tone at about -40 dB; Opus's noise
 * around it reaches 35 to 50 dB under that at other frequencies (on a busy machine, with packets
 * lost and concealed, once only 17.8 dB under it: 750 Hz at -61.8 beside 1380 Hz at -44), while a
 * voice that leaks plays its tone as loud as the one heard.
 */
export const UNHEARD_GAP_DB = 12;

/**
 * A page plays every tone of `heard` and none of the rest of `all`: waited for, then the rest held
 * quiet for half a second more (a voice that may not be heard must not leak in between); throws with
 * what it measured.
 */
export async function hearsOnly(p: VoicePage, heard: number[], all: number[]): Promise<Listened> {
  const rest = all.filter((f) => !heard.includes(f));
  const read = async () => {
    const m = await probe(p, [...heard, ...rest]);
    const mine = m.at.slice(0, heard.length);
    const others = m.at.slice(heard.length);
    const loudest = others.indexOf(Math.max(...others));
    return { hz: m.hz, heard: Math.min(...mine), loud: Math.max(...mine), rest: others[loudest] ?? -Infinity, restHz: rest[loudest] ?? 0 };
  };
  type Reading = Awaited<ReturnType<typeof read>>;
  const quiet = (h: Reading) => h.rest < Math.max(SILENT_DB, h.loud - UNHEARD_GAP_DB);
  // Every tone clearly heard once, the loudest sound one of them; the rest quiet all along (a busy machine may drop a heard voice's packets for a moment).
  const ok = (h: Reading) => quiet(h) && (heard.length === 0 || (heard.some((f) => near(h.hz, f)) && h.heard > HEARD_DB));
  const fail = async (h: Reading, when: string) => new Error(`${p.label} should hear ${heard.join(', ') || 'nothing'} of ${all.join(', ')} Hz ${when}: measured ${JSON.stringify(h)}; route ${JSON.stringify(await routeOf(p))}`);
  let last = await read();
  for (const end = Date.now() + 30_000; !ok(last); last = await read()) {
    if (Date.now() > end) throw await fail(last, 'in 30 s');
    await p.page.waitForTimeout(100);
  }
  const worst: Listened = { hz: last.hz, heard: last.heard, rest: last.rest, restHz: last.restHz };
  for (let i = 0; i < 5; i++) {
    await p.page.waitForTimeout(100);
    const h = await read();
    if (!quiet(h)) throw await fail(h, 'all along');
    if (h.rest > worst.rest) Object.assign(worst, { rest: h.rest, restHz: h.restHz });
  }
  return worst;
}

/** A check's figures in words. */
export function heardText(h: Listened, heard: number[]): string {
  const others = `loudest other tone ${h.restHz} Hz at ${h.rest.toFixed(0)} dB`;
  return heard.length ? `${heard.join(' + ')} Hz (peak ${h.hz.toFixed(0)} Hz; weakest of them ${h.heard.toFixed(0)} dB; ${others})` : `nothing (${others})`;
}

/** The level the voice bar's own meter shows now, 0 to 1 (client/voice-meter.ts): the page's microphone as it goes out. */
export function ownLevel(page: Page): Promise<number> {
  return page.locator('[data-voice-level="me"]').evaluate((b) => Number(/scaleX\(([\d.]+)\)/.exec((b as HTMLElement).style.transform)?.[1] ?? 0));
}

/** Closes the device (its context; the file closes the browser). */
export async function closeVoicePage(p: VoicePage | undefined): Promise<void> {
  await p?.context.close().catch(() => {});
}
