// What the browser tests share: the two kinds of device, a player's page, reading a screen in one
// round trip, and pressing a control the way that device does (a tap on phones).
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

// Reduced motion and one device pixel per CSS pixel: a dozen pages play at once on two cores, and the
// seat halo's endless animation and 4× the pixels cost more CPU than the game (tests that judge a
// screen's look or speed set their own).
export const PHONE: BrowserContextOptions = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1, reducedMotion: 'reduce' };
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' };
/** A click that cannot happen in this time means the screen moved on: look again. */
export const CLICK_MS = 3_000;
/** A click on what stays on the screen (the card): a loaded machine, not a moved-on screen, is what delays it. */
const STAYING_CLICK_MS = 15_000;

export interface Player {
  name: string;
  phone: boolean;
  locale: string;
}

export /** What one page shows now, read in a single round trip. */
interface Screen {
  kind: 'none' | 'game' | 'over';
  phase?: string;
  step?: string;
  me?: number;
  heading?: string;
  call?: string;
  purpose?: string;
  points?: { seat: number; on: boolean }[];
  mates?: number[];
  votes?: number[];
  canAbstain?: boolean;
  pass?: boolean;
  say?: boolean;
  muted?: boolean;
  /** "I have seen my card" is offered (the reading step before night 1). */
  seen?: boolean;
  /** A solo pointer's "Confirm" is offered and enabled (D15). */
  confirm?: boolean;
  /** This day's dawn: who went out, and who may not speak. */
  dawn?: string;
  errors?: string[];
}

/** Runs inside the page (no closure over this module): everything the players' loops decide on. */
export function readScreen(): Screen {
  const q = (s: string) => document.querySelector(s);
  const all = (s: string) => Array.from(document.querySelectorAll(s));
  const seatOf = (e: Element) => Number(e.getAttribute('data-seat'));
  const errors = all('.errors button').map((b) => b.textContent ?? '');
  if (q('[data-testid=game-over]')) return { kind: 'over', errors };
  const game = q('[data-testid=game]');
  if (!game) return { kind: 'none', errors };
  const me = q('svg.table g.me');
  return {
    kind: 'game',
    phase: game.getAttribute('data-phase') ?? '',
    step: game.getAttribute('data-step') ?? '',
    me: me ? seatOf(me) : 0,
    heading: `${q('[data-testid=step] h2')?.textContent}|${q('[data-testid=step] .act .big')?.textContent}|${q('[data-testid=vote-turn]')?.textContent}`,
    call: q('[data-testid=point-panel]')?.getAttribute('data-call') ?? '',
    purpose: q('[data-testid=speech]')?.getAttribute('data-purpose') ?? '',
    points: all('[data-testid=point-target]').map((b) => ({ seat: seatOf(b), on: b.classList.contains('on') })),
    mates: all('svg.table g.mate').map(seatOf),
    votes: all('[data-testid=vote-target]').map(seatOf),
    canAbstain: !!q('[data-testid=abstain]'),
    pass: !!q('[data-testid=pass]'),
    say: !!q('[data-testid=step] textarea'),
    muted: !!q('[data-testid=you-muted]'),
    seen: !!q('[data-testid=seen]'),
    confirm: !!q('[data-testid=confirm-pick]:not([disabled])'),
    dawn: q('[data-testid=dawn]') ? `${q('h2')?.textContent}|${q('[data-testid=dawn]')!.getAttribute('data-out')}|${q('[data-testid=muted-today]')?.textContent ?? ''}` : '',
    errors,
  };
}

/** Taps (phones) or clicks (desktops) the first match; `timeout` for what cannot move on. */
export async function press(p: { page: Page; phone: boolean }, selector: string, timeout = CLICK_MS): Promise<void> {
  const target = p.page.locator(selector).first();
  if (p.phone) await target.tap({ timeout });
  else await target.click({ timeout });
}

/** Turns the card up, reads the role on it, turns it down again. */
export async function peekRole(p: { page: Page; phone: boolean }): Promise<string> {
  await press(p, '[data-testid=my-card]', STAYING_CLICK_MS);
  const role = (await p.page.locator('[data-testid=my-role]').getAttribute('data-role')) ?? '';
  await hideCard(p);
  return role;
}

