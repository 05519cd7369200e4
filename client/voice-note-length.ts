// A voice speech's length as players read it (0:41, 2:00): the feed, the story drawer, the recorder.

/** Milliseconds as minutes and seconds. */
export function clockLength(ms: number): string {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
