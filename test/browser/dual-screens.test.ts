// One `dual` game (version 5.0, RULES.md 8) with two 390-px phones and a desktop playing through the
// UI and six WebSocket bots, to game over: the dual screens. All three pages read their cards and
// side; then the second phone's seat goes to a bot on its token (its screens are the first phone's)
// unless a page drew the judge seat, so that two playing pages and the judge's stay. Each page aims its night cards by
// tapping a card on the round table; the test checks that every card label a page shows is true of
// that very card (a killer sees a mixed seat's other card unlabelled), that each page reads its side,
// that a weighted ballot shows the weights summed per candidate, and that game over says won / lost /
// draw and each seat's deciding card. Bots and pages answer the reading step ("I have seen my
// cards") and confirm each aim (D15), so nothing waits on a deadline. Phone screenshots go to
// test-results/screenshots/dual-*.png.
// The deal is random: what depends on it (a page holding a killer card beside a mixed seat, a page
// holding two camps) is counted and logged, and the always-true parts are asserted every run.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { LegalAction, View } from '../../worker/engine/types.ts';
import { launch } from './browser.ts';
import { SocketBot, joinBot, roomSocketURL, voteForTop } from './socket-bot.ts';
import { DESKTOP, PHONE, answerFlow, anyChange, createRoom, hideCard, openPlayer, press, readScreen, screenMovedOn, type Player, type Screen } from './pages.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SHOTS = join(ROOT, 'test-results/screenshots');
const PLAY_CAP_MS = 240_000;
const CALL_MS = 10_000;
const SAME_DECISION_MS = 4_000;
/** A phone: 390 px wide. */
const PHONE390 = { ...PHONE, viewport: { width: 390, height: 844 } };

// 8 players + 1 judge seat: seats 1..3 are pages, 4..9 bots; whoever draws the big joker judges.
const PAGES: Player[] = [
  { name: 'Ann', phone: true, locale: 'en-US' },
  { name: 'Bo', phone: true, locale: 'en-US' },
  { name: 'Cy', phone: false, locale: 'en-US' },
];
const BOT_NAMES = ['Bot-D', 'Bot-E', 'Bot-F', 'Bot-G', 'Bot-H', 'Bot-I'];

interface Seated extends Player {
  context: BrowserContext;
  page: Page;
  seat: number;
  lastDecision: { key: string; at: number };
  moves: string[];
  pageErrors: string[];
}


// ------------------------------------------------------------------ the pages

/** What one page shows now (runs inside the page). */
interface DualScreen {
  kind: 'none' | 'game' | 'over';
  step?: string;
  judge?: boolean;
  /** Acting-card panels that have not pointed yet. */
  toAim?: number;
  /** Cards this page may tap on the table. */
  tappable?: { seat: number; card: number }[];
  /** Every card label on the table: seat, card, what it shows. */
  labels?: { seat: number; card: number; role: string; known: string; checked: string }[];
  me?: number;
  votes?: number[];
  pass?: boolean;
  weightIn?: string;
  /** Every weighted tally on the page (the feed's, or the record's at game over). */
  tallies?: { totals: number; weights: number; voters: number; reason: boolean }[];
  side?: { camp: string; why: string; text: string };
  liveBallots?: number;
  /** The night wait's line (the judge reads who is choosing). */
  wait?: string;
  /** At dawn, which of this page's own cards went down ("it was your right card: the doctor"). */
  myDown?: string;
  /** The aim waits for a Confirm (D15): until then it may change. A team call closes on the last pointer instead. */
  confirmable?: boolean;
  myCards?: { role: string; down: boolean }[];
}

