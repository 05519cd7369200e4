// RULES.md 2.3, "Team decisions": the seat most pointed at is chosen, a tie goes to the one pointed
// at first. A team call's hint says so before anyone points, so a player with bot teammates knows
// how a split ends. A 390-px phone at the killers' call of a classic Table, on a stand-in room.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { viewFor, viewJson } from '../../worker/engine/index.ts';
import { roomFrame } from '../bench/stand-in-room.ts';
import { Table } from '../engine/table.ts';
import { standInPhone } from './stand-in-phone.ts';
import { launch } from './browser.ts';

const CODE = 'SPLITS';
let browser: Browser;
beforeAll(async () => (browser = await launch()));
afterAll(async () => browser?.close());

for (const [locale, words] of [['en-US', 'a tie goes to the seat pointed at first'], ['zh-CN', '平票时以最先被指的人为准']] as const) {
  it(`${locale}: the killers' call says how a split is settled before anyone points`, async () => {
    const t = new Table('classic', 'KKPPCCCC');
    const me = { kind: 'seat', seat: 1 } as const;
    const phone = await standInPhone(browser, CODE, [roomFrame(CODE, t.state), `{"type":"game","logFrom":0,"view":${viewJson(viewFor(t.state, me))}}`], { locale });
    try {
      const hint = phone.page.getByTestId('point-hint');
      await expect.poll(() => hint.innerText()).toContain(words);
      expect(await phone.page.locator('[data-testid=point-target].on').count()).toBe(0);
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
}

// A bot teammate's suggestion is read while pointing: at the team's call the team chat (its box and its
// newest line) is on a 390-px phone's first screen with the pointers, not below the round table.
it('the killers’ call shows the team chat’s newest line beside the pointers, without scrolling', async () => {
  const t = new Table('classic', 'KKPPCCCC');
  const me = { kind: 'seat', seat: 1 } as const;
  for (let i = 0; i < 6; i++) t.act(2, { type: 'team-chat', text: i < 5 ? `thinking ${i}` : 'I would choose #6: they spoke least.' });
  const phone = await standInPhone(browser, CODE, [roomFrame(CODE, t.state), `{"type":"game","logFrom":0,"view":${viewJson(viewFor(t.state, me))}}`]);
  try {
    const { page } = phone;
    const newest = page.locator('.team .chat li', { hasText: 'I would choose #6' });
    await newest.waitFor();
    await page.evaluate(() => scrollTo(0, 0));
    const fold = page.viewportSize()!.height;
    const inView = async (what: string, el = page.locator(what).first()) => {
      const box = (await el.boundingBox())!;
      // Inside the chat's own box as it is scrolled, and inside the screen.
      return { what, top: Math.round(box.y), bottom: Math.round(box.y + box.height), fits: box.y >= 0 && box.y + box.height <= fold };
    };
    const chatBox = await page.locator('.team .chat').boundingBox();
    const line = (await newest.boundingBox())!;
    expect(line.y + line.height, 'the newest line shows inside the chat box').toBeLessThanOrEqual(chatBox!.y + chatBox!.height + 1);
    for (const what of ['[data-testid=point-target]', '.team .chat']) expect(await inView(what)).toMatchObject({ fits: true });
    expect(await inView('newest', newest)).toMatchObject({ fits: true });
    for (const [scheme, width] of [['light', 390], ['dark', 390], ['dark', 1280], ['light', 1280]] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.screenshot({ path: `test-results/team-chat-call-${width}-${scheme}.png` });
    }
    expect(phone.errors).toEqual([]);
  } finally {
    await phone.close();
  }
});
