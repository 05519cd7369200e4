// A 390-px phone on a stand-in room (test/bench/stand-in-room.ts): the built client, the room's first
// frames from the engine, and the page at the room's address. Shared by the browser tests that need
// no wrangler (the dusk fade, the table's centre line, onlookers, the lobby's line).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RoomSummary } from '../../worker/protocol.ts';
import { standInRoom } from '../bench/stand-in-room.ts';

export interface StandInPhone {
  room: Awaited<ReturnType<typeof standInRoom>>;
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page. */
  errors: string[];
  close: () => Promise<void>;
}

interface Options {
  /** The seat this device holds (its token stored); null for a newcomer, who gets the join form. */
  seat?: number | null;
  host?: boolean;
  locale?: string;
  /** What the room's GET answers (the join form asks it). */
  summary?: RoomSummary;
  /** Motion as the device prefers it (the dusk fade); reduced by default, so screens settle at once. */
  motion?: boolean;
  deviceScaleFactor?: number;
  /** Runs on the context before the page opens (Playwright's clock, say). */
  before?: (context: BrowserContext) => Promise<void>;
  /** The room's API GETs the stand-in answers, by path (see standInRoom). */
  api?: Record<string, unknown>;
  colorScheme?: 'light' | 'dark';
  /** The build served: dist/client by default; dist/client-e2e for the voice's test probe. */
  dist?: string;
}

/** Opens a phone at `code` on a new stand-in room that sends `first` to each socket that opens. */
export async function standInPhone(browser: Browser, code: string, first: string[], o: Options = {}): Promise<StandInPhone> {
  const room = await standInRoom(code, first, o.summary, o.api, o.dist);
  const context = await browser.newContext({ colorScheme: o.colorScheme ?? 'light', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: o.deviceScaleFactor ?? 1, locale: o.locale ?? 'en-US', baseURL: room.base, reducedMotion: o.motion ? 'no-preference' : 'reduce' });
  const seat = o.seat === undefined ? 1 : o.seat;
  if (seat !== null) await context.addInitScript(([c, s, h]) => localStorage.setItem(`tianhei.room.${c}`, JSON.stringify({ code: c, seat: s, token: 'test-token', host: h })), [code, seat, o.host ?? seat === 1] as const);
  await o.before?.(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/r/${code}`);
  return {
    room,
    context,
    page,
    errors,
    close: async () => {
      await context.close();
      room.close();
    },
  };
}
