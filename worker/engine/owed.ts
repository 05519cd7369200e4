// What a seat owes in the current step, from its own view: shared by the push decisions
// (worker/push/notify.ts), the room's prods and bots, and the client's tab title; it imports only types (the home page bundles it).
import type { GameState, View } from './types.ts';

/** What a seat owes now. Never a role or a call's name: a notification may show on a lock screen. */
export type OwedKind = 'card' | 'night-call' | 'ballot' | 'speech' | 'last-words';

/** What a seat owes, when the step closes, and which step it is. */
export interface Owed {
  kind: OwedKind;
  /** When the step closes; null while no deadline runs. */
  until: number | null;
  /** Tells one step from the next (a runoff after a ballot, the next night's call); never sent. */
  step: string;
}

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
  else if ((step.kind === 'speech' || step.kind === 'talk' || step.kind === 'open-day') && has('pass')) kind = 'speech';
  if (!kind) return null;
  return { kind, until: step.endsAt, step: stepKey(view) };
}

/**
 * Tells one step of the game from the next (a runoff after a ballot, the next night's call), from a
 * view or the state: it reads only fields a seat's view copies from the state's step as they are.
 */
export function stepKey(at: { round: number; step: View['step'] | GameState['step'] }): string {
  const step = at.step;
  const detail =
    step.kind === 'call' ? step.call
    : step.kind === 'ballot' ? `${step.purpose}:${step.candidates?.join(',')}:${step.turn ?? ''}`
    : step.kind === 'speech' ? `${step.purpose}:${step.seat}`
    : step.kind === 'last-words' ? String(step.seat)
    : step.kind === 'open-day' ? `${step.purpose}:${step.speakers?.join(',')}`
    : '';
  return `${at.round}|${step.kind}|${detail}`;
}
