// The room checks a client's `have` (docs/protocol.md, "Resync") against the tag of the viewer's
// first n entries on every reconnect and `sync`. Hashing the whole held prefix each time made a
// `sync` cost as much as the log is long, so each viewer's reading of the log (worker/engine/view.ts
// viewerLog) keeps the hash's running state after each of its entries, extended as entries are
// appended: a check costs only the entries added since the last one. A reading that starts afresh
// (a god view opened, another game) starts its states afresh with it.
import { finish, firstTag, nextTag } from './log-tag.ts';
import { partText } from './view-text.ts';
import { hasGodView, viewerLog } from './view.ts';
import type { GameState, Viewer } from './types.ts';

/**
 * The tag of this viewer's first `n` entries in `state` (logTag of them, byte for byte), or null when
 * its log holds fewer: from the running states its reading keeps, extended only over the entries
 * read since the last ask. An older state than the last one read is read apart, from its start.
 */
export function viewerLogTag(state: GameState, viewer: Viewer, n: number): string | null {
  const read = viewerLog(state, hasGodView(state, viewer), viewer.kind === 'seat' ? viewer.seat : 0);
  if (!Number.isInteger(n) || n < 1 || n > read.entries.length) return null;
  const { tags, entries } = read;
  for (let i = tags.length; i < n; i++) tags.push(i === 0 ? firstTag(partText(entries[0]!)) : nextTag(tags[i - 1]!, partText(entries[i]!)));
  return finish(tags[n - 1]!);
}
