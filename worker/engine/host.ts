// The host's and the judge's moves on the clock and the table: pause, resume, extend, narrate, and
// what a step's deadline does when it comes (a missed turn is on the public record).
import { checkText, closeStep, emit, type Ctx, type Refusal } from './kernel.ts';
import { openDayDeadline } from './open-day.ts';

/** The host or the judge stops the step's clock; what it had left waits in `pausedRemaining`. */
export function pause(ctx: Ctx, by?: 'judge'): Refusal {
  const step = ctx.s.step;
  if (!('endsAt' in step) || step.endsAt === null) return ['game/phase-closed', 'nothing to pause'];
  ctx.s.pausedRemaining = Math.max(0, step.endsAt - ctx.at);
  ctx.s.step = { ...step, endsAt: null };
  emit(ctx, 'all', by ? { type: 'paused', by } : { type: 'paused' });
  return null;
}

/** The judge's public narration, a message like any other. */
export function narrate(ctx: Ctx, text: string): Refusal {
  const bad = checkText(text);
  if (bad) return bad;
  emit(ctx, 'all', { type: 'narration', text: text.trim() });
  return null;
}

/** Restarts the paused step's clock with the time it had left (shared with worker/engine/judge-failover.ts). */
export function resume(ctx: Ctx): Refusal {
  const step = ctx.s.step;
  if (!('endsAt' in step)) return ['game/phase-closed', 'nothing to resume'];
  ctx.s.step = { ...step, endsAt: ctx.at + ctx.s.pausedRemaining! };
  ctx.s.pausedRemaining = null;
  emit(ctx, 'all', { type: 'resumed' });
  return null;
}

/** The host gives the open step more time (a paused step keeps the extra for its resume). */
export function extend(ctx: Ctx, ms: number): Refusal {
  if (!Number.isFinite(ms) || ms <= 0) return ['game/bad-action', 'extend by a positive number of milliseconds'];
  const step = ctx.s.step;
  if (!('endsAt' in step)) return ['game/phase-closed', 'nothing to extend'];
  if (ctx.s.pausedRemaining !== null) ctx.s.pausedRemaining += ms;
  else ctx.s.step = { ...step, endsAt: step.endsAt! + ms };
  emit(ctx, 'all', { type: 'extended', ms });
  return null;
}

/** The room's alarm: a step whose deadline has come closes with what it has; an early alarm changes nothing. */
export function onDeadline(ctx: Ctx): Refusal {
  const step = ctx.s.step;
  // An early or repeated alarm finds nothing due and changes nothing.
  if (!('endsAt' in step) || step.endsAt === null || step.endsAt > ctx.at) return null;
  // A night call's deadline is news only to its own team: in public it would tell an empty call (D11)
  // from one whose players all chose in time.
  emit(ctx, step.kind === 'call' ? [...step.actors, ...(step.watchers ?? [])] : 'all', { type: 'deadline' });
  if (step.kind === 'speech' || step.kind === 'last-words') emit(ctx, 'all', { type: 'passed', seat: step.seat, missed: true });
  if (step.kind === 'open-day') openDayDeadline(ctx, step);
  closeStep(ctx);
  return null;
}
