// Who a socket is, and sending frames. The attachment holds only identity: never state.
import type { Seat, Viewer } from '../engine/index.ts';
import { FRAME_WINDOW_MS, MAX_FRAME_BYTES, MAX_FRAMES_PER_WINDOW, type ServerFrame } from '../protocol.ts';

/** Who a socket is: written at the upgrade, read on every frame; never state. */
export interface Attachment {
  seat: Seat | null;
  spectator: boolean;
  /** The human judge: no seat, the god view. */
  judge?: boolean;
  /** The table screen of a face-to-face room: a spectator, admitted by its token even with spectators off. */
  table?: boolean;
  /** The hash of the token the socket connected with; checked against storage on every frame. */
  credential?: string;
  /** A spectator's client address, hashed (worker/room/limits.ts counts an address's spectators); absent when the upgrade carried none. */
  from?: string;
  /** Its voice peer name, once it joined the room's voice (worker/room/voice-join.ts); kept here so it outlives hibernation. */
  voice?: string;
  /** Until when this socket holds the voice floor (ms since the epoch; worker/room/voice-floor.ts). */
  floor?: number;
  /** When this socket pressed to talk while it could not take the floor: its place in the floor's line. */
  floorWait?: number;
  /** Until when this socket may not take the floor again: its last hold ran to the cap. */
  floorRest?: number;
}

// Each socket's attachment as last written or read. The room reads every socket's at every change
// (16 sockets, a frame each), and reading one deserializes it: in a busy ballot that was a quarter of
// the room's time. A socket object lives as long as its Durable Object instance; after hibernation
// the sockets are new objects and read their attachment afresh. Every write goes through `attach`.
const known = new WeakMap<WebSocket, Attachment | null>();

/** Who a socket is; null once the room let it go (its attachment is cleared before the close). */
export function attachmentOf(ws: WebSocket): Attachment | null {
  let a = known.get(ws);
  if (a === undefined) known.set(ws, (a = ws.deserializeAttachment() as Attachment | null));
  return a && (typeof a.seat === 'number' || a.spectator || a.judge === true) ? a : null;
}

/** Writes a socket's identity (null: it is nobody from now on), for this instance and after hibernation. */
export function attach(ws: WebSocket, a: Attachment | null): void {
  ws.serializeAttachment(a);
  known.set(ws, a);
}

/**
 * Lets a socket go: its identity is cleared first, so even a client that never answers the close
 * frame (its socket lingers as CLOSING) is nobody from now on, receives no view and can do nothing.
 */
export function revoke(ws: WebSocket, closeCode: number, errorCode: string, message: string): void {
  attach(ws, null);
  closeWith(ws, closeCode, errorCode, message);
}

/** Sends one error frame, then closes with one of the room's close codes. */
export function closeWith(ws: WebSocket, closeCode: number, errorCode: string, message: string): void {
  sendError(ws, errorCode, message);
  try {
    ws.close(closeCode, message);
  } catch {
    // Already closed.
  }
}

/** Which view of the game a socket gets. */
export function viewerOf(a: Attachment): Viewer {
  if (a.judge) return { kind: 'judge' };
  return a.seat !== null ? { kind: 'seat', seat: a.seat } : { kind: 'spectator' };
}

/** Sends one frame as JSON text. */
export function send(ws: WebSocket, frame: ServerFrame): void {
  sendText(ws, JSON.stringify(frame));
}

/** Sends a frame already made into text (one text for the sockets of one viewer). */
export function sendText(ws: WebSocket, text: string): void {
  try {
    ws.send(text);
  } catch {
    // The socket is closing; its close handler tidies up.
  }
}

/** Sends an error frame; `id` names the frame it answers. */
export function sendError(ws: WebSocket, code: string, message: string, id?: string): void {
  send(ws, id === undefined ? { type: 'error', code, message } : { type: 'error', id, code, message });
}

/** Per-socket frame counter; in memory only (a hibernated socket starts a fresh window). */
export class RateLimiter {
  private windows = new WeakMap<WebSocket, { start: number; count: number }>();
  private readonly max: number;

  /** `max` frames per FRAME_WINDOW_MS: the game's budget unless told (voice signalling has its own). */
  constructor(max = MAX_FRAMES_PER_WINDOW) {
    this.max = max;
  }

  /** Counts one frame; false when the socket is over its budget for this window. */
  allow(ws: WebSocket, now: number): boolean {
    let w = this.windows.get(ws);
    if (!w || now - w.start >= FRAME_WINDOW_MS) {
      w = { start: now, count: 0 };
      this.windows.set(ws, w);
    }
    w.count++;
    return w.count <= this.max;
  }
}

/** Whether a frame is over MAX_FRAME_BYTES (utf-8), encoding it only when its length does not decide. */
export function tooBig(message: string | ArrayBuffer): boolean {
  if (typeof message !== 'string') return message.byteLength > MAX_FRAME_BYTES;
  if (message.length > MAX_FRAME_BYTES) return true;
  if (message.length * 3 <= MAX_FRAME_BYTES) return false;
  return new TextEncoder().encode(message).byteLength > MAX_FRAME_BYTES;
}
