// The line in the middle of the round table at game over (who won) stays clear of the name plates, in
// every language and for every wording of the result, on a 390-px phone at each of the table's sizes
// (its seats and plates shrink at 9, 11 and 13 seats). "The killers win" on one line ran into the
// plates of an eight-seat table. The games are the engine's own (random games played to their end),
// served by a stand-in room to one phone; each wording of the result is shown by sending the frame again with it.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { playRandomGame } from '../../worker/engine/simulate.ts';
import { viewFor, viewJson } from '../../worker/engine/index.ts';
import type { Winner } from '../../worker/engine/types.ts';
import { LANGS, T } from '../../client/strings.ts';
import { roomFrame } from '../bench/stand-in-room.ts';
import { standInPhone, type StandInPhone } from './stand-in-phone.ts';
import { launch } from './browser.ts';

const CODE = 'CENTRE';
const SHOTS = resolve(import.meta.dirname, '../../test-results/table-centre');
const WINNERS: Winner[] = ['good', 'killers', 'draw'];
const SIZES = [8, 9, 10, 11, 12, 13, 16, 20];
let browser: Browser;
let phone: StandInPhone;

/** The game-over frames of a random game of `players` (classic seats up to 16, original 20), for seat 1: the room's, then the game's with each wording of the result. */
function overFrames(players: number): { room: string; games: string[] } {
  const { state } = playRandomGame({ ruleset: players > 16 ? 'original' : 'classic', players, seed: `centre-${players}` }, 'centre');
  const json = JSON.parse(viewJson(viewFor(state, { kind: 'seat', seat: 1 })));
  return { room: roomFrame(CODE, state), games: WINNERS.map((winner) => JSON.stringify({ type: 'game', logFrom: 0, view: { ...json, result: { ...json.result, winner } } })) };
}

// One phone for every table: each size's frames replace the last (a frame from 0 is a whole view).
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const first = overFrames(SIZES[0]!);
  browser = await launch();
  phone = await standInPhone(browser, CODE, [first.room, first.games[0]!], { deviceScaleFactor: 2 });
  await phone.page.locator('[data-testid=game-over] svg.table text.center').waitFor();
});
afterAll(async () => {
  await phone?.close();
  await browser?.close();
});

it.each(SIZES)('at game over the winner in the middle of a %i-seat table keeps clear of every name plate, in every language', async (players) => {
  const { page, room, errors } = phone;
  const frames = overFrames(players);
  room.send(frames.room);
  const centre = page.locator('[data-testid=game-over] svg.table text.center');
  const seen: string[] = [];
  for (const [w, winner] of WINNERS.entries()) {
    room.send(frames.games[w]!);
    await expect.poll(() => page.locator('[data-testid=game-over] svg.table rect.plate').count()).toBe(players);
    for (const [l, lang] of LANGS.entries()) {
      await page.selectOption('select[aria-label=language]', lang);
      const words = T[`w_${winner}`][l]!;
      await expect.poll(async () => (await centre.textContent())?.replace(/\s/g, '')).toBe(words.replace(/\s/g, ''));
      const fit = await page.evaluate(() => {
        const svg = document.querySelector('[data-testid=game-over] svg.table')!;
        const box = (e: Element) => e.getBoundingClientRect();
        const text = svg.querySelector('text.center')!;
        const c = box(text);
        const felt = box(svg.querySelector('circle.felt')!);
        const touches = [...svg.querySelectorAll('rect.plate')].map(box).filter((p) => p.left < c.right && c.left < p.right && p.top < c.bottom && c.top < p.bottom).length;
        return { touches, inside: c.left >= felt.left && c.right <= felt.right, lines: text.querySelectorAll('tspan').length || 1, px: parseFloat(getComputedStyle(text).fontSize) };
      });
      if (players === 8 && lang === 'es' && winner === 'killers') await page.locator('[data-testid=game-over] svg.table').screenshot({ path: join(SHOTS, 'eight-seats-es.png') });
      seen.push(`${lang} "${words}" ${fit.lines} line(s) at ${fit.px}px`);
      expect(fit.touches, `${players} seats, ${lang}: "${words}" runs into a name plate`).toBe(0);
      expect(fit.inside, `${players} seats, ${lang}: "${words}" leaves the felt`).toBe(true);
      expect(fit.px).toBeGreaterThanOrEqual(8);
    }
  }
  console.log(`[table-centre] ${players} seats: ${seen.join('; ')}`);
  expect(errors).toEqual([]);
});

it('a crowded table sets its names smaller instead of cutting them: "Olivia" whole at 12 and 16 seats, inside its plate', async () => {
  const { page, room, errors } = phone;
  for (const players of [12, 16]) {
    const frames = overFrames(players);
    const r = JSON.parse(frames.room);
    r.room.seats = r.room.seats.map((x: { seat: number }) => ({ ...x, name: x.seat === 2 ? 'Olivia' : x.seat === 3 ? '王小明' : `P${x.seat}` }));
    room.send(JSON.stringify(r));
    room.send(frames.games[0]!);
    const name = page.locator('[data-testid=game-over] svg.table g[data-seat="2"] text.name');
    await expect.poll(async () => (await name.textContent())?.replace(/[\u2066-\u2069]/g, '')).toBe('Olivia');
    expect((await page.locator('[data-testid=game-over] svg.table g[data-seat="3"] text.name').textContent())?.replace(/[\u2066-\u2069]/g, '')).toBe('王小明');
    // Polled: the table of the new size may still be drawing its plates when the names are in.
    const inside = () =>
      page.evaluate(() => {
        const seats = [...document.querySelectorAll('[data-testid=game-over] svg.table g[data-seat]')];
        return seats.length > 0 && seats.every((g) => {
          const t = g.querySelector('text.name')?.getBoundingClientRect();
          const p = g.querySelector('rect.plate')?.getBoundingClientRect();
          return !!t && !!p && t.left >= p.left && t.right <= p.right;
        });
      });
    await expect.poll(inside, { message: `${players} seats: every name inside its plate`, timeout: 5_000 }).toBe(true);
    await page.locator('[data-testid=game-over] svg.table').screenshot({ path: join(SHOTS, `names-${players}-seats.png`) });
  }
  expect(errors).toEqual([]);
});
