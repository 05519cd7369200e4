// Coming back to a room without downloading the whole game again: the client tells the room how much
// of its log it holds (docs/protocol.md, "Resync"), and keeps its last view across a reload of the
// tab in sessionStorage (bounded), so a reload after a dropped connection sends only what was missed.
import { logTag, type Have } from '../worker/protocol.ts';
import type { View } from '../worker/engine/types.ts';

/** A view larger than this is not kept (a game of many days): the next load asks for it whole. */
const MAX_KEPT_CHARS = 1_500_000;
const keyOf = (code: string) => `tianhei:view:${code}`;

/** What a view holds of its log, for the room's `have`; none for an empty log. */
export function haveOf(view: View | null): Have | undefined {
  const n = view?.log.length ?? 0;
  return n > 0 ? { log: n, tag: logTag(view!.log) } : undefined;
}

/** The socket's URL with what the page holds, so the room's first game frame brings only the rest. */
export function socketUrl(base: string, view: View | null): string {
  const have = haveOf(view);
  return have ? `${base}?log=${have.log}&tag=${have.tag}` : base;
}

/** Keeps the view for this room and token until the tab is closed (called as the page is hidden). */
export function keepView(code: string, token: string | null, view: View | null): void {
  try {
    if (!view) return sessionStorage.removeItem(keyOf(code));
    const text = JSON.stringify({ token, view });
    if (text.length > MAX_KEPT_CHARS) sessionStorage.removeItem(keyOf(code));
    else sessionStorage.setItem(keyOf(code), text);
  } catch {
    // Storage full or refused (a private window): the next load asks for the whole view.
  }
}

/** The view kept for this room, if it was kept under the same token (another seat's view is never shown). */
export function keptView(code: string, token: string | null): View | null {
  try {
    const text = sessionStorage.getItem(keyOf(code));
    if (!text) return null;
    const kept = JSON.parse(text) as { token: string | null; view: View };
    return kept.token === token && Array.isArray(kept.view?.log) ? kept.view : null;
  } catch {
    return null;
  }
}
