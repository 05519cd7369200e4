// Seat arithmetic around the round table: who is still in, and speaking orders.
import type { GameState, Seat } from './types.ts';

/** Seats still in the game, in table order. */
export function livingSeats(state: Pick<GameState, 'alive'>): Seat[] {
  const out: Seat[] = [];
  for (let i = 0; i < state.alive.length; i++) if (state.alive[i]) out.push(i + 1);
  return out;
}

/** Living seats in speaking order, starting after `anchor` (seat 1 first when there is none). */
export function tableOrder(state: Pick<GameState, 'alive'>, anchor: Seat | 0, direction: 'right' | 'left' = 'right'): Seat[] {
  const n = state.alive.length;
  const out: Seat[] = [];
  const step = direction === 'right' ? 1 : -1;
  // With no anchor, seat 1 speaks first: start "after" the seat before it.
  let seat = anchor === 0 ? (direction === 'right' ? n : 2) : anchor;
  for (let k = 0; k < n; k++) {
    seat = ((seat - 1 + step + n) % n) + 1;
    if (state.alive[seat - 1]) out.push(seat);
  }
  return out;
}

/** Any seats (living or not) in the order met going round from seat 1 (the judge's position) in a direction. */
export function fromSeatOne(seats: readonly Seat[], players: number, direction: 'right' | 'left'): Seat[] {
  const key = (seat: Seat) => (direction === 'right' || seat === 1 ? seat : players + 2 - seat);
  return [...seats].sort((a, b) => key(a) - key(b));
}
