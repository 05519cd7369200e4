// How long a night call that no person answers lasts (RULES.md D11): an empty call and a call held
// only by room bots both take this wait, drawn from the game's seed for that round and call, so a
// call's length never tells whether its role lives. It is short, like a player who chooses quickly.
import { makeRandom } from './random.ts';
import type { Call } from './types.ts';

const SECOND = 1000;

/**
 * The bounds of the wait for a call deadline of `callMs`: 1/720 to 1/72 of it, at least 3 s and
 * 20 s, never over 1/20 and 1/3 of it. Live (60 s): 3–20 s; async (12 h): 1–10 min, O7's band.
 */
export function callWaitBand(callMs: number): readonly [number, number] {
  const lo = Math.min(Math.max(callMs / 720, 3 * SECOND), callMs / 20);
  const hi = Math.min(Math.max(callMs / 72, 20 * SECOND), callMs / 3);
  return [lo, hi];
}

/** The wait of this round's call, uniform in its band, from the game's seed (the same for an empty call and a bots' call). */
export function callWait(seed: string, round: number, call: Call, callMs: number): number {
  const [lo, hi] = callWaitBand(callMs);
  return Math.round(lo + (hi - lo) * makeRandom(`${seed}:call-wait:${round}:${call}`)());
}
