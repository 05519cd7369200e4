// One whole `butterfly` (version 4.0, RULES.md 7) game to the end, 11 players: four real headless
// Chromium pages (two phone-sized, two desktop) join through the UI and read their cards, and the
// other seven seats are WebSocket bots that act only from the `legal` list of their own `game`
// frames. The host page creates the room through the home page form and starts it; the other pages
// join from the invite link; the bots join over HTTP. After the deal the second desktop's seat goes
// to a bot on its token (its screen is the host's without the host tools), unless it holds the
// pages' only card with a night call; the others play to the end. The pages do every move their players get: the night
// calls (hug, shot, injection, kill, check, mute) by pointing, defences and last words by passing
// (sometimes after a few words), and their vote when their turn comes.
// On failure every page is saved to test-results/screenshots/.
//
// Pace: the room is `live`, except that the call deadline is 10 s (the shortest allowed) instead
// of 60 s, set in the form's custom deadlines. The reason: a call nobody can answer (the role is out) lasts a seeded
// 3–20 s with a 60 s deadline (D11), which adds up over a long game; with 10 s they wait under 4 s each.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { JoinResponse } from '../../worker/protocol.ts';
import { apiHeaders, launch } from './browser.ts';
import { DESKTOP, PHONE, answerFlow, anyChange, openPlayer, createRoom, peekRole, press, readScreen, screenMovedOn, type Player, type Screen } from './pages.ts';
import { SocketBot, roomSocketURL, voteForLast as voteFor } from './socket-bot.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const FAIL_SHOTS = join(ROOT, 'test-results/screenshots');
/** The whole game (after everyone sits down) must end within this. */
const PLAY_CAP_MS = 120_000;
/** The call deadline this room plays with (see the top of the file). */
const CALL_MS = 10_000;
/** The same decision is not taken twice within this time (the server's answer may be on its way). */
const SAME_DECISION_MS = 4_000;
const PLAYERS_N = 11;


// Seats 1..4, in this order (the first creates the room and hosts); bots take seats 5..11.
const PAGES: Player[] = [
  { name: 'Ann', phone: false, locale: 'en-US' },
  { name: 'Bo', phone: true, locale: 'en-US' },
  { name: '小蝶', phone: true, locale: 'zh-CN' },
  { name: 'Dana', phone: false, locale: 'en-US' },
];
const BOT_NAMES = ['Bot-E', 'Bot-F', 'Bot-G', 'Bot-H', 'Bot-I', 'Bot-J', 'Bot-K'];

interface Seated extends Player {
  context: BrowserContext;
  page: Page;
  seat: number;
  role: string;
  lastDecision: { key: string; at: number };
  /** Every move this page made, e.g. `night:butterfly→#7`, `defence:pass`, `vote→#9`. */
  moves: string[];
  mutedSeen: boolean;
  pageErrors: string[];
}



// ------------------------------------------------------------------ the pages

let browser: Browser;
const players: Seated[] = [];
const bots: SocketBot[] = [];
const log: string[] = [];
const note = (line: string) => log.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
/** What the pages typed in their speeches: every page's game record must show it. */
const said: string[] = [];

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  for (const b of bots) b.close();
  await browser?.close();
});

async function newPlayer(pl: Player): Promise<Seated> {
  const opened = await openPlayer(browser, pl.phone ? PHONE : DESKTOP, pl, inject('baseURL'));
  const p: Seated = { ...pl, ...opened, seat: 0, role: '', lastDecision: { key: '', at: 0 }, moves: [], mutedSeen: false };
  return p;
}