function readDual(): DualScreen {
  const q = (s: string) => document.querySelector(s);
  const all = (s: string) => Array.from(document.querySelectorAll(s));
  const n = (e: Element | null, a: string) => Number(e?.getAttribute(a) ?? 0);
  const tallies = all('[data-testid=tally]').map((t) => {
    const totals = Array.from(t.querySelectorAll('[data-testid=tally-row]')).reduce((a, r) => a + n(r, 'data-votes'), 0);
    const voters = Array.from(t.querySelectorAll('[data-testid=tally-voter]'));
    // Abstentions count for nobody: they sit under target 0.
    const weights = voters.filter((v) => n(v, 'data-target') !== 0).reduce((a, v) => a + n(v, 'data-weight'), 0);
    return { totals, weights, voters: voters.length, reason: /living card/.test(t.textContent ?? '') };
  });
  if (q('[data-testid=game-over]')) return { kind: 'over', tallies };
  const game = q('[data-testid=game]');
  if (!game) return { kind: 'none' };
  const side = q('[data-testid=your-side]');
  return {
    kind: 'game',
    step: game.getAttribute('data-step') ?? '',
    judge: !q('[data-testid=my-card]'),
    toAim: all('[data-testid=point-panel]').filter((p) => !p.querySelector('button.on')).length,
    tappable: all('[data-testid=table-card]').map((e) => ({ seat: n(e, 'data-seat'), card: n(e, 'data-card') })),
    labels: all('svg.table g[data-seat] rect.card').map((e) => ({
      seat: n(e.closest('g'), 'data-seat'),
      card: n(e, 'data-card'),
      role: e.getAttribute('data-role') ?? '',
      known: e.getAttribute('data-known') ?? '',
      checked: e.getAttribute('data-checked') ?? '',
    })),
    me: n(q('svg.table g.me'), 'data-seat'),
    votes: all('[data-testid=vote-target]').map((e) => n(e, 'data-seat')),
    pass: !!q('[data-testid=pass]'),
    weightIn: q('[data-testid=weight-in]')?.textContent ?? '',
    liveBallots: all('[data-testid=live-ballots] li').length,
    wait: q('[data-testid=night-wait]')?.textContent ?? '',
    myDown: q('[data-testid=my-card-down]')?.textContent ?? '',
    confirmable: !!q('[data-testid=confirm-pick]'),
    tallies,
    ...(side ? { side: { camp: side.getAttribute('data-camp')!, why: side.getAttribute('data-why')!, text: side.textContent ?? '' } } : {}),
    myCards: all('[data-testid=my-role]').map((e) => ({ role: e.getAttribute('data-role') ?? '', down: e.getAttribute('data-down') === 'true' })),
  };
}

let browser: Browser;
const players: Seated[] = [];
const bots: SocketBot[] = [];
const log: string[] = [];
const note = (line: string) => log.push(`${new Date().toISOString().slice(11, 23)} ${line}`);

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  for (const b of bots) b.close();
  await browser?.close();
});

async function newPlayer(pl: Player): Promise<Seated> {
  const opened = await openPlayer(browser, pl.phone ? PHONE390 : DESKTOP, pl, inject('baseURL'));
  const p: Seated = { ...pl, ...opened, seat: 0, lastDecision: { key: '', at: 0 }, moves: [] };
  return p;
}

const camp = (role: string) => (role === 'killer' || role === 'undercover' ? 'killers' : 'good');
const shots = new Set<string>();
/** A full-page screenshot, once per name and device (`dual-aim.png` on a phone, `dual-aim-desktop.png`). */
async function shot(p: Seated, what: string): Promise<void> {
  const name = p.phone ? what : `${what}-desktop`;
  if (shots.has(name)) return;
  shots.add(name);
  mkdirSync(SHOTS, { recursive: true });
  await p.page.screenshot({ path: join(SHOTS, `dual-${name}.png`), fullPage: true, timeout: 10_000 }).catch(() => {});
}

/** Everything seen on the pages that the end of the game checks against the revealed cards. */
const seen = { labels: [] as { by: number; seat: number; card: number; known: string; checked: string }[], sides: 0, mixedSides: 0, tallies: 0, weightIn: 0, taps: 0, changed: 0, liveBallots: 0, judgeCalls: 0, myDowns: 0, confirmable: 0, talk: 0, aimOffered: 0, recordTallies: 0 };

