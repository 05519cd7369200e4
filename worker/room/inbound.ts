// A socket's frame, from arrival to ack: the rate limit, the size, the valibot check (before anything
// else reads it), who the socket is (from its attachment, checked against storage on every frame),
// deduplication, the move, then the alarm, everyone's frames, and the answers.
import { parseClientFrame } from '../protocol.ts';
import { answerPushFrame, isPushFrame, pushProds } from '../push/deliver.ts';
import { arm } from './clock.ts';
import type { Dedupe } from './context.ts';
import type { RoomParts } from './fan-out.ts';
import { hostMove } from './host-moves.ts';
import { CLOSE_REMOVED, freshToken, letGo, stillHolds, unverifiable } from './identity.ts';
import { tellOutside } from './outside.ts';
import { seatMove } from './place-moves.ts';
import { attach, attachmentOf, send, sendError, tooBig, type RateLimiter } from './sockets.ts';
import { isVoiceFrame, isVoiceText, onVoiceFrame, voiceBudget } from './voice-relay.ts';

/** Handles one inbound WebSocket message (the Durable Object's webSocketMessage). */
export async function onMessage(parts: RoomParts, limiter: RateLimiter, ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
  const { core, frames } = parts;
  const who = attachmentOf(ws);
  if (!who) return ws.close(1008, 'unknown socket');
  // Voice signalling has its own budget; a frame that only looked like one is charged to the game's too.
  const voiceText = isVoiceText(message);
  if (!(voiceText ? voiceBudget : limiter).allow(ws, core.now())) return sendError(ws, 'protocol/rate-limited', 'too many frames: slow down');
  if (tooBig(message)) return sendError(ws, 'protocol/too-big', 'the frame is too large');
  if (typeof message !== 'string') return sendError(ws, 'protocol/binary', 'frames are JSON text');
  const parsed = parseClientFrame(message);
  if (voiceText && !(parsed.ok && isVoiceFrame(parsed.frame)) && !limiter.allow(ws, core.now())) return sendError(ws, 'protocol/rate-limited', 'too many frames: slow down');
  if (!parsed.ok) return sendError(ws, parsed.code, parsed.message);
  const frame = parsed.frame;
  // An invitation's secret is made before anything is read (hashing awaits), so the checks and
  // the write below run as one step.
  const fresh = frame.type === 'host' && (frame.move.type === 'invite' || frame.move.type === 'move-device' || frame.move.type === 'replace-seat') ? await freshToken() : null;

  const found = core.roomOrRefusal();
  if ('ok' in found) return sendError(ws, found.code, found.message);
  const room = found;
  // Identity on every frame: the place this socket connected to must still be its place.
  if (unverifiable(who)) {
    attach(ws, null);
    return ws.close(1012, 'reconnect with your token');
  }
  if (!stillHolds(core.store, room, who)) {
    const before = frames.presence();
    letGo(core, [ws], CLOSE_REMOVED, 'auth/revoked', 'this device no longer holds its place in the room');
    return frames.sendPresence(before, ws);
  }

  if (isVoiceFrame(frame)) return onVoiceFrame(core, room, ws, who, frame);
  // A sync is answered within its socket's gap and its viewer's budget (worker/room/sync-gate.ts).
  if (frame.type === 'sync') return frames.sync(ws, frame.have);
  if (who.seat === null && !who.judge) return sendError(ws, 'room/spectator', 'spectators only watch', frame.id);
  if (isPushFrame(frame)) return send(ws, answerPushFrame(who.seat, frame, core.pushRoom(room)));
  if (frame.type === 'act' && who.seat === null) return sendError(ws, 'room/judge', 'the judge does not play', frame.id);
  // Applied ids are kept per seat (the human judge's under 0) and per kind: game and host moves apart.
  const dedupe: Dedupe = { seat: who.seat ?? 0, space: frame.type, id: frame.id };
  if (core.store.applied(dedupe.seat, dedupe.space, dedupe.id)) return frames.answer(ws, { type: 'ack', id: frame.id });
  const result = frame.type === 'act' ? seatMove(core, room, who.seat!, frame, dedupe) : hostMove(core, room, who, frame.move, dedupe, fresh);
  if ('ok' in result) return sendError(ws, result.code, result.message, frame.id);
  // The change is stored; now the alarm, then everyone's frames, then the ack.
  await arm(core, room);
  frames.publish(result);
  if (result.reply) frames.answer(ws, result.reply);
  if (result.game) tellOutside(parts, room, result.game);
  if (result.prod) core.ctx.waitUntil(pushProds(core.pushRoom(room), core.loadGame()!, [result.prod]));
  frames.answer(ws, { type: 'ack', id: frame.id });
}
