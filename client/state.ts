// Client state in signals, the HTTP calls and the room's WebSocket with reconnection.
// The server is the only source of truth: these signals hold its latest frames and nothing derived.
import { computed, signal } from '@preact/signals';
import { PROTOCOL, SEAT_TOKEN_PREFIX } from '../worker/protocol.ts';
import type { ClientFrame, CreateRoomRequest, CreateRoomResponse, ErrorBody, HostMove, JoinRequest, JoinResponse, RoomView, SeatMove, ServerFrame } from '../worker/protocol.ts';
import type { View } from '../worker/engine/types.ts';
import { has, t } from './i18n.ts';
import { haveOf, socketUrl } from './resume.ts';

export interface Stored {
  code: string;
  /** null for the human judge's place, which has a token but no seat. */
  seat: number | null;
  token: string;
  host: boolean;
  /** The table screen of a face-to-face room: no seat, the spectator's view. */
  table?: boolean;
}

export type Conn = 'connecting' | 'open' | 'reconnecting' | 'expired' | 'idle';

export const path = signal(location.pathname);
export const room = signal<RoomView | null>(null);
export const view = signal<View | null>(null);
/**
 * The view's log on its own: it changes only when entries arrive, so the lists drawn from it (the
 * feed, the team panel, the history) stay put while a ballot count or a pointer changes.
 */
export const log = signal<View['log']>([]);
/** The game's phase alone (or none): the page's theme follows it, not every frame of a ballot. */
export const phase = computed(() => view.value?.phase);
/** Whether there is a game to show: the room page picks lobby or game on it, not on every frame. */
export const inGame = computed(() => view.value !== null);
export const conn = signal<Conn>('idle');
export const errors = signal<{ n: number; text: string }[]>([]);
/** Ticks once a second so countdowns re-render without each owning a timer. */
export const now = signal(Date.now());
/** Set when the server no longer knows this device's seat token (the seat was removed). */
export const seatLost = signal(false);
/** One-time links the host made this visit, by place ('judge' or a seat number); shown in the lobby. */
export const invites = signal<Record<string, string>>({});
/** This device's own "move to another device" link, when it asked for one, and when it lapses. */
export const moveLink = signal<{ link: string; expiresAt: number } | null>(null);
/** The host's replacement link for a seat, made this visit, and when it lapses. */
export const replaceLink = signal<{ seat: number; link: string; expiresAt: number } | null>(null);
setInterval(() => (now.value = Date.now()), 1000);

/** Runs `then` after the next frame is drawn: a slow phone draws one change, then the next. */
export function afterNextFrame(then: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    then();
  };
  requestAnimationFrame(() => setTimeout(once));
  // A hidden page draws no frame (a table screen behind another tab): it must not hold the game's last view forever.
  setTimeout(once, 250);
}

/** Moves to another page of the app without reloading. */
export function go(to: string): void {
  history.pushState(null, '', to);
  path.value = to;
}
addEventListener('popstate', () => (path.value = location.pathname));

const key = (code: string) => `tianhei.room.${code.toUpperCase()}`;

/** This device's seat in a room, if it joined one. */
export function stored(code: string): Stored | null {
  try {
    return JSON.parse(localStorage.getItem(key(code)) ?? 'null') as Stored | null;
  } catch {
    return null;
  }
}

/** Remembers the seat so closing and reopening the tab goes back to it. */
export function store(s: Stored): void {
  localStorage.setItem(key(s.code), JSON.stringify(s));
}

/** Forgets this device's seat in a room (it was removed, or the player left). */
export function forget(code: string): void {
  localStorage.removeItem(key(code));
}

let errorN = 0;
/** Shows an error in words; it stays until dismissed or replaced by later ones. */
export function showError(code: string, message?: string): void {
  const text = has(code) ? t(code) : `${message ?? code} (${code})`;
  errors.value = [...errors.value.slice(-2), { n: ++errorN, text }];
}

/** Dismisses one error. */
export function dismiss(n: number): void {
  errors.value = errors.value.filter((e) => e.n !== n);
}

/** An HTTP call to the API; throws an Error whose message is already in words. */
export async function api<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : null,
    });
  } catch {
    throw new Error(t('err_net'));
  }
  const data = (await res.json().catch(() => null)) as (T & Partial<ErrorBody>) | null;
  if (!res.ok || !data) {
    const e = data?.error;
    const code = e?.code ?? (res.status === 404 ? 'room/not-found' : res.status === 410 ? 'room/expired' : '');
    // The status rides along so a page can tell "no such room" (404) from other failures.
    throw Object.assign(new Error(code && has(code) ? t(code) : e ? `${e.message} (${e.code})` : t('err_http', res.status)), { status: res.status });
  }
  return data;
}

/** Creates a room, takes its first seat as host and remembers that seat; returns the room code. */
export async function createRoom(req: CreateRoomRequest, name: string, asJudge = false): Promise<string> {
  const made = await api<CreateRoomResponse>('POST', '/api/rooms', req);
  await joinRoom(made.code, name, made.hostToken, asJudge);
  return made.code;
}

/** Takes a seat (or the human judge's place) in a room and remembers its token on this device. */
export async function joinRoom(code: string, name: string, hostToken?: string, asJudge = false): Promise<Stored> {
  return joined(code, name, { name, ...(hostToken ? { hostToken } : {}), ...(asJudge ? { as: 'judge' } : {}) }, !!hostToken);
}

/** Redeems a one-time link from the host: the judge's place, or back into a seat. */
export async function joinByInvite(code: string, name: string, invite: string): Promise<Stored> {
  return joined(code, name, { name, invite }, false);
}

async function joined(code: string, name: string, body: JoinRequest, host: boolean): Promise<Stored> {
  const j = await api<JoinResponse>('POST', `/api/rooms/${code}/join`, body);
  const s: Stored = { code, seat: j.seat, token: j.token, host, ...(j.table ? { table: true } : {}) };
  store(s);
  if (name) localStorage.setItem('tianhei.name', name);
  // A seat lost earlier in this tab (left, removed) must not take the new one away again.
  seatLost.value = false;
  return s;
}

/** A one-time link from the page's address: the host's invitation, a seat moving itself (`move`), or a new person taking a seat over (`replace`). */
export interface Invitation {
  token: string;
  place: 'judge' | 'table' | number;
  move: boolean;
  replace: boolean;
}

/** The link a host (or a seat moving itself) hands on: the secret travels in the fragment, which browsers never send to a server. */
export function inviteLink(code: string, place: Invitation['place'], token: string, kind?: 'move' | 'replace'): string {
  return `${location.origin}/r/${code}#${new URLSearchParams({ invite: token, place: String(place), ...(kind ? { [kind]: '1' } : {}) })}`;
}

/** The invitation in this page's address, if it was opened from one. */
export function inviteInAddress(): Invitation | null {
  const p = new URLSearchParams(location.hash.slice(1));
  const token = p.get('invite');
  const place = p.get('place');
  if (!token || !place) return null;
  return { token, place: place === 'judge' || place === 'table' ? place : Number(place), move: p.get('move') === '1', replace: p.get('replace') === '1' };
}

// ------------------------------------------------------------------ WebSocket

let ws: WebSocket | null = null;
/** A game frame's view waiting one frame behind its log (see receive). */
let held: View | null = null;
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
    case 'game': {
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
    case 'expired':
      conn.value = 'expired';
      ws?.close();
      break;
  }
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