/** Each weighted tally adds up the weights of the votes cast and gives each voter's reason. */
function checkTallies(p: Seated, tallies: NonNullable<DualScreen['tallies']>): void {
  for (const t of tallies) {
    expect(t.totals, `${p.name}: the bars add up the weights of the votes cast`).toBe(t.weights);
    expect(t.reason, `${p.name}: each voter's weight comes with its reason`).toBe(true);
  }
}

/** A page changing its aim (once per game): the pages play at once, and only one may try it. */
let changing = false;
/** The last page's line in the free talk, said and read back: the next page speaks after it. */
let talkTurn: Promise<void> = Promise.resolve();

/** One look at one page; does at most one thing. */
async function play(p: Seated, s: DualScreen, flow: Screen): Promise<boolean> {
  if (s.kind !== 'game') return false;
  const decide = (key: string) => {
    const k = `${s.step}|${key}`;
    if (p.lastDecision.key === k && Date.now() - p.lastDecision.at < SAME_DECISION_MS) return false;
    p.lastDecision = { key: k, at: Date.now() };
    return true;
  };
  for (const l of s.labels ?? []) if (l.seat !== p.seat && (l.known || l.checked || l.role)) seen.labels.push({ by: p.seat, seat: l.seat, card: l.card, known: l.known || l.role, checked: l.checked });
  if (s.weightIn) seen.weightIn++;
  if (s.liveBallots) {
    seen.liveBallots++;
    await shot(p, 'judge-ballot');
  }
  if (s.myDown) {
    // The holder is told which card: its face is one of the page's own two.
    expect(s.myDown, `${p.name}: the lost card is named`).toMatch(/your (left|right) card: the \w/);
    if (!seen.myDowns++) await shot(p, 'dawn-mine');
  }
  if (s.judge && s.step === 'call' && s.wait?.includes('choosing')) {
    seen.judgeCalls++;
    await shot(p, 'judge-call');
  }
  if (s.tallies?.length) {
    seen.tallies++;
    checkTallies(p, s.tallies);
    if (p.phone && !shots.has('tally')) {
      shots.add('tally');
      await p.page.locator('[data-testid=tally]').first().screenshot({ path: join(SHOTS, 'dual-tally.png'), timeout: 2_000 }).catch(() => shots.delete('tally'));
    }
  }
  // "I have seen my cards", and the Confirm of an aim (D15).
  if ((flow.seen || flow.confirm) && decide(flow.seen ? 'seen' : `confirm${s.toAim}`)) {
    if (flow.confirm) await shot(p, 'aim-confirm');
    p.moves.push(flow.seen ? 'seen' : 'confirm');
    return answerFlow(p, flow);
  }
  // A night card to aim: tap a card on the table (not one of our own where there is another).
  if (s.toAim) seen.aimOffered++;
  if (s.toAim && s.tappable?.length) {
    if (!decide(`aim${s.toAim}`)) return false;
    const free = s.tappable.filter((c) => c.seat !== p.seat);
    const from = free.length ? free : s.tappable;
    const c = from[Math.floor(Math.random() * from.length)]!;
    await shot(p, 'aim');
    const picked = (r: { seat: number; card: number }) => p.page.locator(`svg.table g[data-seat="${r.seat}"] rect.card.picked[data-card="${r.card}"]`).waitFor({ timeout: 5_000 });
    await press(p, `[data-testid=table-card][data-seat="${c.seat}"][data-card="${c.card}"]`);
    seen.taps++;
    p.moves.push(`aim→#${c.seat}${c.card ? 'R' : 'L'}`);
    // Once per game, a page changes its mind before confirming: the table marks the new card.
    const other = from.find((o) => o.seat !== c.seat || o.card !== c.card);
    if (s.confirmable) seen.confirmable++;
    // (The pages play at once: one page at a time tries it.)
    if (!seen.changed && !changing && other && s.confirmable) {
      changing = true;
      try {
        await picked(c);
        await press(p, `[data-testid=table-card][data-seat="${other.seat}"][data-card="${other.card}"]`);
        await picked(other);
        expect(await p.page.locator('svg.table rect.card.picked').count(), `${p.name}: only the new card is marked`).toBe(1);
        seen.changed++;
        p.moves.push(`changed→#${other.seat}${other.card ? 'R' : 'L'}`);
      } finally {
        changing = false;
      }
    }
    return true;
  }
  if (s.pass) {
    if (!decide('pass')) return false;
    // In the first free talk each page says one line: the talk reads in time order above the input.
    // The pages play at once, but speak one after another: each reads its own line as the newest.
    if (s.step === 'talk' && !p.moves.some((m) => m.startsWith('said'))) {
      const speak = talkTurn.then(async () => {
        const text = `${p.name} speaks at ${Date.now()}`;
        await p.page.locator('[data-testid=step] textarea').fill(text);
        await press(p, '[data-testid=step] form button[type=submit]');
        await p.page.locator('[data-testid=talk-log] .said', { hasText: text }).waitFor({ timeout: 5_000 });
        const lines = await p.page.locator('[data-testid=talk-log] .said').allInnerTexts();
        expect(lines.at(-1), `${p.name}: the newest line is last`).toContain(text);
        seen.talk = Math.max(seen.talk, lines.length);
        p.moves.push('said');
        if (lines.length > 1) await shot(p, 'talk');
      });
      talkTurn = speak.catch(() => {});
      await speak;
    }
    await press(p, '[data-testid=pass]');
    p.moves.push(`${s.step}:pass`);
    return true;
  }
  if (s.votes!.length) {
    if (!decide('vote')) return false;
    await shot(p, 'ballot');
    const pick = voteForTop(s.votes!, s.me!, flow.canAbstain ?? false);
    if (pick === 0) {
      await press(p, '[data-testid=abstain]');
      p.moves.push('abstain');
      return true;
    }
    await press(p, `[data-testid=vote-target][data-seat="${pick}"]`);
    await press(p, '[data-testid=vote]:not([disabled])');
    p.moves.push(`vote→#${pick}`);
    return true;
  }
  return false;
}

