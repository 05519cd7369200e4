// The simulator's bots: the uniform random policy the engine was first checked with, so win rates can be
// checked against theory. They play only from `legalActions`, like any client.
import { campOf } from './rulesets.ts';
import { legalActions } from './legal.ts';
import { pick, type Random } from './random.ts';
import type { Action, GameState, LegalAction, Seat } from './types.ts';

/** The next move of the random policy for one waiting seat, or null if it has none. */
export function randomMove(state: GameState, seat: Seat, random: Random, at: number): Action | null {
  const legal = legalActions(state, seat);
  // Reading the card and confirming a pointer draw nothing from the bots' randomness, so the
  // policy's choices (and a seed's wins) are the same as before these steps existed.
  if (find(legal, 'seen')) return { type: 'seen', seat, at };
  const confirm = find(legal, 'confirm');
  if (confirm) return { type: 'confirm', seat, ...(confirm.hand !== undefined ? { hand: confirm.hand } : {}), at };
  const point = find(legal, 'point');
  if (point?.cards) {
    // `dual`: each card still to point aims uniformly among the cards it may aim at (the secret police: 1/2 to shoot).
    const slot = legal.find((a): a is Extract<LegalAction, { type: 'point' }> => a.type === 'point' && a.currentCard === null) ?? point;
    let cards = slot.cards!;
    if (slot.call === 'secret-police' && random() < 0.5) cards = [];
    if (cards.length === 0) return { type: 'point', seat, target: 0, hand: slot.hand!, at };
    const aim = pick(random, cards);
    return { type: 'point', seat, target: aim.seat, card: aim.card, hand: slot.hand!, at };
  }
  if (point) {
    // Every night role points uniformly among its legal targets, with these two exceptions.
    let targets = point.targets;
    // Killers point only at living players outside the killer camp (when there are any).
    if (point.call === 'killers') {
      const outside = targets.filter((t) => campOf(state.roles[t - 1]!) !== 'killers');
      if (outside.length > 0) targets = outside;
    }
    // The secret police fires the one shot with probability 1/2 on each night it is unspent, else declines.
    if (point.call === 'secret-police' && random() < 0.5) targets = [];
    return { type: 'point', seat, target: targets.length > 0 ? pick(random, targets) : 0, at };
  }
  const eyes = find(legal, 'open-eyes');
  if (eyes) return { type: 'open-eyes', seat, choice: pick(random, eyes.choices), at };
  if (find(legal, 'pass')) return { type: 'pass', seat, at };
  if (state.step.kind === 'talk') return null;
  const vote = find(legal, 'vote');
  if (vote) {
    const targets = vote.targets.filter((t) => t !== seat);
    return { type: 'vote', seat, target: targets.length > 0 ? pick(random, targets) : 0, at };
  }
  return null;
}

function find<T extends LegalAction['type']>(legal: LegalAction[], type: T): Extract<LegalAction, { type: T }> | undefined {
  return legal.find((a) => a.type === type) as Extract<LegalAction, { type: T }> | undefined;
}