/** Turns the card down if it is still up (it also turns down by itself, client/card-peek.ts). */
export async function hideCard(p: { page: Page; phone: boolean }): Promise<void> {
  if (await p.page.locator('[data-testid=my-card][aria-expanded=true]').count()) await press(p, '[data-testid=my-card][aria-expanded=true]', STAYING_CLICK_MS);
}

/**
 * The steps every game has besides its ruleset's: "I have seen my card" before night 1, and the
 * "Confirm" after a solo actor's pick. Presses one of them and returns true, or returns false.
 */
export async function answerFlow(p: { page: Page; phone: boolean }, s: Screen): Promise<boolean> {
  if (s.seen) {
    await press(p, '[data-testid=seen]');
    return true;
  }
  if (s.confirm) {
    await press(p, '[data-testid=confirm-pick]:not([disabled])');
    return true;
  }
  return false;
}

/**
 * The host creates a room of this ruleset from the home page, with a short call deadline when
 * given (the options are folded under Create; deadlines are entered in minutes), and returns the
 * invite link.
 */
export async function createRoom(p: Player & { page: Page }, ruleset: string, callMs?: number): Promise<string> {
  await p.page.goto('/');
  await p.page.locator(`[data-testid=ruleset-${ruleset}]`).check();
  if (callMs) {
    await p.page.locator('details.more > summary').click();
    await p.page.locator('details.deadlines summary').click();
    await p.page.locator('[data-testid=deadline-call-unit]').selectOption('min');
    await p.page.locator('[data-testid=deadline-call]').fill(String(callMs / 60_000));
    await p.page.locator('[data-testid=deadline-call]').dispatchEvent('change');
  }
  await p.page.locator('[data-testid=create-form] [data-testid=name-input]').fill(p.name);
  await press(p, '[data-testid=create]');
  return p.page.locator('[data-testid=invite-link]').inputValue();
}

/** A player's own browser context and page on the test server: 15 s waits, dialogs dismissed, uncaught errors kept in `pageErrors`. */
export async function openPlayer(browser: Browser, device: BrowserContextOptions, pl: Player, baseURL: string): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }> {
  const context = await browser.newContext({ ...device, locale: pl.locale, baseURL });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.setDefaultTimeout(30_000);
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('dialog', (d) => void d.dismiss());
  return { context, page, pageErrors };
}

/**
 * Looks at the page and plays until game over: `play` makes at most one move a look; a press that
 * missed (the screen moved on between looking and pressing) is noted and the page looked at again.
 * Returns how long the game took.
 */
export async function playToEnd(page: Page, capMs: number, play: (s: Screen) => Promise<boolean>, note: (line: string) => void): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (Date.now() - start > capMs) throw new Error(`no game over after ${capMs / 1000} s`);
    const s = await page.evaluate(readScreen);
    if (s.kind === 'over') return Date.now() - start;
    let acted = false;
    try {
      acted = await play(s);
    } catch (e) {
      note((e as Error).message.split('\n')[0]!);
    }
    if (!acted) await new Promise((r) => setTimeout(r, 100));
  }
}

/** Runs inside the page (no closure over this module): resolves at the page's next DOM change, or after `ms`. */
export function nextChange(ms: number): Promise<void> {
  return new Promise((done) => {
    const end = () => {
      observer.disconnect();
      clearTimeout(timer);
      done();
    };
    const observer = new MutationObserver(end);
    const timer = setTimeout(end, ms);
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

/**
 * Waits until one of the pages changes on screen, or `ms` at most: a game loop that found nothing to
 * do looks again then, not every 100 ms (each look is a round trip to Chromium that costs it and Node
 * a few ms of CPU; a whole game's idle looks added up to seconds). A change made while the loop was
 * looking is missed, hence the `ms` cap. A page that closes meanwhile ends the wait.
 */
export async function anyChange(pages: Page[], ms = 500): Promise<void> {
  await Promise.race(pages.map((p) => p.evaluate(nextChange, ms).catch(() => {})));
}

/**
 * A page's move that failed because the screen moved on between looking and clicking (a timeout, a
 * detached element): the game loop looks again. A failed check is never that: it is thrown on.
 */
export function screenMovedOn(e: unknown): string {
  if (e instanceof Error && e.name === 'AssertionError') throw e;
  return (e as Error).message.split('\n')[0]!;
}
