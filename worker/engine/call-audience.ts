// Who answers a night call together and who sees its pointers: read by the call, its confirm step
// and `legal`, so it sits below all three.
import type { Call, Seat, Step } from './types.ts';

type CallStep = Extract<Step, { kind: 'call' }>;

/** The calls a team answers together (RULES.md 2.2–2.3); the power roles act alone. */
export function isTeamCall(call: Call): boolean {
  return call === 'killers' || call === 'police';
}

/** Whether this call has a team channel: killers and police; in `dual` the killers only ("police cannot communicate like the killer"). */
export function hasTeamChannel(step: CallStep): boolean {
  return step.slots ? step.call === 'killers' : isTeamCall(step.call);
}

/** Who sees a seat's pointer (and its confirm): its team, or in `dual` see `cardCallAudience`. */
export function pointAudience(step: CallStep, seat: Seat): Seat[] {
  return step.slots ? cardCallAudience(step, seat) : step.actors;
}

/** Who sees a `dual` card call's pointers: the killers (and the undercover watching in rounds 1–2), else the actor alone. */
export function cardCallAudience(step: CallStep, seat: Seat): Seat[] {
  return step.call === 'killers' ? [...step.actors, ...(step.watchers ?? [])] : [seat];
}
