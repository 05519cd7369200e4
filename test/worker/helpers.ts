// Test helpers: HTTP calls to the Worker, WebSocket clients and bots that play from their own frames.
import { runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { expect } from 'vitest';
import type { GameState, LegalAction, LogEntry, View } from '../../worker/engine/index.ts';
import {
  PROTOCOL,
  SEAT_TOKEN_PREFIX,
  type ClientFrame,
  type CreateRoomResponse,
  type JoinResponse,
  type ServerFrame,
} from '../../worker/protocol.ts';
import type { Room } from '../../worker/room/room.ts';
import { readFrame } from '../read-frame.ts';
import { RoomStore } from '../../worker/room/storage.ts';

export const ORIGIN = 'https://tianhei.test';
export const worker = exports.default;

export async function api(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const { json, ...rest } = init;
  return worker.fetch(`${ORIGIN}${path}`, {
    ...rest,
    ...(json !== undefined ? { method: rest.method ?? 'POST', body: JSON.stringify(json), headers: { 'content-type': 'application/json' } } : {}),
  });
}

export async function createRoom(body: Record<string, unknown> = { ruleset: 'classic' }): Promise<CreateRoomResponse> {
  const res = await api('/api/rooms', { json: body });
  expect(res.status).toBe(201);
  return res.json();
}

export async function join(code: string, name: string, hostToken?: string): Promise<JoinResponse & { seat: number }> {
  const res = await api(`/api/rooms/${code}/join`, { json: hostToken ? { name, hostToken } : { name } });
  expect(res.status, await res.clone().text()).toBe(200);
  const body = (await res.json()) as JoinResponse;
  expect(body.judge).toBe(false);
  return body as JoinResponse & { seat: number };
}

/** Takes the human judge's place (with the host token, the judge is also the host). */
export async function joinAsJudge(code: string, name: string, hostToken?: string): Promise<JoinResponse> {
  const res = await api(`/api/rooms/${code}/join`, { json: { name, as: 'judge', ...(hostToken ? { hostToken } : {}) } });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

/** Redeems a one-time link (`name` only for a new judge). */
export async function redeem(code: string, token: string, name?: string): Promise<Response> {
  return api(`/api/rooms/${code}/join`, { json: { invite: token, ...(name ? { name } : {}) } });
}

/** The error code of a refused HTTP answer. */
export const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

export function stubOf(code: string): DurableObjectStub<Room> {
  return env.ROOMS.getByName(code);
}

/** The stored game (state row + events), straight from SQLite: what "state unchanged" compares. */
export async function storedGame(code: string): Promise<{ dump: string; state: GameState | null }> {
  return runInDurableObject(stubOf(code), (_room: Room, ctx: DurableObjectState) => {
    const sql = ctx.storage.sql;
    const row = sql.exec('SELECT game_no, fixed, state, upto, prods FROM game WHERE id = 1').toArray()[0];
    if (!row) return { dump: '', state: null };
    const events = sql.exec('SELECT json, applied FROM events WHERE game_no = ? ORDER BY seq', row.game_no).toArray();
    const room = sql.exec<{ status: string; game_no: number }>('SELECT status, game_no FROM room').toArray()[0];
    // A store of its own, remembering nothing: the state as SQLite holds it (the stored state and the
    // journal of entries after it, replayed: worker/room/journal.ts).
    return { dump: JSON.stringify([room, row, events]), state: new RoomStore(ctx.storage).loadGame() };
  });
}

/**
 * Replaces the room's clock (until the object is evicted). Keep it at or after the real time: the
 * platform fires an alarm set in the real past at once, and a room whose clock says nothing is due
 * sets it again, so it spins until the file ends.
 */
export async function setClock(code: string, at: number): Promise<void> {
  await runInDurableObject(stubOf(code), (room: Room) => {
    room.now = () => at;
  });
}

/**
 * Polls `test` every 2 ms until it holds. It waits with the runtime's `scheduler.wait`, not
 * `setTimeout`: the test runner wraps every `setTimeout` and takes a stack trace for each, which made
 * these polls a tenth of a game's CPU.
 */
export async function until(what: string, test: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await scheduler.wait(2);
  }
}

/** A real wait (the runtime's, not `setTimeout`: see `until`). */
export const sleep = (ms: number) => scheduler.wait(ms);

/** A WebSocket upgrade through the Worker; `query`: what the client holds of its log (`?log=…&tag=…`). */
export async function upgrade(code: string, token?: string, origin: string | null = ORIGIN, query = ''): Promise<Response> {
  const headers: Record<string, string> = {
    Upgrade: 'websocket',
    'Sec-WebSocket-Protocol': [PROTOCOL, ...(token ? [SEAT_TOKEN_PREFIX + token] : [])].join(', '),
  };
  if (origin) headers.Origin = origin;
  return worker.fetch(`${ORIGIN}/api/rooms/${code}/ws${query}`, { headers });
}

/** Opens a refused socket and returns the error frame it carried and its close code. */
export async function socketRefusal(res: Response): Promise<{ status: number; code: string; close: number }> {
  expect(res.status).toBe(101);
  const client = new Client(res.webSocket!);
  await until('refused socket closed', () => client.closed !== null);
  const error = client.frames.find((f) => f.type === 'error');
  return { status: res.status, code: error?.type === 'error' ? error.code : 'none', close: client.closed!.code };
}

/**
 * A WebSocket client that records every frame it receives. A `patch` is recorded as the `game` frame
 * it stands for (the view this socket holds, patched, with the new entries after `logFrom`), as the
 * page's socket reads it; `patches` counts them, and a patch before the socket's first game frame
 * (changes made before it connected) is let pass, as the page does.
 */
export class Client {
  readonly frames: ServerFrame[] = [];
  closed: { code: number; reason: string } | null = null;
  onFrame: ((f: ServerFrame) => void) | null = null;
  readonly ws: WebSocket;
  /** Patches received and applied, and the text of every frame as it came. */
  patches = 0;
  readonly texts: string[] = [];
  private held: View | null = null;

  constructor(ws: WebSocket) {
    this.ws = ws;
    ws.addEventListener('message', (e) => {
      const text = e.data as string;
      this.texts.push(text);
      const frame = readFrame(text, this.held);
      if (!frame) return;
      if (text.startsWith('{"type":"patch"')) this.patches++;
      if (frame.type === 'game') this.held = frame.view;
      this.frames.push(frame);
      this.onFrame?.(frame);
    });
    ws.addEventListener('close', (e) => {
      this.closed = { code: e.code, reason: e.reason };
    });
    ws.accept();
  }

  static async open(code: string, token?: string, query = ''): Promise<Client> {
    const res = await upgrade(code, token, ORIGIN, query);
    if (res.status !== 101) throw new Error(`upgrade refused: ${res.status} ${await res.text()}`);
    expect(res.headers.get('Sec-WebSocket-Protocol')).toBe(PROTOCOL);
    return new Client(res.webSocket!);
  }

  send(frame: ClientFrame | string): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  of<T extends ServerFrame['type']>(type: T, from = 0): Extract<ServerFrame, { type: T }>[] {
    return this.frames.slice(from).filter((f): f is Extract<ServerFrame, { type: T }> => f.type === type);
  }

  async waitFor<T extends ServerFrame['type']>(type: T, test: (f: Extract<ServerFrame, { type: T }>) => boolean = () => true, from = 0) {
    let found: Extract<ServerFrame, { type: T }> | undefined;
    await until(`a ${type} frame`, () => (found = this.of(type, from).find(test)) !== undefined);
    return found!;
  }

  /** Sends a frame with an id and waits for its ack or error. */
  async request(frame: Extract<ClientFrame, { id: string }>): Promise<ServerFrame> {
    const from = this.frames.length;
    this.send(frame);
    let found: ServerFrame | undefined;
    await until(`answer to ${frame.id}`, () => {
      found = this.frames.slice(from).find((f) => (f.type === 'ack' || f.type === 'error') && f.id === frame.id);
      return found !== undefined;
    });
    return found!;
  }

  close(): void {
    this.closed ??= { code: 1000, reason: 'closed by the test' };
    try {
      this.ws.close(1000, 'done');
    } catch {
      // already closed
    }
  }
}

/** A small seeded random in [0, 1): the same choices every run. */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * A bot: keeps the view and the log exactly as a client would (append when logFrom > 0, replace at 0)
 * and acts only from its own latest view's `legal`, one action in flight at a time.
 */
export class Bot {
  view: View | null = null;
  log: LogEntry[] = [];
  /** The appended log as it was just before the game-over frame replaced it. */
  logBeforeOver: LogEntry[] | null = null;
  views: { view: View; logFrom: number }[] = [];
  enabled = true;
  acted = 0;
  errors: string[] = [];
  private inflight: string | null = null;
  private n = 0;
  private readonly random: () => number;
  client: Client;
  readonly seat: number;

  constructor(client: Client, seat: number) {
    this.client = client;
    this.seat = seat;
    this.random = rng(seat * 7919);
    this.attach(client);
  }

  /** Switches to a new socket (after a reconnect). */
  attach(client: Client): void {
    this.client = client;
    this.inflight = null;
    for (const f of client.frames) this.onFrame(f);
    client.onFrame = (f) => this.onFrame(f);
  }

  get idle(): boolean {
    return this.inflight === null;
  }

  private onFrame(f: ServerFrame): void {
    if (f.type === 'game') {
      // The viewer's own log is numbered 1..n: an update holds positions logFrom+1, logFrom+2, ….
      // One `expect` for the frame's first misnumbered entry: one per entry was most of a game's checking.
      const wrong = f.view.log.findIndex((e, i) => e.seq !== f.logFrom + i + 1);
      if (wrong >= 0) expect(f.view.log[wrong]!.seq, `entry ${wrong} of a frame from ${f.logFrom}`).toBe(f.logFrom + wrong + 1);
      if (f.logFrom === 0) {
        if (f.view.result && this.view && !this.view.result) this.logBeforeOver = this.log;
        this.log = f.view.log;
      } else {
        expect(this.view, 'an update before any full view').not.toBeNull();
        this.log = this.log.concat(f.view.log);
      }
      this.view = f.view;
      this.views.push({ view: f.view, logFrom: f.logFrom });
      this.maybeAct();
    } else if ((f.type === 'ack' || f.type === 'error') && f.id === this.inflight) {
      if (f.type === 'error') this.errors.push(f.code);
      this.inflight = null;
      this.maybeAct();
    }
  }

  maybeAct(): void {
    if (!this.enabled || this.inflight || !this.view || this.client.closed) return;
    const move = this.choose(this.view.legal);
    if (!move) return;
    this.inflight = `s${this.seat}-${++this.n}`;
    this.acted++;
    this.client.send({ type: 'act', id: this.inflight, move });
  }

  private pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.random() * xs.length)]!;
  }

  private choose(legal: LegalAction[]): Extract<ClientFrame, { type: 'act' }>['move'] | null {
    const view = this.view!;
    for (const a of legal) {
      if (a.type === 'seen') return { type: 'seen' };
      if (a.type === 'confirm') return a.hand === undefined ? { type: 'confirm' } : { type: 'confirm', hand: a.hand };
      if (a.type === 'point' && a.cards) {
        // dual: aim one of your cards at a card.
        if (a.currentCard !== null) continue;
        const c = a.cards.length > 0 ? this.pick(a.cards) : null;
        return c ? { type: 'point', target: c.seat, card: c.card, hand: a.hand } : { type: 'point', target: 0, hand: a.hand };
      }
      if (a.type === 'point') {
        if (a.current !== null) continue; // already pointed this call
        let targets = a.targets;
        if (a.call === 'killers') {
          const outside = targets.filter((t) => view.seats[t - 1]?.role !== 'killer');
          if (outside.length > 0) targets = outside;
        }
        return { type: 'point', target: targets.length > 0 ? this.pick(targets) : 0 };
      }
      if (a.type === 'open-eyes') return { type: 'open-eyes', choice: this.pick(a.choices) };
      if (a.type === 'pass') return { type: 'pass' };
      if (a.type === 'vote') {
        const targets = a.targets.filter((t) => t !== this.seat);
        return { type: 'vote', target: targets.length > 0 ? this.pick(targets) : 0 };
      }
    }
    return null;
  }
}

