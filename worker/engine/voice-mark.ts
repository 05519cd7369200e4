// The voice marker a speech carries: a recorded voice note on a `say` (games over days), or the
// length of a live voice speech on the `pass` that ends a turn. The engine bounds both and keeps
// them in the log; where the audio lives and who may fetch it is the room's (worker/room/voice-notes*).
import type { Refusal } from './kernel.ts';
import { pacingOf } from './pacing.ts';
import type { GameState, Seat, VoiceNote } from './types.ts';
import { VOICE_NOTE_ID, VOICE_NOTE_MAX_MS } from './voice-limits.ts';


/** Why this note may not carry a speech (its id or length out of bounds), or null. */
export function voiceNoteRefusal(voice: unknown): Refusal {
  const v = voice as Partial<VoiceNote> | null;
  if (typeof v !== 'object' || v === null || typeof v.note !== 'string' || !VOICE_NOTE_ID.test(v.note)) {
    return ['game/bad-action', 'a voice note is named by the id the room gave its upload'];
  }
  if (!lengthOk(v.ms, VOICE_NOTE_MAX_MS)) return ['game/bad-action', `a voice note lasts 1 to ${VOICE_NOTE_MAX_MS} ms`];
  return null;
}

/**
 * Why this live voice speech's length does not fit the turn it ends, or null: only a turn's speaker
 * (a speech, a defence, last words) ends a live voice speech, and it lasted at most as long as the
 * turn has been open (a turn opened before this rule was kept has its full length from the pace).
 */
export function liveVoiceRefusal(state: GameState, seat: Seat, voice: unknown, at: number): Refusal {
  const step = state.step;
  if (step.kind !== 'speech' && step.kind !== 'last-words') return ['game/not-allowed', 'a live voice speech ends a speaker’s turn only'];
  if (step.seat !== seat) return ['game/not-your-turn', 'it is not your turn to speak'];
  const v = voice as { ms?: unknown } | null;
  const open = step.opened !== undefined ? at - step.opened : turnLength(state, step.kind, step.endsAt, at);
  if (typeof v !== 'object' || v === null || !lengthOk(v.ms, Math.max(1, open))) {
    return ['game/bad-action', `a live voice speech lasts 1 ms to the ${Math.max(1, open)} ms its turn has been open`];
  }
  return null;
}

// The longest the turn may have been open: its length under the setup's pace or the pace switched to.
function turnLength(state: GameState, kind: 'speech' | 'last-words', endsAt: number | null, at: number): number {
  const key = kind === 'speech' ? 'speech' : 'lastWords';
  return Math.max(state.setup.pace[key], pacingOf(state).pace[key], endsAt === null ? 0 : endsAt - at);
}

function lengthOk(ms: unknown, max: number): boolean {
  return typeof ms === 'number' && Number.isInteger(ms) && ms >= 1 && ms <= max;
}
