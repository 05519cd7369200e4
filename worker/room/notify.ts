// Which notification a seat gets after a change, decided from that seat's own views only (before and
// after), so a notification can never tell more than the seat's screen does. Pure: no I/O, no clock.
import { viewFor } from '../engine/view.ts';
import type { GameState, Seat, View } from '../engine/types.ts';
import { owedStep, type OwedKind } from './owed.ts';

export { owedStep, type Owed, type OwedKind } from './owed.ts';

/** A notification for one seat; the service worker words it in the device's language and time zone. */
export type Notice =
  | { kind: 'start'; until: number | null }
  | { kind: 'owe'; owes: OwedKind; until: number | null }
  | { kind: 'reminder'; owes: OwedKind; until: number }
  | { kind: 'over' }
  /** The host's scheduled start is an hour (or less) away; `at` is when it starts. */
  | { kind: 'scheduled'; at: number }
  /** To the host: the scheduled start came and the room could not start (the seat count out of range). */
  | { kind: 'start-missed'; at: number };

/** How long before a step closes a seat that still owes it is reminded (async games). */
export const REMINDER_BEFORE_MS = 3_600_000;

/**
 * The notification a change brings this seat: `prev` is its view before the change (null when the
 * change started the game), `next` after. At most one: the game's start or end outranks a new step.
 */
export function noticeFor(prev: View | null, next: View): Notice | null {
  if (!next.me) return null;
  if (next.result) return prev?.result ? null : { kind: 'over' };
  if (!prev) return { kind: 'start', until: owedStep(next)?.until ?? null };
  const owed = owedStep(next);
  if (!owed) return null;
  const before = owedStep(prev);
  // Still the same step (a pointer changed, someone else voted): nothing new for this seat.
  if (before && before.step === owed.step) return null;
  return { kind: 'owe', owes: owed.kind, until: owed.until };
}

/** When this seat should be reminded of the step it owes: an hour before it closes, if the step lasts longer than that. */
export function reminderAt(view: View, stepStartedAt: number): number | null {
  const owed = owedStep(view);
  if (!owed || owed.until === null) return null;
  const at = owed.until - REMINDER_BEFORE_MS;
  return at > stepStartedAt ? at : null;
}

/** The host's prod: a reminder of the step this seat owes, whenever it is sent; null when it owes nothing. */
export function prodFor(view: View): Notice | null {
  const owed = owedStep(view);
  return owed && owed.until !== null ? { kind: 'reminder', owes: owed.kind, until: owed.until } : null;
}

/** The reminder due at `now` for this seat, if the step it owes closes within the hour. */
export function reminderFor(view: View, now: number): Notice | null {
  const owed = owedStep(view);
  if (!owed || owed.until === null || now < owed.until - REMINDER_BEFORE_MS || now >= owed.until) return null;
  return { kind: 'reminder', owes: owed.kind, until: owed.until };
}

/** A seat's line in "My games": what it owes now, from its own view (the judge, or no game: nothing). */
export function seatSummary(game: GameState | null, seat: Seat | null): { seat: Seat | null; owes: OwedKind | null; until: number | null } {
  const owed = game && seat !== null && seat <= game.alive.length ? owedStep(viewFor(game, { kind: 'seat', seat })) : null;
  return { seat, owes: owed?.kind ?? null, until: owed?.until ?? null };
}
