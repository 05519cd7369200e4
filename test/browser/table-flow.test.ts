// "A table players enjoy", in real Chromium: the unknown-code page, Leave in the lobby, the
// card reading before night 1, Confirm for a lone actor, the police's answer in words, sign-out
// during a game (no one-tap Leave), and Play again returning everyone to the lobby.
// With E2E_SHOTS=<dir>, a passing run saves the reading and sign-out screens of a 390-px phone.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launch } from './browser.ts';
import { DESKTOP, PHONE } from './pages.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const FAIL_SHOTS = join(ROOT, 'test-results/screenshots');
const SHOTS = process.env.E2E_SHOTS || '';
const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };

interface P {
  name: string;
  phone: boolean;
  context: BrowserContext;
  page: Page;
  seat: number;
  role: string;
}

let browser: Browser;
const players: P[] = [];
const log: string[] = [];
const t0 = Date.now();
const note = (line: string) => log.push(`${((Date.now() - t0) / 1000).toFixed(1)} s ${line}`);

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function newPlayer(name: string, phone: boolean): Promise<P> {
  const context = await browser.newContext({ ...(phone ? PHONE_390 : DESKTOP), locale: 'en-US', baseURL: inject('baseURL') });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  // The host confirms its ejections and Leave is confirmed; nothing else asks.
  page.on('dialog', (d) => void d.accept());
  return { name, phone, context, page, seat: 0, role: '' };
}

const stepOf = (p: P) => p.page.locator('[data-testid=game]').getAttribute('data-step');
const callOf = (p: P) => p.page.locator('[data-testid=point-panel]').first().getAttribute('data-call');

/** The host ejects a seat through the host tools (the judge's authority, RULES.md 11). */
async function eject(host: P, seat: number): Promise<void> {
  const tools = host.page.locator('details.host');
  if ((await tools.getAttribute('open')) === null) await tools.locator(':scope > summary').click();
  await tools.locator('select').selectOption(String(seat));
  await tools.locator('button.danger').click();
}

/** Taps (phones) or clicks the first match; patient, because several helpers share the machine's two cores. */
async function press(p: P, selector: string): Promise<void> {
  const target = p.page.locator(selector).first();
  if (p.phone) await target.tap({ timeout: 15_000 });
  else await target.click({ timeout: 15_000 });
}

async function shot(p: P, file: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await p.page.screenshot({ path: join(SHOTS, file), fullPage: true });
}

