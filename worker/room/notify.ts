// Which notification a seat gets after a change, decided from that seat's own views only (before and
// after), so a notification can never tell more than the seat's screen does. Pure: no I/O, no clock.
import { viewFor } from '../engine/view.ts';
import type { GameState, Seat, View } from '../engine/types.ts';

/** What a seat owes now. Never a role or a call's name: a notification may show on a lock screen. */
export type OwedKind = 'card' | 'night-call' | 'ballot' | 'speech' | 'last-words';

export interface Owed {
  kind: OwedKind;
  /** When the step closes; null while no deadline runs. */
  until: number | null;
  /** Tells one step from the next (a runoff after a ballot, the next night's call); never sent. */
  step: string;
}

/** A notification for one seat; the service worker words it in the device's language and time zone. */
export type Notice =
  | { kind: 'start'; until: number | null }
  | { kind: 'owe'; owes: OwedKind; until: number | null }
  | { kind: 'reminder'; owes: OwedKind; until: number }
  | { kind: 'over' };

/** How long before a step closes a seat that still owes it is reminded (issue 9: async games). */
export const REMINDER_BEFORE_MS = 3_600_000;

/** What this seat still has to do in the current step, from its view's `legal` (null: nothing, or paused). */
export function owedStep(view: View): Owed | null {
  if (!view.me || view.result || view.paused) return null;
  const step = view.step;
  if (step.kind === 'over') return null;
  const has = (type: string) => view.legal.some((a) => a.type === type);
  let kind: OwedKind | null = null;
  // A pointer already set (every acting card's, in dual) is a call answered; changing it stays possible.
  // The reading step before night 1 (RULES.md 11): "look at your card" is owed like any step.
  if (has('seen')) kind = 'card';
  else if (view.legal.some((a) => a.type === 'point' && a.current === null) || has('open-eyes')) kind = 'night-call';
  else if (has('vote')) kind = 'ballot';
  else if (step.kind === 'last-words' && has('pass')) kind = 'last-words';
  else if ((step.kind === 'speech' || step.kind === 'talk') && has('pass')) kind = 'speech';
  if (!kind) return null;
  const detail =
    step.kind === 'call' ? step.call
    : step.kind === 'ballot' ? `${step.purpose}:${step.candidates.join(',')}:${step.turn ?? ''}`
    : step.kind === 'speech' ? `${step.purpose}:${step.seat}`
    : step.kind === 'last-words' ? String(step.seat)
    : '';
  return { kind, until: step.endsAt, step: `${view.round}|${step.kind}|${detail}` };
}

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
