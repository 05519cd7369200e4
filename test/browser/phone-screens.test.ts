// What a 390-px phone shows, said once and within reach: the card turned up at the reading step names
// the role once (RULES.md 11, "Reading the cards"); the game-over record says what each tie led to
// (RULES.md 3: a tie goes to a face-off, PK); and the home page's "My games", with a ballot waiting,
// is on the first screen, above the form that creates a room. The frames are the engine's, served by
// a stand-in room (no wrangler). Screenshots go to test-results/phone-screens/.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createGame } from '../../worker/engine/index.ts';
import { viewFor, viewJson } from '../../worker/engine/view.ts';
import type { GameState, Seat } from '../../worker/engine/types.ts';
import type { RoomSummary } from '../../worker/protocol.ts';
import { roomFrame } from '../bench/stand-in-room.ts';
import { playRandomly, seededTable, voteOut } from '../engine/table.ts';
import { standInPhone } from './stand-in-phone.ts';
import { launch } from './browser.ts';

const CODE = 'PHONES';
const SHOTS = resolve(import.meta.dirname, '../../test-results/phone-screens');
let browser: Browser;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
});
afterAll(async () => browser?.close());

const gameFrame = (state: GameState, seat: Seat) => `{"type":"game","logFrom":0,"view":${viewJson(state, { kind: 'seat', seat }, viewFor(state, { kind: 'seat', seat }))}}`;
const phoneAt = (state: GameState, seat: Seat, summary?: RoomSummary) =>
  standInPhone(browser, CODE, [roomFrame(CODE, state, { you: { seat, host: seat === 1, judge: false } }), gameFrame(state, seat)], { seat, host: seat === 1, deviceScaleFactor: 2, ...(summary ? { summary } : {}) });

it('the card turned up at the reading step names the role once: the card says "Civilian", nothing repeats "civilian" under it', async () => {
  const made = createGame({ ruleset: 'classic', players: 8, seed: 'phone-reading', at: Date.now() });
  if (!made.ok) throw new Error(made.message);
  const state = made.state;
  const seat = ([1, 2, 3, 4, 5, 6, 7, 8] as Seat[]).find((s) => state.roles[s - 1] === 'civilian')!;
  const { page, errors, close } = await phoneAt(state, seat);
  try {
    await page.locator('[data-testid=game][data-step=reading]').waitFor();
    await page.getByTestId('my-card').tap();
    await page.getByTestId('my-role').waitFor();
    expect(await page.getByTestId('my-role').innerText()).toBe('Civilian');
    // The card and the step under it: the role's name appears once, in any case (the seat list a screen
    // reader walks names the player's own role on its own seat, apart).
    const text = `${await page.locator('.my-card-box').innerText()}\n${await page.getByTestId('step').innerText()}`;
    expect(text.match(/civilian/gi)).toEqual(['Civilian']);
    expect(await page.getByTestId('reading-card').count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'reading-card-up.png') });
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});

it('the game-over record shows a tied ballot with its counts and what it led to: "Tie: … → face-off (PK)"', async () => {
  // Classic, 8 seats: night 1 kills a civilian; day 1's verdict splits evenly between two seats, the face-off follows.
  const t = seededTable('classic', 8, {}, 'phone-record-tie');
  const killers = t.state.roles.flatMap((r, i) => (r === 'killer' ? [i + 1] : []));
  const good = t.state.roles.flatMap((r, i) => (r !== 'killer' ? [i + 1] : []));
  while (t.step.kind === 'call') t.night(t.step.call === 'killers' ? good[0]! : killers[0]!);
  t.talk();
  if (t.step.kind !== 'ballot') throw new Error(`expected day 1's ballot, got ${t.step.kind}`);
  const [a, b] = t.step.candidates as [Seat, Seat];
  const others = t.step.voters.filter((v) => v !== a && v !== b);
  const votes: Record<Seat, Seat | 0> = { [a]: b, [b]: a };
  others.forEach((v, i) => (votes[v] = i === others.length - 1 && others.length % 2 ? 0 : i % 2 ? a : b));
  t.ballot(votes);
  t.talk(); // the face-off's speeches
  voteOut(t, a);
  playRandomly(t, 'phone-record-tie');
  const closing = t.state.log.find((e) => e.event.type === 'ballots')!;
  expect(closing.event).toMatchObject({ purpose: 'day', top: [a, b].sort((x, y) => x - y) });

  const { page, errors, close } = await phoneAt(t.state, 3);
  try {
    await page.getByTestId('game-over').waitFor();
    const tie = page.locator('.record [data-testid=tally][data-tie=true]').first();
    await tie.scrollIntoViewIfNeeded();
    // The counts: each of the two got the same number of votes.
    const counts = await tie.locator('[data-testid=tally-row].tie').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-votes')));
    expect(counts).toHaveLength(2);
    expect(counts[0]).toBe(counts[1]);
    expect(await tie.getByTestId('tally-top').innerText()).toMatch(new RegExp(`^Tie: #${Math.min(a, b)} .*, #${Math.max(a, b)} .* → face-off \\(PK\\)$`));
    // A clear verdict after it reads as before.
    const after = page.locator('.record [data-testid=tally][data-tie=false]').first();
    expect(await after.getByTestId('tally-top').innerText()).toMatch(/^Most votes: #\d+ /);
    await tie.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: join(SHOTS, 'game-over-tie.png') });
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});

it('"My games" with a ballot waiting is on the home page\'s first screen (390×844), above the form that creates a room', async () => {
  const t = seededTable('classic', 8, {}, 'phone-my-games');
  const summary: RoomSummary = { code: CODE, ruleset: 'classic', status: 'playing', seats: 8, minPlayers: 8, maxPlayers: 16, spectators: true, humanJudge: false, judgeTaken: false, you: { seat: 2, owes: 'ballot', until: Date.now() + 55_000 } };
  const { page, errors, close } = await phoneAt(t.state, 2, summary);
  try {
    await page.goto('/');
    const mine = page.locator(`[data-testid=my-games] li[data-code=${CODE}][data-owes=ballot]`);
    await mine.waitFor();
    expect(await mine.innerText()).toMatch(/Your vote\s*0:5\d/);
    const box = (await mine.boundingBox())!;
    // Seen without scrolling, and before the create form.
    expect(await page.evaluate(() => scrollY)).toBe(0);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    const form = (await page.getByTestId('create-form').boundingBox())!;
    expect(box.y).toBeLessThan(form.y);
    await page.screenshot({ path: join(SHOTS, 'home-my-games.png') });
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});
