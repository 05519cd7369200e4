// What a change sends each viewer, as the text of its frame: a whole view (a new game, a change of god
// view), a patch of only the fields and seats of its view that changed with its new log entries, or
// nothing when its view did not change. A patch is made from the viewer's own two views and nothing
// else, so whether a frame comes, and how big it is, tells only what the viewer may know.
import { gameMemo } from './log-reading.ts';
import { hasGodView, viewFor, viewerLog, viewerLogLength } from './view.ts';
import { logText, meText, partText, viewText } from './view-text.ts';
import type { GameState, View, Viewer } from './types.ts';

/** What a change from `prev` to `next` sends this viewer: nothing when its view is the same. */
export interface ViewUpdate {
  view: View;
  /** 0: a full view (replace); n > 0: `view.log` holds the viewer's entries after position n (append). */
  logFrom: number;
}

/** One viewer's name as a key: the views of a seat's phone and laptop are one view. */
export function viewerKey(viewer: Viewer): string {
  return viewer.kind === 'seat' ? `seat:${viewer.seat}` : viewer.kind;
}

/** A viewer's view of a state without its log, and the texts a patch compares that are not shared parts. */
interface Seen {
  view: View;
  legal: string;
  me: string;
  /** How many entries the viewer's log held in this state: kept, because reading an older state's log again starts it afresh (worker/engine/log-reading.ts). */
  logLength: number;
}

// Views by game, then state, then viewer. The room asks for every viewer after every change, and this
// change's `next` is the next change's `prev`: its views are kept, not built again. A state is never
// changed in place and views are read-only, so a kept view stays true. Each game keeps its last two
// states' views (a change's two), not every state's until the collector drops it: keyed by every new
// state, a WeakMap kept each state's views alive through the young collections, and they were copied
// and promoted by the dozen per change (see worker/engine/state-memo.ts).
interface Kept {
  state: GameState;
  views: Map<string, Seen>;
}
const seen = gameMemo<[Kept | undefined, Kept | undefined]>();

/** The views kept for `state`: one of its game's last two states, or a fresh set in place of the older. */
function keptFor(state: GameState): Map<string, Seen> {
  const pair = seen.ofLog(state.log, () => [undefined, undefined]);
  if (pair[1]?.state === state) return pair[1].views;
  if (pair[0]?.state === state) return pair[0].views;
  const views = new Map<string, Seen>();
  pair[0] = pair[1];
  pair[1] = { state, views };
  return views;
}

function seenBy(state: GameState, viewer: Viewer): Seen {
  const key = viewerKey(viewer);
  const kept = keptFor(state);
  let s = kept.get(key);
  if (s === undefined) {
    // Built with an empty log: a patch takes its entries from the viewer's log itself.
    const length = viewerLogLength(state, viewer);
    const view = viewFor(state, viewer, length);
    kept.set(key, (s = { view, legal: JSON.stringify(view.legal), me: view.me ? meText(view.me) : '', logLength: length }));
  }
  return s;
}

/**
 * The frame this viewer gets for the change from `prev` (null: a new game) to `next`, as text: a
 * `game` frame with the whole view when there is no `prev` or the viewer's god view changed, else a
 * `patch` frame (docs/protocol.md), or null when the viewer's view did not change. `next` must extend
 * `prev`'s log.
 */
export function gameFrame(prev: GameState | null, next: GameState, viewer: Viewer): string | null {
  if (!prev || hasGodView(prev, viewer) !== hasGodView(next, viewer)) return `{"type":"game","view":${viewJson(viewFor(next, viewer))},"logFrom":0}`;
  return patchText(prev, next, viewer);
}

/**
 * The `patch` frame's text: every top-level field of the view that changed (in the view's own key
 * order, whole), each seat whose view changed (whole, in seat order), and the viewer's entries after
 * the ones it had; null when there is none of the three.
 */
function patchText(prev: GameState, next: GameState, viewer: Viewer): string | null {
  const a = seenBy(prev, viewer);
  const b = seenBy(next, viewer);
  const v = a.view;
  const w = b.view;
  let set = '';
  if (v.ruleset !== w.ruleset) set += `,"ruleset":"${w.ruleset}"`;
  if (differ(v.options, w.options)) set += `,"options":${partText(w.options)}`;
  if (v.players !== w.players) set += `,"players":${w.players}`;
  if (v.round !== w.round) set += `,"round":${w.round}`;
  if (v.phase !== w.phase) set += `,"phase":"${w.phase}"`;
  if (v.paused !== w.paused) set += `,"paused":${w.paused}`;
  if (v.commitment !== w.commitment) set += `,"commitment":"${w.commitment}"`;
  if (v.god !== w.god) set += `,"god":${w.god}`;
  if (a.me !== b.me) set += `,"me":${b.me}`;
  if (differ(v.step, w.step)) set += `,"step":${partText(w.step)}`;
  if (a.legal !== b.legal) set += `,"legal":${b.legal}`;
  if (v.result !== w.result && (v.result === null || w.result === null || partText(v.result) !== partText(w.result))) set += `,"result":${w.result ? partText(w.result) : 'null'}`;
  let seats = '';
  for (let i = 0; i < w.seats.length; i++) if (differ(v.seats[i]!, w.seats[i]!)) seats += `,${partText(w.seats[i]!)}`;
  const had = a.logLength;
  const entries = viewerLog(next, w.god, viewer.kind === 'seat' ? viewer.seat : 0).entries;
  if (set === '' && seats === '' && entries.length === had) return null;
  return `{"type":"patch","set":{${set.slice(1)}},"seats":[${seats.slice(1)}],"log":${logText(entries.slice(had))},"logFrom":${had}}`;
}

/** Whether two parts of views differ: the same object never does; others are compared by their kept text. */
function differ(a: object, b: object): boolean {
  return a !== b && partText(a) !== partText(b);
}

/**
 * The update a change brings this viewer as a view (the whole view, or with only its new entries
 * after `logFrom`), or null when its view did not change: what a `patch` frame stands for, put together
 * (tests and benches read updates this way; the room sends gameFrame's text).
 */
export function viewUpdate(prev: GameState | null, next: GameState, viewer: Viewer): ViewUpdate | null {
  if (!prev || hasGodView(prev, viewer) !== hasGodView(next, viewer)) return { view: viewFor(next, viewer), logFrom: 0 };
  if (patchText(prev, next, viewer) === null) return null;
  const had = seenBy(prev, viewer).logLength;
  return { view: viewFor(next, viewer, had), logFrom: had };
}

/** `view` as JSON text, the log last (byte for byte JSON.stringify's), from its shared parts' kept text. */
export function viewJson(view: View): string {
  return `${viewText(view).slice(0, -1)},"log":${logText(view.log)}}`;
}
