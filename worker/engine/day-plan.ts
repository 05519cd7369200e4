// The day's plan: what follows dawn (last words, speeches from the anchor, the ballot), the speaking
// order every later speech round keeps, and what follows a day (night, or in infernal another day).
import { emit, type Ctx } from './kernel.ts';
import type { Ruleset } from './rulesets.ts';
import { tableOrder } from './seats.ts';
import type { GameState, Plan, Seat, SpeechPurpose } from './types.ts';

/** Which way speeches go round the table: the room's `speechDirection` option (right by default). */
export function speechDirection(state: GameState): 'right' | 'left' {
  return state.setup.options.speechDirection === 'left' ? 'left' : 'right';
}

/** One speech turn for each of these seats, in the order given. */
export function speeches(seats: Seat[], purpose: SpeechPurpose): Plan[] {
  return seats.map((seat) => ({ kind: 'speech', purpose, seat }));
}

/** Seats in the current speaking order (PK speakers and runoff finalists keep it). */
export function inOrder(state: GameState, seats: readonly Seat[]): Seat[] {
  return tableOrder(state, state.speechAnchor, speechDirection(state)).filter((seat) => seats.includes(seat));
}

/** What follows a day: nightfall, or another day where the ruleset has a single night (infernal). */
export function nextDay(rules: Ruleset): Plan {
  return rules.singleNight ? { kind: 'day' } : { kind: 'nightfall' };
}

/** The day: last words of `words`, then the ruleset's speeches and vote. */
export function startDay(ctx: Ctx, words: Seat[] = []): void {
  const s = ctx.s;
  emit(ctx, 'all', { type: 'day' });
  const plan = ctx.rules.dayPlan ? ctx.rules.dayPlan(s, words) : classicDay(ctx, words);
  s.agenda = [...plan, ...s.agenda];
}

/** Last words, speeches from the right of the last player out [RULES.md 2.7], the ballot. */
function classicDay(ctx: Ctx, words: Seat[]): Plan[] {
  const s = ctx.s;
  const order = tableOrder(s, s.speechAnchor, speechDirection(s));
  const rounds = ctx.rules.speechRounds?.(s) ?? 1;
  const plan: Plan[] = words.map((seat): Plan => ({ kind: 'last-words', seat }));
  for (let r = 0; r < rounds; r++) plan.push(...speeches(order, 'day'));
  plan.push({ kind: 'ballot', purpose: ctx.rules.dayVote === 'runoff' ? 'runoff-first' : 'day', candidates: [] });
  return plan;
}
