// A player who cannot see the feed hears every speech: on a 390-px phone, each speech another seat
// makes (a bot's or a person's) is said once through the polite live region (client/announce.ts), who
// spoke and what, a claim in the reader's own language, as the table screen says a bot's speech aloud
// (docs/table-voice.md). The player's own speech is not said back to them. The room is a stand-in fed
// the engine's frames for seat 1 (test/browser/stand-in-phone.ts).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { gameFrame } from '../../worker/engine/index.ts';
import type { GameState } from '../../worker/engine/types.ts';
import { roomFrame } from '../bench/stand-in-room.ts';
import { Table } from '../engine/table.ts';
import { standInPhone } from './stand-in-phone.ts';
import { launch } from './browser.ts';
import { recordHeard, type Heard } from './heard.ts';

const CODE = 'HEARD1';
const me = { kind: 'seat', seat: 1 } as const;
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Classic, 8 seats: the killers kill 5 and the police check 1; day 1's last words and speeches, each speech then its pass. */
function dayOne(): GameState[] {
  const t = new Table('classic', 'KKPPCCCC');
  t.night(5);
  t.night(1);
  const states = [t.state];
  const move = (seat: number, action: Parameters<Table['act']>[1]) => {
    t.now += 500;
    t.act(seat, action);
    states.push(t.state);
  };
  move(5, { type: 'say', text: 'I was only a civilian. Look at seat 2.' });
  move(5, { type: 'pass' });
  move(6, { type: 'say', text: 'I am a civilian. I vote #3.', claim: { role: 'civilian', vote: 3 } });
  move(6, { type: 'pass' });
  move(7, { type: 'pass' });
  move(8, { type: 'pass' });
  move(1, { type: 'say', text: 'My own words.' });
  return states;
}

it.each([
  ['en', ['Seat 5 says: I was only a civilian. Look at seat 2.', 'Seat 6 says: I am a civilian. I vote #3.']],
  ['es', ['El asiento 5 dice: I was only a civilian. Look at seat 2.', 'El asiento 6 dice: Soy civil. Voto al #3.']],
] as const)('a screen reader hears each other seat’s speech once, politely, its claim in the reader’s language (%s)', async (lang, speeches) => {
  const states = dayOne();
  const phone = await standInPhone(browser, CODE, [roomFrame(CODE, states[0]!), gameFrame(null, states[0]!, me)!], {
    before: async (context) => {
      await context.addInitScript((l) => localStorage.setItem('tianhei.lang', l), lang);
      await context.addInitScript(recordHeard);
    },
  });
  const { page, room, errors } = phone;
  try {
    await page.locator('[data-testid=game]').waitFor();
    for (let i = 1; i < states.length; i++) {
      room.send(gameFrame(states[i - 1]!, states[i]!, me)!);
      await page.waitForTimeout(80);
    }
    const heard = () => page.evaluate(() => (window as unknown as { heard: Heard[] }).heard);
    await expect.poll(async () => (await heard()).filter((h) => / (says|dice):/.test(h.text))).toEqual(speeches.map((text) => ({ text, urgent: false })));
    // The player's own words are not said back to them.
    await page.waitForTimeout(300);
    expect((await heard()).filter((h) => h.text.includes('My own words'))).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await phone.close();
  }
});
