// The reading step before night 1 (RULES.md 11) seen by those with no card of their own to read: a
// spectator who came by the invite link and pressed Watch, and `dual`'s big joker, who judges
// (RULES.md 8). Neither is told "Look at your card"; both read what the table is doing. A seated
// player still reads "Look at your card". The frames are the engine's (viewFor), served by a stand-in room.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createGame } from '../../worker/engine/index.ts';
import { viewFor, viewJson } from '../../worker/engine/index.ts';
import type { GameState, Viewer } from '../../worker/engine/types.ts';
import type { RoomSummary, RoomView } from '../../worker/protocol.ts';
import { roomFrame } from '../bench/stand-in-room.ts';
import { standInPhone } from './stand-in-phone.ts';
import { launch } from './browser.ts';

const CODE = 'LOOKON';
let browser: Browser;
beforeAll(async () => (browser = await launch()));
afterAll(async () => browser?.close());

function dealt(ruleset: string, players: number): GameState {
  const made = createGame({ ruleset, players, seed: `onlookers-${ruleset}`, at: Date.now() });
  if (!made.ok) throw new Error(made.message);
  expect(made.state.step.kind).toBe('reading');
  return made.state;
}

const gameFrame = (state: GameState, viewer: Viewer) => `{"type":"game","logFrom":0,"view":${viewJson(viewFor(state, viewer))}}`;

/** What one viewer's phone says during the reading step: the box's title, its headline and the note under it. */
async function readingAs(state: GameState, viewer: Viewer, you: RoomView['you'], stored: boolean): Promise<{ title: string; headline: string; note: string; card: number; toTurn: number; errors: string[] }> {
  const summary: RoomSummary = { code: CODE, ruleset: state.setup.ruleset, status: 'playing', seats: state.setup.players, minPlayers: 8, maxPlayers: 16, spectators: true, humanJudge: false, judgeTaken: false };
  const { page, errors, close } = await standInPhone(browser, CODE, [roomFrame(CODE, state, { you }), gameFrame(state, viewer)], { seat: stored ? you.seat : null, host: false, summary });
  if (!stored) {
    // Came by the link during the game: the form says so, and Watch opens the game.
    await page.getByTestId('join-later').waitFor();
    await page.getByTestId('watch').tap();
  }
  await page.locator('[data-testid=game][data-step=reading]').waitFor();
  const read = {
    title: await page.locator('[data-testid=game] h2').first().innerText(),
    headline: await page.getByTestId('headline').innerText(),
    note: await page.locator('[data-testid=reading] .note').innerText(),
    card: await page.getByTestId('reading-card').count(),
    toTurn: await page.getByTestId('my-card').count(),
    errors,
  };
  await close();
  return read;
}

it('a spectator who pressed Watch reads that the players are looking at their cards, not "Look at your card"', async () => {
  const state = dealt('classic', 8);
  const seen = await readingAs(state, { kind: 'spectator' }, { seat: null, host: false, judge: false }, false);
  expect(seen).toEqual({ title: expect.stringContaining('Reading the cards'), headline: 'The players are looking at their cards', note: 'Night 1 begins when everyone has looked, or when the time is up.', card: 0, toTurn: 0, errors: [] });
  // A seated player of the same game is still told to look at its own card (face down until tapped: face-down.test.ts).
  const seat = await readingAs(state, { kind: 'seat', seat: 3 }, { seat: 3, host: false, judge: false }, true);
  expect(seat).toMatchObject({ title: expect.stringContaining('Your card'), headline: 'Look at your card', card: 0, toTurn: 1, errors: [] });
});

it("dual's big joker, who judges, is not told to look at two cards of its own", async () => {
  const state = dealt('dual', 9);
  const joker = state.judgeSeat!;
  expect(joker).toBeGreaterThan(0);
  const seen = await readingAs(state, { kind: 'seat', seat: joker }, { seat: joker, host: false, judge: false }, true);
  expect(seen).toMatchObject({ title: expect.stringContaining('Reading the cards'), headline: 'The players are looking at their cards', note: 'You drew the big joker: you judge this game and need not confirm.', errors: [] });
});
