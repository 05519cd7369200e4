// The property checks over thousands of seeded random games, for every player count of RULES.md's
// "Rulesets at a glance": games end with one result, nobody out acts, no view leaks, records
// replay. Games mix the simulator's random policy with the moves it never makes (deadlines,
// abstentions, speeches, team chat, self-destruct, surrender, ejection, pauses). Audited games
// also check every viewer's frames: numbered without gaps, sent only when its view changed.
// Each ruleset has its own test file (test/engine/properties/<ruleset>.test.ts) calling
// `propertiesOf`, so vitest spreads the rulesets over every core; a new property goes here once.
import { describe, expect, it } from 'vitest';
import {
  RULESETS,
  apply,
  createGame,
  exportRecord,
  legalActions,
  pendingSeats,
  replay,
  viewFor,
  viewUpdate,
  type Action,
  type ViewUpdate,
  type DayMode,
  type GameState,
  type LogEntry,
  type Role,
  type RulesetId,
  type Seat,
  type View,
  type Viewer,
} from '../../worker/engine/index.ts';
import { makeRandom, pick, type Random } from '../../worker/engine/random.ts';
import { randomMove } from '../../worker/engine/random-policy.ts';
import { callOfRole, campOf, roleOfCall } from '../../worker/engine/rulesets.ts';
import { seatSide } from '../../worker/engine/cards.ts';
import { sameJson } from './same-json.ts';

// At least a thousand games per ruleset, spread over its player counts.
const GAMES_PER_COUNT: Record<RulesetId, number> = { classic: 120, original: 100, runoff: 100, infernal: 100, raw: 400, doctor: 77, butterfly: 100, dual: 112 };
/**
 * Games per player count whose every view is checked against the knowledge oracle: the first three,
 * which between them have the options the games vary (outSeeAll, an open day, dual's judge at the
 * table). The oracle check is most of a file's CPU; the other games check the same rules cheaply.
 */
const AUDITED_PER_COUNT = 3;

function chaosMove(state: GameState, random: Random, at: number): Action | null {
  const r = random();
  const living = state.alive.flatMap((a, i) => (a ? [i + 1] : []));
  if (r < 0.01 && living.length > 0) return { type: 'eject', seat: pick(random, living), at };
  if (r < 0.02) return { type: 'pause', at };
  if (r < 0.03) return { type: 'resume', at };
  if (r < 0.1) {
    const step = state.step;
    if ('endsAt' in step && step.endsAt !== null) return { type: 'deadline', at: step.endsAt };
  }
  for (const seat of living) {
    for (const legal of legalActions(state, seat)) {
      if (legal.type === 'self-destruct' && random() < 0.02) return { type: 'self-destruct', seat, at };
      if (legal.type === 'surrender' && random() < 0.05) return { type: 'surrender', seat, at };
    }
  }
  const pending = pendingSeats(state);
  if (pending.length === 0) return null;
  const seat = pick(random, pending);
  const legal = legalActions(state, seat);
  const roll = random();
  if (roll < 0.1 && legal.some((l) => l.type === 'say')) return { type: 'say', seat, text: `words ${seat}`, at };
  if (roll < 0.15 && legal.some((l) => l.type === 'team-chat')) return { type: 'team-chat', seat, text: `psst ${seat}`, at };
  const vote = legal.find((l) => l.type === 'vote');
  if (vote && vote.canAbstain && roll < 0.2) return { type: 'vote', seat, target: 0, at };
  const point = legal.find((l) => l.type === 'point');
  if (point && roll < 0.25) return { type: 'point', seat, target: 0, at };
  return randomMove(state, seat, random, at);
}

/** Tries every kind of move from every out seat: the engine must refuse them all. */
function outSeatsCannotAct(state: GameState, random: Random, at: number): void {
  state.alive.forEach((alive, i) => {
    const seat = i + 1;
    if (alive) return;
    const target = 1 + Math.floor(random() * state.alive.length);
    const moves: Action[] = [
      { type: 'point', seat, target, at },
      { type: 'vote', seat, target, at },
      { type: 'open-eyes', seat, choice: 'police', at },
      { type: 'team-chat', seat, text: 'hi', at },
      { type: 'self-destruct', seat, at },
      { type: 'surrender', seat, at },
    ];
    // Last words are the one thing a player who is out still does.
    const speaking = state.step.kind === 'last-words' && state.step.seat === seat;
    if (!speaking) moves.push({ type: 'say', seat, text: 'hi', at }, { type: 'pass', seat, at });
    for (const move of moves) {
      const result = apply(state, move);
      is(result.ok, false, `out seat ${seat} did ${move.type}`);
      is(result.state, state);
    }
  });
}

