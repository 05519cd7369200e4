// A socket's arrival: the upgrade's subprotocol carries the token; the socket's attachment records who
// it is (the place and the token's hash, never state). The newcomer gets the room and the game; the
// others only learn who is connected now, as each may be told it (worker/room/presence-shown.ts); and
// its leaving (closed or failed).
import { PROTOCOL, SEAT_TOKEN_PREFIX, haveOf } from '../protocol.ts';
import { arm } from './clock.ts';
import { refuse, type Refusal } from './context.ts';
import type { RoomParts } from './fan-out.ts';
import { CLOSE_NO_TOKEN, CLOSE_REMOVED, CLOSE_TOO_MANY, identify } from './identity.ts';
import { overLimit } from './limits.ts';
import { attach, closeWith, type Attachment } from './sockets.ts';
import { hashToken } from './tokens.ts';
import { voiceGone } from './voice-leave.ts';

/** Only WebSocket upgrades reach here (the Worker has checked the origin and the upgrade). */
export async function connect(parts: RoomParts, request: Request): Promise<Response> {
  const { core, frames } = parts;
  const offered = (request.headers.get('Sec-WebSocket-Protocol') ?? '').split(',').map((p) => p.trim());
  const token = offered.find((p) => p.startsWith(SEAT_TOKEN_PREFIX))?.slice(SEAT_TOKEN_PREFIX.length);
  const tokenHash = token ? await hashToken(token) : null;
  // Behind Cloudflare every upgrade carries its client's address: a spectator keeps only its hash
  // (limits.ts counts an address's spectators). Hashed before anything is read, so the checks and
  // the accept below run as one step.
  const address = token ? null : request.headers.get('CF-Connecting-IP');
  const from = address ? (await hashToken(`address:${address}`)).slice(0, 16) : undefined;

  const found = core.roomOrRefusal();
  if ('ok' in found) return errorResponse(found);
  const room = found;
  if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return errorResponse(refuse(426, 'protocol/upgrade-required', 'expected a WebSocket upgrade'));
  if (!offered.includes(PROTOCOL)) return errorResponse(refuse(400, 'protocol/subprotocol', `offer the subprotocol ${PROTOCOL}`));
  let attachment: Attachment;
  if (tokenHash !== null) {
    const known = identify(core.store, tokenHash);
    if (!known) return refuseSocket(CLOSE_REMOVED, core.badToken(tokenHash));
    attachment = known;
  } else {
    if (!room.spectators) return refuseSocket(CLOSE_NO_TOKEN, refuse(401, 'auth/no-token', 'this room has no spectators: join to get a seat token'));
    attachment = from ? { seat: null, spectator: true, from } : { seat: null, spectator: true };
  }
  const over = overLimit(core.sockets(), attachment);
  if (over) return refuseSocket(CLOSE_TOO_MANY, refuse(429, over.code, over.message));

  const before = frames.presence();
  const pair = new WebSocketPair();
  const [client, server] = [pair[0], pair[1]];
  core.accept(server);
  attach(server, attachment);
  // Only seated activity keeps a room alive: watching an abandoned room does not. During a game a
  // connection moves nothing the table reads (a phone opened at night is a called seat's, woken by
  // push: worker/room/presence-shown.ts); the game's public entries keep the room alive then.
  if (!attachment.spectator && room.status !== 'playing') {
    room.lastActivity = core.now();
    core.store.transaction(() => core.store.saveRoom(room));
    await arm(core, room);
  }
  frames.sendRoomTo(server, attachment, room);
  frames.sendPresence(before, server);
  frames.sendGameTo(server, attachment, haveOf(new URL(request.url)));
  return new Response(null, { status: 101, webSocket: client, headers: { 'Sec-WebSocket-Protocol': PROTOCOL } });
}

/**
 * Refuses a well-formed upgrade whose credentials are wrong. A browser cannot read the status of a
 * refused handshake, so the socket opens, carries one error frame and closes with a 44xx code.
 */
function refuseSocket(closeCode: number, r: Refusal): Response {
  const pair = new WebSocketPair();
  const server = pair[1];
  server.accept();
  closeWith(server, closeCode, r.code, r.message);
  return new Response(null, { status: 101, webSocket: pair[0], headers: { 'Sec-WebSocket-Protocol': PROTOCOL } });
}

/** A refused request that is not a well-formed upgrade: a plain HTTP error. */
function errorResponse(r: Refusal): Response {
  return Response.json({ error: { code: r.code, message: r.message } }, { status: r.status });
}

/**
 * A socket closed (`code`: its close code, answered in kind) or failed (null): its voice links are
 * told and the others learn who is connected now.
 */
export function socketGone({ core, frames }: RoomParts, ws: WebSocket, code: number | null): void {
  if (code !== null) {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, 'bye');
    } catch {
      // Already closed.
    }
  }
  if (!core.roomOrNull()) return;
  voiceGone(core, ws);
  frames.sendPresence(null, ws);
}
