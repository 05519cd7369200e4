// A socket leaves the voice: by its own frame, by closing, or let go by the room (its seat given to
// a replacement or a bot, its place moved to another device or turned off). At once, not at the next
// step, each socket that was linked with it (everyone in the voice, if it held the floor) gets its
// route without it, so both ends close their connections now; from then on the relay knows it no more.
import type { RoomCore } from './context.ts';
import { attach, attachmentOf, send } from './sockets.ts';
import { settleFloor } from './voice-floor.ts';
import { voiceTable, type VoiceTable } from './voice-route.ts';
import { voiceTransport } from './voice-transport.ts';

/** A socket leaves the voice (or was never in it): its last route says it hears nobody; the sockets it was linked with get theirs. */
export function leave(core: RoomCore, ws: WebSocket): void {
  const a = attachmentOf(ws);
  const before = voiceTable(core);
  const me = before.of(ws);
  if (!a || !me) return;
  const { voice: _, floor: __, floorWait: ___, floorRest: ____, ...rest } = a;
  attach(ws, rest);
  sayNobody(ws, me.peer, before.gen);
  tellOthers(core, before, [ws], { leaving: ws });
}

/** A socket in the voice closed: the sockets it was linked with (everyone, if it held the floor) get their routes. */
export function voiceGone(core: RoomCore, ws: WebSocket): void {
  const before = voiceTable(core, { closing: ws });
  if (before.of(ws)) tellOthers(core, before, [ws], { leaving: ws });
}

/**
 * The room lets these sockets go (`letGo` clears and closes them): each in the voice first gets a last
 * route that hears nobody, and once they are nobody, the sockets they were linked with get theirs.
 */
export function letGoFromVoice(core: RoomCore, gone: readonly WebSocket[], letGo: () => void): void {
  // Most let-go sockets never joined the voice: no table is built for them.
  if (!gone.some((ws) => attachmentOf(ws)?.voice)) return letGo();
  const before = voiceTable(core);
  const left = gone.filter((ws) => before.of(ws));
  for (const ws of left) sayNobody(ws, before.of(ws)!.peer, before.gen);
  letGo();
  tellOthers(core, before, left);
}

/** A last route: this socket hears nobody and nobody hears it (close everything). */
function sayNobody(ws: WebSocket, peer: string, gen: number): void {
  send(ws, { type: 'voice', route: { peer, gen, mode: 'silent', talk: false, hear: [], heardBy: [], floor: null } });
}

/** After `gone` left the voice: the routes of those they were linked with, or of everyone when one held the floor. */
function tellOthers(core: RoomCore, before: VoiceTable, gone: readonly WebSocket[], sockets: { leaving?: WebSocket } = {}): void {
  // The holder left: the first in line takes the floor now, and everyone gets their route. (The
  // alarm already armed for the old hold's cap comes first and arms again for the new one.)
  if (before.holder && gone.includes(before.holder.ws) && settleFloor(core, core.now())) return;
  const told = new Set<WebSocket>();
  for (const ws of gone) {
    const me = before.of(ws)!;
    for (const j of before.holder === me ? before.joined : before.linkedWith(me)) told.add(j.ws);
  }
  for (const ws of gone) told.delete(ws);
  const after = voiceTable(core, sockets);
  voiceTransport.route(after, after.joined.filter((j) => told.has(j.ws)));
}
