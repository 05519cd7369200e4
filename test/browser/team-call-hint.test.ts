// RULES.md 2.3, "Team decisions": the seat most pointed at is chosen, a tie goes to the one pointed
// at first. A team call's hint says so before anyone points, so a player with bot teammates knows
// how a split ends. A 390-px phone at the killers' call of a classic Table, on a stand-in room.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { viewFor, viewJson } from '../../worker/engine/view.ts';
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
    const phone = await standInPhone(browser, CODE, [roomFrame(CODE, t.state), `{"type":"game","logFrom":0,"view":${viewJson(t.state, me, viewFor(t.state, me))}}`], { locale });
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