/** One look at one page; does at most one thing its player may do. Returns whether it acted. */
async function play(p: Seated, s: Screen): Promise<boolean> {
  if (s.kind !== 'game') return false;
  if (s.muted && !p.mutedSeen) {
    p.mutedSeen = true;
    note(`${p.name} (#${p.seat}) is muted today`);
  }
  const decide = (key: string) => {
    const k = `${s.step}|${s.heading}|${key}`;
    if (p.lastDecision.key === k && Date.now() - p.lastDecision.at < SAME_DECISION_MS) return false;
    p.lastDecision = { key: k, at: Date.now() };
    return true;
  };
  if ((s.seen || s.confirm) && decide(s.seen ? 'seen' : 'confirm')) return answerFlow(p, s);

  // A night call: point once at a random target (a pointer already set means this player has answered).
  if (s.points!.length && !s.points!.some((t) => t.on)) {
    if (!decide('point')) return false;
    const all = s.points!.map((t) => t.seat);
    const free = all.filter((t) => t !== s.me && !s.mates!.includes(t));
    const from = free.length ? free : all;
    const target = from[Math.floor(Math.random() * from.length)]!;
    await press(p, `[data-testid=point-target][data-seat="${target}"]`);
    p.moves.push(`night:${s.call}→#${target}`);
    note(`${p.name} (#${p.seat} ${p.role}) at the ${s.call} call points at #${target}`);
    return true;
  }

  // A defence or last words: sometimes say something first, then pass.
  if (s.pass) {
    if (!decide('pass')) return false;
    const what = s.purpose || s.step!;
    if (s.say && (p.seat + p.moves.length) % 3 === 0) {
      const text = `${p.name} (#${p.seat}) says: ${what} ${p.moves.length}.`;
      await p.page.locator('[data-testid=step] textarea').fill(text);
      await press(p, '[data-testid=step] form button[type=submit]');
      said.push(text);
      p.moves.push(`${what}:say`);
      note(`${p.name} (#${p.seat}) says "${text}"`);
    }
    await press(p, '[data-testid=pass]');
    p.moves.push(`${what}:pass`);
    note(`${p.name} (#${p.seat}) passes (${what})`);
    return true;
  }

  // This player's turn to vote, right after their defence.
  if (s.votes!.length) {
    if (!decide('vote')) return false;
    const pick = voteFor(s.votes!, s.me!);
    await press(p, `[data-testid=vote-target][data-seat="${pick}"]`);
    await press(p, '[data-testid=vote]:not([disabled])');
    p.moves.push(`vote→#${pick}`);
    note(`${p.name} (#${p.seat}) votes #${pick}`);
    return true;
  }
  return false;
}

