// Client state in signals, the page's address, this device's seats and the HTTP calls. The room's
// WebSocket, which fills the room's signals, is client/socket.ts (the room page's chunk).
// The server is the only source of truth: these signals hold its latest frames and nothing derived.
import { computed, signal } from '@preact/signals';
import type { CreateRoomRequest, CreateRoomResponse, ErrorBody, JoinRequest, JoinResponse, RoomView } from '../worker/protocol.ts';
import type { View } from '../worker/engine/types.ts';
import { has, t } from './i18n.ts';

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
