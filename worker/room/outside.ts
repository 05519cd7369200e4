// Telling the outside: after a change to the game, once its frames are out, the pushes it calls for
// and the webhook's announcements. Both run in waitUntil: a slow push service or chat hook never
// holds up a move, and their views are not made while a burst's frames wait.
import type { GameState } from '../engine/index.ts';
import { pushChange, vapidOf } from '../push/deliver.ts';
import type { RoomCore } from './context.ts';
import type { RoomParts } from './fan-out.ts';
import type { RoomRow } from './storage.ts';
import { announcement, postAnnouncement } from './webhook.ts';

/**
 * Every path that changes the game by a move, an alarm, a bot or a scheduled start ends here (the
 * scheduled start used to skip the webhook's "a new game begins").
 */
export function tellOutside({ core, frames }: RoomParts, room: RoomRow, game: { prev: GameState | null; next: GameState }): void {
  // Most rooms have neither a subscribed device nor a webhook: then nothing waits for a change (the
  // subscriptions are remembered, so asking costs no SQL).
  const pushes = vapidOf(core.env) !== null && core.pushStore().all().length > 0;
  if (!pushes && !room.webhook) return;
  frames.afterFrames(() => {
    if (pushes) core.ctx.waitUntil(pushChange(core.pushRoom(room), game.prev, game.next));
    announce(core, room, game);
  });
}

/** Posts a change's public announcements to the room's webhook, if it has one (worker/room/webhook.ts). */
function announce(core: RoomCore, room: RoomRow, game: { prev: GameState | null; next: GameState }): void {
  const hook = room.webhook;
  if (!hook) return;
  const names = new Map(core.store.seats().map((s) => [s.seat, s.name]));
  // The words are made after this frame's answers went out (states are never changed in place).
  core.ctx.waitUntil(
    Promise.resolve().then(() => {
      const text = announcement(game.prev, game.next, hook.lang, room.code, names);
      return text === null ? undefined : postAnnouncement(hook, text, (r) => core.hookFetch(r));
    }),
  );
}

