// One whole `classic` game in real headless Chromium, through the UI: four browser contexts (the
// host's desktop in English, an English and a Chinese phone, a Spanish desktop) create a room, join it
// from the share link and read the lobby in their languages; four WebSocket bots take seats 5..8 over
// HTTP. After the deal, where the four pages hold no killer, no police or no civilian, a bot holding
// one hands its seat to a page of its own (a phone where it can), so each kind of screen is played
// on a page: each page plays every night call, speech and ballot by clicking what its screen offers,
// to the game-over screen, and the bots play their seats at once. (Eight pages drew every event of
// the game eight times; the worker tests prove the rules, this file the screens.) The Chinese phone's
// tab is closed and reopened mid-game and must find its seat again. On failure every page is saved to
// test-results/screenshots/. With E2E_SHOTS=<dir>, a passing run also saves a few screenshots there
// (a killer's night and a ballot on a phone, game over).
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launch } from './browser.ts';
import { SocketBot, joinBot } from './socket-bot.ts';
import { DESKTOP, PHONE, answerFlow, anyChange, peekRole, press, readScreen, screenMovedOn, type Player, type Screen } from './pages.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const FAIL_SHOTS = join(ROOT, 'test-results/screenshots');
const SHOTS = process.env.E2E_SHOTS || '';
/** The whole game (after everyone sits down) must end within this; live deadlines are 45–90 s, so
 *  a game that ends in time was played by the clicks, not by deadlines. */
const PLAY_CAP_MS = 150_000;
/** The same decision is not taken twice within this time (the server's answer may be on its way). */
const SAME_DECISION_MS = 4_000;


// The first creates the room (seat 1, host); the others join in this order (seats 2..4).
const PLAYERS: Player[] = [
  { name: 'Ann', phone: false, locale: 'en-US' },
  { name: 'Bo', phone: true, locale: 'en-US' },
  { name: '小明', phone: true, locale: 'zh-CN' },
  { name: 'Carmen', phone: false, locale: 'es-ES' },
];
/** Seats 5..8: bots, one of which moves to a page of its own (this device) where the pages lack its role. */
const SEATED_BY_BOTS: Player[] = [
  { name: 'Dev', phone: true, locale: 'en-US' },
  { name: 'Eve', phone: false, locale: 'en-US' },
  { name: 'Fay', phone: true, locale: 'en-US' },
  { name: 'Gus', phone: false, locale: 'en-US' },
];
/** This phone's tab is closed and reopened once the first day starts. */
const RELOADED = 2;

interface Seated extends Player {
  context: BrowserContext;
  page: Page;
  seat: number;
  role: string;
  lastDecision: { key: string; at: number };
  acted: number;
  pageErrors: string[];
}



let browser: Browser;
const players: Seated[] = [];
/** The seats played by bots (5..8, less any moved to a page). */
const bots: SocketBot[] = [];
const log: string[] = [];
const note = (line: string) => log.push(`${new Date().toISOString().slice(11, 23)} ${line}`);

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

async function shot(p: Seated, file: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await p.page.screenshot({ path: join(SHOTS, file), fullPage: true });
}

async function newPlayer(pl: Player): Promise<Seated> {
  const context = await browser.newContext({ ...(pl.phone ? PHONE : DESKTOP), locale: pl.locale, baseURL: inject('baseURL') });
  const p: Seated = { ...pl, context, page: null as never, seat: 0, role: '', lastDecision: { key: '', at: 0 }, acted: 0, pageErrors: [] };
  p.page = await openPage(p);
  return p;
}

async function openPage(p: Seated): Promise<Page> {
  const page = await p.context.newPage();
  page.setDefaultTimeout(30_000);
  page.on('pageerror', (e) => p.pageErrors.push(e.message));
  page.on('dialog', (d) => void d.dismiss());
  return page;
}

async function mySeat(p: Seated): Promise<number> {
  return Number(await p.page.locator('svg.table g.me').getAttribute('data-seat'));
}

