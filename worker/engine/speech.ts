// Speeches, last words and `dual`'s free talk (RULES.md 2.7, 8.10): who may speak now, posting a
// message (with a bot's structured claim), passing or saying "ready", and an open day's window
// handed to open-day.ts.
import { checkText, closeStep, emit, endsAt, skipMuted, type Ctx, type Refusal } from './kernel.ts';
import { readClaim } from './claim.ts';
import { countSpoken, doneInOpenDay, openDay, openDaySayRefusal, opensOpenDay } from './open-day.ts';
import { dayWindowEndsAt } from './pace-switch.ts';
import { pacingOf } from './pacing.ts';
import { livingSeats } from './seats.ts';
import type { GameState, Plan, Seat } from './types.ts';

function speakerOf(state: GameState): Seat | 0 {
  const step = state.step;
  return step.kind === 'speech' || step.kind === 'last-words' ? step.seat : 0;
}

/** A message from the speaker of the turn, a speaker of the open window, or anyone living in the free talk. */
export function say(ctx: Ctx, seat: Seat, text: string, rawClaim: unknown): Refusal {
  const step = ctx.s.step;
  if (step.kind === 'open-day') {
    const refused = openDaySayRefusal(step, seat, text);
    if (refused) return refused;
  } else if (step.kind === 'talk') {
    // RULES.md 8.10: free talk; any living player speaks, as often as they like, until the talk ends.
    if (!ctx.s.alive[seat - 1]) return ['game/seat-out', 'you are out'];
  } else if (speakerOf(ctx.s) !== seat) {
    return ['game/not-your-turn', 'it is not your turn to speak'];
  }
  const bad = checkText(text);
  if (bad) return bad;
  const read = rawClaim === undefined ? null : readClaim(ctx.s, rawClaim);
  if (read && 'error' in read) return ['game/claim-invalid', read.error];
  if (step.kind === 'open-day') countSpoken(ctx, step, seat, text.trim().length);
  emit(ctx, 'all', read ? { type: 'said', seat, text: text.trim(), claim: read.claim } : { type: 'said', seat, text: text.trim() });
  return null;
}

/** The speaker ends their turn, says "done" in the open window, or says "ready" in the free talk. */
export function pass(ctx: Ctx, seat: Seat): Refusal {
  const step = ctx.s.step;
  if (step.kind === 'open-day') return doneInOpenDay(ctx, step, seat);
  if (step.kind === 'talk') {
    // "Ready": the talk ends when every living player is ready (or at its deadline).
    if (!ctx.s.alive[seat - 1]) return ['game/seat-out', 'you are out'];
    if (step.ready.includes(seat)) return ['game/not-allowed', 'you are already ready to vote'];
    const ready = [...step.ready, seat];
    ctx.s.step = { ...step, ready };
    emit(ctx, 'all', { type: 'passed', seat, missed: false, ready: true });
    if (livingSeats(ctx.s).every((a) => ready.includes(a))) closeStep(ctx);
    return null;
  }
  if (speakerOf(ctx.s) !== seat) return ['game/not-your-turn', 'it is not your turn to speak'];
  emit(ctx, 'all', { type: 'passed', seat, missed: false });
  closeStep(ctx);
  return null;
}

/** Last words said: where the ruleset says so (`raw`), the first player killed becomes the judge. */
export function closeLastWords(ctx: Ctx, seat: Seat): void {
  const s = ctx.s;
  if (ctx.rules.firstKilledJudges && s.judgeSeat === 0 && seat === s.outs.find((o) => o.how === 'killed')?.seat) {
    s.judgeSeat = seat;
    emit(ctx, 'all', { type: 'judge', seat });
  }
}

/** Opens a speech turn, or an open day's window for a run of them; false when nobody is left to speak. */
export function openSpeech(ctx: Ctx, plan: Extract<Plan, { kind: 'speech' }>): boolean {
  const s = ctx.s;
  if (opensOpenDay(s, plan)) return openDay(ctx, plan);
  if (!s.alive[plan.seat - 1] || skipMuted(ctx, plan.seat)) return false;
  s.step = { kind: 'speech', purpose: plan.purpose, seat: plan.seat, endsAt: endsAt(ctx, 'speech') };
  return true;
}

/** Opens a player's last words; false when they are muted this day. */
export function openLastWords(ctx: Ctx, seat: Seat): boolean {
  if (skipMuted(ctx, seat)) return false;
  ctx.s.step = { kind: 'last-words', seat, endsAt: endsAt(ctx, 'lastWords') };
  return true;
}

/** Opens `dual`'s free talk; false when nobody is left living. */
export function openTalk(ctx: Ctx): boolean {
  const s = ctx.s;
  // RULES.md 8.10 (decision): the free talk lasts as long as the speech turns it replaces.
  const living = livingSeats(s);
  if (living.length === 0) return false;
  s.step = { kind: 'talk', ready: [], endsAt: dayWindowEndsAt(ctx, pacingOf(s).pace.speech * living.length) };
  return true;
}
