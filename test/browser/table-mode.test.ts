// Table mode: a whole `classic` game (RULES.md 3) played face to face, with the table screen
// in a real Chromium page (1280×720) and eight seats played by WebSocket bots. The browser's
// `speechSynthesis` is replaced by a recorder (page.addInitScript), so every line the judge says is
// captured in order. A second socket holding the table screen's own token records the frames the
// screen receives; the lines expected are tableLines over those frames (docs/table-voice.md), and no
// line names a secret. Seat 5's bot is also open on a phone page with sound on: it must never
// vibrate at night (docs/rules-decisions.md T1). Spectators are off: the table screen still gets in.
// In Chinese, a killer's, a police's and a civilian's phones (390 px) watch night 1 (and close after
// it): every phone not called shows the same dark screen, and seat 5 says its speech aloud with one
// "I'm done" button.
// In English, the table screen drops off the network by day, the bots play on, and when it is back
// it says which day it is and whose turn; seat 5's phone, locked meanwhile, shows the current turn once unlocked.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CreateRoomResponse, JoinResponse } from '../../worker/protocol.ts';
import { readFrame } from '../read-frame.ts';
import type { Role, View } from '../../worker/engine/types.ts';
import { stillDue, tableLines } from '../../client/table-voice.ts';
import { apiHeaders, launch } from './browser.ts';
import { PHONE } from './pages.ts';
import { SocketBot } from './socket-bot.ts';

const SHOTS = join(resolve(import.meta.dirname, '../..'), 'test-results/table-mode');
const PLAYERS = 8;

/** Records speechSynthesis.speak and navigator.vibrate (with the phase on screen at that moment); a line is said at once (its `end` comes as it starts). */
function recorders(): void {
  const w = window as unknown as { __spoken: string[]; __vibrated: string[] };
  w.__spoken = [];
  w.__vibrated = [];
  const voices = ['zh-CN', 'en-US', 'es-ES', 'ko-KR'].map((lang) => ({ lang, name: lang, default: false, localService: true, voiceURI: lang }));
  Object.defineProperty(window, 'speechSynthesis', {
    value: {
      speak: (u: { text: string; onend?: () => void }) => {
        w.__spoken.push(u.text);
        u.onend?.();
      },
      cancel: () => {},
      getVoices: () => voices,
      speaking: false,
      pending: false,
    },
  });
  // Utterances as plain objects, so the stand-in voices can be set on them.
  Object.defineProperty(window, 'SpeechSynthesisUtterance', {
    value: class {
      text: string;
      lang = '';
      voice: unknown = null;
      constructor(text: string) {
        this.text = text;
      }
    },
  });
  // The page's sockets, so a test can drop one as a failing network would; `__locked` stops the page
  // seeing frames, as a phone's locked screen does while its socket stays open.
  const Native = window.WebSocket;
  const sockets: WebSocket[] = [];
  const page = window as unknown as { __sockets: WebSocket[]; __locked: boolean };
  page.__sockets = sockets;
  page.__locked = false;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      sockets.push(this);
      this.addEventListener('message', (e) => page.__locked && e.stopImmediatePropagation());
    }
  };
  Object.defineProperty(navigator, 'vibrate', {
    value: () => {
      w.__vibrated.push(document.querySelector<HTMLElement>('[data-testid=game]')?.dataset.phase ?? 'none');
      return true;
    },
  });
}

/**
 * Watches the table screen for its revealed ballot (a MutationObserver, in the page): the most rows
 * and voters it has shown at once, however briefly, so the test need not be polling at that moment.
 */
function watchRevealed(): void {
  const w = window as unknown as { __revealed: { rows: number; voters: number } | null };
  w.__revealed = null;
  new MutationObserver(() => {
    const panel = document.querySelector('[data-testid=revealed]');
    if (!panel) return;
    const rows = panel.querySelectorAll('[data-testid=tally-row]').length;
    const voters = panel.querySelectorAll('[data-testid=tally-voter]').length;
    if (rows > 0 && voters >= (w.__revealed?.voters ?? 0)) w.__revealed = { rows, voters };
  }).observe(document, { childList: true, subtree: true });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => browser?.close());

