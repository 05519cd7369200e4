// How the tests' and benches' sockets read the room's frames: a `patch` as the `game` frame it stands
// for, on the view the socket holds (as client/socket.ts reads it).
import type { View } from '../worker/engine/index.ts';
import { patchedView, type ServerFrame } from '../worker/protocol.ts';

/**
 * The frame `text` as a socket holding `held` reads it: a patch becomes a `game` update (its view
 * whole, its log the new entries after `logFrom`); null for a patch that comes before the socket's
 * first game frame (changes made before it connected: its game frame follows), which it lets pass.
 */
export function readFrame(text: string, held: View | null): ServerFrame | null {
  const frame = JSON.parse(text) as ServerFrame;
  if (frame.type !== 'patch') return frame;
  return held && { type: 'game', view: patchedView(held, frame), logFrom: frame.logFrom };
}
