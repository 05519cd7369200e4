// A whole `classic` game on a 390-px phone played with the keyboard alone, as a blind player would,
// with what a screen reader hears recorded from the page's live regions. Seven socket bots fill the
// table; a spectator's socket in the same room works out, from its own public
// frames, what the table screen's judge would say aloud (client/table-voice.ts, the same lines a room
// played face to face hears). The phone must say exactly those lines, in order, once each; the one that
// opens the player's own turn or night call interrupts (an assertive region), the rest wait; and when a
// step opens for the player by day, focus is already on its first control (at night it stays put).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { CreateRoomResponse } from '../../worker/protocol.ts';
import { readFrame } from '../read-frame.ts';
import type { View } from '../../worker/engine/types.ts';
import { tableLines } from '../../client/table-voice.ts';
import { apiHeaders, launch } from './browser.ts';
import { recordHeard, type Heard } from './heard.ts';
import { PHONE, playToEnd, type Screen } from './pages.ts';
import { SocketBot, joinBot, roomSocketURL } from './socket-bot.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const OUT = join(ROOT, 'test-results/screen-reader');
const PLAY_CAP_MS = 120_000;
const SEATS = 8;

let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
const log: string[] = [];
let speeches = 0;
const note = (line: string) => log.push(`${new Date().toISOString().slice(11, 23)} ${line}`);

beforeAll(async () => {
  browser = await launch();
  context = await browser.newContext({ ...PHONE, viewport: { width: 390, height: 844 }, locale: 'en-US', baseURL: inject('baseURL') });
  // What a screen reader hears: every line added to a live region, in order, and which region.
  await context.addInitScript(recordHeard);
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
  page.on('pageerror', (e) => pageErrors.push(e.message));
  // The page's own policy refusing its own doings (the favicon's dot) shows only in the console.
  page.on('console', (m) => m.type() === 'error' && pageErrors.push(`console: ${m.text()}`));
});

afterAll(async () => {
  await context?.close().catch(() => {});
  await browser?.close();
});

