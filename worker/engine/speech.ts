// Speeches, last words and `dual`'s free talk (RULES.md 2.7, 8.10): who may speak now, posting a
// message (with a bot's structured claim), passing or saying "ready", and an open day's window
// handed to open-day.ts.
import { checkText, closeStep, emit, endsAt, skipMuted, type Ctx, type Refusal } from './kernel.ts';
import { readClaim } from './claim.ts';
import { countSpoken, countVoiced, doneInOpenDay, openDay, openDaySayRefusal, opensOpenDay } from './open-day.ts';
import { dayWindowEndsAt } from './pace-switch.ts';
import { pacingOf } from './pacing.ts';
import { livingSeats } from './seats.ts';
import { budgetRefusal, spend } from './talk-budget.ts';
import type { GameEvent, GameState, LiveVoice, Plan, Seat, VoiceNote } from './types.ts';
import { liveVoiceRefusal, voiceNoteRefusal } from './voice-mark.ts';

function speakerOf(state: GameState): Seat | 0 {
  const step = state.step;
  return step.kind === 'speech' || step.kind === 'last-words' ? step.seat : 0;
}

/**
 * A message from the speaker of the turn, a speaker of the open window, or anyone living in the free
 * talk: text, a recorded voice note, or both (a note without text is a speech all the same).
 */
export function say(ctx: Ctx, seat: Seat, rawText: string | undefined, rawClaim: unknown, voice?: VoiceNote): Refusal {
  const step = ctx.s.step;
  const text = voice !== undefined && (rawText === undefined || rawText.trim() === '') ? '' : rawText;
  if (voice !== undefined) {
    const bad = voiceNoteRefusal(voice);
    if (bad) return bad;
  }
  if (step.kind === 'open-day') {
    const refused = openDaySayRefusal(step, seat, text, voice);
    if (refused) return refused;
  } else if (step.kind === 'talk') {
    // RULES.md 8.10: free talk; any living player speaks, as often as they like, until the talk ends.
    if (!ctx.s.alive[seat - 1]) return ['game/seat-out', 'you are out'];
  } else if (speakerOf(ctx.s) !== seat) {
    return ['game/not-your-turn', 'it is not your turn to speak'];
  }
  const bad = voice !== undefined && text === '' ? null : checkText(text);
  if (bad) return bad;
  const said = (text as string).trim();
  const read = rawClaim === undefined ? null : readClaim(ctx.s, rawClaim);
  if (read && 'error' in read) return ['game/claim-invalid', read.error];
  const spent = budgetRefusal(ctx.s, 'say', seat, said.length);
  if (spent) return spent;
  spend(ctx, 'say', seat, said.length);
  if (step.kind === 'open-day') countSpoken(ctx, step, seat, said.length);
  if (voice !== undefined && ctx.s.step.kind === 'open-day') countVoiced(ctx, ctx.s.step, seat, voice.ms);
  const event: GameEvent = {
    type: 'said',
    seat,
    text: said,
    ...(read ? { claim: read.claim } : {}),
    ...(voice !== undefined ? { voice: { note: voice.note, ms: voice.ms } } : {}),
  };
  emit(ctx, 'all', event);
  return null;
}

/** The speaker ends their turn (`voice`: it was a live voice speech this long), says "done" in the open window, or says "ready" in the free talk. */
export function pass(ctx: Ctx, seat: Seat, voice?: LiveVoice): Refusal {
  const step = ctx.s.step;
  if (voice !== undefined) {
    const bad = liveVoiceRefusal(ctx.s, seat, voice, ctx.at);
    if (bad) return bad;
  }
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
  emit(ctx, 'all', voice !== undefined ? { type: 'passed', seat, missed: false, voice: { ms: voice.ms } } : { type: 'passed', seat, missed: false });
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
  s.step = { kind: 'speech', purpose: plan.purpose, seat: plan.seat, endsAt: endsAt(ctx, 'speech'), opened: ctx.at };
  return true;
}

/** Opens a player's last words; false when they are muted this day. */
export function openLastWords(ctx: Ctx, seat: Seat): boolean {
  if (skipMuted(ctx, seat)) return false;
  ctx.s.step = { kind: 'last-words', seat, endsAt: endsAt(ctx, 'lastWords'), opened: ctx.at };
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
