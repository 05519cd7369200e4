// One Durable Object per room: the seats, the game and every socket of the room.
// Each change is one engine call, then one synchronous storage transaction, then the alarm, then
// each socket gets its own frames. Game state leaves only through viewFor.
import { DurableObject } from 'cloudflare:workers';
import {
  RULESETS,
  apply,
  checkPlayers,
  exportRecord,
  extraSeats,
  seatCount,
  winningSeats,
  createGame,
  hasGodView,
  isRulesetId,
  resolveOptions,
  viewFor,
  type Action,
  type GameRecord,
  type GameState,
  type Seat,
} from '../engine/index.ts';
import {
  MAX_NAME,
  PROTOCOL,
  ROOM_TTL_MS,
  SEAT_TOKEN_PREFIX,
  parseClientFrame,
  type ClientFrame,
  type HostMove,
  JUDGE_MOVES,
  type PaceSetting,
  type RoomView,
  type RoomSummary,
  type ServerFrame,
} from '../protocol.ts';
import { deadlinesOf, roomSummary, roomView } from './roomview.ts';
import { RateLimiter, attachmentOf, send, sendError, tooBig, viewerOf, type Attachment } from './sockets.ts';
import { RoomStore, type RoomRow } from './storage.ts';
import { hashToken, newSeed, newToken } from './tokens.ts';
import { answerPushFrame, isPushFrame, pushChange, pushReminders, reminderAlarm, vapidOf, type PushRoom } from '../push/deliver.ts';
import { PushStore } from '../push/subscriptions.ts';
import { seatSummary } from './notify.ts';

/** A refusal: the HTTP status (for RPC callers) and the error body's code and message. */
export interface Refusal {
  ok: false;
  status: number;
  code: string;
  message: string;
}

export interface RoomInit {
  code: string;
  ruleset: string;
  options: Record<string, string | number | boolean>;
  pace: PaceSetting;
  spectators: boolean;
  humanJudge: boolean;
  hostHash: string;
}

const refuse = (status: number, code: string, message: string): Refusal => ({ ok: false, status, code, message });

/** What a change did, for the frames that follow it. */
interface Change {
  roomChanged: boolean;
  game?: { prev: GameState | null; next: GameState; full: boolean };
}

/** Close codes sent to sockets the room lets go. */
export const CLOSE_EXPIRED = 4410;
export const CLOSE_REMOVED = 4403;
export const CLOSE_NO_TOKEN = 4401;

