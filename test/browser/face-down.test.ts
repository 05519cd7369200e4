// The card is face down until its owner taps it (RULES.md 11, "Reading the cards": each player looks
// at their own card and keeps it to themselves). At a shared table (face to face, a café) a
// neighbour can read a phone, so the role is nowhere on the page, in its text or its accessibility
// tree, until "Show my card" is pressed; it turns down again on a second press or by itself after
// PEEK_MS. The frames are the engine's (viewFor), served by a stand-in room; the page's clock is
// Playwright's, so the turn-down is exact however busy the machine.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apply, createGame } from '../../worker/engine/index.ts';
import { viewFor, viewJson } from '../../worker/engine/index.ts';
import type { GameState, Role, Seat } from '../../worker/engine/types.ts';
import { T } from '../../client/strings.ts';
import { PEEK_MS } from '../../client/card-peek.ts';
import { roomFrame } from '../bench/stand-in-room.ts';
import { standInPhone } from './stand-in-phone.ts';
import { launch } from './browser.ts';

const CODE = 'FACEDOWN';
const SHOTS = resolve(import.meta.dirname, '../../test-results/face-down');
let browser: Browser;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
});
afterAll(async () => browser?.close());

function dealt(ruleset: string, players: number): GameState {
  const made = createGame({ ruleset, players, seed: `face-down-${ruleset}`, at: Date.now() });
  if (!made.ok) throw new Error(made.message);
  return made.state;
}

/** Every seat says it has seen its card: night 1 opens. */
function toNight(state: GameState): GameState {
  let s = state;
  for (let seat = 1; seat <= s.setup.players; seat++) {
    const r = apply(s, { type: 'seen', seat, at: Date.now() });
    if (r.ok) s = r.state;
  }
  expect(s.step.kind).not.toBe('reading');
  return s;
}

const roleOf = (state: GameState, seat: Seat): Role => viewFor(state, { kind: 'seat', seat }).me!.role;
const gameFrame = (state: GameState, seat: Seat) => `{"type":"game","logFrom":0,"view":${viewJson(viewFor(state, { kind: 'seat', seat }))}}`;

/**
 * Everything the page says: to the eye (the text of every element that is drawn: not hidden, not
 * transparent, not inert, as the closed story drawer drawn ahead is) and to a screen reader
 * (Chromium's own accessibility tree, every node it does not ignore, with its name and value).
 */
async function said(page: Page): Promise<string> {
  const seen = await page.evaluate(() => {
    const out: string[] = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const el = n.parentElement;
      if (el && !el.closest('[inert]') && el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) out.push(n.textContent ?? '');
    }
    return out.join(' ');
  });
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { ignored: boolean; name?: { value?: unknown }; value?: { value?: unknown } }[] };
  await cdp.detach();
  const heard = nodes.filter((n) => !n.ignored).map((n) => `${n.name?.value ?? ''} ${n.value?.value ?? ''}`);
  // In lower case: a role named with a capital (the card's title) is the role named all the same.
  return `${seen}\n${heard.join('\n')}`.toLowerCase();
}

async function phoneAt(state: GameState, seat: Seat, locale = 'en-US') {
  return standInPhone(browser, CODE, [roomFrame(CODE, state, { you: { seat, host: seat === 1, judge: false } }), gameFrame(state, seat)], { seat, host: seat === 1, locale, before: (context) => context.clock.install({ time: Date.now() }) });
}

const LANG = { 'en-US': 1, 'zh-CN': 0 } as const;

