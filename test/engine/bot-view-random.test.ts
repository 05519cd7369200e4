// A room bot plays from its seat's view only (RULES.md D11: nothing a viewer receives may depend on
// hidden events, and what a bot does is something the table receives). Two full states that give a
// seat the same view (two hidden roles swapped, a team-chat line it cannot read) must draw the same
// random choices and so the same move, in every ruleset.
import { describe, expect, it } from 'vitest';
import { RULESETS, legalActions, viewFor, type GameState, type RulesetId, type Seat } from '../../worker/engine/index.ts';
import { makeRandom } from '../../worker/engine/random.ts';
import { botMove } from '../../worker/room/bots.ts';
import { playRandomly, seededTable } from './table.ts';
import { sameJson } from './same-json.ts';

/** The smallest table of each ruleset. */
const players = (ruleset: RulesetId) => RULESETS[ruleset].minPlayers;

/** Every state of a random game, in order (the table replaces its state at every move). */
function gameStates(ruleset: RulesetId, seed: string): GameState[] {
  const t = seededTable(ruleset, players(ruleset), {}, seed);
  const states = [t.state];
  let now = t.state;
  Object.defineProperty(t, 'state', { get: () => now, set: (s: GameState) => void states.push((now = s)) });
  playRandomly(t, `${seed}-moves`);
  return states;
}

/**
 * A state the seat cannot tell from `state`: a team-chat line among other seats appended to the log
 * and two other seats' roles swapped; null when the seat would see the difference (its own mates).
 */
function twinFor(state: GameState, seat: Seat, random: () => number): GameState | null {
  const others = state.roles.map((_, i) => i + 1).filter((s) => s !== seat);
  const a = others[Math.floor(random() * others.length)]!;
  const b = others.filter((s) => s !== a)[Math.floor(random() * (others.length - 1))]!;
  const roles = [...state.roles];
  [roles[a - 1], roles[b - 1]] = [roles[b - 1]!, roles[a - 1]!];
  const last = state.log.at(-1)!;
  const hidden = { seq: last.seq + 1, at: last.at, round: last.round, to: [a], event: { type: 'team-chat' as const, seat: a, text: 'hidden' } };
  const twin: GameState = { ...state, roles, log: [...state.log, hidden] };
  // The twin always differs from the state (its log holds one more entry); the seat must not see it.
  return sameJson(viewFor(twin, { kind: 'seat', seat }), viewFor(state, { kind: 'seat', seat })) ? twin : null;
}

describe('a room bot’s move comes from its own view (RULES.md D11)', () => {
  for (const ruleset of Object.keys(RULESETS) as RulesetId[]) {
    it(`${ruleset}: two states with the same view for a seat give that seat’s bot the same move`, () => {
      const random = makeRandom(`twins-${ruleset}`);
      let compared = 0;
      const differing: string[] = [];
      for (const seed of ['a', 'b', 'c']) {
        for (const state of gameStates(ruleset, `${ruleset}-${seed}`)) {
          if (state.result) continue;
          for (let seat = 1; seat <= state.alive.length; seat++) {
            if (legalActions(state, seat).length === 0) continue;
            const twin = twinFor(state, seat, random);
            if (!twin) continue;
            const bot = { lang: 'en' as const, memory: {}, due: null };
            const one = botMove(state, seat, bot, 5);
            const other = botMove(twin, seat, bot, 5);
            compared++;
            if (JSON.stringify(one) !== JSON.stringify(other)) differing.push(`${JSON.stringify(one.action)} / ${JSON.stringify(other.action)}`);
          }
        }
      }
      expect(compared).toBeGreaterThan(100);
      expect(differing.slice(0, 3)).toEqual([]);
    });
  }
});
