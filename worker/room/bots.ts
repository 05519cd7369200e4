// Bots that sit in a room: names, the table size "fill" aims at, and when each bot acts.
// Pure functions: the room stores what they return and sets its one alarm from `nextDue`. A bot is
// a viewer like any other: it plays from viewFor(state, its seat) and nothing else.
import { checkPlayers, extraSeats, legalActions, pacingOf, seatCount, viewFor, RULESETS, type Action, type GameState, type OptionValue, type RulesetId, type Seat } from '../engine/index.ts';
import { heuristicMove, planMove, type BotMemory } from '../engine/bots/policy.ts';
import { readView } from '../engine/bots/evidence.ts';
import { followOwnLine, matePointed, nightProposal, renderProposal } from '../engine/bots/night-talk.ts';
import { needsConfirm } from '../engine/night-confirm.ts';
import { botRandom } from '../engine/bots/view-random.ts';
import { callWait } from '../engine/call-wait.ts';
import { makeRandom, shuffle } from '../engine/random.ts';
import { checkName } from '../names.ts';
import type { Lang } from '../protocol.ts';
import { stepKey } from '../engine/owed.ts';

/** What the room keeps for a bot seat: its language, what its policy remembers, and its next action time. */
export interface BotState {
  lang: Lang;
  memory: BotMemory;
  /** The step it owes (its stepKey) and when it acts on it; null while it owes nothing. */
  due: { key: string; at: number } | null;
}

/** Ordinary first names, per room language; every one passes worker/names.ts. */
export const BOT_NAMES: Record<Lang, readonly string[]> = {
  'zh-CN': ['小明', '小红', '丽丽', '阿强', '晓峰', '婷婷', '大伟', '佳怡', '志强', '雨欣', '浩然', '思琪', '子轩', '梦瑶', '俊杰', '欣怡', '建国', '秀英', '明辉', '文静'],
  en: ['Alice', 'Ben', 'Chloe', 'Daniel', 'Emma', 'Finn', 'Grace', 'Henry', 'Isla', 'Jack', 'Kate', 'Leo', 'Mia', 'Noah', 'Olivia', 'Paul', 'Quinn', 'Rose', 'Sam', 'Tom'],
  es: ['Lucía', 'Mateo', 'Sofía', 'Hugo', 'Martina', 'Pablo', 'Valeria', 'Diego', 'Carmen', 'Javier', 'Elena', 'Marcos', 'Paula', 'Álvaro', 'Irene', 'Sergio', 'Laura', 'Andrés', 'Nerea', 'Raúl'],
  ko: ['민준', '서연', '지훈', '하은', '도윤', '수아', '예준', '지우', '시우', '서윤', '주원', '하린', '지호', '채원', '건우', '유나', '현우', '다은', '태민', '소율'],
};

/**
 * A name for a new bot: one of the language's list not yet taken in the room, in an order drawn from
 * `seed`; if every one is taken (a table of 20 that already uses them), the first free "name 2", "name 3", ….
 */
export function botName(lang: Lang, taken: (name: string) => boolean, seed: string): string {
  const names = shuffle(makeRandom(seed), BOT_NAMES[lang]);
  for (let n = 1; ; n++) {
    for (const base of names) {
      const name = n === 1 ? base : `${base} ${n}`;
      const checked = checkName(name);
      if (checked.ok && !taken(checked.name)) return checked.name;
    }
  }
}

/**
 * How many seats "Fill the table with bots" seats: the smallest legal table at least as large as the
 * seats taken now (the ruleset's minimum for a small group), counted in seats; null when none fits.
 * A table already legal is not grown: the host adds more bots one by one.
 */
export function fillTarget(ruleset: RulesetId, options: Record<string, OptionValue>, seated: number): number | null {
  const extra = extraSeats(ruleset, options);
  const max = seatCount(ruleset, RULESETS[ruleset].maxPlayers, options);
  for (let seats = Math.max(seated, seatCount(ruleset, RULESETS[ruleset].minPlayers, options)); seats <= max; seats++) {
    if (checkPlayers(ruleset, seats - extra, options) === null) return seats;
  }
  return null;
}