/** `expect(actual, what).toBe(wanted)`, built only when it fails: these checks run millions of times, and an `expect` object costs more than the engine's step it checks. */
function is(actual: unknown, wanted: unknown, what?: string): void {
  if (!Object.is(actual, wanted)) expect(actual, what).toBe(wanted);
}

const TEAM_EVENTS = new Set(['pointed', 'team-chat', 'kill-chosen', 'checked', 'chosen', 'team', 'surrender-wish']);

/**
 * The knowledge oracle, written from the rules and independently of the engine's audiences:
 * what a non-god seat may hold in its view.
 */
/** Checks a view; log entries before position `from` were checked in an earlier view of this viewer (its log only grows). */
function checkView(state: GameState, viewer: Viewer, view: View, from = 0): void {
  if (view.god) {
    const legit = state.result !== null || viewer.kind === 'judge' || (viewer.kind === 'seat' && (state.judgeSeat === viewer.seat || (state.setup.options.outSeeAll === true && !state.alive[viewer.seat - 1])));
    is(legit, true, 'god view granted without a reason');
    return;
  }
  const me = viewer.kind === 'seat' ? viewer.seat : 0;
  if (state.cards) return checkDualView(state, me, view, from);
  const myRole = me ? state.roles[me - 1] : undefined;
  const rules = RULESETS[state.setup.ruleset];
  const myCall = myRole !== undefined ? callOfRole(myRole) : undefined;
  const teamKnown = myCall !== undefined && rules.teamsKnowEachOther.includes(myCall);
  // When did each seat go out? `out` is public, so its position in the viewer's own log tells.
  const outAt = new Map<Seat, number>();
  for (const e of view.log) if (e.event.type === 'out') outAt.set(e.event.seat, e.seq);
  const aliveAt = (seat: Seat, seq: number) => (outAt.get(seat) ?? Infinity) > seq;

  for (const s of view.seats) {
    if (s.role !== undefined) {
      const mine = s.seat === me;
      const mate = teamKnown && state.roles[s.seat - 1] === myRole;
      is(mine || mate, true, `seat ${me} sees the role of seat ${s.seat}`);
    }
    if (s.pointer !== undefined) {
      is(state.step.kind === 'call' && state.step.actors.includes(me), true, `seat ${me} sees a pointer`);
    }
    if (s.camp !== undefined) is(state.outs.some((o) => o.seat === s.seat && o.camp === s.camp), true);
  }
  for (let i = from; i < view.log.length; i++) checkEntry(view.log[i]!, me, myRole, teamKnown, state, aliveAt);
}

function checkEntry(
  entry: LogEntry,
  me: Seat,
  myRole: string | undefined,
  teamKnown: boolean,
  state: GameState,
  aliveAt: (seat: Seat, seq: number) => boolean,
): void {
  const e = entry.event;
  const where = `seat ${me || 'spectator'} holds ${e.type}#${entry.seq}`;
  if (e.type === 'card' || e.type === 'eyes-chosen' || e.type === 'voted') {
    is(e.seat, me, where);
  } else if (e.type === 'eyes-seen') {
    is(e.seats.includes(me), true, where);
  } else if (TEAM_EVENTS.has(e.type)) {
    // Only a living member of the team whose call it was, at that moment.
    is(me !== 0 && aliveAt(me, entry.seq), true, where);
    if (e.type === 'checked') is(myRole, 'police', where);
    else if (e.type === 'chosen') is(myRole, roleOfCall(e.call), where);
    else if (e.type === 'kill-chosen') is(myRole, 'killer', where);
    else if (e.type === 'team') is(teamKnown && e.seats.includes(me), true, where);
    else if (e.type === 'pointed' || e.type === 'team-chat') is(state.roles[e.seat - 1], myRole, where);
  } else if (e.type === 'empty-needle') {
    // Only the doctor learns of an empty needle (docs/rules-decisions.md B3).
    is(myRole, 'doctor', where);
  } else if (e.type === 'night-effects') {
    expect.fail(`${where}: the night's resolution is for the judge only`);
  } else if (e.type === 'game-over') {
    // Public: it reveals everything, but only once the game is over.
  }
}

/**
 * `dual` (RULES.md 8): a seat knows its own two cards; team knowledge from the eyes (killers with each
 * other and, rounds 1–2, the undercover; the police cards with the undercover); each card's own night
 * results. Nobody else learns a face, and which card went down is public but not what it was.
 */
