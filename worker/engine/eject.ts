// The judge ejects a player (decision, [001 5.14]): out with no last words, and whatever step was
// waiting on them moves on without them (a call's pointer, a vote, a speech, a ready, a confirm).
import { checkWin, closeStep, removeSeat, type Ctx, type Refusal } from './kernel.ts';
import { seatOfCard } from './cards.ts';
import { callComplete } from './night-confirm.ts';
import { ejectFromOpenDay } from './open-day.ts';
import { closeReadingIfDone } from './reading.ts';
import { livingSeats } from './seats.ts';
import type { CardId, Seat, Step } from './types.ts';

/** The judge's ejection: out with no last words; the open step forgets the seat and closes if it was all it waited for. */
export function eject(ctx: Ctx, seat: Seat): Refusal {
  const s = ctx.s;
  if (!Number.isInteger(seat) || seat < 1 || seat > s.alive.length) return ['game/seat-unknown', `there is no seat ${seat}`];
  if (!s.alive[seat - 1]) return ['game/seat-out', `seat ${seat} is already out`];
  // (decision) [001 5.14]: the judge's ejection leaves no last words.
  removeSeat(ctx, seat, 'ejected');
  if (checkWin(ctx, false)) return null;
  if (s.openBallot) {
    const { [seat]: _gone, ...ballots } = s.openBallot.ballots;
    const b = s.openBallot;
    s.openBallot = { ...b, ballots, voters: b.voters.filter((v) => v !== seat), candidates: b.candidates.filter((c) => c !== seat) };
  }
  const step = s.step;
  if (step.kind === 'call' && step.slots) {
    const slots = step.slots.filter((c) => seatOfCard(c) !== seat);
    const aims: Record<CardId, CardId | 0> = {};
    for (const c of slots) if (step.aims && c in step.aims) aims[c] = step.aims[c]!;
    const confirmed = step.confirmed?.filter((c) => slots.includes(c));
    const next: Step = { ...step, actors: step.actors.filter((a) => a !== seat), slots, aims, ...(step.watchers ? { watchers: step.watchers.filter((w) => w !== seat) } : {}), ...(confirmed ? { confirmed } : {}) };
    s.step = next;
    // A call that still has actors closes once they have all pointed; one left with nobody keeps its clock.
    if (slots.length > 0 && callComplete(next)) closeStep(ctx);
  } else if (step.kind === 'talk') {
    const ready = step.ready.filter((r) => r !== seat);
    s.step = { ...step, ready };
    if (livingSeats(s).every((a) => ready.includes(a))) closeStep(ctx);
  } else if (step.kind === 'call') {
    const actors = step.actors.filter((a) => a !== seat);
    const { [seat]: _gone, ...pointers } = step.pointers;
    const next: Step = { ...step, actors, pointers, surrender: step.surrender.filter((a) => a !== seat), ...(step.confirmed ? { confirmed: step.confirmed.filter((a) => a !== seat) } : {}) };
    s.step = next;
    if (callComplete(next)) closeStep(ctx);
  } else if (step.kind === 'speech' && step.seat === seat) {
    closeStep(ctx);
  } else if (step.kind === 'open-day') {
    ejectFromOpenDay(ctx, step, seat);
  } else if (step.kind === 'ballot') {
    const voters = step.voters.filter((v) => v !== seat);
    const { [seat]: _gone, ...ballots } = step.ballots;
    s.step = { ...step, voters, ballots, candidates: step.candidates.filter((c) => c !== seat) };
    if (step.turn !== undefined ? step.turn === seat : voters.every((v) => v in ballots)) closeStep(ctx);
  } else if (step.kind === 'eyes') {
    if (livingSeats(s).every((a) => a in step.choices)) closeStep(ctx);
  } else if (step.kind === 'reading') {
    closeReadingIfDone(ctx);
  }
  return null;
}
