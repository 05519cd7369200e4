// The room's WebSocket: connecting with the seat's token, reconnecting with backoff, the frames that
// come in (into state.ts's signals) and the moves that go out, resent after a reconnect until answered.
// Only the room page loads it: the home page's first screen does not carry the socket.
import { PROTOCOL, SEAT_TOKEN_PREFIX, patchedView } from '../worker/protocol.ts';
import type { ClientFrame, HostMove, SeatMove, ServerFrame } from '../worker/protocol.ts';
import type { View } from '../worker/engine/types.ts';
import type { InferOutput } from 'valibot';
import type { VoiceFloorFrame, VoiceJoinFrame, VoiceServerFrame, VoiceSignalFrame } from '../worker/protocol-voice.ts';
import { haveOf, socketUrl } from './resume.ts';
import { afterNextFrame, conn, forget, inviteLink, invites, log, moveLink, replaceLink, room, seatLost, showError, view } from './state.ts';

let ws: WebSocket | null = null;
/** A game frame's view waiting one frame behind its log (see receive). */
let held: View | null = null;
/** Whether this socket has had its `game` frame: a `patch` changes the view this socket was sent, not one kept from before. */
let synced = false;
let target: { code: string; token: string | null } | null = null;
let attempt = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Opens (or re-targets) the room socket; the token travels as a subprotocol, never in the URL. `kept`:
 * this tab's view of the room from before a reload (client/kept-view.ts), shown until the room answers.
 */
export function connect(code: string, token: string | null, kept: View | null = null): void {
  disconnect();
  // Unanswered moves belong to the seat they were made from.
  unanswered.clear();
  invites.value = {};
  moveLink.value = null;
  replaceLink.value = null;
  target = { code, token };
  attempt = 0;
  seatLost.value = false;
  // A reload of this tab keeps the game it had: the room then sends only what came since.
  if (kept) {
    view.value = kept;
    log.value = kept.log;
  }
  open();
}

/** The game as this page holds it (a view held back a frame included), or null. */
export function heldView(): View | null {
  return held ?? view.value;
}

/** Closes the room socket for good (leaving the room page). */
export function disconnect(): void {
  target = null;
  clearTimeout(timer);
  if (ws) {
    ws.onclose = null;
    ws.close();
    ws = null;
  }
  room.value = null;
  held = null;
  view.value = null;
  log.value = [];
  conn.value = 'idle';
}

