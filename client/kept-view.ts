// The room page keeps its game across a reload of the tab: sessionStorage (bounded), under the same
// token only, so a reload asks the room only for what it missed (docs/protocol.md, "Resync").
import type { View } from '../worker/engine/types.ts';

/** A view larger than this is not kept (a game of many days): the next load asks for it whole. */
const MAX_KEPT_CHARS = 1_500_000;
const keyOf = (code: string) => `tianhei:view:${code}`;

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
