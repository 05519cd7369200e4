// The table screen says every step, however fast the steps come (docs/table-voice.md): the
// built client opened as the table screen of a stand-in room (test/bench/stand-in-room.ts) gets a whole
// `classic` game of random moves, built by the engine, as the spectator frames the room would send,
// all at once. The lines said are exactly tableLines over each pair of frames, in order. A frame that
// ends a step with news is drawn in two frames (client/socket.ts); a later frame arriving in between
// must not hide it from the voice (seen once in the table-mode test: a speaker's turn went unsaid).
// And when lines take time to say, a turn line whose speaker has already passed is dropped, not read
// seconds late (four quick passes used to queue ~14 s of speech in 2 s), while a bot's speech is said.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { gameFrame, viewFor } from '../../worker/engine/index.ts';
import type { GameState, View } from '../../worker/engine/types.ts';
import { tableLines, type LineKey } from '../../client/table-voice.ts';
import { roomFrame, standInRoom } from '../bench/stand-in-room.ts';
import { Table, playRandomly, seededTable } from '../engine/table.ts';
import { launch } from './browser.ts';

const CODE = 'VOICE1';
const N = 8;
const spectator = { kind: 'spectator' } as const;
/** The lines that are the game itself (docs/table-voice.md, "Never far behind"). */
const MUST_KEYS: LineKey[] = ['dawn', 'out-at-night', 'peaceful-dawn', 'ballot-count', 'tie', 'voted-out', 'lot-out', 'self-destruct', 'peaceful-night', 'over-good', 'over-killers', 'over-draw'];

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
function tableFrames(states: GameState[], bots: number[] = []): { first: string[]; rest: string[]; views: View[] } {
  const full = viewFor(states[0]!, spectator);
  const views = [full];
  const rest: string[] = [];
  for (let i = 1; i < states.length; i++) {
    const frame = gameFrame(states[i - 1]!, states[i]!, spectator);
    if (!frame) continue;
    rest.push(frame);
    views.push(viewFor(states[i]!, spectator));
  }
  // The table screen's room: no spectators, seats named P1…P8, the viewer the table's screen.
  const room = roomFrame(CODE, states[0]!, {
    spectators: false, table: true, you: { seat: null, host: false, judge: false, table: true },
    seats: Array.from({ length: N }, (_, i) => ({ seat: i + 1, name: `P${i + 1}`, connected: true, host: i === 0, score: 0, ...(bots.includes(i + 1) ? { bot: true as const } : {}) })),
  });
  return { first: [room, gameFrame(null, states[0]!, spectator)!], rest, views };
}

/**
 * The table screen of a stand-in room with a fake voice that records each line as it starts and
 * takes `lineMs` to say it (0: done at once, so nothing ever waits to be said).
 */