/** A bot's thinking time by day, per room pace: live 2–12 s, async 1–10 min (docs/rules-decisions.md O7); a night call takes the call's own wait. */
const DELAY_BAND: Record<'live' | 'async', readonly [number, number]> = {
  live: [2_000, 12_000],
  async: [60_000, 600_000],
};
/** …and never more than these shares of the time the step has left, so a bot acts well before the deadline. */
const DELAY_SHARE = [0.05, 0.15] as const;

/**
 * When a bot acts on a step it owes, `now` being when it first owed it: a delay drawn from the
 * game's seed, the seat and the step (so the same game schedules the same way after a restart),
 * inside the pace's band, shrunk on short custom deadlines.
 */
export function botDueAt(seed: string, seat: Seat, key: string, pace: 'live' | 'async', now: number, endsAt: number | null): number {
  const left = endsAt === null ? Infinity : Math.max(0, endsAt - now);
  const lo = Math.min(DELAY_BAND[pace][0], left * DELAY_SHARE[0]);
  const hi = Math.min(DELAY_BAND[pace][1], left * DELAY_SHARE[1]);
  const u = makeRandom(`${seed}:bot-delay:${seat}:${key}`)();
  return now + Math.round(lo + u * (hi - lo));
}

/** Which seats the room plays: a bot treats a night call it shares with people differently. */
export type IsBot = (seat: Seat) => boolean;

/** A team night call this bot shares with people, as its team sees it. */
interface SharedCall {
  /** When the call opened, and half its time (null while paused). */
  start: number;
  half: number | null;
  /** Its human teammates in the call who have not pointed yet. */
  waiting: Seat[];
  /** Whether this bot already told the team in chat whom it would choose. */
  told: boolean;
}

/**
 * The team call (RULES.md 2.3, "Team decisions") this bot shares with people, or null. Read from what
 * the team itself sees: its actors, their pointers, when the call opened and the bot's own chat.
 */
function sharedCall(state: GameState, seat: Seat, isBot: IsBot): SharedCall | null {
  const step = state.step;
  if (step.kind !== 'call' || step.slots || needsConfirm(step) || !step.actors.includes(seat)) return null;
  const people = step.actors.filter((a) => a !== seat && !isBot(a));
  if (people.length === 0) return null;
  let open = state.log.length - 1;
  while (open >= 0 && state.log[open]!.event.type !== 'call') open--;
  const start = state.log[open]?.at ?? 0;
  const told = state.log.slice(open + 1).some((e) => e.event.type === 'team-chat' && e.event.seat === seat);
  const waiting = people.filter((p) => !(p in step.pointers) && !step.surrender.includes(p));
  return { start, half: step.endsAt === null ? null : start + (step.endsAt - start) / 2, waiting, told };
}

/**
 * The bot's move in this state, from its seat's view only; null when its policy has nothing to do.
 * In a team call with people who have not pointed, it first tells the team in chat whom it would
 * choose and why (once), and points only later (see `reschedule`), following a person who points first.
 */
export function botMove(state: GameState, seat: Seat, bot: BotState, at: number, isBot: IsBot = () => true): { action: Action | null; memory: BotMemory } {
  if (state.result) return { action: null, memory: bot.memory };
  const view = viewFor(state, { kind: 'seat', seat });
  const random = botRandom(state.setup.seed, seat, view);
  const shared = sharedCall(state, seat, isBot);
  const slot = view.legal.find((l): l is Extract<typeof l, { type: 'point' }> => l.type === 'point' && l.current === null);
  if (shared && !shared.told && slot && view.legal.some((l) => l.type === 'team-chat')) {
    // The seat it names is the seat it will point at: the same hunch (seeded once, kept from here on,
    // as the policy's first weighing move would) and the same draws (a source afresh for this call).
    const lean = bot.memory.lean ?? Math.floor(random() * 0x40000000);
    const ev = readView(view, lean);
    // A teammate points at one of us or at me (匪自杀): say that it follows, then point there.
    const follow = followOwnLine(ev, bot.lang);
    if (follow) return { action: { type: 'team-chat', seat, text: follow, at }, memory: { ...bot.memory, lean } };
    if (shared.waiting.length > 0 && !matePointed(ev)) {
      const proposal = nightProposal(ev, slot, botRandom(state.setup.seed, seat, view));
      return { action: { type: 'team-chat', seat, text: renderProposal(proposal, bot.lang), at }, memory: { ...bot.memory, lean } };
    }
  }
  const move = heuristicMove(view, random, bot.memory, bot.lang);
  return { action: move.action ? ({ ...move.action, seat, at } as Action) : null, memory: move.memory };
}