function checkDualView(state: GameState, me: Seat, view: View, from: number): void {
  const hand = (seat: Seat): Role[] => (seat ? [state.cards![2 * seat - 2]!, state.cards![2 * seat - 1]!] : []);
  const holds = (seat: Seat, ...roles: Role[]) => hand(seat).some((r) => roles.includes(r));
  const outAt = new Map<Seat, number>();
  for (const e of view.log) if (e.event.type === 'out') outAt.set(e.event.seat, e.seq);
  const aliveAt = (seat: Seat, seq: number) => (outAt.get(seat) ?? Infinity) > seq;

  for (const s of view.seats) {
    if (s.role !== undefined) is(s.seat, me, `seat ${me} sees the role of seat ${s.seat}`);
    for (const c of s.cards ?? []) if (c.role !== undefined) is(s.seat, me, `seat ${me} sees a card face of seat ${s.seat}`);
    if (s.seat === state.judgeSeat) is(s.cards, undefined, 'the judge\'s cards are out of play');
    // Every card label is true of that very card, and the viewer's own log says how it learnt it.
    (s.cards ?? []).forEach((c, i) => {
      const face = hand(s.seat)[i]!;
      const what = `seat ${me} labels seat ${s.seat}'s ${i ? 'right' : 'left'} card`;
      if (c.known !== undefined) {
        is(c.known, face, what);
        const told = view.log.some(({ event: e }) =>
          (e.type === 'team' && e.cards?.some((r) => r.seat === s.seat && r.card === i)) ||
          (e.type === 'pointed' && e.seat === s.seat && e.hand === i) ||
          (e.type === 'kill-chosen' && e.by === s.seat && e.hand === i));
        is(told && holds(me, 'killer', 'undercover'), true, `${what}: never told`);
      }
      if (c.checked !== undefined) {
        is(c.checked, face === 'killer' || face === 'undercover' ? 'killers' : 'good', what);
        is(view.log.some(({ event: e }) => e.type === 'checked' && e.target === s.seat && e.card === i), true, `${what}: never checked`);
      }
    });
    if (s.holds === 'undercover') is(holds(s.seat, 'undercover') && holds(me, 'killer'), true, `seat ${me} knows the undercover`);
    if (s.holds === 'police') is(holds(s.seat, 'police', 'undercover') && holds(me, 'police', 'undercover'), true, `seat ${me} saw seat ${s.seat} at the police call`);
    if (s.pointer !== undefined) expect.fail('dual has no seat pointers');
    // Down cards are public, and match the state.
    (s.cards ?? []).forEach((c, i) => is(c.down, state.cardDown![2 * s.seat - 2 + i] !== 0));
  }
  if (view.me && JSON.stringify(view.me.cards?.map((c) => c.role)) !== JSON.stringify(hand(me))) expect(view.me.cards?.map((c) => c.role)).toEqual(hand(me));
  for (const entry of view.log.slice(from)) {
    const e = entry.event;
    const where = `seat ${me || 'spectator'} holds ${e.type}#${entry.seq}`;
    const killerSide = holds(me, 'killer') || (holds(me, 'undercover') && entry.round <= 2);
    switch (e.type) {
      case 'card':
      case 'voted':
        is(e.seat, me, where);
        break;
      case 'void-card':
      case 'night-cards':
      case 'night-effects':
        expect.fail(`${where}: for the judge only`);
        break;
      case 'team':
        is(e.seats.includes(me) || e.undercover === me, true, where);
        is(e.team === 'killers' ? holds(me, 'killer', 'undercover') : holds(me, 'police', 'undercover'), true, where);
        break;
      case 'pointed':
      case 'confirmed':
        is(me !== 0 && aliveAt(me, entry.seq), true, where);
        if (e.seat !== me) is(killerSide && holds(e.seat, 'killer'), true, where);
        break;
      case 'team-chat':
        is(killerSide && (holds(e.seat, 'killer') || holds(e.seat, 'undercover')), true, where);
        break;
      case 'kill-chosen':
        is(killerSide, true, where);
        break;
      case 'checked':
        is(holds(me, 'police'), true, where);
        break;
      case 'chosen':
        is(holds(me, roleOfCall(e.call)), true, where);
        break;
      case 'eyes-chosen':
      case 'eyes-seen':
      case 'empty-needle':
      case 'surrender-wish':
        expect.fail(`${where}: not a dual event`);
        break;
      case 'deadline':
        // A night call's deadline goes to that call's team only (an empty call's to nobody but the judge).
        if (entry.to !== 'all') is(entry.to.includes(me), true, where);
        break;
      default:
        is(entry.to, 'all', where);
    }
  }
}

