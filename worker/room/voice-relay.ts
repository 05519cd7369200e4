// A socket's voice frames (worker/protocol-voice.ts): joining and leaving the voice, signalling for
// one peer, the floor. They have their own budget apart from the game's (a speaker answering fifteen
// listeners sends a few hundred frames at a step change). Every answer about who hears whom comes
// from the table of this moment (worker/room/voice-route.ts); signalling between sockets the step
// does not link is dropped without a word.
import { MAX_VOICE_FRAMES_PER_WINDOW, type ClientFrame } from '../protocol.ts';
import { arm } from './clock.ts';
import type { RoomCore } from './context.ts';
import { attach, RateLimiter, sendError, type Attachment } from './sockets.ts';
import type { RoomRow } from './storage.ts';
import { dropFloor, settleFloor, takeFloor } from './voice-floor.ts';
import { leave } from './voice-leave.ts';
import { voiceTable } from './voice-route.ts';
import { voiceTransport } from './voice-transport.ts';

/** The voice frames' own budget per socket (MAX_VOICE_FRAMES_PER_WINDOW in each 10-second window). */
export const voiceBudget = new RateLimiter(MAX_VOICE_FRAMES_PER_WINDOW);

/** One of the client's voice frames. */
export type VoiceFrame = Extract<ClientFrame, { type: 'voice-join' | 'voice-signal' | 'voice-floor' }>;

/** Whether a frame's text is a voice frame's, as the voice's pages send them (`type` first): counted against the voice's budget. */
export function isVoiceText(message: string | ArrayBuffer): boolean {
  return typeof message === 'string' && message.startsWith('{"type":"voice-');
}

/** Whether a checked frame is a voice frame. */
export function isVoiceFrame(frame: ClientFrame): frame is VoiceFrame {
  return frame.type === 'voice-join' || frame.type === 'voice-signal' || frame.type === 'voice-floor';
}

/** Handles one voice frame from a socket whose identity was checked (worker/room/inbound.ts). */
export async function onVoiceFrame(core: RoomCore, room: RoomRow, ws: WebSocket, who: Attachment, frame: VoiceFrame): Promise<void> {
  if (frame.type === 'voice-join' && !frame.on) return leave(core, ws);
  if (room.voice === 'off') return sendError(ws, 'voice/off', 'this room has no voice');
  if (frame.type === 'voice-join') return join(core, room, ws, who);
  const table = voiceTable(core);
  const me = table.of(ws);
  if (!me) return sendError(ws, 'voice/not-joined', 'join the voice first');
  if (frame.type === 'voice-signal') {
    // Made under an older route (the step moved on while it travelled): dropped without a word, as an unlinked one is.
    if (frame.gen !== table.gen) return;
    return voiceTransport.signal(table, me, frame.to, frame.signal);
  }
  const now = core.now();
  const changed = frame.hold ? takeFloor(table, me, now) : dropFloor(table, me);
  // A floor let go goes to the first in line at once; settleFloor then sends everyone their route.
  const handed = changed && !frame.hold && settleFloor(core, now);
  const after = voiceTable(core);
  // The floor is public at a floor step: everyone in the voice learns who holds it.
  if (!handed) voiceTransport.route(after, changed ? after.joined : [after.of(ws)!]);
  // A press that waits may be due at a rest's end; a floor taken, at its cap.
  if (changed || frame.hold) await arm(core, room);
}

/** A socket joins the voice: a fresh peer name, its route, and the routes of the sockets it is linked with. */
function join(core: RoomCore, room: RoomRow, ws: WebSocket, who: Attachment): void {
  // The table screen is a room played face to face (voice off); a spectator listens only where the room has spectators.
  if (who.table || (who.spectator && !room.spectators)) return sendError(ws, 'voice/spectator', 'this place has no voice');
  if (!who.voice) attach(ws, { ...who, voice: newPeer() });
  const table = voiceTable(core);
  const me = table.of(ws)!;
  voiceTransport.route(table, [me, ...table.linkedWith(me)]);
}

/** A peer name: random, for this socket's time in the voice; never a token or a seat. */
function newPeer(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => (b % 36).toString(36)).join('');
}