/** One look at one page; does at most one thing its player may do. Returns whether it acted. */
async function play(p: Seated, s: Screen, round: { n: number }): Promise<boolean> {
  if (s.kind !== 'game') return false;
  const decide = (key: string) => {
    const k = `${s.step}|${s.heading}|${key}`;
    if (p.lastDecision.key === k && Date.now() - p.lastDecision.at < SAME_DECISION_MS) return false;
    p.lastDecision = { key: k, at: Date.now() };
    return true;
  };
  if ((s.seen || s.confirm) && decide(s.seen ? 'seen' : 'confirm')) return answerFlow(p, s);

  // A night call: point once (a pointer already set means this player has answered).
  if (s.points!.length && !s.points!.some((t) => t.on)) {
    if (!decide('point')) return false;
    const free = s.points!.map((t) => t.seat).filter((t) => t !== s.me && !s.mates!.includes(t));
    // Killers take the lowest seat that is not one of them; police check the highest.
    const target = (p.role === 'killer' ? free[0] : free.at(-1)) ?? s.points![0]!.seat;
    if (SHOTS && p.phone && p.role === 'killer' && !shotsTaken.has('night')) {
      shotsTaken.add('night');
      await shot(p, 'night-killer-phone.png');
    }
    await press(p, `[data-testid=point-target][data-seat="${target}"]`);
    note(`${p.name} (#${p.seat} ${p.role}) points at #${target}`);
    return true;
  }

  // A speech or last words: sometimes say something, then pass.
  if (s.pass) {
    if (!decide('pass')) return false;
    if (s.say && (p.seat + round.n++) % 3 === 0) {
      const text = `I trust #${(p.seat % 8) + 1}, says ${p.name}.`;
      await p.page.locator('[data-testid=step] textarea').fill(text);
      await press(p, '[data-testid=step] form button[type=submit]');
      said.push(text);
      note(`${p.name} (#${p.seat}) says "${text}"`);
    }
    await press(p, '[data-testid=pass]');
    note(`${p.name} (#${p.seat}) passes`);
    return true;
  }

  // A ballot: the lowest candidate that is not this player (votes bunch up, so ties are rare).
  if (s.votes!.length) {
    if (!decide('vote')) return false;
    if (SHOTS && p.phone && !shotsTaken.has('ballot')) {
      shotsTaken.add('ballot');
      await shot(p, 'ballot-phone.png');
    }
    const target = s.votes!.find((t) => t !== s.me);
    if (target === undefined && s.canAbstain) {
      await press(p, '[data-testid=abstain]');
      note(`${p.name} (#${p.seat}) abstains`);
      return true;
    }
    const pick = target ?? s.votes![0]!;
    await press(p, `[data-testid=vote-target][data-seat="${pick}"]`);
    await press(p, '[data-testid=vote]:not([disabled])');
    note(`${p.name} (#${p.seat}) votes #${pick}`);
    return true;
  }
  return false;
}

const shotsTaken = new Set<string>();
/** What the players typed in their speeches: every page's game record must show it. */
const said: string[] = [];