export class Room extends DurableObject<Env> {
  private readonly store: RoomStore;
  /** The current game with its log; undefined = not loaded since the last wake. */
  private game: GameState | null | undefined;
  private readonly limiter = new RateLimiter();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new RoomStore(ctx.storage.sql);
    // A code nobody created stays empty: probing codes writes nothing.
    if (this.store.exists() && this.store.expiredAt() === null) this.store.migrate();
  }

  /** The room's clock; tests replace it to reach deadlines and the TTL without waiting. */
  now(): number {
    return Date.now();
  }

  /** How pushes leave the room; tests replace it with a push service of their own. */
  pushFetch(request: Request): Promise<Response> {
    return fetch(request);
  }

  // ---------------------------------------------------------------- RPC from the Worker

  /** Sets up a new room under this code; refuses if the code was ever used. */
  async init(init: RoomInit): Promise<{ ok: true } | Refusal> {
    if (this.store.exists()) return refuse(409, 'room/exists', 'this code is taken');
    if (!isRulesetId(init.ruleset)) return refuse(400, 'room/bad-ruleset', `unknown ruleset "${init.ruleset}"`);
    const options = resolveOptions(init.ruleset, init.options);
    if (!options.ok) return refuse(400, 'room/bad-options', options.message);
    const room: RoomRow = {
      code: init.code,
      ruleset: init.ruleset,
      options: options.options,
      pace: init.pace,
      spectators: init.spectators,
      humanJudge: init.humanJudge,
      hostHash: init.hostHash,
      status: 'lobby',
      gameNo: 0,
      previousFirstVictim: 0,
      lastActivity: this.now(),
    };
    this.ctx.storage.transactionSync(() => {
      this.store.migrate();
      this.store.saveRoom(room);
    });
    this.game = null;
    await this.arm(room);
    return { ok: true };
  }

  /** The public summary; with a seat token's hash, also that seat and what it owes (worker/room/notify.ts). */
  async summary(tokenHash?: string): Promise<{ ok: true; summary: RoomSummary } | Refusal> {
    const room = this.roomOrRefusal();
    if ('ok' in room) return room;
    const summary = roomSummary(room, this.store.seats().length, this.store.judge() !== null);
    if (tokenHash === undefined) return { ok: true, summary };
    const seat = this.store.seatByToken(tokenHash);
    const judge = seat === null ? this.store.judge() : null;
    if (seat === null && !(judge && timingSafeEqual(judge.tokenHash, tokenHash))) return refuse(403, 'auth/bad-token', 'this seat token is not valid in this room');
    return { ok: true, summary: { ...summary, you: seatSummary(room.status === 'lobby' ? null : this.loadGame(), seat) } };
  }

  /** The finished game's record (RULES.md 2.10: the full log is everyone's once the game ends, never before). */
  async record(): Promise<{ ok: true; record: GameRecord } | Refusal> {
    const room = this.roomOrRefusal();
    if ('ok' in room) return room;
    const game = this.loadGame();
    if (!game?.result) return refuse(409, 'room/game-running', 'the record is shown when the game is over');
    return { ok: true, record: exportRecord(game) };
  }

  /** Takes a seat, or the human judge's place; `name` is already trimmed and checked for length by the Worker. */
  async join(name: string, hostToken?: string, as: 'player' | 'judge' = 'player'): Promise<{ ok: true; seat: Seat | null; judge: boolean; token: string } | Refusal> {
    // Hashing awaits: do it before reading anything, so the checks and the write below run as one step.
    const token = newToken();
    const tokenHash = await hashToken(token);
    const hostHash = hostToken !== undefined ? await hashToken(hostToken) : null;

    const found = this.roomOrRefusal();
    if ('ok' in found) return found;
    const room = found;
    if (!validName(name)) return refuse(400, 'room/bad-name', `a name is 1 to ${MAX_NAME} printable characters`);
    if (hostHash !== null && !timingSafeEqual(hostHash, room.hostHash)) return refuse(403, 'auth/bad-host-token', 'the host token is not this room’s');
    if (as === 'judge') return this.joinAsJudge(room, name, tokenHash, hostHash !== null, token);
    if (room.status !== 'lobby') return refuse(409, 'room/started', 'the game has started; new players can join only in the lobby');
    const seats = this.store.seats();
    const max = seatCount(room.ruleset, RULESETS[room.ruleset].maxPlayers, room.options);
    if (seats.length >= max) return refuse(409, 'room/full', `the room is full (${max} seats)`);
    if (this.store.nameTaken(name)) return refuse(409, 'room/name-taken', `someone here is already called "${name}"`);
    const seat = seats.length + 1;
    room.lastActivity = this.now();
    this.ctx.storage.transactionSync(() => {
      this.store.addSeat(seat, name, tokenHash, hostHash !== null);
      this.store.saveRoom(room);
    });
    await this.arm(room);
    this.broadcastRoom();
    return { ok: true, seat, judge: false, token };
  }

  /** The human judge does not play, so they may take the place in any phase of the room. */
  private async joinAsJudge(room: RoomRow, name: string, tokenHash: string, host: boolean, token: string): Promise<{ ok: true; seat: null; judge: true; token: string } | Refusal> {
    if (!room.humanJudge) return refuse(409, 'room/no-judge', 'this room plays without a human judge');
    if (this.store.judge()) return refuse(409, 'room/judge-taken', 'this room already has its judge');
    if (this.store.nameTaken(name)) return refuse(409, 'room/name-taken', `someone here is already called "${name}"`);
    room.lastActivity = this.now();
    this.ctx.storage.transactionSync(() => {
      this.store.setJudge(name, tokenHash, host);
      this.store.saveRoom(room);
    });
    await this.arm(room);
    this.broadcastRoom();
    return { ok: true, seat: null, judge: true, token };
  }

  // ---------------------------------------------------------------- WebSocket upgrade

  /** Only WebSocket upgrades reach here (the Worker has checked the origin and the upgrade). */
  override async fetch(request: Request): Promise<Response> {
    const offered = (request.headers.get('Sec-WebSocket-Protocol') ?? '').split(',').map((p) => p.trim());
    const token = offered.find((p) => p.startsWith(SEAT_TOKEN_PREFIX))?.slice(SEAT_TOKEN_PREFIX.length);
    const tokenHash = token ? await hashToken(token) : null;

    const found = this.roomOrRefusal();
    if ('ok' in found) return errorResponse(found);
    const room = found;
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return errorResponse(refuse(426, 'protocol/upgrade-required', 'expected a WebSocket upgrade'));
    if (!offered.includes(PROTOCOL)) return errorResponse(refuse(400, 'protocol/subprotocol', `offer the subprotocol ${PROTOCOL}`));
    let attachment: Attachment;
    if (tokenHash !== null) {
      const seat = this.store.seatByToken(tokenHash);
      const judge = seat === null ? this.store.judge() : null;
      if (judge && timingSafeEqual(judge.tokenHash, tokenHash)) attachment = { seat: null, spectator: false, judge: true };
      else if (seat === null) return refuseSocket(CLOSE_REMOVED, refuse(403, 'auth/bad-token', 'this seat token is not valid in this room'));
      else attachment = { seat, spectator: false };
    } else {
      if (!room.spectators) return refuseSocket(CLOSE_NO_TOKEN, refuse(401, 'auth/no-token', 'this room has no spectators: join to get a seat token'));
      attachment = { seat: null, spectator: true };
    }

    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment(attachment);
    room.lastActivity = this.now();
    this.ctx.storage.transactionSync(() => this.store.saveRoom(room));
    await this.arm(room);
    // Everyone learns of the new connection; the newcomer also gets a full game view.
    this.broadcastRoom();
    const game = this.loadGame();
    if (game && room.status !== 'lobby') this.sendGameTo(server, attachment, game, 0);
    return new Response(null, { status: 101, webSocket: client, headers: { 'Sec-WebSocket-Protocol': PROTOCOL } });
  }

  // ---------------------------------------------------------------- WebSocket events (hibernation API)

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const who = attachmentOf(ws);
    if (!who) return ws.close(1008, 'unknown socket');
    if (!this.limiter.allow(ws, this.now())) return sendError(ws, 'protocol/rate-limited', 'too many frames: slow down');
    if (tooBig(message)) return sendError(ws, 'protocol/too-big', 'the frame is too large');
    if (typeof message !== 'string') return sendError(ws, 'protocol/binary', 'frames are JSON text');
    const parsed = parseClientFrame(message);
    if (!parsed.ok) return sendError(ws, parsed.code, parsed.message);
    const frame = parsed.frame;

    const found = this.roomOrRefusal();
    if ('ok' in found) return sendError(ws, found.code, found.message);
    const room = found;

    if (frame.type === 'sync') {
      this.sendRoomTo(ws, who, room);
      const game = this.loadGame();
      if (game && room.status !== 'lobby') this.sendGameTo(ws, who, game, 0);
      return;
    }
    if (who.seat === null && !who.judge) return sendError(ws, 'room/spectator', 'spectators only watch', frame.id);
    if (isPushFrame(frame)) return answerPushFrame(ws, who, frame, this.pushRoom(room));
    if (frame.type === 'act' && who.seat === null) return sendError(ws, 'room/judge', 'the judge does not play', frame.id);
    // Applied ids are kept per seat; the human judge's are kept under 0.
    if (this.store.applied(who.seat ?? 0, frame.id)) return send(ws, { type: 'ack', id: frame.id });

    const result = frame.type === 'act' ? this.seatMove(room, who.seat!, frame) : this.hostMove(room, who, frame.move, frame.id);
    if ('ok' in result) return sendError(ws, result.code, result.message, frame.id);
    // The change is stored; now the alarm, then everyone's frames, then the ack.
    await this.arm(room);
    this.publish(result);
    if (result.game) this.ctx.waitUntil(pushChange(this.pushRoom(room), result.game.prev, result.game.next));
    send(ws, { type: 'ack', id: frame.id });
  }

  override async webSocketClose(ws: WebSocket, code: number, _reason: string, _wasClean: boolean): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, 'bye');
    } catch {
      // Already closed.
    }
    if (this.roomOrNull()) this.broadcastRoom(ws);
  }

  override async webSocketError(ws: WebSocket, _error: unknown): Promise<void> {
    if (this.roomOrNull()) this.broadcastRoom(ws);
  }

  // ---------------------------------------------------------------- the clock

  override async alarm(): Promise<void> {
    const room = this.roomOrNull();
    if (!room) return;
    const now = this.now();
    if (now >= room.lastActivity + ROOM_TTL_MS) return this.expire(now);
    if (room.status === 'playing') {
      const change = this.applyGame(room, { type: 'deadline', at: now }, null);
      if (!('ok' in change)) {
        if (change.game) this.ctx.waitUntil(pushChange(this.pushRoom(room), change.game.prev, change.game.next));
        else this.ctx.waitUntil(pushReminders(this.pushRoom(room), this.loadGame()!));
        await this.arm(room);
        this.publish(change);
        return;
      }
    }
    await this.arm(room);
  }

  private async expire(now: number): Promise<void> {
    for (const ws of this.ctx.getWebSockets()) {
      send(ws, { type: 'expired' });
      try {
        ws.close(CLOSE_EXPIRED, 'room expired');
      } catch {
        // Already closed.
      }
    }
    await this.ctx.storage.deleteAll();
    this.store.writeTombstone(now);
    this.game = undefined;
  }

  /** The alarm is always the earliest of the step's deadline and the room's expiry. */
  private async arm(room: RoomRow): Promise<void> {
    let at = room.lastActivity + ROOM_TTL_MS;
    const game = room.status === 'playing' ? this.loadGame() : null;
    if (game && 'endsAt' in game.step && game.step.endsAt !== null) at = Math.min(at, game.step.endsAt);
    if (game) at = Math.min(at, reminderAlarm(this.pushRoom(room), game) ?? at);
    await this.ctx.storage.setAlarm(at);
  }

  // ---------------------------------------------------------------- changes

  private seatMove(room: RoomRow, seat: Seat, frame: Extract<ClientFrame, { type: 'act' }>): Change | Refusal {
    room.lastActivity = this.now();
    return this.applyGame(room, { ...frame.move, seat, at: room.lastActivity } as Action, { seat, id: frame.id });
  }

  /** One engine call and one transaction: the game row, its new events, the room row, the action id. */
  private applyGame(room: RoomRow, action: Action, dedupe: { seat: Seat; id: string } | null): Change | Refusal {
    const prev = this.loadGame();
    if (!prev || room.status !== 'playing') return refuse(409, 'room/no-game', 'no game is being played');
    const result = apply(prev, action);
    if (!result.ok) return refuse(409, result.error.code, result.error.message);
    const ended = !prev.result && result.state.result !== null;
    const next = result.state;
    this.ctx.storage.transactionSync(() => {
      if (result.events.length > 0) this.store.saveGame(room.gameNo, next, result.events);
      if (ended) {
        room.status = 'over';
        room.previousFirstVictim = next.firstVictim;
        this.store.addScore(winningSeats(next));
      }
      this.store.saveRoom(room);
      if (dedupe) this.store.recordApplied(dedupe.seat, dedupe.id);
    });
    this.game = next;
    if (result.events.length === 0) return { roomChanged: false };
    return { roomChanged: ended, game: { prev, next, full: ended } };
  }

  private hostMove(room: RoomRow, who: Attachment, move: HostMove, id: string): Change | Refusal {
    const seats = this.store.seats();
    const judge = who.judge ? this.store.judge() : null;
    const host = who.judge ? judge?.host === true : seats.some((s) => s.seat === who.seat && s.host);
    // RULES.md 11: the human judge (or dual's big joker) narrates, pauses, extends and ejects; the host does the rest.
    const judging = who.judge === true || (who.seat !== null && this.bigJokerSeat(room) === who.seat);
    if (move.type === 'narrate' && !judging) return refuse(403, 'room/not-judge', 'only the judge narrates');
    if (move.type === 'leave') return this.leave(room, who, seats, id);
    if (!host && !(judging && JUDGE_MOVES.includes(move.type))) return refuse(403, 'room/not-host', 'only the host can do this');
    const seat = who.seat ?? 0;
    const now = this.now();
    room.lastActivity = now;
    const dedupe = { seat, id };
    switch (move.type) {
      case 'eject':
      case 'pause':
      case 'resume':
      case 'extend':
      case 'narrate':
        return this.applyGame(room, { ...move, at: now } as Action, dedupe);
      case 'configure': {
        if (room.status !== 'lobby') return refuse(409, 'room/not-lobby', 'settings change only in the lobby');
        if (!isRulesetId(move.ruleset)) return refuse(400, 'room/bad-ruleset', `unknown ruleset "${move.ruleset}"`);
        const options = resolveOptions(move.ruleset, move.options);
        if (!options.ok) return refuse(400, 'room/bad-options', options.message);
        const max = seatCount(move.ruleset, RULESETS[move.ruleset].maxPlayers, options.options);
        if (seats.length > max) return refuse(409, 'room/too-many-seats', `${move.ruleset} seats at most ${max}; remove seats first`);
        room.ruleset = move.ruleset;
        room.options = options.options;
        if (move.pace) room.pace = move.pace;
        const dropSpectators = move.spectators === false && room.spectators;
        if (move.spectators !== undefined) room.spectators = move.spectators;
        const dropJudge = move.humanJudge === false && this.store.judge() !== null;
        if (move.humanJudge !== undefined) room.humanJudge = move.humanJudge;
        if (dropJudge) {
          this.store.removeJudge();
          for (const ws of this.ctx.getWebSockets()) {
            if (attachmentOf(ws)?.judge) closeWith(ws, CLOSE_REMOVED, 'room/removed', 'the host turned the human judge off');
          }
        }
        this.commitRoom(room, dedupe);
        if (dropSpectators) {
          for (const ws of this.ctx.getWebSockets()) {
            if (attachmentOf(ws)?.seat === null) closeWith(ws, CLOSE_REMOVED, 'room/spectators-off', 'the host turned spectators off');
          }
        }
        return { roomChanged: true };
      }
      case 'play-again': {
        // Back to the lobby with the same seats: seats may leave or join, the host starts when ready.
        // Scores and the previous game's first victim (repeat-first-kill) stay on the room row.
        if (room.status !== 'over') return refuse(409, 'room/not-over', 'play again once the game is over');
        room.status = 'lobby';
        this.commitRoom(room, dedupe);
        return { roomChanged: true };
      }
      case 'start': {
        if (room.status !== 'lobby') return refuse(409, 'room/not-lobby', 'the game has already started');
        // Dual deals one seat more than it has players: the big joker's holder becomes the judge.
        const players = seats.length - extraSeats(room.ruleset, room.options);
        const bad = checkPlayers(room.ruleset, players, room.options);
        if (bad) return refuse(409, 'room/players', bad);
        if (room.humanJudge && !this.store.judge()) return refuse(409, 'room/judge-missing', 'the judge’s place is empty: someone joins as judge, or the host turns the human judge off');
        const created = createGame({
          ruleset: room.ruleset,
          players,
          options: room.options,
          pace: deadlinesOf(room.pace),
          seed: newSeed(),
          at: now,
          ...(room.previousFirstVictim ? { previousFirstVictim: room.previousFirstVictim } : {}),
        });
        if (!created.ok) return refuse(409, 'room/cannot-start', created.message);
        room.status = 'playing';
        room.gameNo++;
        this.ctx.storage.transactionSync(() => {
          this.store.newGame(room.gameNo, created.state);
          this.store.saveRoom(room);
          this.store.recordApplied(seat, id);
        });
        this.game = created.state;
        return { roomChanged: true, game: { prev: null, next: created.state, full: true } };
      }
      case 'remove-seat': {
        if (room.status !== 'lobby') return refuse(409, 'room/not-lobby', 'seats can be removed only in the lobby');
        const target = seats.find((s) => s.seat === move.seat);
        if (!target) return refuse(404, 'room/seat-unknown', `there is no seat ${move.seat}`);
        if (target.host) return refuse(409, 'room/is-host', 'the host cannot remove their own seat');
        this.dropSeat(room, move.seat, seat, id, 'room/removed', 'the host removed your seat');
        return { roomChanged: true };
      }
    }
  }

  /**
   * "Leave" in the lobby frees the seat for good (everyone sees it go). During a game a seat is never
   * given up by one tap: the client only signs out on that device and the seat stays in the game.
   */
  private leave(room: RoomRow, who: Attachment, seats: { seat: Seat; host: boolean }[], id: string): Change | Refusal {
    if (who.seat === null) return refuse(409, 'room/judge', 'the judge’s place is not a seat');
    if (room.status !== 'lobby') return refuse(409, 'room/not-lobby', 'a seat is left only in the lobby; during a game sign out on this device instead');
    if (seats.some((s) => s.seat === who.seat && s.host)) return refuse(409, 'room/is-host', 'the host keeps their seat: the room needs its host');
    room.lastActivity = this.now();
    this.dropSeat(room, who.seat, who.seat, id, 'room/left', 'you left this room');
    return { roomChanged: true };
  }

  /** Removes a lobby seat and renumbers the rest; that seat's sockets are closed with `code`. */
  private dropSeat(room: RoomRow, gone: Seat, actor: Seat, id: string, code: string, message: string): void {
    let moves = new Map<Seat, Seat>();
    this.ctx.storage.transactionSync(() => {
      moves = this.store.removeSeat(gone);
      this.store.saveRoom(room);
      if (actor !== gone) this.store.recordApplied(moves.get(actor) ?? actor, id);
    });
    for (const ws of this.ctx.getWebSockets()) {
      const a = attachmentOf(ws);
      if (a?.seat === gone) closeWith(ws, CLOSE_REMOVED, code, message);
      else if (a?.seat != null && moves.has(a.seat)) ws.serializeAttachment({ seat: moves.get(a.seat)!, spectator: false } satisfies Attachment);
    }
  }

  private commitRoom(room: RoomRow, dedupe: { seat: Seat; id: string }): void {
    this.ctx.storage.transactionSync(() => {
      this.store.saveRoom(room);
      this.store.recordApplied(dedupe.seat, dedupe.id);
    });
  }

  // ---------------------------------------------------------------- frames

  private publish(change: Change): void {
    if (change.roomChanged) this.broadcastRoom();
    const g = change.game;
    if (!g) return;
    for (const ws of this.ctx.getWebSockets()) {
      const who = attachmentOf(ws);
      if (!who) continue;
      const viewer = viewerOf(who);
      const full = g.full || !g.prev || hasGodView(g.prev, viewer) !== hasGodView(g.next, viewer);
      this.sendGameTo(ws, who, g.next, full ? 0 : g.prev!.log.length);
    }
  }

  private sendGameTo(ws: WebSocket, who: Attachment, game: GameState, logFrom: number): void {
    // A seat outside this game (cannot happen: seats only join in the lobby) gets nothing.
    if (who.seat !== null && who.seat > game.alive.length) return;
    if (who.seat === null && !who.spectator && !who.judge) return;
    const frame: ServerFrame = { type: 'game', view: viewFor(game, viewerOf(who), logFrom), logFrom };
    send(ws, frame);
  }

  private sendRoomTo(ws: WebSocket, who: Attachment, room: RoomRow): void {
    const base = roomView(room, this.store.seats(), this.store.judge(), this.attachments());
    send(ws, { type: 'room', room: { ...base, you: youOf(base, who, this.bigJokerSeat(room)) } });
  }

  /** Sends every socket the room, with its own `you`; `leaving` is a socket that is closing. */
  private broadcastRoom(leaving?: WebSocket): void {
    const room = this.roomOrNull();
    if (!room) return;
    const sockets = this.ctx.getWebSockets().filter((ws) => ws !== leaving && ws.readyState === WebSocket.OPEN);
    const base = roomView(room, this.store.seats(), this.store.judge(), this.attachments(leaving));
    const bigJoker = this.bigJokerSeat(room);
    for (const ws of sockets) {
      const who = attachmentOf(ws);
      if (who) send(ws, { type: 'room', room: { ...base, you: youOf(base, who, bigJoker) } });
    }
  }

  private pushRoom(room: RoomRow): PushRoom {
    return { code: room.code, vapid: vapidOf(this.env), store: new PushStore(this.ctx.storage.sql), fetcher: (r) => this.pushFetch(r), now: this.now() };
  }

  private attachments(leaving?: WebSocket): Attachment[] {
    return this.ctx
      .getWebSockets()
      .filter((ws) => ws !== leaving && ws.readyState === WebSocket.OPEN)
      .flatMap((ws) => attachmentOf(ws) ?? []);
  }

  // ---------------------------------------------------------------- loading

  private roomOrNull(): RoomRow | null {
    if (!this.store.exists() || this.store.expiredAt() !== null) return null;
    return this.store.room();
  }

  private roomOrRefusal(): RoomRow | Refusal {
    if (!this.store.exists()) return refuse(404, 'room/not-found', 'no room has this code');
    if (this.store.expiredAt() !== null) return refuse(410, 'room/expired', 'this room expired after a long time without activity');
    return this.store.room() ?? refuse(404, 'room/not-found', 'no room has this code');
  }

  /** In `dual`, the seat that drew the big joker is the room's judge for this game (RULES.md 8.2, 11). */
  private bigJokerSeat(room: RoomRow): Seat | 0 {
    if (room.status !== 'playing') return 0;
    const game = this.loadGame();
    return game && game.setup.ruleset === 'dual' ? game.judgeSeat : 0;
  }

  /** The game with its full log, rebuilt from storage after a wake. */
  private loadGame(): GameState | null {
    if (this.game === undefined) this.game = this.store.loadGame();
    return this.game;
  }
}

/** The per-socket part of the room frame. */
function youOf(base: Omit<RoomView, 'you'>, who: Attachment, bigJokerSeat: Seat | 0): RoomView['you'] {
  if (who.judge) return { seat: null, host: base.judge?.host === true, judge: true };
  const host = who.seat !== null && base.seats.some((s) => s.seat === who.seat && s.host);
  return { seat: who.seat, host, judge: who.seat !== null && who.seat === bigJokerSeat };
}

function closeWith(ws: WebSocket, code: number, errorCode: string, message: string): void {
  sendError(ws, errorCode, message);
  try {
    ws.close(code, message);
  } catch {
    // Already closed.
  }
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

function errorResponse(r: Refusal): Response {
  return Response.json({ error: { code: r.code, message: r.message } }, { status: r.status });
}

/** Names: trimmed by the schema; here no control characters. */
function validName(name: string): boolean {
  // eslint-disable-next-line no-control-regex
  return name.length >= 1 && name.length <= MAX_NAME && !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(name);
}

function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