it('four browsers and seven bots seat a butterfly game; the browsers whose screens differ play it to game over', async () => {
  let passed = false;
  const errorsSeen = new Set<string>();
  try {
    const t0 = Date.now();
    // ------------------------------------------------------------ room and seats
    players.push(...(await Promise.all(PAGES.map(newPlayer))));
    const host = players[0]!;
    // The short call deadline, through the form's custom deadlines (see the top of the file).
    const link = await createRoom(host, 'butterfly', CALL_MS);
    expect(link).toMatch(/\/r\/[23456789A-HJKMNP-Z]{8}$/);
    const code = link.split('/').at(-1)!;
    note(`room ${link} (${Date.now() - t0} ms)`);

    // The other pages open the link and type their names at once, then press Join in turn.
    await Promise.all(
      players.slice(1).map(async (p) => {
        await p.page.goto(link);
        await p.page.locator('[data-testid=name-input]').fill(p.name);
      }),
    );
    for (const p of players.slice(1)) {
      await press(p, '[data-testid=join]');
      await p.page.locator('[data-testid=lobby]').waitFor();
    }
    // The bots join over HTTP, one after the other (seats 5..11), and connect.
    const base = inject('baseURL');
    for (const name of BOT_NAMES) {
      const res = await fetch(`${base}/api/rooms/${code}/join`, { method: 'POST', headers: apiHeaders(), body: JSON.stringify({ name }) });
      expect(res.status, `${name} joins`).toBe(200);
      const j = (await res.json()) as JoinResponse;
      bots.push(new SocketBot(j.seat!, j.token, name));
    }
    await Promise.all(bots.map((b) => b.open(roomSocketURL(base, code))));
    expect(bots.map((b) => b.seat)).toEqual([5, 6, 7, 8, 9, 10, 11]);
    note(`everyone is in the lobby (${Date.now() - t0} ms)`);

    await host.page.locator('[data-testid=start]').waitFor();
    await press(host, '[data-testid=start]');
    await Promise.all(
      players.map(async (p) => {
        await p.page.locator('[data-testid=game]').waitFor();
        p.seat = Number(await p.page.locator('svg.table g.me').getAttribute('data-seat'));
        p.role = await peekRole(p);
      }),
    );
    expect(players.map((p) => p.seat)).toEqual([1, 2, 3, 4]);
    // A bot's latest room frame may still be on its way: poll.
    await expect.poll(() => bots.map((b) => `${b.room?.deadlines.call}/${b.room?.deadlines.speech}`), { message: 'live pace, 10 s calls', timeout: 10_000 }).toEqual(bots.map(() => `${CALL_MS}/90000`));
    // The second desktop plays on only where it holds the pages' one card with a night call.
    const dana = players[3]!;
    if (players.some((p) => p !== dana && p.role !== 'civilian')) {
      const { token } = await dana.page.evaluate((c) => JSON.parse(localStorage.getItem(`tianhei.room.${c}`)!) as { token: string }, code);
      expect(dana.pageErrors, `${dana.name}: uncaught errors in the page`).toEqual([]);
      await dana.context.close();
      const bot = new SocketBot(dana.seat, token, dana.name);
      await bot.open(roomSocketURL(base, code));
      bots.push(bot);
      players.pop();
      note(`${dana.name}'s seat #${dana.seat} is played on by a bot`);
    }
    const botRoles = bots.map((b) => `#${b.seat} ${b.view?.me?.role}`);
    note(`dealt: ${players.map((p) => `#${p.seat} ${p.role}`).join(', ')}; bots ${botRoles.join(', ')} (${Date.now() - t0} ms to seat everyone)`);

    // ------------------------------------------------------------ the game
    const end = Date.now() + PLAY_CAP_MS;
    let dawn = '';
    let severalOut = 0;
    for (;;) {
      if (Date.now() > end) throw new Error(`no game over after ${PLAY_CAP_MS / 1000} s`);
      let acted = false;
      let over = 0;
      for (const p of players) {
        const s = await p.page.evaluate(readScreen);
        for (const e of s.errors ?? []) errorsSeen.add(e);
        if (p === host && s.dawn && s.dawn !== dawn) {
          dawn = s.dawn;
          const [, out, muted] = s.dawn.split('|');
          note(`dawn: out ${out || 'nobody'}${muted ? `; ${muted}` : ''}`);
          if (out!.includes(',')) severalOut++;
        }
        if (s.kind === 'over') over++;
        try {
          if (await play(p, s)) acted = true;
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
    note(`game over after ${Date.now() - t0} ms`);

    // ------------------------------------------------------------ the end, on every screen
    const result = bots[0]!.view!.result!;
    expect(result).not.toBeNull();
    for (const b of bots) expect(b.view!.result!.winner, `${b.name} sees the same result`).toBe(result.winner);
    for (const p of players) {
      const page = p.page;
      const w = await page.locator('[data-testid=winner]').getAttribute('data-winner');
      expect(w, `${p.name}: the winner`).toBe(result.winner);
      expect(await page.locator('[data-testid=winner]').innerText()).not.toBe('');
      const roles = await page.locator('[data-testid=role]').evaluateAll((li) => li.map((e) => e.getAttribute('data-role') ?? ''));
      expect(roles, `${p.name}: all roles revealed`).toEqual(result.roles);
      expect(roles).toHaveLength(PLAYERS_N);
      expect(roles[p.seat - 1], `${p.name}'s own card`).toBe(p.role);
      expect(await page.locator('[data-testid=deal-check]').getAttribute('data-ok'), `${p.name}: the deal is verified`).toBe('true');
      expect(await page.locator('svg.table g[data-seat] circle.role').count()).toBe(PLAYERS_N);
      const record = await page.locator('.record').innerText();
      for (const text of said) expect(record).toContain(text);
      expect(p.pageErrors, `${p.name}: uncaught errors in the page`).toEqual([]);
    }
    expect(result.roles.filter((r) => r === 'killer')).toHaveLength(3);
    for (const r of ['butterfly', 'sniper', 'doctor', 'police', 'old-man']) expect(result.roles.filter((x) => x === r), r).toHaveLength(1);
    // Only three civilians among eleven: at least one page holds a power role or is a killer, and
    // everyone is alive on the first night, so some page made a night move through the UI.
    const night = players.flatMap((p) => p.moves.filter((m) => m.startsWith('night:')));
    expect(night.length, 'a page made a night move').toBeGreaterThan(0);
    expect(players.flatMap((p) => p.moves).some((m) => m.startsWith('vote→')), 'a page voted').toBe(true);
    for (const p of players) note(`${p.name} (#${p.seat} ${p.role}): ${p.moves.join(', ') || 'nothing'}${p.mutedSeen ? ' (was muted once)' : ''}`);
    note(`winner: ${result.winner}; dawns with several out: ${severalOut}; bot moves ${bots.reduce((n, b) => n + b.moves, 0)}; bot errors: ${[...new Set(bots.flatMap((b) => b.errors))].join(', ') || 'none'}; errors shown to players: ${[...errorsSeen].join(' | ') || 'none'}`);
    passed = true;
  } finally {
    if (!passed) {
      mkdirSync(FAIL_SHOTS, { recursive: true });
      for (const p of players) {
        await p.page
          .screenshot({ path: join(FAIL_SHOTS, `butterfly-game-${p.seat || players.indexOf(p) + 1}-${p.phone ? 'phone' : 'desktop'}.png`), fullPage: true, timeout: 10_000 })
          .catch(() => {});
      }
      for (const p of players) log.push(`${p.name} (#${p.seat} ${p.role}): ${p.moves.join(', ')}`);
      console.log(`butterfly game failed; screenshots in ${FAIL_SHOTS}\n${log.join('\n')}`);
    } else if (process.env.E2E_LOG) {
      console.log(log.join('\n'));
    }
    for (const b of bots) b.close();
    await Promise.all(players.map((p) => p.context.close().catch(() => {})));
  }
});