it('four browsers and four bots play a classic game from creating the room to game over, a killer, a police and a civilian on pages', async () => {
  let passed = false;
  const errorsSeen = new Set<string>();
  try {
    const t0 = Date.now();
    // ------------------------------------------------------------ room and seats
    players.push(...(await Promise.all(PLAYERS.map(newPlayer))));
    const host = players[0]!;
    await host.page.goto('/');
    note(`${players.length} contexts and the home page in ${Date.now() - t0} ms`);
    await host.page.locator('[data-testid=ruleset-classic]').check();
    await host.page.locator('[data-testid=create-form] [data-testid=name-input]').fill(host.name);
    await press(host, '[data-testid=create]');
    const link = await host.page.locator('[data-testid=invite-link]').inputValue();
    expect(link).toMatch(/\/r\/[23456789A-HJKMNP-Z]{8}$/);
    note(`room ${link} (${Date.now() - t0} ms)`);

    // The other pages open the link and type a name at once; they press Join one after the other, so
    // the seats follow the order of PLAYERS.
    await Promise.all(
      players.slice(1).map(async (p) => {
        await p.page.goto(link);
        await p.page.locator('[data-testid=name-input]').fill(p.name);
      }),
    );
    note(`the others have typed their names (${Date.now() - t0} ms)`);
    for (const p of players.slice(1)) {
      await press(p, '[data-testid=join]');
      await p.page.locator('[data-testid=lobby]').waitFor();
      // A guest reads what the table still needs (classic seats 8 to 16), in its own language.
      if (p === players[1]) await expect.poll(() => p.page.getByTestId('start-line').innerText()).toBe('Needs 8–16 players (now 2)');
      if (p === players[2]) await expect.poll(() => p.page.getByTestId('start-line').innerText()).toBe('需要 8–16 人（现在 3 人）');
    }
    // Seats 5..8 join over HTTP, and hold still until the pages have read the deal.
    const code = link.split('/').at(-1)!;
    const base = inject('baseURL');
    for (const pl of SEATED_BY_BOTS) {
      const bot = await joinBot(base, code, pl.name);
      bot.hold = true;
      bots.push(bot);
    }
    expect(bots.map((b) => b.seat)).toEqual([5, 6, 7, 8]);
    note(`everyone is in the lobby (${Date.now() - t0} ms)`);
    await expect.poll(() => players[1]!.page.getByTestId('start-line').innerText()).toBe('Enough players: waiting for the host to start');
    await expect.poll(() => players[3]!.page.getByTestId('start-line').innerText()).toBe('Ya sois suficientes: esperando a que el anfitrión empiece');
    await expect.poll(() => host.page.getByTestId('start-line').innerText()).toBe('Enough players: you can start');
    await press(host, '[data-testid=start]');
    await Promise.all(
      players.map(async (p) => {
        await p.page.locator('[data-testid=game]').waitFor();
        p.seat = await mySeat(p);
        p.role = await peekRole(p);
      }),
    );
    expect(players.map((p) => p.seat)).toEqual([1, 2, 3, 4]);
    await expect.poll(() => bots.every((b) => !!b.view?.me?.role)).toBe(true);
    const dealt = [...players.map((p) => p.role), ...bots.map((b) => b.view!.me!.role as string)];
    expect(dealt.filter((r) => r === 'killer')).toHaveLength(2);
    expect(dealt.filter((r) => r === 'police')).toHaveLength(2);
    note(`dealt: ${dealt.map((r, i) => `#${i + 1} ${r}`).join(', ')} (${Date.now() - t0} ms to seat everyone)`);

    // A killer's, a police's and a civilian's screen each play on a page: where the four pages lack
    // one, a bot holding it (a phone's seat first) puts its seat on a page of its own, by its token.
    for (const role of ['killer', 'police', 'civilian']) {
      if (players.some((p) => p.role === role)) continue;
      const holders = bots.filter((b) => b.view!.me!.role === role);
      const bot = holders.find((b) => SEATED_BY_BOTS[b.seat - 5]!.phone) ?? holders[0]!;
      bot.close();
      bots.splice(bots.indexOf(bot), 1);
      const p = await newPlayer(SEATED_BY_BOTS[bot.seat - 5]!);
      await p.context.addInitScript(([c, seat, token]) => localStorage.setItem(`tianhei.room.${c}`, JSON.stringify({ code: c, seat: Number(seat), token, host: false })), [code, String(bot.seat), bot.token]);
      await p.page.goto(link);
      await p.page.locator('[data-testid=game]').waitFor();
      p.seat = await mySeat(p);
      expect(p.seat).toBe(bot.seat);
      p.role = await peekRole(p);
      expect(p.role).toBe(role);
      players.push(p);
    }
    expect(new Set(players.map((p) => p.role)), 'a killer, a police and a civilian on screen').toEqual(new Set(['killer', 'police', 'civilian']));
    for (const b of bots) b.release();
    note(`pages play seats ${players.map((p) => `#${p.seat}`).join(', ')}; bots seats ${bots.map((b) => `#${b.seat}`).join(', ')}`);

    // ------------------------------------------------------------ the game, by clicks
    const end = Date.now() + PLAY_CAP_MS;
    const round = { n: 0 };
    let reloaded = false;
    for (;;) {
      if (Date.now() > end) throw new Error(`no game over after ${PLAY_CAP_MS / 1000} s`);
      let acted = false;
      let over = 0;
      for (const p of players) {
        const s = await p.page.evaluate(readScreen);
        for (const e of s.errors ?? []) errorsSeen.add(e);
        if (s.kind === 'over') over++;
        if (!reloaded && p === players[RELOADED] && s.kind === 'game' && s.phase === 'day') {
          // Close the tab and open the room again in a new one: the seat comes back by itself.
          reloaded = true;
          await p.page.close();
          p.page = await openPage(p);
          await p.page.goto(link);
          await p.page.locator('[data-testid=game]').waitFor();
          expect(await mySeat(p)).toBe(p.seat);
          expect(await peekRole(p)).toBe(p.role);
          note(`${p.name} (#${p.seat}) reopened the tab and is back in the seat`);
          acted = true;
          continue;
        }
        try {
          if (await play(p, s, round)) {
            p.acted++;
            acted = true;
          }
        } catch (e) {
          // The screen moved on between looking and clicking: look again next time.
          note(`${p.name}: ${screenMovedOn(e)}`);
        }
      }
      // A bot whose move was refused or lost looks again.
      for (const b of bots) b.decide();
      if (over === players.length) break;
      if (!acted) await anyChange(players.map((p) => p.page));
    }
    expect(reloaded, 'the reopened tab was tested during the day').toBe(true);
    expect(said.length, 'some speeches had words').toBeGreaterThan(0);
    note(`game over after ${Date.now() - t0} ms`);

    // ------------------------------------------------------------ the end, on every screen
    let roles: string[] | undefined;
    let winner: string | undefined;
    for (const p of players) {
      const page = p.page;
      const w = await page.locator('[data-testid=winner]').getAttribute('data-winner');
      expect(['good', 'killers', 'draw']).toContain(w);
      expect(await page.locator('[data-testid=winner]').innerText()).not.toBe('');
      const mine = await page.locator('[data-testid=role]').evaluateAll((li) => li.map((e) => e.getAttribute('data-role') ?? ''));
      expect(mine).toHaveLength(8);
      expect(mine[p.seat - 1], `${p.name}'s own card`).toBe(p.role);
      roles ??= mine;
      winner ??= w!;
      expect(mine).toEqual(roles);
      expect(w).toBe(winner);
      expect(await page.locator('[data-testid=deal-check]').getAttribute('data-ok')).toBe('true');
      // Each player reads whether they won: the killers win with the killers' cards, the good side with the rest.
      const mineWon = w === 'draw' ? 'youDraw' : (p.role === 'killer') === (w === 'killers') ? 'youWon' : 'youLost';
      expect(await page.locator('[data-testid=my-outcome]').getAttribute('data-outcome'), `${p.name}'s outcome`).toBe(mineWon);
      // Every seat on the table is drawn in its role's colour.
      expect(await page.locator('svg.table g[data-seat] circle.role').count()).toBe(8);
      expect(p.acted, `${p.name} played through the UI`).toBeGreaterThan(0);
      const record = await page.locator('.record').innerText();
      for (const text of said) expect(record).toContain(text);
      expect(p.pageErrors, `${p.name}: uncaught errors in the page`).toEqual([]);
    }
    // The bots' seats end the same game: the same winner and cards as every page shows.
    for (const b of bots) {
      await expect.poll(() => b.view?.result?.winner, { message: `${b.name} sees the same result` }).toBe(winner);
      expect(b.view!.result!.roles, `${b.name}: the same cards`).toEqual(roles);
    }
    if (SHOTS) await shot(players.find((p) => !p.phone)!, 'game-over-desktop.png');
    note(`winner: ${winner}; errors shown to players: ${[...errorsSeen].join(' | ') || 'none'}`);
    passed = true;
  } finally {
    if (!passed) {
      mkdirSync(FAIL_SHOTS, { recursive: true });
      for (const p of players) {
        await p.page
          .screenshot({ path: join(FAIL_SHOTS, `classic-game-${p.seat || players.indexOf(p) + 1}-${p.phone ? 'phone' : 'desktop'}.png`), fullPage: true, timeout: 10_000 })
          .catch(() => {});
      }
      console.log(`classic game failed; screenshots in ${FAIL_SHOTS}\n${log.join('\n')}`);
    } else if (process.env.E2E_LOG) {
      console.log(log.join('\n'));
    }
    for (const b of bots) b.close();
    await Promise.all(players.map((p) => p.context.close().catch(() => {})));
  }
});