it('leaving, reading the cards, confirming a lone pick, the answer in words, sign-out and play again', async () => {
  let passed = false;
  try {
    const names = ['Ann', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gil', 'Hu'];
    for (const [i, n] of names.entries()) players.push(await newPlayer(n, i < 2));
    const host = players[0]!;
    const last = players[7]!;
    note('8 contexts');

    // The unknown-code page offers a new room or the home page, never Join or Watch.
    await last.page.goto('/r/ZZZZ2222');
    await last.page.locator('[data-testid=no-room]').waitFor();
    expect(await last.page.locator('[data-testid=join]').count()).toBe(0);
    expect(await last.page.getByText('Watch', { exact: true }).count()).toBe(0);
    await press(last, '[data-testid=go-home]');
    await last.page.locator('[data-testid=create-form]').waitFor();
    note('unknown code page');

    await host.page.goto('/');
    await host.page.locator('[data-testid=ruleset-classic]').check();
    await host.page.locator('[data-testid=create-form] [data-testid=name-input]').fill(host.name);
    // A 20-minute call deadline makes the reading last 5 min (a quarter, O3): long enough for this
    // test to look at it on a machine whose cores other test runs share.
    await host.page.locator('[data-testid=create-form] details.more > summary').click();
    await host.page.locator('[data-testid=create-form] details.deadlines summary').click();
    await host.page.locator('[data-testid=create-form] [data-testid=deadline-call-unit]').selectOption('min');
    await host.page.locator('[data-testid=create-form] [data-testid=deadline-call]').fill('20');
    await host.page.locator('[data-testid=create-form] [data-testid=deadline-call]').dispatchEvent('change');
    await press(host, '[data-testid=create]');
    const link = await host.page.locator('[data-testid=invite-link]').inputValue();
    for (const p of players.slice(1)) {
      await p.page.goto(link);
      await p.page.locator('[data-testid=name-input]').fill(p.name);
      await press(p, '[data-testid=join]');
      await p.page.locator('[data-testid=lobby]').waitFor();
    }
    await expect.poll(() => host.page.locator('svg.table g[data-seat]').count()).toBe(8);
    note('seated');

    // "Leave" in the lobby frees the seat, and the host sees it go. The host is not offered it.
    expect(await host.page.locator('[data-testid=leave-seat]').count()).toBe(0);
    await press(last, '[data-testid=leave-seat]');
    await last.page.locator('[data-testid=join]').waitFor();
    await expect.poll(() => host.page.locator('svg.table g[data-seat]').count()).toBe(7);
    // The freed seat (and name) can be taken again.
    await last.page.locator('[data-testid=name-input]').fill(last.name);
    await press(last, '[data-testid=join]');
    await expect.poll(() => host.page.locator('svg.table g[data-seat]').count()).toBe(8);
    note('left and rejoined');

    // Start: every seat turns its card up (it is dealt face down), reads it and turns it down again;
    // "I have seen my card"; the night waits for them.
    await press(host, '[data-testid=start]');
    for (const p of players) {
      await p.page.locator('[data-testid=reading]').waitFor();
      expect(await p.page.getByTestId('my-role').count(), 'face down until tapped').toBe(0);
      await press(p, '[data-testid=my-card]');
      p.role = (await p.page.locator('[data-testid=my-role]').getAttribute('data-role')) ?? '';
      await press(p, '[data-testid=my-card][aria-expanded=true]');
      p.seat = Number(await p.page.locator('svg.table g.me').getAttribute('data-seat'));
      // During a game nobody is offered "Leave this seat": sign-out only.
      expect(await p.page.locator('[data-testid=leave-seat]').count()).toBe(0);
      expect(await p.page.locator('[data-testid=sign-out]').count()).toBe(1);
    }
    expect(players.filter((p) => p.role === 'killer')).toHaveLength(2);
    await shot(host, 'reading-phone-390.png');
    note('reading');

    // Leave one killer and one police, so both night calls have a lone actor (the host is never ejected).
    const killers = players.filter((p) => p.role === 'killer');
    const police = players.filter((p) => p.role === 'police');
    const gone = [killers.find((p) => p !== host)!, police.find((p) => p !== host)!];
    for (const p of gone) await eject(host, p.seat);
    const killer = killers.find((p) => !gone.includes(p))!;
    const cop = police.find((p) => !gone.includes(p))!;
    const left = players.filter((p) => !gone.includes(p));
    for (const p of left.slice(0, -1)) await press(p, '[data-testid=seen]');
    await left.at(-1)!.page.locator('[data-testid=seen-count]').getByText(`${left.length - 1} of ${left.length}`).waitFor();
    expect(await stepOf(host)).toBe('reading');
    await press(left.at(-1)!, '[data-testid=seen]');

    // The lone killer picks, changes the pick, and only "Confirm" closes the call.
    await expect.poll(() => callOf(killer)).toBe('killers');
    const victims = left.filter((p) => p.role === 'civilian').map((p) => p.seat);
    expect(await killer.page.locator('[data-testid=point-hint]').innerText()).toContain('Confirm');
    await press(killer, `[data-testid=point-target][data-seat="${victims[0]}"]`);
    await killer.page.locator(`[data-testid=point-target][data-seat="${victims[0]}"].on`).waitFor();
    await press(killer, `[data-testid=point-target][data-seat="${victims[1]}"]`);
    await killer.page.locator(`[data-testid=point-target][data-seat="${victims[1]}"].on`).waitFor();
    expect(await callOf(killer)).toBe('killers');
    await press(killer, '[data-testid=confirm-pick]:not([disabled])');
    note('killer confirmed');
    // The killer sees the night's choice where they look.
    await killer.page.locator('[data-testid=night-result]').getByText(`#${victims[1]}`).waitFor();

    // The lone police checks the killer and reads the answer in words, right after the call.
    await expect.poll(() => callOf(cop)).toBe('police');
    await press(cop, `[data-testid=point-target][data-seat="${killer.seat}"]`);
    await press(cop, '[data-testid=confirm-pick]:not([disabled])');
    const answer = cop.page.locator('[data-testid=night-result-line][data-type=checked]');
    await answer.waitFor();
    expect(await answer.innerText()).toContain(`#${killer.seat}`);
    expect(await answer.innerText()).toContain('thumb up 👍 — a killer');
    note('police answer');

    // Sign-out: a page that says the seat stays, with the room link; "Stay" goes back to the game.
    const phone = left.find((p) => p.phone && p !== host) ?? host;
    await press(phone, '[data-testid=sign-out]');
    await phone.page.locator('[data-testid=sign-out-page]').waitFor();
    expect(await phone.page.locator('[data-testid=room-link]').getAttribute('href')).toBe(link);
    await shot(phone, 'sign-out-phone-390.png');
    note('sign-out page');
    await press(phone, '[data-testid=stay]');
    await phone.page.locator('[data-testid=game]').waitFor();

    // The host ejects the last killer: the good side wins; Play again brings everyone to the lobby.
    await eject(host, killer.seat);
    for (const p of players) await p.page.locator('[data-testid=game-over]').waitFor();
    await press(host, 'button.primary.wide >> text=Play again');
    for (const p of players) {
      await p.page.locator('[data-testid=again-notice]').waitFor();
      await expect.poll(() => p.page.locator('svg.table g[data-seat]').count()).toBe(8);
    }
    expect(await host.page.locator('[data-testid=start]').count()).toBe(1);
    passed = true;
  } finally {
    console.log(log.join('\n'));
    if (!passed) {
      mkdirSync(FAIL_SHOTS, { recursive: true });
      for (const [i, p] of players.entries()) await p.page.screenshot({ path: join(FAIL_SHOTS, `table-flow-${i + 1}.png`), fullPage: true, timeout: 10_000 }).catch(() => {});
    }
    await Promise.all(players.map((p) => p.context.close().catch(() => {})));
  }
}, 420_000);
