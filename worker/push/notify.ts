// Which notification a seat gets after a change, decided from that seat's own views only (before and
// after), so a notification can never tell more than the seat's screen does. Pure: no I/O, no clock.
import type { View } from '../engine/types.ts';
import { owedStep } from '../engine/owed.ts';
import type { Notice } from '../protocol.ts';

export { owedStep, type Owed, type OwedKind } from '../engine/owed.ts';
export type { Notice } from '../protocol.ts';

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
  const before = owedStep(prev);
  // Still the same step (a pointer changed, someone else voted): nothing new to owe for this seat.
  if (owed && !(before && before.step === owed.step)) return { kind: 'owe', owes: owed.kind, until: owed.until };
  return voiceNoteNotice(prev, next);
}

/** Another seat's voice speech that this change added to this seat's view ("Kim left a voice speech (0:48)"). */
function voiceNoteNotice(prev: View, next: View): Notice | null {
  for (const e of next.log.slice(prev.log.length)) {
    if (e.event.type === 'said' && e.event.voice && e.event.seat !== next.me?.seat) return { kind: 'voice-note', seat: e.event.seat, ms: e.event.voice.ms };
  }
  return null;
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
