// Automatic prods: at 50 % and 90 % of a step's time, the seats that still owe it get a
// push reminder, and the host sees which seats were prodded. Pure: the room stores the plan in the
// same transaction as the game and wakes its one alarm at the next prod (docs/rules-decisions.md O10).
import { viewFor, type GameState, type Seat } from '../engine/index.ts';
import { owedStep, stepKey } from '../engine/owed.ts';

/** The shares of a step's time at which the seats that still owe it are prodded. */
export const PROD_AT = [0.5, 0.9] as const;
/** Steps shorter than this are never prodded: a live turn of seconds would only buzz phones that are watching. */
export const PROD_FLOOR_MS = 10 * 60_000;

/** What the room keeps about the current step's prods. */
export interface ProdPlan {
  /** stepKey of the game's step when the plan was made. */
  step: string;
  /** How long the step had when it opened (ms); null when it opened without a deadline. */
  length: number | null;
  /** How many of PROD_AT have gone out (each once per step). */
  sent: number;
  /** Seats prodded in this step for something the whole table sees they owe (never a night call): the host's mark. */
  marked: Seat[];
}

/** The plan after a stored change at `now`: the same while the step lasts, a fresh one when a new step opened. */
export function planAfter(plan: ProdPlan | null, game: GameState, now: number): ProdPlan {
  const step = stepKey(game);
  if (plan?.step === step) return plan;
  const endsAt = 'endsAt' in game.step ? game.step.endsAt : null;
  return { step, length: endsAt === null ? null : endsAt - now, sent: 0, marked: [] };
}

/**
 * When the next prod is due, or null (all sent, a short step, a live room, paused, over). A share is
 * counted back from the deadline, so an extension or a pause moves the prods with it: the 90 % prod
 * always comes when a tenth of the step's time is left.
 */
export function nextProdAt(plan: ProdPlan | null, game: GameState, live: boolean): number | null {
  if (!plan || live || game.result || plan.length === null || plan.length < PROD_FLOOR_MS) return null;
  const share = PROD_AT[plan.sent];
  const endsAt = 'endsAt' in game.step ? game.step.endsAt : null;
  if (share === undefined || endsAt === null || plan.step !== stepKey(game)) return null;
  return endsAt - (1 - share) * plan.length;
}

/**
 * The prod due at `now`, if any: the seats that owe the step now (from their own views; `skip`: bot
 * seats) and the plan to store before anything is sent. Shares that fell due together go out as one.
 */
export function dueProd(plan: ProdPlan | null, game: GameState, live: boolean, now: number, skip: ReadonlySet<Seat>): { plan: ProdPlan; seats: Seat[] } | null {
  if (!plan) return null;
  let sent = plan.sent;
  for (let at = nextProdAt(plan, game, live); at !== null && at <= now; at = nextProdAt({ ...plan, sent }, game, live)) sent++;
  if (sent === plan.sent) return null;
  const seats: Seat[] = [];
  const marked = new Set(plan.marked);
  for (let seat = 1; seat <= game.alive.length; seat++) {
    if (skip.has(seat)) continue;
    const owed = owedStep(viewFor(game, { kind: 'seat', seat }));
    if (!owed) continue;
    seats.push(seat);
    // Who owes a speech, last words, a ballot or a card's reading is public (O2, O3); who owes a night call is not.
    if (owed.kind !== 'night-call') marked.add(seat);
  }
  return { plan: { ...plan, sent, marked: [...marked].sort((a, b) => a - b) }, seats };
}
