// The host's "Extend" amounts, sized to the room's own steps (a room of 1-minute steps is not offered hours).
import type { Pace, RulesetId } from '../worker/engine/types.ts';
import { deadlineKinds } from '../worker/engine/catalog.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The extensions offered for a room with these deadlines: minutes for steps of minutes (whatever the
 * preset), hours for steps of hours. Only the ruleset's own kinds of step count: a classic room set to
 * 1-minute steps keeps the async preset's 12 h for the eyes step it never has.
 */
export function extendSteps(deadlines: Pace | undefined, ruleset: RulesetId): number[] {
  const longest = Math.max(0, ...deadlineKinds(ruleset).map((kind) => deadlines?.[kind] ?? 0));
  return longest >= HOUR ? [HOUR, 12 * HOUR] : [MINUTE, 5 * MINUTE];
}

/** An extension's amount as the button says it: "1 h", "5 min". */
export function extendAmount(ms: number): string {
  return ms >= HOUR ? `${ms / HOUR} h` : `${ms / MINUTE} min`;
}