for (const locale of ['en-US', 'zh-CN'] as const) {
  it(`at the reading step a killer's role is on the page only after "Show my card", until a second tap or ${PEEK_MS / 1000} s (${locale})`, async () => {
    const state = dealt('classic', 8);
    const seat = ([1, 2, 3, 4, 5, 6, 7, 8] as Seat[]).find((s) => roleOf(state, s) === 'killer')!;
    const killer = T.killer[LANG[locale]]!.toLowerCase();
    const { page, errors, close } = await phoneAt(state, seat, locale);
    await page.locator('[data-testid=game][data-step=reading]').waitFor();
    // Face down: the page names no role, and offers the card as a button named for what it does.
    expect(await said(page)).not.toContain(killer);
    const [show, hide] = [T.showCard[LANG[locale]]!, T.hideCard[LANG[locale]]!];
    const button = page.getByRole('button', { name: show, exact: true });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await page.screenshot({ path: join(SHOTS, `reading-down-${locale}.png`) });

    await button.tap();
    await page.getByTestId('my-role').waitFor();
    expect(await said(page)).toContain(killer);
    expect(await page.getByTestId('my-role').getAttribute('data-role')).toBe('killer');
    const hideButton = page.getByRole('button', { name: hide, exact: true });
    expect(await hideButton.getAttribute('aria-expanded')).toBe('true');
    await page.screenshot({ path: join(SHOTS, `reading-up-${locale}.png`), fullPage: true });

    // A second tap turns it down.
    await hideButton.tap();
    await page.getByRole('button', { name: show, exact: true }).waitFor();
    expect(await said(page)).not.toContain(killer);

    // Turned up again and left alone: down by itself after PEEK_MS, not before.
    // The page's clock also runs in real time: count what the tap and the wait took on it.
    const tapped = await page.evaluate(() => Date.now());
    await page.getByRole('button', { name: show, exact: true }).tap();
    await page.getByTestId('my-role').waitFor();
    const taken = (await page.evaluate(() => Date.now())) - tapped;
    await page.clock.runFor(Math.max(0, PEEK_MS - 500 - taken));
    expect(await said(page)).toContain(killer);
    await page.clock.runFor(1_000);
    await page.getByRole('button', { name: show, exact: true }).waitFor();
    expect(await said(page)).not.toContain(killer);
    expect(errors).toEqual([]);
    await close();
  });
}

it('the card turns up and down from the keyboard (Enter and Space on the focused button)', async () => {
  const state = dealt('classic', 8);
  const { page, errors, close } = await phoneAt(state, 2);
  await page.locator('[data-testid=game][data-step=reading]').waitFor();
  await page.getByRole('button', { name: 'Show my card', exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('my-role').waitFor();
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Hide my card');
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Show my card', exact: true }).waitFor();
  expect(await page.getByTestId('my-role').count()).toBe(0);
  expect(errors).toEqual([]);
  await close();
});

it("at night the card and the table's roles are down until tapped, and go down by themselves (night theme)", async () => {
  const state = toNight(dealt('classic', 8));
  // A civilian: nobody calls it at night, so nothing but the tap shows its role.
  const seat = ([1, 2, 3, 4, 5, 6, 7, 8] as Seat[]).find((s) => roleOf(state, s) === 'civilian')!;
  const { page, errors, close } = await phoneAt(state, seat);
  await page.locator('[data-testid=game][data-phase=night]').waitFor();
  const civilian = T.civilian[1]!.toLowerCase();
  expect(await said(page)).not.toContain(civilian);
  await page.screenshot({ path: join(SHOTS, 'night-down.png') });
  await page.getByRole('button', { name: 'Show my card', exact: true }).tap();
  await page.getByTestId('card-art').waitFor();
  expect(await said(page)).toContain(civilian);
  await page.screenshot({ path: join(SHOTS, 'night-up.png'), fullPage: true });
  await page.clock.runFor(PEEK_MS + 500);
  await page.getByRole('button', { name: 'Show my card', exact: true }).waitFor();
  expect(await said(page)).not.toContain(civilian);
  expect(errors).toEqual([]);
  await close();
});

it("dual's two cards are down until tapped, and go down by themselves", async () => {
  const state = dealt('dual', 9);
  const seat = ([1, 2, 3, 4, 5, 6, 7, 8, 9] as Seat[]).find((s) => s !== state.judgeSeat)!;
  const { page, errors, close } = await phoneAt(state, seat);
  await page.locator('[data-testid=game][data-step=reading]').waitFor();
  expect(await page.getByTestId('your-side').count()).toBe(0);
  expect(await page.getByTestId('my-role').count()).toBe(0);
  await page.getByRole('button', { name: 'Show my two cards', exact: true }).tap();
  await page.getByTestId('my-role').first().waitFor();
  expect(await page.getByTestId('my-role').count()).toBe(2);
  await page.screenshot({ path: join(SHOTS, 'dual-up.png'), fullPage: true });
  await page.clock.runFor(PEEK_MS + 500);
  await page.getByRole('button', { name: 'Show my two cards', exact: true }).waitFor();
  expect(await page.getByTestId('your-side').count()).toBe(0);
  expect(await page.getByTestId('my-role').count()).toBe(0);
  expect(errors).toEqual([]);
  await close();
});