it('two phones, a desktop and six bots seat a dual game, and the pages whose screens differ play it: cards labelled per card, sides, weighted tallies, aiming by tapping the table', { timeout: PLAY_CAP_MS + 60_000 }, async () => {
  let passed = false;
  try {
    const t0 = Date.now();
    players.push(...(await Promise.all(PAGES.map(newPlayer))));
    const host = players[0]!;
    const link = await createRoom(host, 'dual', CALL_MS);
    const code = link.split('/').at(-1)!;
    for (const p of players.slice(1)) {
      await p.page.goto(link);
      await p.page.locator('[data-testid=name-input]').fill(p.name);
      await press(p, '[data-testid=join]');
      await p.page.locator('[data-testid=lobby]').waitFor();
    }
    const base = inject('baseURL');
    // Seated one after the other, so the seats follow BOT_NAMES.
    for (const name of BOT_NAMES) bots.push(await joinBot(base, code, name, undefined, voteForTop));
    await host.page.locator('[data-testid=start]').waitFor();
    expect(await host.page.locator('[data-testid=seats-line]').innerText(), 'the lobby counts players and the judge seat').toBe('8 players + 1 judge seat (9 of 9–17)');
    await press(host, '[data-testid=start]');
    let judged = false;

    // Each page reads its two cards and its side, all at once; the judge's page has no cards to turn.
    await Promise.all(players.map(async (p) => {
      await p.page.locator('[data-testid=game]').waitFor();
      p.seat = Number(await p.page.locator('svg.table g.me').getAttribute('data-seat'));
      const s0 = await p.page.evaluate(readDual);
      if (s0.judge) {
        judged = true;
        note(`${p.name} (#${p.seat}) drew the big joker: judge`);
        return;
      }
      await press(p, '[data-testid=my-card]');
      // A tap's click may land after the tap returns: wait for the turned-up cards.
      await p.page.locator('[data-testid=my-card-face] [data-testid=your-side]').waitFor();
      const s = await p.page.evaluate(readDual);
      expect(s.myCards, `${p.name}: two cards`).toHaveLength(2);
      const [a, b] = s.myCards!.map((c) => camp(c.role));
      const expected = a === b ? { camp: a, why: 'one-camp' } : { camp: 'killers', why: 'both-up' };
      expect(s.side, `${p.name}: the side is read on the card screen`).toMatchObject(expected);
      expect(s.side!.text.length).toBeGreaterThan(20);
      seen.sides++;
      if (a !== b) {
        seen.mixedSides++;
        await shot(p, 'side-mixed');
      }
      await shot(p, 'cards');
      note(`${p.name} (#${p.seat}): ${s.myCards!.map((c) => c.role).join(' + ')} — "${s.side!.text}"`);
      await hideCard(p);
    }));

    // The second phone plays on only beside a judge page (see the top of the file).
    if (!judged) {
      const bo = players[1]!;
      const { token } = await bo.page.evaluate((c) => JSON.parse(localStorage.getItem(`tianhei.room.${c}`)!) as { token: string }, code);
      expect(bo.pageErrors, `${bo.name}: uncaught errors`).toEqual([]);
      await bo.context.close();
      const bot = new SocketBot(bo.seat, token, bo.name, voteForTop);
      await bot.open(roomSocketURL(base, code));
      bots.push(bot);
      players.splice(1, 1);
      note(`${bo.name}'s seat #${bo.seat} is played on by a bot`);
    }

    const end = Date.now() + PLAY_CAP_MS;
    // The game's course in the log: each step as a bot sees it, and, when a step has lasted 15 s, what
    // every page shows and what every bot may do (a game that stalls says on whom it waits).
    let step = { key: '', at: Date.now(), told: false };
    for (;;) {
      if (Date.now() > end) throw new Error(`no game over after ${PLAY_CAP_MS / 1000} s`);
      const v = bots[0]!.view;
      const key = v ? `day ${v.round} ${v.step.kind}${'purpose' in v.step ? ` ${v.step.purpose}` : ''}${'call' in v.step ? ` ${v.step.call}` : ''}` : '';
      if (key !== step.key) {
        step = { key, at: Date.now(), told: false };
        note(`step: ${key}`);
      } else if (!step.told && Date.now() - step.at > 15_000) {
        step.told = true;
        for (const p of players) {
          const [s, flow] = await Promise.all([p.page.evaluate(readDual), p.page.evaluate(readScreen)]).catch(() => [null, null] as const);
          note(`15 s on ${key}: ${p.name} (#${p.seat}) shows ${JSON.stringify({ step: s?.step, toAim: s?.toAim, tappable: s?.tappable?.length, pass: s?.pass, votes: s?.votes, confirm: flow?.confirm, seen: flow?.seen, last: p.moves.at(-1) })}`);
        }
        for (const b of bots) note(`15 s on ${key}: bot #${b.seat} may ${b.view?.legal.map((a) => a.type).join(', ') || 'nothing'}`);
      }
      // The three pages look and play at once, as three players at a table do: one after another,
      // each step waited on the sum of their round trips to Chromium under load.
      const looks = await Promise.all(
        players.map(async (p) => {
          const [s, flow] = await Promise.all([p.page.evaluate(readDual), p.page.evaluate(readScreen)]);
          try {
            return { over: s.kind === 'over', acted: await play(p, s, flow) };
          } catch (e) {
            note(`${p.name}: ${screenMovedOn(e)}`);
            return { over: s.kind === 'over', acted: false };
          }
        }),
      );
      const acted = looks.some((l) => l.acted);
      for (const b of bots) b.decide();
      if (looks.every((l) => l.over)) break;
      if (!acted) await anyChange(players.map((p) => p.page));
    }
    note(`game over after ${Date.now() - t0} ms`);

    // Every label a page showed on another seat's card is true of that very card.
    const result = bots[0]!.view!.result!;
    const faces = result.cards!;
    for (const l of seen.labels) {
      const face = faces[(l.seat - 1) * 2 + l.card]!;
      if (l.known) expect(l.known === 'killer' ? face === 'killer' : face === l.known, `#${l.by} labels #${l.seat}/${l.card} ${l.known}, it is ${face}`).toBe(true);
      if (l.checked) expect(l.checked, `#${l.by}'s check of #${l.seat}/${l.card}`).toBe(camp(face));
    }
    // A killer who saw a mixed killer seat: its other card carried no label.
    const unlabelledMixed = seen.labels.filter((l) => l.known === 'killer').filter((l) => camp(faces[(l.seat - 1) * 2 + (1 - l.card)]!) === 'good' && !seen.labels.some((m) => m.by === l.by && m.seat === l.seat && m.card === 1 - l.card && m.known)).length;
    for (const p of players) {
      await p.page.locator('[data-testid=game-over]').waitFor();
      const judge = result.sides![p.seat - 1] === null;
      if (!judge) {
        const outcome = await p.page.locator('[data-testid=my-outcome]').getAttribute('data-outcome');
        const want = result.winner === 'draw' ? 'youDraw' : result.winners!.includes(p.seat) ? 'youWon' : 'youLost';
        expect(outcome, `${p.name}: won / lost / draw`).toBe(want);
      }
      expect(await p.page.locator('[data-testid=seat-side]').count(), `${p.name}: every playing seat's side`).toBe(8);
      const end = await p.page.evaluate(readDual);
      checkTallies(p, end.tallies ?? []);
      seen.recordTallies = Math.max(seen.recordTallies, end.tallies?.length ?? 0);
      await shot(p, 'over');
      if (p.phone && !judge) {
        await p.page.locator('[data-testid=my-outcome]').screenshot({ path: join(SHOTS, 'dual-over-outcome.png') });
        await p.page.locator('[data-testid=seat-sides]').screenshot({ path: join(SHOTS, 'dual-over-sides.png') });
        if (end.tallies?.length) await p.page.locator('.record [data-testid=tally]').first().screenshot({ path: join(SHOTS, 'dual-over-tally.png') });
      }
      expect(p.pageErrors, `${p.name}: uncaught errors`).toEqual([]);
    }
    expect(seen.sides, 'the playing pages read their side').toBeGreaterThan(0);
    // The deal and the bots decide how long the game lasts: a game may end before its first ballot.
    // Bots answer at once, so a day's tally may leave the feed (night falls) before a page looks;
    // the record keeps every one, and each tally seen anywhere was checked to add up.
    if (seen.recordTallies) expect(seen.weightIn, 'the votes in (weights) were shown during a ballot').toBeGreaterThan(0);
    if (seen.aimOffered) expect(seen.taps, 'a page aimed by tapping a card on the table').toBeGreaterThan(0);
    // The deal decides whether a page holds a card that aims alone (and so confirms).
    if (seen.confirmable) expect(seen.changed, 'a page changed its aim on the table before confirming').toBe(1);
    note(`winner ${result.winner}; labels seen ${seen.labels.length}; killer labels with the seat's good card unlabelled ${unlabelledMixed}; mixed sides read ${seen.mixedSides}; taps ${seen.taps}; aims changed ${seen.changed}; own lost cards read at dawn ${seen.myDowns}; longest talk read ${seen.talk}; judge calls read ${seen.judgeCalls}; tallies ${seen.tallies} (record ${seen.recordTallies}); live ballots seen by a judge page ${seen.liveBallots}`);
    for (const p of players) note(`${p.name} (#${p.seat}): ${p.moves.join(', ')}`);
    passed = true;
  } finally {
    if (!passed) {
      mkdirSync(SHOTS, { recursive: true });
      for (const p of players) await p.page.screenshot({ path: join(SHOTS, `dual-fail-${p.seat}.png`), fullPage: true, timeout: 10_000 }).catch(() => {});
    }
    console.log(log.join('\n'));
    for (const b of bots) b.close();
    await Promise.all(players.map((p) => p.context.close().catch(() => {})));
  }
});