async function openTableScreen(first: string[], lineMs: number) {
  const room = await standInRoom(CODE, first);
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'en-US', baseURL: room.base });
  await context.addInitScript(([code, ms]) => {
    localStorage.setItem(`tianhei.room.${code}`, JSON.stringify({ code, seat: null, token: 'stand-in', host: false, table: true }));
    localStorage.setItem('tianhei.lang', 'en');
    const w = window as unknown as { __spoken: string[]; __at: number[] };
    w.__spoken = [];
    w.__at = [];
    const voices = [{ lang: 'en-US', name: 'en-US', default: true, localService: true, voiceURI: 'en-US' }];
    const speak = (u: { text: string; onend?: () => void }) => {
      w.__spoken.push(u.text);
      w.__at.push(Date.now());
      if (ms === 0) u.onend?.();
      else setTimeout(() => u.onend?.(), ms);
    };
    Object.defineProperty(window, 'speechSynthesis', { value: { speak, cancel: () => {}, getVoices: () => voices } });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: class { lang = ''; voice: unknown = null; text: string; onend?: () => void; constructor(text: string) { this.text = text; } } });
  }, [CODE, lineMs] as const);
  const page = await context.newPage();
  await page.goto(`/r/${CODE}`);
  const screen = page.locator('[data-testid=table-screen]');
  await screen.locator('[data-testid=table-speaker], .table-big').first().waitFor();
  const spoken = () => page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken);
  const spokenAt = () => page.evaluate(() => (window as unknown as { __at: number[] }).__at);
  return { room, context, page, screen, spoken, spokenAt };
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
  const { room, context, page, screen, spoken } = await openTableScreen(first, 0);
  try {
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

it('four quick passes: the turns already passed are dropped from the voice, a bot’s speech is said', async () => {
  // Classic, 8 seats: night 1 the killers kill 5, the police check 1; then 5's last words, and
  // seats 6 (a bot, which speaks its claim), 7 and 8 pass within a moment, so seat 1 speaks.
  const t = new Table('classic', 'KKPPCCCC');
  t.night(5);
  t.night(1);
  const states: GameState[] = [t.state];
  const move = (f: () => void) => {
    t.now += 50;
    f();
    states.push(t.state);
  };
  move(() => t.act(5, { type: 'pass' }));
  move(() => t.act(6, { type: 'say', text: 'I am a civilian. I vote #3.', claim: { role: 'civilian', vote: 3 } }));
  move(() => t.act(6, { type: 'pass' }));
  move(() => t.act(7, { type: 'pass' }));
  move(() => t.act(8, { type: 'pass' }));
  expect(t.step).toMatchObject({ kind: 'speech', seat: 1 });
  const room0 = roomFrame(CODE, states[0]!, {
    spectators: false, table: true, you: { seat: null, host: false, judge: false, table: true },
    seats: Array.from({ length: N }, (_, i) => ({ seat: i + 1, name: `P${i + 1}`, connected: true, host: i === 0, score: 0, ...(i + 1 === 6 ? { bot: true as const } : {}) })),
  });
  const rest = states.slice(1).map((s, i) => gameFrame(states[i]!, s, spectator)!);
  // Each line takes 1.5 s to say: the frames all arrive while the first turn line is being said.
  const { room, context, screen, spoken } = await openTableScreen([room0, gameFrame(null, states[0]!, spectator)!], 1_500);
  try {
    await expect.poll(spoken).toEqual(['It is day 1.']);
    await expect.poll(spoken, { timeout: 5_000 }).toEqual(['It is day 1.', 'Seat 5, your last words.']);
    for (const f of rest) room.send(f);
    await expect.poll(() => screen.getAttribute('data-step')).toBe('speech');
    await expect.poll(spoken, { timeout: 10_000 }).toEqual(['It is day 1.', 'Seat 5, your last words.', 'Seat 6 says: I am a civilian. I vote #3.', 'Seat 1, your speech. Say “Pass” when you are done.']);
    // And nothing late.
    await new Promise((r) => setTimeout(r, 2_000));
    expect((await spoken()).length).toBe(4);
  } finally {
    await context.close();
    room.close();
  }
});

it('a slow voice among bots on a hidden screen: never far behind, every verdict and the dawn’s news said, and the end said at once', async () => {
  // Seats 2–8 are the room's bots, whose every speech the screen says; the screen is behind another
  // tab (no frame drawn). A step comes every 60 ms and a line takes 300 ms to say: the game outruns
  // the voice five times over, as 10-second steps with a slow voice did.
  const bots = [2, 3, 4, 5, 6, 7, 8];
  const { first, rest, views } = tableFrames(randomGame('voice-behind'), bots);
  const last = views.at(-1)!;
  expect(last.result).toBeTruthy();
  const voiced = (seat: number) => bots.includes(seat);
  const all = views.flatMap((v, i) => tableLines('en', i ? views[i - 1]! : null, v, voiced));
  expect(all.filter((l) => l.key === 'bot-speech').length).toBeGreaterThan(1);
  const must = all.filter((l) => MUST_KEYS.includes(l.key)).map((l) => l.text);
  const { room, context, page, spoken, spokenAt } = await openTableScreen(first, 300);
  try {
    await expect.poll(async () => (await spoken()).length).toBeGreaterThan(0);
    // The screen goes behind another tab: it draws no frame.
    await page.evaluate(() => (window.requestAnimationFrame = () => 0));
    let sent = 0;
    const sentAt: number[] = [];
    for (const f of rest) {
      room.send(f);
      sentAt.push(Date.now());
      sent++;
      await page.waitForTimeout(60);
    }
    const over = all.at(-1)!.text;
    expect(over).toMatch(/The game is over/);
    await expect.poll(async () => (await spoken()).at(-1), { timeout: 15_000 }).toBe(over);
    const said = await spoken();
    const at = await spokenAt();
    // Every line that is the game itself, in order.
    let k = 0;
    for (const line of said) if (line === must[k]) k++;
    expect(must.slice(k)).toEqual([]);
    // The end, said soon after the last step (only what must be said before it).
    const lag = at.at(-1)! - sentAt.at(-1)!;
    console.log(`slow voice: ${sent} frames, ${all.length} lines due, ${said.length} said, the end ${lag} ms after the last frame`);
    expect(lag).toBeLessThan(6_000);
  } finally {
    await context.close();
    room.close();
  }
}, 60_000);
