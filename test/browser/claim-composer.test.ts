// A person's speech carries a claim built beside the speech box (RULES.md 3, the day's speeches: a
// player may say anything; the claim is the part bots can read): on a 390-px phone whose turn it is,
// "I am police; I checked #2: killer; I suspect #3; I will vote #2" goes out in the speech frame's `claim`, and the
// feed shows it as a line of its own in the reader's language, in the very words a bot's claim reads.
// The frames are the engine's (a classic Table), served by a stand-in room that records what the phone sends.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { gameFrame } from '../../worker/engine/index.ts';
import type { Claim, GameState, Viewer } from '../../worker/engine/types.ts';
import { renderClaim } from '../../worker/engine/bots/claims.ts';
import { roomFrame } from '../bench/stand-in-room.ts';
import { Table } from '../engine/table.ts';
import { standInPhone } from './stand-in-phone.ts';
import { launch } from './browser.ts';
import { checkContrast } from './contrast.ts';

const CODE = 'CLAIMS';
const me: Viewer = { kind: 'seat', seat: 1 };
let browser: Browser;
beforeAll(async () => (browser = await launch()));
afterAll(async () => browser?.close());

/** Classic, 8 seats, seat 1 police: night 1 the killers (2, 3) kill 5 and the police check 2; day 1 runs to seat 1's speech. */
function toMySpeech(): Table {
  const t = new Table('classic', 'PKKPCCCC');
  t.night(5);
  t.night(2);
  while (!(t.step.kind === 'speech' && t.step.seat === 1)) t.act((t.step as { seat: number }).seat, { type: 'pass' });
  return t;
}

/** Seat 1's frame for the change from `before` (null: the first, whole) to `after`, as the room makes it. */
const frame = (before: GameState | null, after: GameState) => gameFrame(before, after, me)!;

/** A phone at seat 1's speech with the composer open; `firstAct`: the first game move it sent. */
async function composerAt(t: Table, locale: string) {
  const phone = await standInPhone(browser, CODE, [roomFrame(CODE, t.state), frame(null, t.state)], { locale });
  const sent: string[] = [];
  phone.page.on('websocket', (ws) => ws.on('framesent', (f) => void sent.push(String(f.payload))));
  // The socket may have opened before the listener: reload so every frame is seen.
  await phone.page.reload();
  await phone.page.getByTestId('speech').waitFor();
  await phone.page.getByTestId('claim-open').tap();
  const firstAct = () => sent.map((x) => JSON.parse(x) as { type: string; move?: unknown }).find((f) => f.type === 'act')?.move;
  return { phone, page: phone.page, firstAct };
}

/**
 * The composer's preview says `line`, reads at 4.5:1, and Send (no words needed) sends the claim as
 * the speech; the room's answer puts it in the feed as a line of its own.
 */
async function sendClaim(t: Table, c: Awaited<ReturnType<typeof composerAt>>, claim: Claim, line: string): Promise<void> {
  const { page, phone, firstAct } = c;
  await expect.poll(() => page.getByTestId('claim-preview').innerText()).toContain(line);
  expect((await page.evaluate(checkContrast, 4.5)).failures).toEqual([]);
  await page.locator('.speech-box form button[type=submit]').tap();
  await expect.poll(firstAct).toEqual({ type: 'say', text: line, claim });
  const before = t.state;
  t.act(1, { type: 'say', text: line, claim });
  phone.room.send(frame(before, t.state));
  await expect.poll(() => page.getByTestId('feed').getByTestId('claim').allInnerTexts()).toContainEqual(expect.stringContaining(line));
}

