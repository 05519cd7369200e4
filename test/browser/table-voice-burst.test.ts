// Issue 12's table screen says every step, however fast the steps come (docs/table-voice.md): the
// built client opened as the table screen of a stand-in room (test/bench/stand-in-room.ts) gets a whole
// `classic` game of random moves, built by the engine, as the spectator frames the room would send,
// all at once. The lines said are exactly tableLines over each pair of frames, in order. A frame that
// ends a step with news is drawn in two frames (client/state.ts); a later frame arriving in between
// must not hide it from the voice (seen once in the table-mode test: a speaker's turn went unsaid).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { viewFor, viewJson, viewUpdate } from '../../worker/engine/index.ts';
import type { GameState, View } from '../../worker/engine/types.ts';
import { tableLines } from '../../client/table-voice.ts';
import { roomFrame, standInRoom } from '../bench/stand-in-room.ts';
import { playRandomly, seededTable } from '../engine/table.ts';
import { launch } from './browser.ts';

const CODE = 'VOICE1';
const N = 8;
const spectator = { kind: 'spectator' } as const;

/** A random `classic` game's states (test/engine/table.ts's playRandomly: speeches, team chat, missed deadlines, a pause), every one. */
function randomGame(seed: string): GameState[] {
  const t = seededTable('classic', N, {}, seed);
  const states = [t.state];
  let now = t.state;
  // The table replaces its state at every move: each one is kept.
  Object.defineProperty(t, 'state', { get: () => now, set: (s: GameState) => void states.push((now = s)) });
  playRandomly(t, `${seed}-moves`);
  return states;
}

/** The table screen's frames, as the room sends them: the room, the full view, then each change. */
function tableFrames(states: GameState[]): { first: string[]; rest: string[]; views: View[] } {
  const frame = (state: GameState, view: View, logFrom: number) => `{"type":"game","logFrom":${logFrom},"view":${viewJson(state, spectator, view)}}`;
  const full = viewFor(states[0]!, spectator);
  const views = [full];
  const rest: string[] = [];
  for (let i = 1; i < states.length; i++) {
    const u = viewUpdate(states[i - 1]!, states[i]!, spectator);
    if (!u) continue;
    rest.push(frame(states[i]!, u.view, u.logFrom));
    views.push(viewFor(states[i]!, spectator));
  }
  // The table screen's room: no spectators, seats named P1…P8, the viewer the table's screen.
  const room = roomFrame(CODE, states[0]!, {
    spectators: false, table: true, you: { seat: null, host: false, judge: false, table: true },
    seats: Array.from({ length: N }, (_, i) => ({ seat: i + 1, name: `P${i + 1}`, connected: true, host: i === 0, score: 0 })),
  });
  return { first: [room, frame(states[0]!, full, 0)], rest, views };
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

it('the table screen says every step of a game whose frames arrive all at once', async () => {
  const { first, rest, views } = tableFrames(randomGame('voice-burst'));
  expect(rest.length).toBeGreaterThan(40);
  // Steps that end with news, each followed at once by another frame: the case that was lost.
  expect(views.some((v, i) => i > 0 && v.log.length > views[i - 1]!.log.length && v.step.kind !== views[i - 1]!.step.kind)).toBe(true);
  const expected = views.flatMap((v, i) => tableLines('en', i ? views[i - 1]! : null, v).map((l) => l.text));
  const room = await standInRoom(CODE, first);
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'en-US', baseURL: room.base });
  try {
    await context.addInitScript((code) => {
      localStorage.setItem(`tianhei.room.${code}`, JSON.stringify({ code, seat: null, token: 'stand-in', host: false, table: true }));
      localStorage.setItem('tianhei.lang', 'en');
      const w = window as unknown as { __spoken: string[] };
      w.__spoken = [];
      const voices = [{ lang: 'en-US', name: 'en-US', default: true, localService: true, voiceURI: 'en-US' }];
      Object.defineProperty(window, 'speechSynthesis', { value: { speak: (u: { text: string }) => w.__spoken.push(u.text), cancel: () => {}, getVoices: () => voices } });
      Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: class { lang = ''; voice: unknown = null; text: string; constructor(text: string) { this.text = text; } } });
    }, CODE);
    const page = await context.newPage();
    await page.goto(`/r/${CODE}`);
    const screen = page.locator('[data-testid=table-screen]');
    await screen.locator('[data-testid=table-speaker], .table-big').first().waitFor();
    const spoken = () => page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken);
    const opening = tableLines('en', null, views[0]!).length;
    await expect.poll(async () => (await spoken()).length).toBe(opening);
    for (const f of rest) room.send(f);
    const last = views.at(-1)!;
    await expect.poll(() => screen.getAttribute('data-step'), { timeout: 20_000 }).toBe(last.step.kind);
    await expect.poll(spoken, { timeout: 10_000 }).toEqual(expected);
    // And nothing more.
    await page.waitForTimeout(300);
    expect(await spoken()).toEqual(expected);
  } finally {
    await context.close();
    room.close();
  }
});
