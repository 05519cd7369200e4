// What a 390-px phone shows, said once and within reach: the card turned up at the reading step names
// the role once (RULES.md 11, "Reading the cards"); the game-over record says what each tie led to
// (RULES.md 3: a tie goes to a face-off, PK); and the home page's "My games", with a ballot waiting,
// is on the first screen, above the form that creates a room; in a room played over days with voice on,
// the voice bar is a short strip that says what voice means there, and a recording not yet sent is the
// open day's main action (its "done", or a turn's "pass", says it leaves the recording out). The frames are the engine's, served by
// a stand-in room (no wrangler). Screenshots go to test-results/phone-screens/.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createGame } from '../../worker/engine/index.ts';
import { viewFor, viewJson } from '../../worker/engine/index.ts';
import type { GameState, Seat } from '../../worker/engine/types.ts';
import type { RoomSummary } from '../../worker/protocol.ts';
import { roomFrame } from '../bench/stand-in-room.ts';
import { playRandomly, seededTable, Table, voteOut } from '../engine/table.ts';
import { standInPhone } from './stand-in-phone.ts';
import { launch } from './browser.ts';

const CODE = 'PHONES';
const SHOTS = resolve(import.meta.dirname, '../../test-results/phone-screens');
let browser: Browser;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // A fake microphone, for the voice recorder of a room played over days.
  browser = await launch('shell', ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']);
});
afterAll(async () => browser?.close());

const gameFrame = (state: GameState, seat: Seat) => `{"type":"game","logFrom":0,"view":${viewJson(viewFor(state, { kind: 'seat', seat }))}}`;
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

/** Classic over days with voice on (RULES.md 11): night 1 kills 5, whose last words pass; the open day is up. */
function openDayPhone(theme: 'light' | 'dark') {
  // The theme is the device's; in a game the page follows the game's phase (client/theme.ts).
  const t = new Table('classic', 'KKPPCCCC', {}, { day: 'open' });
  t.night(5);
  t.night(1);
  t.act(5, { type: 'pass' });
  const room = roomFrame(CODE, t.state, { pace: { preset: 'async' }, voice: 'on', you: { seat: 6, host: false, judge: false } });
  return standInPhone(browser, CODE, [room, gameFrame(t.state, 6)], { seat: 6, host: false, deviceScaleFactor: 2, colorScheme: theme });
}

it('over days the voice bar is one short strip whose hint speaks of recorded speeches, not turns or night calls', async () => {
  const { page, room, errors, close } = await openDayPhone('light');
  try {
    await page.getByTestId('open-day').waitFor();
    const bar = page.getByTestId('voice-bar');
    await bar.waitFor();
    // At most a tenth of a 390×844 phone (the live room's bar, button over three lines of hint, takes ~130 px).
    expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(84);
    const hint = await page.getByTestId('voice-join-note').innerText();
    expect(hint).toMatch(/recorded/);
    expect(hint).not.toMatch(/night|turn|word/i);
    await page.screenshot({ path: join(SHOTS, 'async-voice-bar-light.png') });
    // The night theme: the same room back at night 1's killers' call.
    const night = new Table('classic', 'KKPPCCCC', {}, { day: 'open' });
    room.send(gameFrame(night.state, 6));
    await page.locator('[data-testid=game][data-step=call]').waitFor();
    expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(84);
    await page.screenshot({ path: join(SHOTS, 'async-voice-bar-night.png') });
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});

/** The turn's own button named `testid`, which first reads `before`; then a recording made and waiting to be sent. */
async function recordUnsent(page: Page, testid: string, before: string) {
  const button = page.getByTestId(testid);
  await button.waitFor();
  expect(await button.innerText()).toBe(before);
  await page.getByTestId('voice-record').tap();
  await page.getByTestId('voice-stop').tap();
  await page.getByTestId('voice-send').waitFor();
  return button;
}

it('a recording not yet sent is the open day\'s main action: "Done" steps back and says it leaves the recording out', async () => {
  const { page, errors, close } = await openDayPhone('light');
  try {
    const done = await recordUnsent(page, 'done', 'Done');
    expect(await page.getByTestId('voice-send').getAttribute('class')).toBe('primary');
    await expect.poll(() => done.innerText()).toBe('Done, without this recording');
    expect(await done.getAttribute('class')).not.toMatch(/primary/);
    await page.getByTestId('voice-send').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: join(SHOTS, 'async-preview-day.png') });
    // Discarding puts the turn's own "done" back.
    await page.getByRole('button', { name: 'Discard' }).tap();
    await expect.poll(() => done.innerText()).toBe('Done');
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});

it('in a turn of its own (last words over days), an unsent recording makes "Pass" step back and say it leaves the recording out', async () => {
  const t = new Table('classic', 'KKPPCCCC');
  t.night(5);
  t.night(1);
  const room = roomFrame(CODE, t.state, { pace: { preset: 'async' }, voice: 'on', you: { seat: 5, host: false, judge: false } });
  const { page, errors, close } = await standInPhone(browser, CODE, [room, gameFrame(t.state, 5)], { seat: 5, host: false });
  try {
    const pass = await recordUnsent(page, 'pass', 'Pass');
    await expect.poll(() => pass.innerText()).toBe('Pass, without this recording');
    expect(await pass.getAttribute('class')).not.toMatch(/primary/);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});
