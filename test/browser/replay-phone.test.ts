// The replay viewer on a 390-px phone: its buttons sit in one row (they wrapped onto three), Play steps
// through the game by itself and stops at its end (a hundred steps were a hundred taps), and opened
// from a room's game over it asks for no file (the picker is for a record downloaded earlier, at
// /replay). A stand-in room serves the built client; the game and its record are the engine's.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { playRandomGame } from '../../worker/engine/simulate.ts';
import { exportRecord } from '../../worker/engine/record.ts';
import { viewFor, viewJson } from '../../worker/engine/index.ts';
import { roomFrame } from '../bench/stand-in-room.ts';
import { standInPhone } from './stand-in-phone.ts';
import { launch } from './browser.ts';

const CODE = 'REPLAY';
const SHOTS = resolve(import.meta.dirname, '../../test-results/a11y');
let browser: Browser;
const { state } = playRandomGame({ ruleset: 'classic', players: 8, seed: 'replay-phone' }, 'replay-phone');
const over = `{"type":"game","logFrom":0,"view":${viewJson(viewFor(state, { kind: 'seat', seat: 1 }))}}`;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
});
afterAll(async () => browser?.close());

it('on a phone the replay buttons are one row, Play steps through the game and stops at its end, and game over asks for no file', async () => {
  const phone = await standInPhone(browser, CODE, [roomFrame(CODE, state), over]);
  const { page, errors } = phone;
  try {
    // From the room's game over: no file picker (the room's own record is fetched; the stand-in has none to give).
    await page.getByTestId('replay-open').click();
    await page.getByTestId('replay').waitFor();
    expect(await page.getByTestId('replay-file').count()).toBe(0);

    // A downloaded record, opened at /replay.
    const file = join(SHOTS, 'replay-record.json');
    writeFileSync(file, JSON.stringify(exportRecord(state)));
    await page.goto('/replay');
    await page.getByTestId('replay-file').setInputFiles(file);
    const stepper = page.getByTestId('replay-stepper');
    await stepper.waitFor();
    const steps = Number(await stepper.getAttribute('data-steps'));
    expect(steps).toBeGreaterThan(20);
    const tops = await Promise.all(['first', 'prev', 'play', 'next', 'last'].map(async (b) => (await page.getByTestId(`replay-${b}`).boundingBox())!.y));
    expect(new Set(tops).size, 'the five buttons share one row').toBe(1);
    await page.getByTestId('replay').screenshot({ path: join(SHOTS, 'replay-phone.png') });

    // Play: the steps go by themselves; Pause stops them.
    await page.getByTestId('replay-play').click();
    await expect.poll(async () => Number(await stepper.getAttribute('data-step')), { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    await page.getByTestId('replay-play').click();
    const paused = Number(await stepper.getAttribute('data-step'));
    await page.waitForTimeout(1_500);
    expect(Number(await stepper.getAttribute('data-step'))).toBe(paused);
    // Near the end, Play runs to the last step and stops there.
    await page.getByTestId('replay-last').click();
    await page.getByTestId('replay-prev').click();
    await page.getByTestId('replay-play').click();
    await expect.poll(async () => Number(await stepper.getAttribute('data-step')), { timeout: 5_000 }).toBe(steps - 1);
    // The step and the button are drawn in turn: on a busy machine the button may follow a frame later.
    await expect.poll(() => page.getByTestId('replay-play').getAttribute('aria-pressed'), { timeout: 5_000 }).toBe('false');
    expect(errors).toEqual([]);
  } finally {
    await phone.close();
  }
});
