// The `game` and `patch` frames of one change: one text per viewer, made once for all its sockets.
// Pure (the engine's frames only), so a test can hold every viewer's frame against its views built alone.
import { gameFrame, viewerKey, type GameState, type Viewer } from '../engine/index.ts';

/** Each viewer's frame for the change from `prev` (null: a new game, sent whole) to `next`; null for a viewer whose view did not change. */
export class GameFrames {
  private readonly prev: GameState | null;
  private readonly next: GameState;
  private readonly made = new Map<string, string | null>();

  constructor(prev: GameState | null, next: GameState) {
    this.prev = prev;
    this.next = next;
  }

  /**
   * The frame's text. Viewers who see alike share the work below it (the engine builds a state's step,
   * result and plain seats once, and stringifies each shared part once), never a frame: a viewer's
   * frame is made from its own views. Whether a frame comes tells only what the viewer may know.
   */
  frameFor(viewer: Viewer): string | null {
    const key = viewerKey(viewer);
    let frame = this.made.get(key);
    if (frame === undefined) this.made.set(key, (frame = gameFrame(this.prev, this.next, viewer)));
    return frame;
  }
}