/**
 * A bot's schedule after a change: a step it already owed keeps its time (others acting do not
 * push it back); a newly owed step gets a fresh time; a bot that owes nothing has none. Runs for
 * every bot after every change, so it asks only the legal actions whether the bot has a move (the
 * same plan its policy follows, worker/engine/bots/policy.ts), and builds the seat's view only to
 * time a newly owed step (its visible deadline).
 */
export function reschedule(state: GameState, seat: Seat, bot: BotState, pace: 'live' | 'async', now: number, isBot: IsBot = () => true): BotState['due'] {
  if (state.result || seat > state.alive.length) return null;
  if (planMove(legalActions(state, seat), state.step, state.round, bot.memory) === null) return null;
  const call = state.step.kind === 'call' ? state.step.call : null;
  const shared = call ? sharedCall(state, seat, isBot) : null;
  if (shared) return sharedDue(state, seat, bot, shared, pace, now);
  const key = stepKey(state);
  if (bot.due?.key === key) return bot.due;
  // A night call: the wait an empty call of this round takes (D11), so the call's length tells nothing.
  if (call) return { key, at: now + callWait(state.setup.seed, state.round, call, pacingOf(state).pace.call) };
  const step = viewFor(state, { kind: 'seat', seat }).step;
  return { key, at: botDueAt(state.setup.seed, seat, key, pace, now, 'endsAt' in step ? step.endsAt : null) };
}

/**
 * A bot's time in a team call shared with people: it tells the team whom it would choose at the
 * call's seeded wait; it points once every person has pointed (following them, after a short think),
 * or at half the call's time if someone still has not, so a person is never outvoted by a bot that
 * pointed first before they had a chance (a tie goes to the first pointed, RULES.md 2.3).
 */
function sharedDue(state: GameState, seat: Seat, bot: BotState, shared: SharedCall, pace: 'live' | 'async', now: number): BotState['due'] {
  const step = state.step as Extract<GameState['step'], { kind: 'call' }>;
  const base = stepKey(state);
  const told = shared.start + callWait(state.setup.seed, state.round, step.call, pacingOf(state).pace.call);
  const due = (key: string, at: () => number) => (bot.due?.key === key ? bot.due : { key, at: at() });
  if (shared.waiting.length === 0) return due(`${base}|follow`, () => botDueAt(state.setup.seed, seat, `${base}|follow`, pace, now, step.endsAt));
  if (!shared.told) return due(`${base}|tell`, () => Math.max(now, told));
  return due(`${base}|half`, () => Math.max(now, told, shared.half ?? told));
}

/** The earliest time a bot acts, or null. */
export function nextDue(bots: Iterable<BotState>): number | null {
  let at: number | null = null;
  for (const b of bots) if (b.due && (at === null || b.due.at < at)) at = b.due.at;
  return at;
}

/** The bot seat that acts first among those due by `now` (the earliest, then the lowest seat), or null. */
export function firstDue(bots: ReadonlyMap<Seat, BotState>, now: number): Seat | null {
  let found: Seat | null = null;
  for (const [seat, b] of bots) {
    if (!b.due || b.due.at > now) continue;
    if (found === null || b.due.at < bots.get(found)!.due!.at || (b.due.at === bots.get(found)!.due!.at && seat < found)) found = seat;
  }
  return found;
}
