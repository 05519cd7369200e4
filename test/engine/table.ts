// A scenario harness: seat players with chosen roles, act, advance, and read what each seat sees.
import { expect } from 'vitest';
import { apply, newGame, viewFor, legalActions, livingSeats, PACE_PRESETS, resolveOptions } from '../../worker/engine/index.ts';
import type { Action, DayClose, DayMode, GameEvent, GameState, LogEntry, Pace, Role, RulesetId, Seat, SeatAction, View } from '../../worker/engine/index.ts';

const LETTERS: Record<string, Role> = {
  K: 'killer',
  P: 'police',
  C: 'civilian',
  D: 'doctor',
  S: 'secret-police',
  B: 'butterfly',
  N: 'sniper',
  O: 'old-man',
};

/** A host or clock action without its timestamp (Omit distributed over the union). */
type Control = Extract<Action, { type: 'eject' | 'pause' | 'resume' | 'extend' | 'deadline' | 'set-pace' }> extends infer A ? (A extends { at: number } ? Omit<A, 'at'> : never) : never;

type Move = SeatAction extends infer A ? (A extends { seat: Seat } ? Omit<A, 'seat'> : never) : never;

/**
 * A table of players with the roles spelled by `cards`, seat 1 first: K killer, P police, C civilian,
 * D doctor, S secret police, B butterfly, N sniper, O forest old man.
 */
export class Table {
  state: GameState;
  now = 1_000_000;
  /**
   * A solo actor's `point` also confirms it (D15), as a player who picks and presses "Confirm";
   * the tests of the confirm step itself turn this off.
   */
  autoConfirm = true;

  constructor(ruleset: RulesetId, cards: string, options: Record<string, unknown> = {}, extra: { previousFirstVictim?: Seat; leftover?: Role; reading?: boolean; day?: DayMode; dayCloses?: DayClose; pace?: Pace } = {}) {
    const roles = [...cards].map((c) => LETTERS[c]!);
    const resolved = resolveOptions(ruleset, options);
    if (!resolved.ok) throw new Error(resolved.message);
    this.state = newGame(
      {
        ruleset,
        players: roles.length,
        options: resolved.options,
        pace: extra.pace ?? PACE_PRESETS.live,
        seed: 'scenario',
        at: this.now,
        ...(extra.previousFirstVictim ? { previousFirstVictim: extra.previousFirstVictim } : {}),
        ...(extra.day ? { day: extra.day } : {}),
        ...(extra.dayCloses ? { dayCloses: extra.dayCloses } : {}),
      },
      extra.leftover ? [...roles, extra.leftover] : roles,
    );
    if (!extra.reading) this.readCards();
  }

  /** Every living seat says it has seen its card (RULES.md 11), so night 1 opens. */
  readCards(): void {
    for (const seat of livingSeats(this.state)) if (this.state.step.kind === 'reading') this.act(seat, { type: 'seen' });
  }

  /** Applies a seat's move and expects it to be accepted. */
  act(seat: Seat, move: Move): LogEntry[] {
    const result = apply(this.state, { ...move, seat, at: this.now } as Action);
    if (!result.ok) throw new Error(`seat ${seat} ${move.type}: ${result.error.code} ${result.error.message}`);
    this.state = result.state;
    if (move.type === 'point' && this.autoConfirm) {
      const confirm = legalActions(this.state, seat).find((a) => a.type === 'confirm' && (move.hand === undefined || a.hand === move.hand || a.hand === undefined));
      if (confirm && confirm.type === 'confirm') return [...result.events, ...this.act(seat, { type: 'confirm', ...(confirm.hand !== undefined ? { hand: confirm.hand } : {}) })];
    }
    return result.events;
  }

  /** Applies a move that must be refused with this code, and checks the state is untouched. */
  refused(seat: Seat, move: Move, code: string): void {
    const before = this.state;
    const result = apply(this.state, { ...move, seat, at: this.now } as Action);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe(code);
    expect(result.state).toBe(before);
  }

  /** A host or clock action. */
  control(action: Control): LogEntry[] {
    const result = apply(this.state, { ...action, at: this.now } as Action);
    if (!result.ok) throw new Error(`${action.type}: ${result.error.code}`);
    this.state = result.state;
    return result.events;
  }

  /** Lets the current step's deadline pass. */
  timeout(): LogEntry[] {
    const step = this.state.step;
    if (!('endsAt' in step) || step.endsAt === null) throw new Error(`no deadline on ${step.kind}`);
    this.now = step.endsAt;
    return this.control({ type: 'deadline' });
  }

  /** Every member of the current call points at the target. */
  night(target: Seat | 0): void {
    const step = this.state.step;
    if (step.kind !== 'call') throw new Error(`expected a night call, got ${step.kind}`);
    for (const seat of step.actors) this.act(seat, { type: 'point', target });
  }

  /** Passes every speech and last words until a ballot (or the night) opens. */
  talk(): void {
    while (this.state.step.kind === 'speech' || this.state.step.kind === 'last-words') {
      this.act(this.state.step.seat, { type: 'pass' });
    }
  }

  /** Casts the ballot: `votes[seat] = target` (0 abstains); seats not listed let the deadline pass. */
  ballot(votes: Record<Seat, Seat | 0>): void {
    const step = this.state.step;
    if (step.kind !== 'ballot') throw new Error(`expected a ballot, got ${step.kind}`);
    const voters = step.voters;
    for (const seat of voters) if (seat in votes) this.act(seat, { type: 'vote', target: votes[seat]! });
    // The ballot closes by itself once everyone voted; otherwise its deadline closes it.
    if (voters.some((v) => !(v in votes))) this.timeout();
  }

