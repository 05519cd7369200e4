// The simulator hands its bots only the fields of a seat's view that the bots read (worker/engine/bot-view.ts).
// Each of those fields must be exactly the same field of viewFor's view of that seat (the only choke point
// for secrets, RULES.md D11): then the bot sees nothing its player would not, and plays the same moves as
// on the whole view. And what one seat's view keeps between decisions never reaches another seat.
import { describe, expect, it } from 'vitest';
import { RULESETS, viewFor, type GameState, type RulesetId, type Seat, type View } from '../../worker/engine/index.ts';
import { botSeatView, type BotView } from '../../worker/engine/bot-view.ts';
import { readView } from '../../worker/engine/bots/evidence.ts';
import { playGame, type Policies } from '../../worker/engine/simulate.ts';
import { sameStrict } from './same-json.ts';

/** Only the keys of `obj` named in `keys` that it holds (a field the view leaves out stays out). */
function only<T extends object>(obj: T, keys: readonly string[]): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (k in obj) out[k] = (obj as Record<string, unknown>)[k];
  return out as Partial<T>;
}

/** The fields of a seat's whole view that BotView carries. */
function projection(view: View) {
  return {
    ruleset: view.ruleset,
    round: view.round,
    me: only(view.me!, ['seat', 'role', 'cards']),
    seats: view.seats.map((s) => only(s, ['seat', 'alive', 'mate', 'pointer', 'holds'])),
    step: { kind: view.step.kind },
  };
}

/** A bot view's fields but its log, as plain objects. */
function fieldsOf(view: BotView) {
  return { ruleset: view.ruleset, round: view.round, me: { ...view.me! }, seats: view.seats.map((s) => ({ ...s })), step: { ...view.step } };
}

/** Compares every seat's bot view with its whole view at every state of one game; how many were compared. */
function compareGame(ruleset: RulesetId, players: number, options: Record<string, unknown>, policies: Policies, seed: string): number {
  let compared = 0;
  let last: GameState | null = null;
  const check = (state: GameState) => {
    if (state === last) return;
    last = state;
    // Every seat, living or out, in turn: what one seat's view kept must not show in the next seat's.
    for (let seat: Seat = 1; seat <= state.alive.length; seat++) {
      const view = viewFor(state, { kind: 'seat', seat });
      const bot = botSeatView(state, seat);
      // Compared by hand first (an expect per seat per state cost more than the views): the expects explain a difference.
      const fields = fieldsOf(bot);
      const wanted = projection(view);
      if (!sameStrict(fields, wanted)) expect(fields).toStrictEqual(wanted);
      // The seat's own log: the same numbered entries as its whole view's.
      if (bot.log.length !== view.log.length) expect(bot.log.length).toBe(view.log.length);
      if (!bot.log.every((e, i) => e === view.log[i])) expect(bot.log.every((e, i) => e === view.log[i])).toBe(true);
      compared++;
    }
  };
  playGame({ ruleset, players, options, seed }, `${seed}:bots`, policies, undefined, { move: (state) => void check(state) });
  return compared;
}

const BOTH: Policies = { good: 'heuristic', killers: 'heuristic' };

describe('the bots’ view is the seat’s view, only the fields the bots read', () => {
  for (const ruleset of Object.keys(RULESETS) as RulesetId[]) {
    it(`${ruleset}: at every state of seeded games, for every seat`, () => {
      const { minPlayers, maxPlayers } = RULESETS[ruleset];
      let compared = compareGame(ruleset, minPlayers, {}, BOTH, `bot-view:${ruleset}:a`);
      compared += compareGame(ruleset, Math.round((minPlayers + maxPlayers) / 2), {}, { good: 'heuristic', killers: 'random' }, `bot-view:${ruleset}:b`);
      expect(compared).toBeGreaterThan(100);
    }, 120_000);
  }

  it('an out seat that sees everything (RULES.md 2.6) is given what it sees, and seats still in play are not', () => {
    // classic with out players seeing all: the god view of the out seats sits beside the living seats' own.
    expect(compareGame('classic', 12, { outSeeAll: true }, BOTH, 'bot-view:out-see-all')).toBeGreaterThan(100);
  });
});

describe('what one seat’s view keeps is its own', () => {
  it('a killer and a civilian read the same public claims, but only the killer sees its teammates, at each of their decisions', () => {
    let checked = 0;
    playGame({ ruleset: 'classic', players: 12, options: {}, seed: 'bot-view:private' }, 'bot-view:private:bots', BOTH, undefined, {
      move: (state) => {
        if (checked > 0 || state.step.kind !== 'ballot') return undefined;
        const living = (role: string) => state.roles.map((r, i) => (r === role && state.alive[i] ? i + 1 : 0)).filter((s) => s !== 0);
        const killers = state.roles.map((r, i) => (r === 'killer' ? i + 1 : 0)).filter((s) => s !== 0);
        const killer = living('killer')[0];
        const civilian = living('civilian')[0];
        if (killer === undefined || civilian === undefined) return undefined;
        // The killer first, then the civilian, then the killer again: a list kept for the wrong seat would show here.
        const k1 = botSeatView(state, killer);
        const c = botSeatView(state, civilian);
        const k2 = botSeatView(state, killer);
        const marked = (v: BotView) => v.seats.filter((s) => s.mate).map((s) => s.seat);
        expect(marked(k1)).toEqual(killers.filter((s) => s !== killer));
        expect(marked(c)).toEqual([]);
        expect(marked(k2)).toEqual(marked(k1));
        const evK = readView(k1, 1);
        const evC = readView(c, 1);
        // The same reading of the public log: every claim so far, the same records…
        expect(evC.claims.size).toBeGreaterThan(0);
        for (const [seat, claims] of evK.claims) expect(evC.claimOf[seat]).toBe(claims);
        // …and different private conclusions: the killer's team is its own, the civilian knows nobody's side.
        expect([...evK.mates].sort((a, b) => a - b)).toEqual(killers.filter((s) => s !== killer));
        expect(evC.mates).toEqual([]);
        expect(readView(botSeatView(state, civilian), 1).mates).toEqual([]);
        checked++;
        return undefined;
      },
    });
    expect(checked).toBe(1);
  });
});
