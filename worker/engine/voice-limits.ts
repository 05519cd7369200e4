// A voice note's bounds as the protocol checks them on the way in: kept apart from voice-mark.ts so
// the home page, which loads the protocol's checks, does not carry the engine's speech rules too.

/** A voice note's longest length: 2 minutes (protocol-voice.ts re-exports it for the room and the page). */
export const VOICE_NOTE_MAX_MS = 120_000;
/** A voice note's id as the room names it: lowercase letters and digits, so it is safe in a storage key and a URL. */
export const VOICE_NOTE_ID = /^[0-9a-z]{12,32}$/;