  view(seat: Seat): View {
    return viewFor(this.state, { kind: 'seat', seat });
  }

  legal(seat: Seat) {
    return legalActions(this.state, seat);
  }

  /** Events of a type in the whole log. */
  events<T extends GameEvent['type']>(type: T): Extract<GameEvent, { type: T }>[] {
    return this.state.log.filter((e) => e.event.type === type).map((e) => e.event as Extract<GameEvent, { type: T }>);
  }

  last<T extends GameEvent['type']>(type: T): Extract<GameEvent, { type: T }> | undefined {
    return this.events(type).at(-1);
  }

  get step() {
    return this.state.step;
  }
}

/** Every log entry a seat's view holds, as event types. */
export function seen(view: View): string[] {
  return view.log.map((e) => e.event.type);
}

// ---------------------------------------------------------------- additions for the scenario suites

import { createGame } from '../../worker/engine/index.ts';
import { pendingSeats } from '../../worker/engine/index.ts';
import { makeRandom } from '../../worker/engine/random.ts';
import { randomMove } from '../../worker/engine/random-policy.ts';

/** A table dealt from a seed by `createGame` (the deal is the real, seeded one). */
export function seededTable(ruleset: RulesetId, players: number, options: Record<string, unknown> = {}, seed = 'seeded'): Table {
  const created = createGame({ ruleset, players, options, seed, at: 1_000_000 });
  if (!created.ok) throw new Error(created.message);
  const t = Object.create(Table.prototype) as Table;
  t.now = 1_000_000;
  t.autoConfirm = true;
  t.state = created.state;
  t.readCards();
  return t;
}

/** A stacked table dealt with another seed (lots are drawn from the seed). */
export function tableWithSeed(ruleset: RulesetId, cards: string, options: Record<string, unknown>, seed: string): Table {
  const roles = [...cards].map((c) => LETTERS[c]!);
  const resolved = resolveOptions(ruleset, options);
  if (!resolved.ok) throw new Error(resolved.message);
  const t = Object.create(Table.prototype) as Table;
  t.now = 1_000_000;
  t.autoConfirm = true;
  t.state = newGame({ ruleset, players: roles.length, options: resolved.options, pace: PACE_PRESETS.live, seed, at: t.now }, roles);
  t.readCards();
  return t;
}

/** Passes speeches (and last words) until something else opens; returns who spoke, in order. */
export function speakers(t: Table): { seat: Seat; kind: string; purpose?: string }[] {
  const out: { seat: Seat; kind: string; purpose?: string }[] = [];
  while (t.step.kind === 'speech' || t.step.kind === 'last-words') {
    const step = t.step;
    out.push(step.kind === 'speech' ? { seat: step.seat, kind: step.kind, purpose: step.purpose } : { seat: step.seat, kind: step.kind });
    t.act(step.seat, { type: 'pass' });
  }
  return out;
}

/** Every voter of the open ballot votes for `target` (the target itself abstains). */
export function voteOut(t: Table, target: Seat): void {
  const step = t.step;
  if (step.kind !== 'ballot') throw new Error(`expected a ballot, got ${step.kind}`);
  const votes: Record<Seat, Seat | 0> = {};
  for (const v of step.voters) votes[v] = v === target ? 0 : target;
  t.ballot(votes);
}

/**
 * Plays a game to its end under the engine's random policy, with speeches, team chat, missed
 * deadlines, a pause and an extension sprinkled in, so the record has every kind of input.
 */
export function playRandomly(t: Table, botSeed: string): void {
  const random = makeRandom(botSeed);
  let n = 0;
  while (!t.state.result) {
    if (++n > 5000) throw new Error('game did not end');
    t.now += 1000;
    const roll = random();
    const step = t.state.step;
    if (roll < 0.05 && 'endsAt' in step && step.endsAt !== null) {
      t.timeout();
      continue;
    }
    if (roll < 0.07 && 'endsAt' in step && step.endsAt !== null) {
      t.control({ type: 'pause' });
      t.now += 5000;
      t.control({ type: 'extend', ms: 10_000 });
      t.control({ type: 'resume' });
      continue;
    }
    if ((step.kind === 'speech' || step.kind === 'last-words') && roll < 0.3) {
      t.act(step.seat, { type: 'say', text: `seat ${step.seat} speaks` });
    }
    if (step.kind === 'call' && roll < 0.3 && step.actors.length > 0 && t.legal(step.actors[0]!).some((l) => l.type === 'team-chat')) {
      t.act(step.actors[0]!, { type: 'team-chat', text: 'psst' });
    }
    if (step.kind === 'talk' && roll < 0.3) {
      const speaker = t.state.alive.findIndex(Boolean) + 1;
      if (speaker > 0) t.act(speaker, { type: 'say', text: `seat ${speaker} talks` });
    }
    const pending = pendingSeats(t.state);
    let moved = false;
    for (const seat of pending) {
      const move = randomMove(t.state, seat, random, t.now);
      if (!move) continue;
      const { at: _at, seat: _seat, ...rest } = move as Action & { seat: Seat };
      t.act(seat, rest as Move);
      moved = true;
      break;
    }
    if (!moved && !t.state.result) t.timeout();
  }
}

/** Log entries as a viewer's log numbers them: 1..n in order (RULES.md 2.10, docs/protocol.md). */
export function numbered(entries: readonly LogEntry[]): LogEntry[] {
  return entries.map((e, i) => ({ ...e, seq: i + 1 }));
}