async function api<T>(path: string, body: object): Promise<T> {
  const res = await fetch(`${inject('baseURL')}${path}`, { method: 'POST', headers: apiHeaders(), body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Waits until `check` holds, polling. */
async function until(check: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A phone (390 px) open on a seat, sound and vibration on, with the recorders. */
async function openPhone(code: string, seat: number, token: string, locale: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const ctx = await browser.newContext({ ...PHONE, viewport: { width: 390, height: 844 }, locale, baseURL: inject('baseURL') });
  await ctx.addInitScript(recorders);
  await ctx.addInitScript(
    ([c, s, tk]) => {
      localStorage.setItem('tianhei.sound', 'on');
      localStorage.setItem(`tianhei.room.${c}`, JSON.stringify({ code: c, seat: Number(s), token: tk, host: false }));
    },
    [code, String(seat), token],
  );
  const page = await ctx.newPage();
  await page.goto(`/r/${code}`);
  return { page, close: () => ctx.close() };
}

const spokenOf = (p: Page) => p.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken);
const textOf = (p: Page) => p.locator('body').innerText();

/**
 * Night 1 on three phones (a killer, a police, a civilian; never the host's): during each call the two
 * phones not called show the same screen, word for word and pixel for pixel; the called one its prompt.
 */
async function nightOnPhones(phones: Record<'killer' | 'police' | 'civilian', Page>, bots: SocketBot[], held: Set<string>): Promise<void> {
  for (const call of ['killers', 'police'] as const) {
    const actor = call === 'killers' ? 'killer' : 'police';
    const others = (['killer', 'police', 'civilian'] as const).filter((r) => r !== actor);
    await phones[actor].locator(`[data-testid=point-panel][data-call=${call}]`).waitFor({ timeout: 15_000 });
    for (const r of others) await phones[r].locator('[data-testid=dark-night]').waitFor();
    const [a, b] = others.map((r) => phones[r]);
    expect(await textOf(a!)).toBe(await textOf(b!));
    // Pixel for pixel too, once (the police's call checks the words only: screenshots cost seconds on a shared machine).
    if (call === 'killers') {
      const shots = await Promise.all([a!, b!].map((p, i) => p.screenshot({ path: join(SHOTS, `phone-night-${call}-${others[i]}.png`) })));
      expect(Buffer.compare(shots[0]!, shots[1]!)).toBe(0);
      await phones[actor].screenshot({ path: join(SHOTS, `phone-night-${call}-called.png`) });
    }
    // Nothing on the dark screen says a role, a team or a call.
    expect(await textOf(a!)).not.toMatch(/杀手|警察|平民|队友|身份/);
    // The call may close now: its actors' bots point.
    held.delete(call);
    for (const bot of bots.filter((x) => x.view?.me?.role === actor)) bot.release();
  }
}

async function playFaceToFace(locale: 'zh-CN' | 'en'): Promise<void> {
  const base = inject('baseURL');
  const wsURL = (code: string) => `${base.replace(/^http/, 'ws')}/api/rooms/${code}/ws`;
  // A 30-s call deadline: the phones below hold a call open while they are looked at.
  const made = await api<CreateRoomResponse>('/api/rooms', { ruleset: 'classic', table: true, spectators: false, pace: { preset: 'live', custom: { call: 30_000 } } });
  const bots: SocketBot[] = [];
  for (let i = 1; i <= PLAYERS; i++) {
    const j = await api<JoinResponse>(`/api/rooms/${made.code}/join`, { name: `${locale}-${i}`, ...(i === 1 ? { hostToken: made.hostToken } : {}) });
    const bot = new SocketBot(j.seat!, j.token, `${locale}-${i}`);
    // The first other seat, and a short pause as players at a table take: the table screen's steps stay long enough to be seen.
    bot.aimFirst = true;
    bot.delayMs = 300;
    bots.push(bot);
  }
  await Promise.all(bots.map((b) => b.open(wsURL(made.code))));
  const host = bots[0]!;
  host.host({ type: 'invite', place: 'table' });
  await until(() => host.invite !== null, 5_000, 'the table link');

  // The table screen, opened from the one-time link; its button is the tap that lets it speak.
  // Reduced motion: the screenshots show a step, not the sky's 1.5-s fade between night and day.
  const tableCtx = await browser.newContext({ viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce', locale, baseURL: base });
  await tableCtx.addInitScript(recorders);
  await tableCtx.addInitScript(watchRevealed);
  const table = await tableCtx.newPage();
  const errors: string[] = [];
  table.on('pageerror', (e) => errors.push(e.message));
  await table.goto(`/r/${made.code}#invite=${host.invite}&place=table`);
  await table.locator('[data-testid=accept-invite]').click();
  await table.locator('[data-testid=table-screen]').waitFor({ timeout: 10_000 }).catch(async (e: Error) => {
    await table.screenshot({ path: join(SHOTS, `failed-${locale}.png`) });
    throw new Error(`${e.message}\n${await table.locator('body').innerText()}\n${errors.join('\n')}`);
  });
  const screen = table.locator('[data-testid=table-screen]');

  // The frames the table screen's token receives, for the expected lines.
  const tableToken = await table.evaluate((c) => (JSON.parse(localStorage.getItem(`tianhei.room.${c}`)!) as { token: string }).token, made.code);
  const frames: View[] = [];
  const spy = new WebSocket(wsURL(made.code), ['tianhei.v1', `seat.${tableToken}`]);
  spy.onmessage = (e) => {
    const old = frames.at(-1);
    const f = readFrame(String(e.data), old ?? null);
    if (f?.type !== 'game') return;
    frames.push(f.logFrom === 0 || !old ? f.view : { ...f.view, log: [...old.log.filter((x) => x.seq <= f.logFrom), ...f.view.log] });
  };
  await new Promise((ok) => (spy.onopen = ok));

  // Seat 5 is also open on a phone, sound and vibration on (the bots kill low seats and vote out high ones, so it lives to speak).
  const phone = await openPhone(made.code, 5, bots[4]!.token, locale);
  await phone.page.locator('[data-testid=lobby]').waitFor();
  const closers = [phone.close];
  /** The night's other phones, closed once night 1 has been looked at. */
  const nightClosers: (() => Promise<void>)[] = [];

  // In Chinese the bots wait at the card reading until a killer's, a police's and a civilian's phones are open.
  const watchNight = locale === 'zh-CN';
  if (watchNight) for (const b of bots) b.hold = true;
  host.host({ type: 'start' });
  let nightPhones: Promise<void> | null = null;
  let speechHeld: Set<string> | null = null;
  if (watchNight) {
    await until(() => bots.every((b) => b.view?.step.kind === 'reading'), 10_000, 'the card reading');
    const roleOf = (b: SocketBot) => b.view!.me!.role as Role;
    const pick = (role: Role) => (roleOf(bots[4]!) === role ? bots[4]! : bots.find((b) => b.seat !== 1 && b.seat !== 5 && roleOf(b) === role)!);
    const seatOf = { killer: pick('killer').seat, police: pick('police').seat, civilian: pick('civilian').seat };
    const phones = {} as Record<'killer' | 'police' | 'civilian', Page>;
    await Promise.all(
      (['killer', 'police', 'civilian'] as const).map(async (r) => {
        const seat = seatOf[r];
        if (seat === 5) return void (phones[r] = phone.page);
        const p = await openPhone(made.code, seat, bots[seat - 1]!.token, locale);
        phones[r] = p.page;
        nightClosers.push(p.close);
      }),
    );
    // Each call of night 1 stays open until its phones have been looked at; seat 5 says its speech (or
    // last words) aloud on day 1, and its phone's one button ends it, not its bot.
    // What follows the first ballot waits until the table screen's revealed ballot has been looked at.
    const held = new Set<string>(['killers', 'police', 'speech-5', 'revealed']);
    for (const b of bots) {
      const call = roleOf(b) === 'killer' ? 'killers' : roleOf(b) === 'police' ? 'police' : null;
      let voted = false;
      b.until = (v) => {
        voted ||= v.step.kind === 'ballot';
        const speaking = (v.step.kind === 'speech' || v.step.kind === 'last-words') && v.step.seat === 5;
        return (
          (v.round === 1 && ((v.step.kind === 'call' && v.step.call === call && held.has(call)) || (b.seat === 5 && held.has('speech-5') && speaking))) ||
          // Whatever follows the first ballot (last words, or a face-off after a tie) waits too: the
          // revealed ballot shows until night falls, and a face-off's quick turns could end the day first.
          (voted && held.has('revealed') && v.step.kind !== 'ballot' && v.phase === 'day')
        );
      };
    }
    // Once night 1 has been looked at, only seat 5's phone stays open: the others would draw the
    // rest of the game for nothing.
    nightPhones = nightOnPhones(phones, bots, held).then(async () => {
      for (const c of nightClosers) await c();
    });
    nightPhones.catch(() => {});
    speechHeld = held;
    for (const b of bots) b.release();
  }

  let shotNight = false;
  let shotDawn = false;
  let shotBallot = false;
  let shotRevealed = false;
  let spoke = false;
  let dropped: { at: number; seat: number; said: number } | null = null;
  let back: { at: number; said: number } | null = null;
  await until(
    async () => {
      const step = await screen.getAttribute('data-step');
      const phase = await screen.getAttribute('data-phase');
      const now = frames.at(-1);
      if (watchNight && phase === 'night' && step === 'call' && !shotNight) {
        shotNight = true;
        await table.screenshot({ path: join(SHOTS, 'table-night.png') });
      }
      if (watchNight && (step === 'last-words' || step === 'speech') && !shotDawn) {
        shotDawn = true;
        await table.screenshot({ path: join(SHOTS, 'table-dawn.png') });
      }
      if (watchNight && step === 'ballot' && !shotBallot) {
        shotBallot = true;
        await table.screenshot({ path: join(SHOTS, 'table-ballot.png') });
      }
      // The revealed ballot, as the page's observer saw it (it may have come and gone between two polls).
      const revealed = watchNight && !shotRevealed ? await table.evaluate(() => (window as unknown as { __revealed: { rows: number; voters: number } | null }).__revealed) : null;
      if (revealed) {
        shotRevealed = true;
        // The revealed ballot: who voted for whom, and each seat's votes.
        expect(revealed.rows).toBeGreaterThan(0);
        expect(revealed.voters).toBeGreaterThan(3);
        // The bots hold the day while it shows: the screenshot catches it still there.
        if (await table.locator('[data-testid=revealed] [data-testid=tally-row]').count()) await table.screenshot({ path: join(SHOTS, 'table-revealed.png') });
        speechHeld?.delete('revealed');
        for (const b of bots) b.release();
      }
      // Seat 5's turn: its phone shows one big "I'm done" and no box to type in; the table the speaker and the countdown.
      if (watchNight && !spoke && now && (now.step.kind === 'speech' || now.step.kind === 'last-words') && now.step.seat === 5) {
        spoke = true;
        await nightPhones;
        const done = phone.page.locator('[data-testid=pass]');
        await done.waitFor();
        expect(await done.innerText()).toBe('过（我说完了）');
        expect(await phone.page.locator('textarea').count()).toBe(0);
        await phone.page.screenshot({ path: join(SHOTS, 'phone-speech.png') });
        await screen.locator('[data-testid=table-speaker]').getByText('5号').waitFor();
        expect(await screen.locator('.countdown b').innerText()).toMatch(/^\d+:\d\d$/);
        await table.screenshot({ path: join(SHOTS, 'table-speech.png') });
        await done.tap();
        speechHeld?.delete('speech-5');
      }
      // In English the table screen drops off the network at the first speech; the bots play on without it.
      if (locale === 'en' && !dropped && now?.step.kind === 'speech') {
        for (const b of bots) b.hold = true;
        await table.waitForTimeout(400); // the moves already sent land, and the screen says them
        dropped = { at: frames.length, seat: (frames.at(-1)!.step as { seat: number }).seat, said: (await spokenOf(table)).length };
        // Seat 5's phone locks its screen at the same moment.
        await phone.page.evaluate(() => ((window as unknown as { __locked: boolean }).__locked = true));
        await tableCtx.setOffline(true);
        await table.evaluate(() => (window as unknown as { __sockets: WebSocket[] }).__sockets.forEach((w) => w.close()));
        await screen.locator('[data-testid=reconnecting]').waitFor();
        for (const b of bots) b.release();
      }
      if (dropped && !back && now && !(now.step.kind === 'speech' && now.step.seat === dropped.seat)) {
        // Two turns on: hold the game still, and bring the screen back.
        for (const b of bots) b.hold = true;
        await table.waitForTimeout(400);
        expect(await screen.locator('[data-testid=reconnecting]').count()).toBe(1);
        back = { at: frames.length, said: (await spokenOf(table)).length };
        expect(back.said).toBe(dropped.said);
        await tableCtx.setOffline(false);
        await screen.locator('[data-testid=reconnecting]').waitFor({ state: 'detached', timeout: 10_000 });
        const where = tableLines(locale, null, frames.at(-1)!).map((l) => l.text);
        await until(async () => (await spokenOf(table)).length >= back!.said + where.length, 5_000, 'the screen to say where the game is');
        const said = (await spokenOf(table)).slice(back.said);
        // Which day, then whose turn: not what it missed.
        expect(said).toEqual(where);
        expect(said[0]).toBe('It is day 1.');
        expect(await screen.getAttribute('data-step')).toBe(frames.at(-1)!.step.kind);
        await table.screenshot({ path: join(SHOTS, 'table-back-en.png') });
        // The phone is unlocked: it still shows the turn it was locked on until it asks the room again.
        const phoneGame = phone.page.locator('[data-testid=game]');
        const turn = (frames.at(-1)!.step as { seat?: number }).seat;
        expect(await phone.page.locator('[data-testid=headline]').innerText()).toContain(`#${dropped.seat}`);
        await phone.page.evaluate(() => {
          (window as unknown as { __locked: boolean }).__locked = false;
          document.dispatchEvent(new Event('visibilitychange'));
        });
        await until(async () => (await phoneGame.getAttribute('data-step')) === frames.at(-1)!.step.kind && (turn === undefined || (await phone.page.locator('[data-testid=headline]').innerText()).includes(`#${turn}`)), 5_000, 'the unlocked phone to show the current turn');
        for (const b of bots) b.release();
      }
      return step === 'over' || !!frames.at(-1)?.result;
    },
    150_000,
    'the game to end',
  );
  if (watchNight) {
    await nightPhones;
    expect(spoke).toBe(true);
    expect(shotRevealed).toBe(true);
  }
  if (locale === 'en') expect(back).not.toBeNull();
  await until(async () => (await spokenOf(table)).length > 0 && !!frames.at(-1)?.result, 5_000, 'the last frame').catch(async (e: Error) => {
    throw new Error(`${e.message}: ${frames.length} frames, spoken ${JSON.stringify(await spokenOf(table))} ${errors.join(';')}`);
  });
  await table.waitForTimeout(500);
  if (watchNight) await table.screenshot({ path: join(SHOTS, 'table-over.png') });

  const spoken = await spokenOf(table);
  const vibrated = (await Promise.all([phone.page].map((p) => p.evaluate(() => (window as unknown as { __vibrated: string[] }).__vibrated)))).flat();
  const lang = locale;
  // What the frames say, pair by pair; across the drop, the screen says where the game is from the frame it came back to.
  // Of a frame's lines the screen says those still due: a turn the frame passed through (a quick pass and
  // the next turn in one frame) is not said aloud at the table (client/table-voice.ts, stillWorth).
  const pairs = (from: number, to: number) => frames.slice(from, to).flatMap((v, i) => tableLines(lang, from + i ? frames[from + i - 1]! : null, v).filter((l) => stillDue(l, v)).map((l) => l.text));
  // (Set inside the polling callback, which TypeScript does not follow.)
  const d = dropped as { at: number } | null;
  const bk = back as { at: number } | null;
  const expected = d && bk ? [...pairs(0, d.at), ...tableLines(lang, null, frames[bk.at - 1]!).map((l) => l.text), ...pairs(bk.at, frames.length)] : pairs(0, frames.length);
  spy.close();
  for (const b of bots) b.close();
  await tableCtx.close();
  for (const c of closers) await c();

  expect(errors).toEqual([]);
  // At least a night, a dawn and a day's turns (a short game ends after one day: about 19 lines).
  expect(spoken.length).toBeGreaterThan(12);
  expect(spoken).toEqual(expected);
  const first = locale === 'zh-CN' ? ['天黑了，请大家低头闭眼。', '杀手请睁眼，杀手请杀人。', '杀手请闭眼。', '警察请睁眼，警察请指认。', '警察请闭眼。', '天亮了，请大家睁眼。'] : ['Night falls. Everyone, close your eyes.', 'Killers, open your eyes. Killers, choose who to kill.', 'Killers, close your eyes.', 'Police, open your eyes. Police, point at who to check.', 'Police, close your eyes.', 'Day breaks. Everyone, open your eyes.'];
  // [001] 3.1: everyone reads their card; then 3.3–3.12.
  expect(spoken[0]).toBe(locale === 'zh-CN' ? '请大家在手机上查看自己的身份牌，不要让别人看到。' : 'Everyone, look at your card on your phone. Keep it to yourself.');
  expect(spoken.slice(1, 7)).toEqual(first);
  // 3.17: each revealed ballot is counted aloud before the verdict or the tie.
  expect(spoken.some((l) => (locale === 'zh-CN' ? /^投票结果：\d+号\d+票/ : /^The votes: seat \d+, \d+ votes?/).test(l))).toBe(true);
  // Nothing said names a secret: no role word except in a call's fixed words and the result.
  const secret = locale === 'zh-CN' ? /(\d+号).*(杀手|警察|平民)|(杀手|警察|平民).*(\d+号)/ : /seat \d+.*(killer|police|civilian)|(killer|police|civilian).*seat \d+/i;
  for (const line of spoken) expect(line).not.toMatch(secret);
  // The phone cued by day (its turns to speak and vote) and never at night.
  expect(vibrated.length).toBeGreaterThan(0);
  expect(vibrated.filter((p) => p === 'night')).toEqual([]);
}

describe('a classic game played face to face, the table screen as the judge’s voice', () => {
  it('in Chinese: says the seed’s script in order, counts each ballot aloud; phones not called are one dark screen at night; a speech ends with I’m done, no typing', () => playFaceToFace('zh-CN'));
  it.skipIf(process.env.ONLY_ZH)('in English: the glossary’s lines; the table screen drops off the network, the bots play on, and back it says the day and whose turn; a locked phone is current once unlocked', () => playFaceToFace('en'));
});