function viewers(state: GameState): Viewer[] {
  return [...state.roles.map((_, i): Viewer => ({ kind: 'seat', seat: i + 1 })), { kind: 'spectator' }];
}

/** A game's viewers (every seat, a spectator, the judge last) and their names, listed once per game: index i is viewer i in every list the audit keeps. */
interface Audience {
  viewers: Viewer[];
  keys: string[];
}

function audienceOf(state: GameState): Audience {
  const all: Viewer[] = [...viewers(state), { kind: 'judge' }];
  return { viewers: all, keys: all.map((v) => JSON.stringify(v)) };
}

/** Whether two lists of log entries are equal as JSON would tell: entry by entry, an entry shared by both at one glance. */
function sameEntries(a: readonly LogEntry[], b: readonly LogEntry[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && !sameJson(a[i], b[i])) return false;
  return true;
}

/**
 * Whether two views are equal, as JSON would tell (test/engine/same-json.ts), the log first: serialising
 * both views of every viewer after every action was the audit's largest cost.
 */
function sameView(a: View, b: View): boolean {
  return sameEntries(a.log, b.log) && sameJson(a, b, 'log');
}

/**
 * Whether a viewer's frames add up to its view `now`: the view it held, then `update` (a whole view, or
 * its entries after position `logFrom` appended to the held entries up to there). Compared where they
 * lie rather than copied into one view first (a copy of the whole log per viewer per action).
 */
function addsUp(held: View, update: ViewUpdate, now: View): boolean {
  if (update.logFrom === 0) return sameView(update.view, now);
  const log = now.log;
  let j = 0;
  for (const e of held.log) {
    if (e.seq > update.logFrom) continue;
    if (j >= log.length || (e !== log[j] && !sameJson(e, log[j]))) return false;
    j++;
  }
  for (const e of update.view.log) {
    if (j >= log.length || (e !== log[j] && !sameJson(e, log[j]))) return false;
    j++;
  }
  return j === log.length && sameJson(update.view, now, 'log');
}

/**
 * Nothing a viewer receives depends on events outside its audience. Its log is numbered
 * 1..n with no gaps, and it gets a frame (as the room sends them) exactly when its view changed; the
 * frames it got add up to its current view.
 */
function checkFrames(prev: GameState, next: GameState, audience: Audience, held: (View | undefined)[], last: (View | undefined)[]): View[] {
  const views: View[] = [];
  for (let v = 0; v < audience.viewers.length; v++) {
    const viewer = audience.viewers[v]!;
    const key = audience.keys[v]!;
    // The previous state's view was this viewer's `now` one action ago (its log only grows).
    const was = last[v] ?? viewFor(prev, viewer);
    // The update before `now`, as the room asks: the engine keeps each viewer's reading of the log at
    // the last state it read and reads an older state's log again from its start (asked the other way
    // round, every update re-read the whole log: the audit's cost grew with the square of a game's length).
    const update = viewUpdate(prev, next, viewer);
    const now = viewFor(next, viewer);
    views.push(now);
    for (let i = 0; i < now.log.length; i++) {
      if (now.log[i]!.seq !== i + 1) expect.fail(`${key}: position ${i + 1} of its log is numbered ${now.log[i]!.seq}`);
    }
    const before = held[v] ?? was;
    // Compared cheaply first; the deep comparison runs only to explain a difference.
    const changed = !sameView(now, was);
    if (update === null) {
      if (changed) expect(now, `${key} got no frame though its view changed`).toEqual(was);
      held[v] = before;
      continue;
    }
    if (!changed) expect.fail(`${key} got a frame though its view did not change`);
    if (!addsUp(before, update, now)) {
      const after = update.logFrom === 0 ? update.view : { ...update.view, log: [...before.log.filter((e) => e.seq <= update.logFrom), ...update.view.log] };
      expect(after, `${key}: its frames do not add up to its view`).toEqual(now);
    }
    // What its frames add up to is `now`, as JSON tells.
    held[v] = now;
  }
  return views;
}

