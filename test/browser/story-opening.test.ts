// The story game's first rounds on screen (test/browser/story-table.ts: a 16-player `classic` game
// of WebSocket bots, watched from its start by seat 1's phone, not throttled here since nothing is
// timed, and from day 2 by seat 2's desktop, opened on the game under way): after round 2 the
// history drawer holds round 1's speeches and ballots on both (the phone's built frame by frame, the
// desktop's from one whole view), the feed shows a tie as a tally, and the round table's online dots
// follow a tab that closes, at the table's next public step. The long game (8 rounds, the busy ballot, the
// replay) is story.test.ts's own game, so the two files run side by side.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP } from './pages.ts';
import { bots, desk, holdStill, openDesk, phone, shot, startStory, stopStory, table, waitFor, watcher, ws } from './story-table.ts';

beforeAll(() => startStory('opening', true));
afterAll(stopStory);

it('the history drawer after round 2 holds round 1’s speeches and ballots (phone and desktop)', async () => {
  await waitFor('day 2', () => (bots[0]!.view?.round ?? 0) >= 2 && bots[0]!.view?.phase === 'day');
  // The bots wait while the pages are read, so the screens hold still; the desktop opens now.
  table.paused = true;
  await openDesk();
  await holdStill();
  for (const w of [phone, desk]) {
    await w.page.locator('[data-testid=history-open]').click();
    const day1 = w.page.locator('[data-testid=chapter][data-chapter=d1]');
    // Older chapters start folded: open day 1.
    if ((await day1.getAttribute('open')) === null) await day1.locator('summary').click();
    // The chapter's entries are drawn on the next frame.
    await day1.locator('li').first().waitFor();
    const text = await day1.innerText();
    const spoken = bots.flatMap((b) => b.said).filter((s) => s.round === 1);
    expect(spoken.length).toBeGreaterThan(10);
    for (const s of spoken) expect(text).toContain(s.text);
    // Day 1's three ballots (verdict, PK, outside PK) are all ties between #1 and #2.
    const tallies = day1.locator('[data-testid=tally]');
    expect(await tallies.count()).toBe(3);
    expect(await tallies.first().getAttribute('data-tie')).toBe('true');
    expect(await day1.locator('[data-testid=tally] li.tie').count()).toBe(6);
    await day1.locator('[data-testid=tally]').first().scrollIntoViewIfNeeded();
    await shot(w, `drawer-${w === phone ? 'phone' : 'desktop'}`);
    // The player's own private entries are there too (their own ballot, their card).
    expect(await w.page.locator('[data-testid=history] li.mine').count()).toBeGreaterThan(0);
    await w.page.locator('[data-testid=history-close]').click();
    // Closed, it stays drawn but transparent and inert (kept up to date while the phone is idle, so it opens at once).
    await expect.poll(() => w.page.locator('[data-testid=history]').getAttribute('inert')).not.toBeNull();
  }
});

it('the feed shows a tie as a tally with both leaders marked', async () => {
  // A face-off (PK) follows a tie: hold the table there.
  table.paused = false;
  for (const b of bots) b.decide();
  await waitFor('a face-off', () => { const st = bots[0]!.view?.step; return st?.kind === 'speech' && st.purpose === 'pk'; });
  await holdStill();
  expect(await desk.page.locator('[data-testid=feed] [data-testid=tally][data-tie=true]').count()).toBeGreaterThan(0);
  const rows = desk.page.locator('[data-testid=feed] [data-testid=tally]').first().locator('[data-testid=tally-row]');
  const votes = await rows.evaluateAll((els) => els.map((e) => [e.getAttribute('data-target'), e.getAttribute('data-votes'), e.classList.contains('tie')]));
  expect(votes.slice(0, 2)).toEqual([
    ['1', '8', true],
    ['2', '8', true],
  ]);
  for (const w of [phone, desk]) {
    await w.page.locator('[data-testid=feed] [data-testid=tally]').first().scrollIntoViewIfNeeded();
    await shot(w, `tally-${w === phone ? 'phone' : 'desktop'}`);
  }
});

it('online dots on the round table: a seat whose tab closes shows offline once the table moves on', async () => {
  const dot = (seat: number) => phone.page.locator(`svg.table g[data-seat="${seat}"] circle.dot`);
  const desk16 = await watcher(16, DESKTOP, 'en-US');
  await expect.poll(() => dot(16).getAttribute('class')).toBe('dot on');
  // Seat 16 is both a bot and a desktop tab: close the bot first (the tab keeps it online), then the tab.
  bots[15]!.ws.close();
  await phone.page.waitForTimeout(1000);
  expect(await dot(16).getAttribute('class')).toBe('dot on');
  await desk16.context.close();
  // During a game the table is shown who is connected as it stood at the last public step change
  // (docs/rules-decisions.md O23): while the face-off holds still, the dot does too.
  await phone.page.waitForTimeout(1000);
  expect(await dot(16).getAttribute('class')).toBe('dot on');
  // The table moves on (the face-off's speaker passes): seat 16 shows offline.
  table.paused = false;
  for (const b of bots) b.decide();
  await expect.poll(() => dot(16).getAttribute('class'), { timeout: 30_000 }).toBe('dot');
  expect(await dot(15).getAttribute('class')).toBe('dot on');
  await phone.page.locator('svg.table').scrollIntoViewIfNeeded();
  await shot(phone, 'presence-phone');
  // Seat 16's bot comes back: online again from the next public step change.
  await bots[15]!.open(ws);
  await expect.poll(() => dot(16).getAttribute('class'), { timeout: 60_000 }).toBe('dot on');
  expect([...phone.errors, ...desk.errors]).toEqual([]);
});