/** Presses Tab until the focus is on `selector` (a keyboard user's way there); throws past `max` presses. Returns how many it took. */
async function tabTo(selector: string, max = 60): Promise<number> {
  for (let i = 0; i <= max; i++) {
    if (await page.evaluate((sel) => !!document.activeElement?.matches(sel), selector)) return i;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** Whether the focus is on one of the open step's controls (it moved there when the step opened). */
const focusInStep = () => page.evaluate(() => !!document.activeElement?.closest('[data-testid=step]'));

/** One look, at most one move, with the keyboard only. */
async function play(s: Screen, last: { key: string; at: number }, turns: { what: string; focused: boolean }[]): Promise<boolean> {
  if (s.kind !== 'game') return false;
  const key = `${s.step}|${s.heading}|${s.seen}|${s.confirm}|${s.points?.some((p) => p.on)}|${s.pass}|${s.votes?.length}`;
  if (key === last.key && Date.now() - last.at < 3_000) return false;
  last.key = key;
  last.at = Date.now();
  const opened = async (what: string) => {
    // The step opened for this player: by day focus is on its first control without a key pressed; at
    // night it stays put (a screen reader would read the control aloud: a sound only a called phone makes).
    const night = s.phase === 'night';
    if (night) await page.waitForTimeout(300);
    const focused = night
      ? !(await page.evaluate(() => !!document.activeElement?.matches('[data-testid=point-target]')))
      : await expect.poll(focusInStep, { timeout: 2_000 }).toBe(true).then(() => true, () => false);
    turns.push({ what: `${what} (${s.phase})`, focused });
  };
  if (s.seen) {
    await opened('seen');
    await tabTo('[data-testid=seen]');
    await page.keyboard.press('Enter');
    return true;
  }
  if (s.confirm) {
    await tabTo('[data-testid=confirm-pick]:not([disabled])');
    await page.keyboard.press('Enter');
    return true;
  }
  if (s.points!.length && !s.points!.some((t) => t.on)) {
    await opened(`point ${s.call}`);
    const free = s.points!.map((t) => t.seat).filter((t) => t !== s.me && !s.mates!.includes(t));
    const target = free[0] ?? s.points![0]!.seat;
    await tabTo(`[data-testid=point-target][data-seat="${target}"]`);
    await page.keyboard.press('Enter');
    note(`points at #${target} (${s.call})`);
    return true;
  }
  if (s.pass) {
    await opened(`speech ${s.purpose || s.step}`);
    if (s.say) {
      await tabTo('[data-testid=step] textarea');
      await page.keyboard.type('Keyboard only her');
      // The last key and the send in one task, as Tab and Enter on a busy phone: the page has not drawn the
      // last key when the form is sent, and the whole speech must go all the same.
      await page.evaluate(() => {
        const box = document.querySelector<HTMLTextAreaElement>('[data-testid=step] textarea')!;
        box.value += 'e';
        box.dispatchEvent(new InputEvent('input', { bubbles: true }));
        box.form!.requestSubmit();
      });
      await page.locator('[data-testid=feed]', { hasText: 'Keyboard only here' }).waitFor({ timeout: 5_000 });
      speeches++;
    }
    await tabTo('[data-testid=pass]');
    await page.keyboard.press('Enter');
    note(`passes (${s.purpose || s.step})`);
    return true;
  }
  if (s.votes!.length) {
    await opened('vote');
    const pick = s.votes!.find((t) => t !== s.me) ?? s.votes![0]!;
    await tabTo(`[data-testid=vote-target][data-seat="${pick}"]`);
    await page.keyboard.press('Enter');
    await tabTo('[data-testid=vote]:not([disabled])');
    // The control says what it does, with whom.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(new RegExp(`^Vote for #${pick} `));
    await page.keyboard.press('Enter');
    note(`votes #${pick}`);
    return true;
  }
  return false;
}

it('a blind player hears the judge’s every line, once, in order, and plays classic to game over with the keyboard alone', async () => {
  let passed = false;
  const spectator: { ws?: WebSocket } = {};
  const bots: SocketBot[] = [];
  try {
    // Seven socket bots take seats 1–7 (seat 1 hosts) and answer every step at once; they point at and
    // vote for the highest seat they may but this player's, so this player, at seat 8, plays on to the last days.
    const base = inject('baseURL');
    const made = (await (await fetch(`${base}/api/rooms`, { method: 'POST', headers: apiHeaders(), body: JSON.stringify({ ruleset: 'classic', pace: { preset: 'live' }, spectators: true }) })).json()) as CreateRoomResponse;
    const code = made.code;
    const notMine = (targets: number[], me: number) => targets.filter((t) => t !== me && t !== SEATS).at(-1) ?? targets.find((t) => t !== me) ?? targets[0]!;
    for (let i = 1; i < SEATS; i++) {
      const bot = await joinBot(base, code, `Bot${i}`, i === 1 ? made.hostToken : undefined, notMine);
      bot.aimFirst = true;
      bots.push(bot);
    }

    // The table's judge, worked out from a spectator's public frames.
    const expected: string[] = [];
    let seen: View | null = null;
    spectator.ws = new WebSocket(roomSocketURL(base, code), ['tianhei.v1']);
    spectator.ws.onmessage = (e) => {
      const f = readFrame(String(e.data), seen);
      if (f?.type !== 'game') return;
      const next: View = f.logFrom === 0 || !seen ? f.view : { ...f.view, log: [...seen.log.filter((x) => x.seq <= f.logFrom), ...f.view.log] };
      // Every other seat's speech is heard too (the player's own, seat 8, is not).
      expected.push(...tableLines('en', seen, next, (s) => s !== SEATS).map((l) => l.text));
      seen = next;
    };
    await new Promise((ok, fail) => ((spectator.ws!.onopen = ok), (spectator.ws!.onerror = fail)));

    // The player joins by the link with the keyboard: name, Tab, Enter.
    await page.goto(`/r/${code}`);
    await tabTo('[data-testid=name-input]');
    await page.keyboard.type('Dan');
    await tabTo('[data-testid=join]:not([disabled])');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-testid=seat-list] li').count()).toBe(SEATS);
    bots[0]!.host({ type: 'start' });
    await page.locator('[data-testid=game]').waitFor();
    // Not "Tap to see your card": a keyboard (or a desktop) does not tap.
    expect(await page.getByTestId('my-card').innerText()).toBe('Show my card');

    const last = { key: '', at: 0 };
    const turns: { what: string; focused: boolean }[] = [];
    let seatList = '';
    let dawn = '';
    const playMs = await playToEnd(
      page,
      PLAY_CAP_MS,
      async (s) => {
        // The table as a screen reader walks it, once by day with someone speaking.
        if (!seatList && s.step === 'speech') seatList = await page.locator('[data-testid=seat-list]').innerText();
        if (!dawn && s.dawn) dawn = await page.locator('[data-testid=dawn]').innerText().catch(() => '');
        return play(s, last, turns);
      },
      note,
    );
    note(`game over after ${playMs} ms`);
    // The game's last line reaches both.
    await expect.poll(() => expected.at(-1) ?? '').toMatch(/^The game is over/);
    await expect.poll(() => page.evaluate(() => (window as unknown as { heard: Heard[] }).heard.at(-1)?.text ?? '')).toMatch(/^The game is over/);
    const heard = await page.evaluate(() => (window as unknown as { heard: Heard[] }).heard);
    mkdirSync(OUT, { recursive: true });
    writeFileSync(join(OUT, 'announcements.txt'), heard.map((h) => `${h.urgent ? '!' : ' '} ${h.text}`).join('\n') + '\n');
    writeFileSync(join(OUT, 'table-voice.txt'), expected.join('\n') + '\n');
    await page.screenshot({ path: join(OUT, 'game-over-phone.png') });

    // Exactly the table's lines, in order, each once: every seat's turn too, where that turn and the next
    // reached the phone as one frame (a bot's quick pass: docs/protocol.md, Bursts), from the log it carries.
    expect(heard.map((h) => h.text)).toEqual(expected);
    expect(heard[0]!.text).toBe('Everyone, look at your card on your phone. Keep it to yourself.');
    expect(heard.some((h) => h.text === 'Night falls. Everyone, close your eyes.')).toBe(true);
    expect(heard.some((h) => h.text.startsWith('Day breaks.'))).toBe(true);
    // This player's own turns interrupt; nobody else's does.
    const me = Number(await page.locator('[data-testid=seat-list] li', { hasText: /, you,/ }).getAttribute('data-seat'));
    for (const h of heard) {
      const seatTurn = /^Seat (\d+), your (speech|last words)/.exec(h.text);
      if (seatTurn) expect({ line: h.text, urgent: h.urgent }).toEqual({ line: h.text, urgent: Number(seatTurn[1]) === me });
      if (/^(The game is over|Night falls|Day breaks|Last night|A peaceful|The votes|A tie|Seat \d+ is out)/.test(h.text)) expect({ line: h.text, urgent: h.urgent }).toEqual({ line: h.text, urgent: false });
    }
    // Focus was on the step's first control each time a step opened for this player by day, and stayed put at night.
    expect(turns.length).toBeGreaterThan(1);
    expect(speeches, 'speeches typed and sent whole').toBeGreaterThan(0);
    expect(turns.filter((t) => !t.focused)).toEqual([]);
    // The seats read as a list: number, name, alive or out, the speaker.
    expect(seatList).toMatch(/^Seat 8 Dan, you, /m);
    expect(seatList).toContain('speaking now');
    expect(seatList.split('\n').length).toBe(SEATS);
    // The dawn says "Day breaks" once, with the night's news; the card's button says what it does on any device.
    expect(dawn.match(/Day breaks/g)).toHaveLength(1);
    expect(dawn).toMatch(/^☀ Day breaks\. /);
    // No keyboard trap at game over: Tab goes on through the page's controls.
    const stops = new Set<string>();
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      stops.add(await page.evaluate(() => `${document.activeElement?.tagName}|${document.activeElement?.textContent?.slice(0, 30)}`));
    }
    expect(stops.size).toBeGreaterThan(5);
    // The tab's favicon showed this player's turns (its dot), and nothing on the page was refused.
    expect(pageErrors).toEqual([]);
    passed = true;
    console.log(`screen reader game: ${heard.length} lines heard (${heard.filter((h) => h.urgent).length} urgent), ${turns.length} turns of this player\n${heard.map((h) => `${h.urgent ? '!' : ' '} ${h.text}`).join('\n')}`);
  } finally {
    spectator.ws?.close();
    for (const b of bots) b.close();
    if (!passed) {
      mkdirSync(OUT, { recursive: true });
      await page.screenshot({ path: join(OUT, 'failed.png'), fullPage: true, timeout: 10_000 }).catch(() => {});
      console.log(`screen reader game failed\n${log.join('\n')}`);
    }
  }
});
