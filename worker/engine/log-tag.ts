// The tag of a viewer's log (docs/protocol.md, "Resync"): FNV-1a over the log's JSON text, so a client
// and the room agree on it without sharing anything but the entries. A leaf with no imports: the
// client carries it. The room keeps the hash's running state per viewer (worker/engine/view-tag.ts).

const OFFSET = 0x811c9dc5;

/** FNV-1a's state after `text`, from state `h`. */
export function fold(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h;
}

/** The tag of a log whose text so far (without its closing bracket) left the hash at `h`. */
export function finish(h: number): string {
  return (fold(h, ']') >>> 0).toString(36);
}

/**
 * A short tag of a log as the viewer received it (FNV-1a over `JSON.stringify(entries)`): equal on
 * both ends exactly when the client's first n entries are the room's first n for that viewer, so a
 * log renumbered since (a god view opened, another game began) is sent whole.
 */
export function logTag(entries: readonly unknown[]): string {
  const text = JSON.stringify(entries);
  return finish(fold(OFFSET, text.slice(0, -1)));
}

/** The running state after a log's first entry, whose JSON text is `text`. */
export function firstTag(text: string): number {
  return fold(fold(OFFSET, '['), text);
}

/** The running state after one more entry (JSON text `text`), from the state `h` after the ones before it. */
export function nextTag(h: number, text: string): number {
  return fold(fold(h, ','), text);
}
