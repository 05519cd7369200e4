// The open day (RULES.md 11 "Open days in async pace", decision): in a room whose `day` setting is
// `open`, a run of speech turns becomes one window in which every speaker posts their speech at any
// time, in any order, and says "done"; the window closes when all are done or at its deadline.
// The speakers keep the order the rule sheet gives them (from the anchor), so the table still reads
// its speeches in that order. Last words and the butterfly's defences stay turns of their own.
import { MAX_TEXT, checkText, closeStep, emit, endsAfter, skipMuted, type Ctx, type Refusal } from './kernel.ts';
import { dayWindowEndsAt } from './pace-switch.ts';
import { pacingOf } from './pacing.ts';
import { VOICE_NOTE_MAX_MS } from './voice-limits.ts';
import type { GameState, Plan, Seat, SpeechPurpose, Step } from './types.ts';

type OpenDayStep = Extract<Step, { kind: 'open-day' }>;

/** Purposes whose speeches may all be given at once; a defence is bound to its own vote turn. */
const OPEN_PURPOSES: readonly SpeechPurpose[] = ['day', 'pk', 'outside-pk'];

/** Whether this speech plan opens an open-day window instead of a turn. */
export function opensOpenDay(state: GameState, plan: Extract<Plan, { kind: 'speech' }>): boolean {
  return pacingOf(state).day === 'open' && OPEN_PURPOSES.includes(plan.purpose);
}

/**
 * Opens one window for this speech plan and the speech plans of the same purpose that follow it
 * in the agenda (they leave the agenda). Returns false when nobody is left to speak.
 */
export function openDay(ctx: Ctx, first: Extract<Plan, { kind: 'speech' }>): boolean {
  const s = ctx.s;
  const run: Seat[] = [first.seat];
  while (s.agenda[0]?.kind === 'speech' && s.agenda[0].purpose === first.purpose) {
    run.push(s.agenda[0].seat);
    s.agenda = s.agenda.slice(1);
  }
  const speakers = run.filter((seat) => s.alive[seat - 1] && !skipMuted(ctx, seat));
  if (speakers.length === 0) return false;
  // Decision (docs/rules-decisions.md): the window lasts as long as the turns it replaces.
  s.step = { kind: 'open-day', purpose: first.purpose, speakers, done: [], spoken: {}, endsAt: openDayEndsAt(ctx, first.purpose, pacingOf(s).pace.speech * speakers.length) };
  return true;
}

/** The day's window closes at the host's clock time if there is one; a PK window keeps its length. */
function openDayEndsAt(ctx: Ctx, purpose: SpeechPurpose, ms: number): number | null {
  return purpose === 'day' ? dayWindowEndsAt(ctx, ms) : endsAfter(ctx, ms);
}

/** The characters a speaker may still post in this window (one speech's limit in total). */
export function speechLeft(step: OpenDayStep, seat: Seat): number {
  return MAX_TEXT - (step.spoken[seat] ?? 0);
}

/** Whether this seat still owes its speech in the window. */
export function owesSpeech(step: OpenDayStep, seat: Seat): boolean {
  return step.speakers.includes(seat) && !step.done.includes(seat);
}

/**
 * Why this speaker may not post this message now (not a speaker, done, or over one speech's length in
 * all: its characters, and its voice notes' length).
 */
export function openDaySayRefusal(step: OpenDayStep, seat: Seat, text: unknown, voice?: { ms: number }): Refusal {
  if (!step.speakers.includes(seat)) return ['game/not-your-turn', 'you do not speak in this window'];
  if (step.done.includes(seat)) return ['game/not-allowed', 'you have said you are done'];
  if (voice !== undefined) {
    const heard = step.voiced?.[seat] ?? 0;
    if (heard + voice.ms > VOICE_NOTE_MAX_MS) return ['game/bad-action', `your voice notes last ${VOICE_NOTE_MAX_MS} ms in all; ${VOICE_NOTE_MAX_MS - heard} are left`];
    if (text === '') return null;
  }
  const bad = checkText(text);
  if (bad) return bad;
  const left = speechLeft(step, seat);
  if ((text as string).trim().length > left) return ['game/text-invalid', `your speech holds ${MAX_TEXT} characters in all; ${left} are left`];
  return null;
}

/** Counts a posted message against the speaker's one speech. */
export function countSpoken(ctx: Ctx, step: OpenDayStep, seat: Seat, length: number): void {
  ctx.s.step = { ...step, spoken: { ...step.spoken, [seat]: (step.spoken[seat] ?? 0) + length } };
}

/** Counts a voice note against the speaker's one speech (one note's length in all). */
export function countVoiced(ctx: Ctx, step: OpenDayStep, seat: Seat, ms: number): void {
  ctx.s.step = { ...step, voiced: { ...step.voiced, [seat]: (step.voiced?.[seat] ?? 0) + ms } };
}

/** A speaker says "done"; the window closes when every speaker is done. */
export function doneInOpenDay(ctx: Ctx, step: OpenDayStep, seat: Seat): Refusal {
  if (!step.speakers.includes(seat)) return ['game/not-your-turn', 'you do not speak in this window'];
  if (step.done.includes(seat)) return ['game/not-allowed', 'you have already said you are done'];
  const done = [...step.done, seat];
  ctx.s.step = { ...step, done };
  // Marked as the open day's "Done", not a turn's "Pass": the record reads as the player acted.
  emit(ctx, 'all', { type: 'passed', seat, missed: false, done: true });
  if (step.speakers.every((a) => done.includes(a))) closeStep(ctx);
  return null;
}

/**
 * At the deadline every speaker not done passes; one who posted nothing missed their speech
 * (what absent-seat detection counts), one who posted without saying "done" did not.
 */
export function openDayDeadline(ctx: Ctx, step: OpenDayStep): void {
  for (const seat of step.speakers) {
    if (!step.done.includes(seat)) emit(ctx, 'all', { type: 'passed', seat, missed: !(seat in step.spoken) });
  }
}

/** An ejected speaker leaves the window; it closes if everyone left is done. */
export function ejectFromOpenDay(ctx: Ctx, step: OpenDayStep, seat: Seat): void {
  const speakers = step.speakers.filter((a) => a !== seat);
  ctx.s.step = { ...step, speakers, done: step.done.filter((a) => a !== seat) };
  if (speakers.every((a) => step.done.includes(a))) closeStep(ctx);
}
