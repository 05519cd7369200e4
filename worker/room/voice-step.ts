// The step changed: every socket in the voice gets its route, alike whether its own route changed,
// so that whether a `voice` frame arrives tells nobody more than the step they already see. The
// step is the engine's public voice key (voiceStepKey): a team's pointers or chat never make one.
import { voiceStepKey, type GameState } from '../engine/index.ts';
import type { RoomCore } from './context.ts';
import { clearStaleFloors } from './voice-floor.ts';
import { tableOf } from './voice-route.ts';
import { voiceTransport } from './voice-transport.ts';

/** After a change's frames: the routes, if the voice's step moved from `prev` (null: a new game) to `next`. */
export function voiceAfterStep(core: RoomCore, prev: GameState | null, next: GameState): void {
  if (prev && voiceStepKey(prev) === voiceStepKey(next)) return;
  const first = tableOf(core, next);
  if (first.joined.length === 0) return;
  // Built again only when a floor was cleared: that rewrote attachments.
  const table = clearStaleFloors(first) ? tableOf(core, next) : first;
  voiceTransport.route(table, table.joined);
}
