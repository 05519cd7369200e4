// What every part of a room works with: the platform's state, the store, the game held in memory,
// and the hooks the Durable Object lets tests replace (the clock, the deal's seed, the fetchers).
// The lowest of the room's modules: it imports none of them but the store.
import type { GameState, Seat } from '../engine/index.ts';
import type { ServerFrame } from '../protocol.ts';
import { vapidOf, type PushRoom } from '../push/deliver.ts';
import { PushStore } from '../push/subscriptions.ts';
import { RoomStore, type RoomRow } from './storage.ts';
import type { SyncLimits } from './sync-gate.ts';

export type { Dedupe } from './rows.ts';

/** A refusal: the HTTP status (for RPC callers) and the error body's code and message. */
export interface Refusal {
  ok: false;
  status: number;
  code: string;
  message: string;
}

/** Builds a refusal (one shape for RPC answers, error frames and refused sockets). */
export const refuse = (status: number, code: string, message: string): Refusal => ({ ok: false, status, code, message });

/** What a change did, for the frames that follow it; `reply` goes only to the socket that asked. */
export interface Change {
  roomChanged: boolean;
  game?: { prev: GameState | null; next: GameState; full: boolean };
  reply?: ServerFrame;
  /** The host prodded this seat: a push after the ack, if it owes anything. */
  prod?: Seat;
}


/** What the Durable Object provides and tests replace on its instance (worker/room/room.ts). */
export interface RoomHooks {
  now(): number;
  syncLimits(): SyncLimits;
  seed(): string;
  pushFetch(request: Request): Promise<Response>;
  hookFetch(request: Request): Promise<Response>;
  turnFetch(request: Request): Promise<Response>;
}

/** One room's shared state; every module of the room takes it (one per Durable Object instance). */
export class RoomCore {
  readonly ctx: DurableObjectState;
  readonly env: Env;
  readonly store: RoomStore;
  /** The current game with its log; undefined = not loaded since the last wake. */
  game: GameState | null | undefined;
  private readonly hooks: RoomHooks;
  // The platform's list of the room's sockets, kept from one event to the next: per action the
  // alarm's arming, the fan-out and the voice each asked for it, and each asking builds the list
  // anew. It changes only at an event (a socket's close or error is one) and when the room accepts a
  // socket, and both forget it; one kept past a socket's close only sends to a closed socket, which
  // the platform drops (worker/room/sockets.ts sendText).
  private socketList: readonly WebSocket[] | null = null;
  private push?: PushStore;

  constructor(ctx: DurableObjectState, env: Env, hooks: RoomHooks) {
    this.ctx = ctx;
    this.env = env;
    this.hooks = hooks;
    this.store = new RoomStore(ctx.storage);
  }

  /** The room's sockets (ctx.getWebSockets(), asked once per event); read-only, shared by every caller. */
  sockets(): readonly WebSocket[] {
    return (this.socketList ??= this.ctx.getWebSockets());
  }

  /** An event came in (a socket may have closed since the list was read): the next `sockets()` asks the platform again. */
  eventIn(): void {
    this.socketList = null;
  }

  /** An entry point threw (worker/room/failures.ts): the game and the store's rows are read from SQLite again. */
  forget(): void {
    this.game = undefined;
    this.socketList = null;
    this.store.forget();
  }

  /** Accepts a socket into the room (hibernation API); the list of sockets is asked again. */
  accept(ws: WebSocket): void {
    this.ctx.acceptWebSocket(ws);
    this.socketList = null;
  }

  /** The room's clock (the Durable Object's, which tests replace). */
  now(): number {
    return this.hooks.now();
  }

  /** How often a socket's syncs are answered and what a viewer's answers may send (worker/room/sync-gate.ts). */
  syncLimits(): SyncLimits {
    return this.hooks.syncLimits();
  }

  /** The seed of the next game's deal. */
  seed(): string {
    return this.hooks.seed();
  }

  /** Posts to the room's webhook, through the hook tests replace. */
  hookFetch(request: Request): Promise<Response> {
    return this.hooks.hookFetch(request);
  }

  /** Asks Cloudflare's TURN API for a voice's credentials (worker/room/voice-ice.ts), through the hook tests replace. */
  turnFetch(request: Request): Promise<Response> {
    return this.hooks.turnFetch(request);
  }

  /** The game with its full log, rebuilt from storage after a wake. */
  loadGame(): GameState | null {
    if (this.game === undefined) this.game = this.store.loadGame();
    return this.game;
  }

  /** The room row, or null for a code never created or expired. */
  roomOrNull(): RoomRow | null {
    if (!this.store.exists() || this.store.expiredAt() !== null) return null;
    return this.store.room();
  }

  /** The room row, or why a caller cannot have it (never created: 404; expired: 410). */
  roomOrRefusal(): RoomRow | Refusal {
    if (!this.store.exists()) return refuse(404, 'room/not-found', 'no room has this code');
    if (this.store.expiredAt() !== null) return refuse(410, 'room/expired', 'this room expired after a long time without activity');
    return this.store.room() ?? refuse(404, 'room/not-found', 'no room has this code');
  }

  /** Why a token that names nobody is refused: its seat was given away (a retired token), or it never was this room's. */
  badToken(tokenHash: string): Refusal {
    const retired = this.store.retired(tokenHash);
    if (!retired) return refuse(403, 'auth/bad-token', 'this seat token is not valid in this room');
    const message = retired.why === 'room/replaced' ? `the host gave seat ${retired.seat} to a replacement player` : `the host handed seat ${retired.seat} to a bot`;
    return refuse(403, retired.why, message);
  }

  /** In `dual`, the seat that drew the big joker is the room's judge for this game (RULES.md 8.2, 11). */
  bigJokerSeat(room: RoomRow): Seat | 0 {
    if (room.status !== 'playing') return 0;
    const game = this.loadGame();
    return game && game.setup.ruleset === 'dual' ? game.judgeSeat : 0;
  }

  /** What push needs of the room (worker/push/deliver.ts), passed down so push never imports the room. */
  pushRoom(room: RoomRow): PushRoom {
    const names = () => new Map(this.store.seats().map((s) => [s.seat, s.name]));
    return { code: room.code, vapid: vapidOf(this.env), store: this.pushStore(), fetcher: (r) => this.hooks.pushFetch(r), now: this.now(), table: room.table, names };
  }

  /** The room's one PushStore: it remembers the subscriptions in the store's memory (read once per wake). */
  pushStore(): PushStore {
    return (this.push ??= new PushStore(this.ctx.storage.sql, this.store.pushMemo));
  }
}
