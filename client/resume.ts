// Coming back to a room without downloading the whole game again: the client tells the room how much
// of its log it holds (docs/protocol.md, "Resync"). Keeping the view across a reload is the room
// page's (client/kept-view.ts), so the home page's first screen does not carry it.
import { logTag, type Have } from '../worker/protocol.ts';
import type { View } from '../worker/engine/types.ts';

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

