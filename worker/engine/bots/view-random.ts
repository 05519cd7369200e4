// A bot's random source, keyed only on what its seat may know: what a bot does is something the
// table receives, so it must not depend on hidden events (RULES.md D11). The full log's length
// counts other teams' lines and calls' pointers; the seat's own view's log does not.
import { makeRandom, type Random } from '../random.ts';
import type { Seat, View } from '../types.ts';

/**
 * The random source for a bot's move at this view: the game's seed, the seat, and how long its own
 * view's log is. At a night call, the round, the call and the pointers it has seen there instead: a
 * bot that tells its team in chat whom it would choose then points at that same seat.
 */
export function botRandom(seed: string, seat: Seat, view: View): Random {
  if (view.step.kind !== 'call') return makeRandom(`${seed}:bot-move:${seat}:${view.log.length}`);
  let pointers = 0;
  for (let i = view.log.length - 1; i >= 0 && view.log[i]!.event.type !== 'call'; i--) if (view.log[i]!.event.type === 'pointed') pointers++;
  return makeRandom(`${seed}:bot-night:${seat}:${view.round}:${view.step.call}:${pointers}`);
}