/** Every given seat presses "I have seen my card" (the reading step before night 1, RULES.md 11). */
export async function readCards(clients: Client[]): Promise<void> {
  for (const [i, c] of clients.entries()) expect(await c.request({ type: 'act', id: `seen-${i}`, move: { type: 'seen' } })).toEqual({ type: 'ack', id: `seen-${i}` });
}

/**
 * A classic table of 8 (`extra`: the room's settings) with a spectator watching, started and its cards
 * read: the game stands at night 1's killers' call, its stored state returned with the table.
 */
export async function atNightOne(extra: Record<string, unknown> = {}) {
  const table = await seatedRoom(8, 'classic', { spectators: true, ...extra });
  const spectator = await Client.open(table.room.code);
  expect(await table.host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
  await readCards(table.clients);
  const state = (await storedGame(table.room.code)).state!;
  expect(state.step).toMatchObject({ kind: 'call', call: 'killers' });
  return { table, spectator, state };
}

/** Asks for a replacement link for `seat` as `c` (the host); returns the invite frame. */
export async function replaceLink(c: Client, seat: number, id: string) {
  const from = c.frames.length;
  expect(await c.request({ type: 'host', id, move: { type: 'replace-seat', seat } })).toEqual({ type: 'ack', id });
  return c.of('invite', from).find((f) => f.id === id)!;
}

/** A room with `n` seats (seat 1 is the host) and a socket per seat. */
export async function seatedRoom(n: number, ruleset = 'classic', extra: Record<string, unknown> = {}) {
  const room = await createRoom({ ruleset, ...extra });
  const seats: (JoinResponse & { seat: number })[] = [];
  for (let i = 1; i <= n; i++) seats.push(await join(room.code, `Player ${i}`, i === 1 ? room.hostToken : undefined));
  const clients: Client[] = [];
  for (const s of seats) clients.push(await Client.open(room.code, s.token));
  return { room, seats, clients, host: clients[0]! };
}