/** Plays one game of random and chaos moves to its end; `audit` checks every view after every action. */
export function playChaosGame(ruleset: RulesetId, players: number, seed: string, audit: boolean, options: Record<string, unknown> = {}, day: DayMode = 'turns'): GameState {
  const created = createGame({ ruleset, players, seed, at: 0, options, day });
  if (!created.ok) throw new Error(created.message);
  let state = created.state;
  const random = makeRandom(`${seed}:chaos`);
  let at = 0;
  // Each viewer's frames so far and its view one action ago, by its index in the game's audience.
  const audience = audienceOf(state);
  const held: (View | undefined)[] = [];
  let last: (View | undefined)[] = [];
  // How much of each viewer's log has been checked: it only grows, so each entry is checked once.
  const checked: number[] = [];
  // The state whose views were last checked: a refused action leaves the state, and so every view, as it was.
  let viewsChecked: GameState | null = null;
  for (let n = 0; !state.result; n++) {
    if (n >= 20_000) expect.fail('game did not end');
    at += 1;
    let move = chaosMove(state, random, at);
    if (!move) {
      const step = state.step;
      move = state.pausedRemaining !== null ? { type: 'resume', at } : { type: 'deadline', at: 'endsAt' in step && step.endsAt !== null ? step.endsAt : at };
    }
    if (move.at > at) at = move.at;
    const result = apply(state, move);
    if (result.ok) {
      // Each event is numbered in order; nothing else changes the log.
      is(result.state.log.length, state.log.length + result.events.length);
      if (audit) last = checkFrames(state, result.state, audience, held, last);
      state = result.state;
    } else {
      is(result.state, state);
    }
    if (audit) {
      outSeatsCannotAct(state, random, at);
      if (viewsChecked === state) continue;
      viewsChecked = state;
      // Every viewer but the judge (the last of the audience), whose view is all of it.
      for (let v = 0; v < audience.viewers.length - 1; v++) {
        const viewer = audience.viewers[v]!;
        const view = last[v] ?? viewFor(state, viewer);
        // A view that turned god (raw's judge, game over) is checked whole again from then on.
        checkView(state, viewer, view, view.god ? 0 : (checked[v] ?? 0));
        checked[v] = view.god ? 0 : view.log.length;
      }
    }
  }
  return state;
}

/** Registers the seeded random-game properties for every player count of one ruleset. */
export function propertiesOf(ruleset: RulesetId): void {
  const r = RULESETS[ruleset];
  const counts: number[] = [];
  for (let n = r.minPlayers; n <= r.maxPlayers; n++) counts.push(n);
  describe.each(counts)(`${ruleset} with %i players: seeded random games`, (players) => {
    it('end with exactly one result, never let an out seat act, never leak, and replay', () => {
      const results = new Set<string>();
      for (let g = 0; g < GAMES_PER_COUNT[ruleset]; g++) {
        const audit = g < AUDITED_PER_COUNT;
        const options: Record<string, unknown> = g % 3 === 1 && ruleset !== 'raw' ? { outSeeAll: true } : {};
        if (ruleset === 'dual' && g % 4 === 2) options.autoJudge = true;
        // Every other game gives its speeches in open days (RULES.md 11, async pace).
        const state = playChaosGame(ruleset, players, `prop:${ruleset}:${players}:${g}`, audit, options, g % 2 === 1 ? 'open' : 'turns');
        const overs = state.log.filter((e) => e.event.type === 'game-over');
        is(overs.length, 1, 'game-over entries');
        is(state.step.kind, 'over');
        results.add(state.result!.winner);
        // Every viewer's game over names the same winners, the seats of the winning camp (a `dual` seat
        // by its side, RULES.md 8.11), so each player's screen can say "You won" or "You lost".
        const winners = viewFor(state, { kind: 'spectator' }).result!.winners!;
        for (let seat = 1; seat <= players; seat++) {
          const told = viewFor(state, { kind: 'seat', seat }).result!.winners;
          // Compared by hand first: an expect per seat per game cost more than the views.
          if (!sameJson(told, winners)) expect(told, `seat ${seat}'s winners`).toEqual(winners);
        }
        for (let seat = 1; seat <= players; seat++) {
          const camp = state.cards ? seatSide(state, seat)?.camp : campOf(state.roles[seat - 1]!);
          is(winners.includes(seat), state.result!.winner !== 'draw' && camp === state.result!.winner);
        }
        if (g % 10 === 0) {
          const replayed = replay(exportRecord(state));
          is(replayed.ok ? 'replayed' : replayed.message, 'replayed');
          // Compared by hand first, as JSON would tell (a state is JSON): toEqual walked a whole state for longer than the game took to play.
          if (replayed.ok && !sameJson(replayed.state, state)) expect(replayed.state).toEqual(state);
        }
      }
      // Over hundreds of random games both sides win some.
      is(results.has('good') && results.has('killers'), true);
      // Seconds on an idle core; the limit is for a shared machine, where two minutes proved too short.
    }, 300_000);
  });
}