function open(): void {
  if (!target) return;
  const { code, token } = target;
  conn.value = attempt ? 'reconnecting' : 'connecting';
  // What the page holds of the log rides on the URL: the room's first game frame brings only the rest.
  const url = socketUrl(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/rooms/${code}/ws`, held ?? view.value);
  const sock = new WebSocket(url, token ? [PROTOCOL, SEAT_TOKEN_PREFIX + token] : [PROTOCOL]);
  ws = sock;
  synced = false;
  sock.onopen = () => {
    conn.value = 'open';
    // The room sends the room and what the game added since (docs/protocol.md, "Resync") on connect.
    attempt = 0;
    resendUnanswered();
  };
  sock.onmessage = (e) => {
    let frame: ServerFrame;
    try {
      frame = JSON.parse(String(e.data)) as ServerFrame;
    } catch {
      return showError('protocol/bad-json');
    }
    receive(frame);
  };
  let opened = false;
  sock.addEventListener('open', () => (opened = true));
  sock.onclose = (e) => {
    if (ws !== sock || !target || conn.value === 'expired') return;
    ws = null;
    // The room's own close codes (docs/protocol.md): 4403 bad or removed seat token, 4401 no
    // spectators here, 4410 room expired. The first two send the player to the join form (the host
    // can send a one-time link back into the seat). 4429 (too many devices or spectators) retries
    // with the backoff below: an old device's socket may simply not have closed yet.
    if (e.code === 4410) return void (conn.value = 'expired');
    if (e.code === 4403 || e.code === 4401) return lose(target.code);
    // A refused handshake only shows as a close: ask over HTTP whether the room is still there.
    if (!opened) void probe(target.code);
    conn.value = 'reconnecting';
    // Backoff 0.5 s, 1 s, 2 s … up to 15 s, with jitter so a room's phones do not reconnect in step.
    const delay = Math.min(15_000, 500 * 2 ** attempt++) * (0.75 + Math.random() / 2);
    timer = setTimeout(open, delay);
  };
}

/** Reconnects now instead of at the end of the backoff; a socket that looks open asks for the game again (it may have missed frames). */
function backNow(): void {
  if (!target) return;
  if (!ws && conn.value === 'reconnecting') {
    clearTimeout(timer);
    open();
  } else if (ws?.readyState === WebSocket.OPEN) {
    const have = haveOf(held ?? view.value);
    send(have ? { type: 'sync', have } : { type: 'sync' });
  }
}
// Phones suspend sockets in the background: when the tab is shown again (a screen unlocked), reconnect now.
document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && backNow());
// A table screen on a living room's wifi: when the network is back, so is the room, without waiting out the backoff.
window.addEventListener('online', backNow);

function lose(code: string): void {
  forget(code);
  target = null;
  seatLost.value = true;
}

async function probe(code: string): Promise<void> {
  const res = await fetch(`/api/rooms/${code}`).catch(() => null);
  // Only a definite "no such room" / "expired" stops the retries; a network failure keeps trying.
  if (!res || (res.status !== 404 && res.status !== 410) || target?.code !== code) return;
  clearTimeout(timer);
  target = null;
  conn.value = 'expired';
  showError(res.status === 404 ? 'room/not-found' : 'room/expired');
}

function receive(frame: ServerFrame): void {
  switch (frame.type) {
    case 'room':
      room.value = frame.room;
      break;
    case 'presence': {
      // Who is connected changed: the rest of the room is as the last room frame said.
      const r = room.value;
      if (!r) break;
      const on = new Set(frame.connected);
      room.value = {
        ...r,
        seats: r.seats.map((s) => ({ ...s, connected: on.has(s.seat) })),
        judge: r.judge ? { ...r.judge, connected: frame.judgeConnected } : null,
        spectatorsWatching: frame.spectatorsWatching,
      };
      break;
    }
    case 'invite':
      if (!target) break;
      // A replacement link and a seat's own move link lapse; the host's other invitations do not.
      if (frame.replace && typeof frame.place === 'number' && frame.expiresAt !== undefined) {
        replaceLink.value = { seat: frame.place, link: inviteLink(target.code, frame.place, frame.token, 'replace'), expiresAt: frame.expiresAt };
      } else if (frame.expiresAt !== undefined) moveLink.value = { link: inviteLink(target.code, frame.place, frame.token, 'move'), expiresAt: frame.expiresAt };
      else invites.value = { ...invites.value, [String(frame.place)]: inviteLink(target.code, frame.place, frame.token) };
      break;
    case 'patch': {
      // A patch of changes made before this socket's game frame (which follows it) is not ours to apply.
      const base = held ?? view.value;
      if (!synced || !base) break;
      receive({ type: 'game', view: patchedView(base, frame), logFrom: frame.logFrom });
      break;
    }
    case 'game': {
      synced = true;
      // A view held back for a frame (below) is shown now, before the frame that follows it: every step
      // reaches the view signal, so effects that read each one (the table screen's voice) miss none.
      if (held) {
        view.value = held;
        held = null;
      }
      const old = view.value;
      let next: View;
      if (frame.logFrom === 0 || !old) next = frame.view;
      else {
        // An update: keep our first logFrom entries (our log is numbered 1..n), then the new ones; a
        // frame with none (a ballot's count) keeps the same log, not a copy of hundreds of entries.
        const kept = old.log.length === frame.logFrom ? old.log : old.log.filter((e) => e.seq <= frame.logFrom);
        next = { ...frame.view, log: frame.view.log.length ? [...kept, ...frame.view.log] : kept };
      }
      // A step that ends with news (a ballot's tally, a verdict, the dawn) redraws most of the screen:
      // the feed shows the news on this frame and the rest of the screen follows on the next, so a slow
      // phone shows the result sooner and never spends one long task on the whole change.
      if (old && frame.logFrom > 0 && frame.view.log.length > 0 && (old.step.kind !== next.step.kind || old.round !== next.round)) {
        held = next;
        log.value = next.log;
        afterNextFrame(() => {
          if (held !== next) return;
          held = null;
          view.value = next;
        });
        break;
      }
      view.value = next;
      if (frame.logFrom === 0 || !old || frame.view.log.length) log.value = next.log;
      break;
    }
    case 'ack':
      if (frame.id) unanswered.delete(frame.id);
      break;
    case 'error': {
      const retried = frame.id !== undefined && unanswered.get(frame.id)?.retried;
      if (frame.id) unanswered.delete(frame.id);
      // A move retried after a reconnect may simply be too late now: the fresh view says so.
      if (!retried) showError(frame.code, frame.message);
      break;
    }
    case 'voice':
    case 'voice-signal':
      voiceHandler?.(frame);
      break;
    case 'expired':
      conn.value = 'expired';
      ws?.close();
      break;
  }
}

/** One of the client's voice frames (join or leave, a signal for a peer, the floor). */
export type VoiceClientFrame = InferOutput<typeof VoiceJoinFrame | typeof VoiceSignalFrame | typeof VoiceFloorFrame>;

/** The live voice's handler of the room's voice frames (client/voice-link.ts), set while this page is in the room's voice. */
let voiceHandler: ((frame: VoiceServerFrame) => void) | null = null;

/** Hands the room's voice frames to the live voice, or to nobody (null). */
export function onVoice(handler: ((frame: VoiceServerFrame) => void) | null): void {
  voiceHandler = handler;
}

/** Sends a voice frame now, or not at all: signalling is about this socket's connections, never resent on another. */
export function sendVoice(frame: VoiceClientFrame): boolean {
  if (!ws || ws.readyState !== WebSocket.OPEN) return false;
  ws.send(JSON.stringify(frame));
  return true;
}

function send(frame: ClientFrame): boolean {
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    showError('notConnected');
    return false;
  }
  ws.send(JSON.stringify(frame));
  return true;
}

/**
 * Moves sent but not yet answered. A phone that loses its connection resends them, with the same
 * ids, as soon as it is back: the room applies each id once and acks a repeat (docs/protocol.md).
 */
const unanswered = new Map<string, { frame: ClientFrame; at: number; retried: boolean }>();
const RETRY_WINDOW_MS = 60_000;

function sendMove(frame: Extract<ClientFrame, { id: string }>): boolean {
  unanswered.set(frame.id, { frame, at: Date.now(), retried: false });
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
  else if (conn.value !== 'reconnecting' && conn.value !== 'connecting') showError('notConnected');
  return true;
}

function resendUnanswered(): void {
  const now = Date.now();
  for (const [id, entry] of unanswered) {
    if (now - entry.at > RETRY_WINDOW_MS) unanswered.delete(id);
    else {
      entry.retried = true;
      ws?.send(JSON.stringify(entry.frame));
    }
  }
}

const newId = () => Math.random().toString(36).slice(2, 12);

/** Sends a seat's move; the server answers with `ack` or an `error` naming the same id. */
export function act(move: SeatMove): boolean {
  return sendMove({ type: 'act', id: newId(), move });
}

/** Sends a push subscription frame for this socket's seat (client/notify.ts); the ack or error names its id. */
export function pushFrame(frame: DistributiveOmit<Extract<ClientFrame, { type: 'push-subscribe' | 'push-unsubscribe' }>, 'id'>): boolean {
  return sendMove({ ...frame, id: newId() } as Extract<ClientFrame, { id: string }>);
}
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Sends a host move. */
export function hostMove(move: HostMove): boolean {
  return sendMove({ type: 'host', id: newId(), move });
}