for (const [locale, lang] of [['en-US', 'en'], ['zh-CN', 'zh-CN']] as const) {
  it(`${lang}: the composer sends the claim with the speech, and the feed reads it as a bot's claim reads`, async () => {
    const t = toMySpeech();
    const composer = await composerAt(t, locale);
    const { phone, page } = composer;
    try {
      await page.getByTestId('claim-role').selectOption('police');
      await page.getByTestId('claim-check-add').tap();
      await page.getByTestId('claim-check-seat').selectOption('2');
      await page.getByTestId('claim-check-camp').selectOption('killers');
      await page.getByTestId('claim-suspect').selectOption('3');
      await page.getByTestId('claim-vote').selectOption('2');
      // Classic's deck has no card that acts on a seat but the police's: no night acts, no doctor to claim.
      expect(await page.getByTestId('claim-act-add').count()).toBe(0);
      expect(await page.getByTestId('claim-role').locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).sort())).toEqual(['', 'civilian', 'killer', 'police']);
      const claim = { role: 'police' as const, checks: [{ seat: 2, camp: 'killers' as const }], suspect: 3, vote: 2 };
      const line = renderClaim(claim, lang);
      // The composer reads as well as the rest of the screen; no words needed: the claim alone is a speech, and the feed shows it.
      await sendClaim(t, composer, claim, line);
      const feed = page.getByTestId('feed');
      // Then seat 2 speaks as a bot does, its claim's words in English: this reader reads the claim in the same words as seat 1's.
      const b2 = t.state;
      t.act(1, { type: 'pass' });
      phone.room.send(frame(b2, t.state));
      const b3 = t.state;
      t.act(2, { type: 'say', text: renderClaim({ role: 'civilian', vote: 4 }, 'en'), claim: { role: 'civilian', vote: 4 } });
      phone.room.send(frame(b3, t.state));
      await expect.poll(() => feed.getByTestId('claim').allInnerTexts()).toContainEqual(expect.stringContaining(renderClaim({ role: 'civilian', vote: 4 }, lang)));
      expect((await page.evaluate(checkContrast, 4.5)).failures).toEqual([]);
      // The English words of a claim said in English are not shown twice.
      const said = await feed.locator('.said').last().innerText();
      expect(said.split(renderClaim({ role: 'civilian', vote: 4 }, lang)).length).toBe(2);
      if (lang !== 'en') expect(said).not.toContain('I vote #4.');
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
}

it('choices made within one frame all count: the page draws once a frame, and a busy phone may take two choices before it draws', async () => {
  const t = toMySpeech();
  const composer = await composerAt(t, 'en-US');
  const { phone, page } = composer;
  try {
    await page.getByTestId('claim-vote').waitFor();
    // The role, a suspect and a vote chosen in one task: no frame is drawn between them.
    await page.evaluate(() => {
      for (const [testid, value] of [['claim-role', 'police'], ['claim-suspect', '3'], ['claim-vote', '2']] as const) {
        const select = document.querySelector(`[data-testid=${testid}]`) as unknown as { value: string; dispatchEvent(e: Event): boolean };
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }
    });
    const claim = { role: 'police' as const, suspect: 3, vote: 2 };
    await sendClaim(t, composer, claim, renderClaim(claim, 'en'));
    expect(phone.errors).toEqual([]);
  } finally {
    await phone.close();
  }
});

/** Version 3.0 (RULES.md 6), 8 seats, seat 1 the doctor: night 1 the killers kill 5, the police check 2, the doctor saves 4; day 1 runs to seat 1's speech. */
function toDoctorSpeech(): Table {
  const t = new Table('doctor', 'DKKPSCCC');
  for (const target of [5, 2, 4, 0]) t.night(target);
  while (!(t.step.kind === 'speech' && t.step.seat === 1)) t.act((t.step as { seat: number }).seat, { type: 'pass' });
  return t;
}

for (const [locale, lang] of [['es-ES', 'es'], ['ko-KR', 'ko']] as const) {
  it(`${lang}: a power role claims its own night act, on the nights played so far, in the words a bot's claim reads`, async () => {
    const t = toDoctorSpeech();
    expect(t.state.round).toBe(1);
    const composer = await composerAt(t, locale);
    const { phone, page } = composer;
    try {
      // A civilian names no night acts; the doctor does, the secret police too (this deck holds both).
      await page.getByTestId('claim-role').selectOption('civilian');
      expect(await page.getByTestId('claim-act-add').count()).toBe(0);
      await page.getByTestId('claim-role').selectOption('doctor');
      await page.getByTestId('claim-act-add').tap();
      // Only night 1 has been played: one night to name, and no second row to add.
      expect(await page.getByTestId('claim-act-night').locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(['1']);
      expect(await page.getByTestId('claim-act-add').count()).toBe(0);
      await page.getByTestId('claim-act-seat').selectOption('4');
      await page.getByTestId('claim-suspect').selectOption('2');
      const claim = { role: 'doctor' as const, acts: [{ night: 1, seat: 4 }], suspect: 2 };
      const line = renderClaim(claim, lang);
      // The engine takes it as sent, and the feed reads it back as a line of its own.
      await sendClaim(t, composer, claim, line);
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
}
