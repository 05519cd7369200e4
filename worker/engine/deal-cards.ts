// `dual`'s deal at the table: the two cards' private events, and the big joker's holder seated as
// the judge with their other card void.
import { emit, type Ctx } from './kernel.ts';
import { cardId, faceOf, indexOfCard, seatOfCard } from './cards.ts';

/**
 * `dual` (RULES.md 8.1–8.2): two cards to each seat; whoever holds the big joker judges: they do not
 * play, and their other card is void and out of play (only the judge is told which it was).
 */
export function dealCards(ctx: Ctx): void {
  const s = ctx.s;
  s.cards = s.deck.slice(0, 2 * s.alive.length);
  s.cardDown = s.cards.map(() => 0);
  s.downCount = 0;
  for (let seat = 1; seat <= s.alive.length; seat++) {
    for (const hand of [0, 1] as const) emit(ctx, [seat], { type: 'card', seat, role: faceOf(s, cardId(seat, hand)), hand });
  }
  const joker = s.cards.indexOf('judge');
  if (joker < 0) return;
  const seat = seatOfCard(joker + 1);
  const other = cardId(seat, indexOfCard(joker + 1) === 0 ? 1 : 0);
  s.judgeSeat = seat;
  s.roles = s.roles.slice();
  s.roles[seat - 1] = 'judge';
  s.alive = s.alive.slice();
  s.alive[seat - 1] = false;
  s.cardDown = s.cardDown.slice();
  s.cardDown[joker] = -1;
  s.cardDown[other - 1] = -1;
  emit(ctx, 'all', { type: 'judge', seat });
  emit(ctx, [seat], { type: 'void-card', seat, card: indexOfCard(other), role: faceOf(s, other) });
}
