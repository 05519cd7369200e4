// A voice note's <audio> bar that shows its progress. A recording straight from MediaRecorder (WebM)
// carries no length in its header: the element reads its duration as Infinity, so the native bar sits
// at its far end from the first second and cannot be dragged, until the note has been played through.
// Seeking past the end once, before it is played, makes the browser read the real length.

/** Call on the element's `loadedmetadata`: a note of unknown length is measured, then rewound. */
export function learnLength(el: HTMLAudioElement): void {
  if (Number.isFinite(el.duration)) return;
  el.addEventListener('durationchange', () => void (el.currentTime = 0), { once: true });
  el.currentTime = Number.MAX_SAFE_INTEGER;
}
