// What the page's live voice shows, in signals the room's screens read (the seat plates, the voice bar).
// Kept apart from the voice's own code (client/voice-link.ts and its helpers), which loads only in a room
// whose voice is on: these few signals are all the game screen and the table import.
import { computed, signal } from '@preact/signals';
import type { VoiceRoute } from '../worker/protocol-voice.ts';

/** Whether this page is in the room's voice (its player tapped "Join voice" and the microphone is open). */
export const voiceJoined = signal(false);
/** What the room said this page may say and hear now; null before joining and after leaving. */
export const voiceRoute = signal<VoiceRoute | null>(null);
/** Whether this player muted their own microphone (the bar's toggle): nobody hears it, whatever the route, until they unmute it. */
export const micOff = signal(false);
/** Seats this player muted on this device: their voice is not played here, whatever the route. */
export const mutedHere = signal<ReadonlySet<number>>(new Set());

/** The seats this page hears now (the speaker, the floor's holder, the team at its call): their plates carry a level meter. */
export const heardSeats = computed<ReadonlySet<number>>(() => new Set((voiceRoute.value?.hear ?? []).flatMap((s) => (s.seat === null ? [] : [s.seat]))));

/** Whether this page's microphone is heard now: the route opens it and the player has not muted it. */
export const talking = computed(() => !!voiceRoute.value?.talk && !micOff.value);

/** Whether the table hears this page's speech, last words or defence now: its turn, spoken by voice. */
export const speakingLive = computed(() => voiceRoute.value?.mode === 'speech' && voiceRoute.value.talk);

/**
 * This page's live voice speech in the current turn: when its microphone opened to the table
 * (performance.now(), 0 when it is not open), and whether the player was heard saying anything.
 */
export const liveTurn = { since: 0, sound: false };

/** The voice marker of a Pass that ends this page's turn: the live speech's length, when the player spoke aloud in it. */
export function liveVoiceMark(): { voice?: { ms: number } } {
  if (!liveTurn.since || !liveTurn.sound) return {};
  // Measured from the room's route to the tap on this page's own clock: never longer than the turn has been open at the room.
  return { voice: { ms: Math.max(1, Math.round(performance.now() - liveTurn.since)) } };
}
