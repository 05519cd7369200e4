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
  failoverAt,
  judgeRefusal,
  seatCount,
  winningSeats,
  createGame,
  isRulesetId,
  resolveOptions,
  viewFor,
  viewJson,
  viewUpdate,
  viewerKey,
  type Action,
  type GameRecord,
  type GameState,
  type Seat,
} from '../engine/index.ts';
import {
  PROTOCOL,
  MAX_AWAY_MS,
  ROOM_TTL_MS,
  SEAT_TOKEN_PREFIX,
  parseClientFrame,
  logTag,
  haveOf,
  type Have,
  type ClientFrame,
  type HostMove,
  type JoinRequest,
  type Presence,
  JUDGE_MOVES,
  dayModeOf,
  dayCloseOf,
  type PaceSetting,
  type RoomView,
  type RoomSummary,
  type ServerFrame,
} from '../protocol.ts';
import { checkName } from '../names.ts';
import {
  CLOSE_EXPIRED,
  CLOSE_NO_TOKEN,
  CLOSE_REMOVED,
  CLOSE_TOO_MANY,
  followRenumbering,
  freshToken,
  handOver,
  identify,
  placeOf,
  revokeWhere,
  stillHolds,
  timingSafeEqual,
  unverifiable,
} from './identity.ts';
import { MOVE_LINK_MS, REPLACE_LINK_MS, overLimit } from './limits.ts';
import { dueProd, nextProdAt, planAfter } from './prods.ts';
import { awayNow, deadlinesOf, presenceOf, roomSummary, roomView, samePresence } from './roomview.ts';
import { followPublicEntries } from './away.ts';
import { announcement, postAnnouncement, webhookRefusal } from './webhook.ts';
import { RateLimiter, attach, attachmentOf, closeWith, revoke, send, sendError, sendText, tooBig, viewerOf, type Attachment } from './sockets.ts';
import { JUDGE_PLACE, TABLE_PLACE, RoomStore, type ActionSpace, type Place, type RoomRow } from './storage.ts';
import { hashToken, newSeed } from './tokens.ts';
import { scheduleAlarm, scheduleDue, scheduleRefusal } from './schedule.ts';
import { answerPushFrame, isPushFrame, pushChange, pushNotice, pushProds, pushReminders, reminderAlarm, vapidOf, type PushRoom } from '../push/deliver.ts';
import { PushStore } from '../push/subscriptions.ts';
import { seatSummary } from './notify.ts';
import { botMove, botName, fillTarget, firstDue, nextDue, reschedule, type BotState } from './bots.ts';
import type { BotMemory } from '../engine/bots/policy.ts';

/** Most bot moves one alarm makes before it lets the room breathe (it wakes again at once). */
const MAX_BOT_MOVES_PER_WAKE = 40;

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
  table: boolean;
  hostHash: string;
}

const refuse = (status: number, code: string, message: string): Refusal => ({ ok: false, status, code, message });

/** What a change did, for the frames that follow it; `reply` goes only to the socket that asked. */
interface Change {
  roomChanged: boolean;
  game?: { prev: GameState | null; next: GameState; full: boolean };
  reply?: ServerFrame;
  /** The host prodded this seat: a push after the ack, if it owes anything. */
  prod?: Seat;
}

/** Which applied ids an action is deduplicated against: its seat (0 for the judge) and its kind. */
interface Dedupe {
  seat: Seat;
  space: ActionSpace;
  id: string;
}

type Joined = { ok: true; seat: Seat | null; judge: boolean; token: string; table?: true };

export class Room extends DurableObject<Env> {
  private readonly store: RoomStore;
  /** The current game with its log; undefined = not loaded since the last wake. */
  private game: GameState | null | undefined;
  private readonly limiter = new RateLimiter();
  /**
   * Changes made but not yet sent (see publish): the game before the first of them, and what waits for
   * their frames (answers to sockets, pushes, the webhook). Null between sends.
   */
  private unsent: { roomChanged: boolean; game: { prev: GameState | null; next: GameState } | null; after: (() => void)[] } | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new RoomStore(ctx.storage);
    // A code nobody created stays empty: probing codes writes nothing.
    if (this.store.exists() && this.store.expiredAt() === null && this.store.migrate()) {
      // An upgraded room may hold what an older build did not arm for (an old judge's pause now read as
      // the judge's fails over): its one alarm is set again before anything else runs.
      const room = this.store.room();
      if (room) ctx.blockConcurrencyWhile(() => this.arm(room));
    }
  }

  /** The room's clock; tests replace it to reach deadlines and the TTL without waiting. */
  now(): number {
    return Date.now();
  }

  /** The seed of the next game's deal (recorded in the game); tests replace it to replay one deal. */
  seed(): string {
    return newSeed();
  }

  /** How pushes leave the room; tests replace it with a push service of their own. */
  pushFetch(request: Request): Promise<Response> {
    return fetch(request);
  }

  /** How the room's webhook posts leave; tests replace it with a hook of their own. */
  hookFetch(request: Request): Promise<Response> {
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
      table: init.table,
      schedule: null,
      hostHash: init.hostHash,
      status: 'lobby',
      gameNo: 0,
      previousFirstVictim: 0,
      lastActivity: this.now(),
    };
    this.store.transaction(() => {
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
    if (seat === null && !(judge && timingSafeEqual(judge.tokenHash, tokenHash))) return this.badToken(tokenHash);
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

  /** Takes a seat, the human judge's place, or redeems a host's invitation (worker/names.ts checks the name). */
  async join(req: JoinRequest): Promise<Joined | Refusal> {
    // Hashing awaits: do it before reading anything, so the checks and the write below run as one step.
    const { token, tokenHash } = await freshToken();
    const hostHash = req.hostToken !== undefined ? await hashToken(req.hostToken) : null;
    const inviteHash = req.invite !== undefined ? await hashToken(req.invite) : null;

    const found = this.roomOrRefusal();
    if ('ok' in found) return found;
    const room = found;
    if (hostHash !== null && !timingSafeEqual(hostHash, room.hostHash)) return refuse(403, 'auth/bad-host-token', 'the host token is not this room’s');
    if (inviteHash !== null) return this.redeem(room, inviteHash, req.name, tokenHash, token);
    const checked = checkName(req.name ?? '');
    if (!checked.ok) return refuse(400, checked.code, checked.message);
    const name = checked.name;
    // The host token holds one place: a host who plays may not also take the judge's god view, nor a
    // host who judges a seat (O18).
    if (hostHash !== null && (req.as === 'judge' ? this.store.seats().some((s) => s.host) : this.store.judge()?.host === true)) {
      return refuse(409, 'room/host-has-place', 'the host already holds a place in this room: a host either plays or judges');
    }
    if (req.as === 'judge') {
      if (!room.humanJudge) return refuse(409, 'room/no-judge', 'this room plays without a human judge');
      // Anyone with the room code could otherwise take the god view.
      if (hostHash === null) return refuse(403, 'room/judge-by-invite', 'the judge joins through the host’s invitation link');
      return this.seatJudge(room, name, tokenHash, true, token);
    }
    if (room.status !== 'lobby') return refuse(409, 'room/started', 'the game has started; new players can join only in the lobby');
    const seats = this.store.seats();
    const max = seatCount(room.ruleset, RULESETS[room.ruleset].maxPlayers, room.options);
    if (seats.length >= max) return refuse(409, 'room/full', `the room is full (${max} seats)`);
    if (this.store.nameTaken(name)) return refuse(409, 'room/name-taken', `someone here is already called "${name}"`);
    const seat = seats.length + 1;
    room.lastActivity = this.now();
    this.store.transaction(() => {
      this.store.addSeat(seat, name, tokenHash, hostHash !== null);
      this.store.saveRoom(room);
    });
    await this.arm(room);
    this.broadcastRoom();
    return { ok: true, seat, judge: false, token };
  }

  /** The human judge does not play, so they may take the place in any phase of the room. */
  private async seatJudge(room: RoomRow, name: string, tokenHash: string, host: boolean, token: string, invite?: string): Promise<Joined | Refusal> {
    if (!room.humanJudge) return refuse(409, 'room/no-judge', 'this room plays without a human judge');
    if (this.store.judge()) return refuse(409, 'room/judge-taken', 'this room already has its judge');
    if (this.store.nameTaken(name)) return refuse(409, 'room/name-taken', `someone here is already called "${name}"`);
    room.lastActivity = this.now();
    this.store.transaction(() => {
      if (invite !== undefined) this.store.takeInvite(invite);
      this.store.setJudge(name, tokenHash, host);
      this.store.saveRoom(room);
    });
    await this.arm(room);
    this.broadcastRoom();
    return { ok: true, seat: null, judge: true, token };
  }

  /**
   * A one-time link from the host: the judge's empty place (with a name), or a new token for a place
   * that has one (a seat, or the judge, who lost theirs); the old token and its devices are let go.
   */
  private async redeem(room: RoomRow, inviteHash: string, rawName: string | undefined, tokenHash: string, token: string): Promise<Joined | Refusal> {
    const found = this.store.inviteOf(inviteHash);
    if (found === null) return refuse(403, 'auth/bad-invite', 'this invitation link is not valid: it works once, and a newer one replaces it');
    // A lapsed link is no longer a way in; it stays stored until a newer one for its place replaces it.
    if (found.expires !== null && this.now() >= found.expires) {
      if (found.kind === 'replace') return refuse(403, 'auth/replace-expired', 'this replacement link has expired: ask the host for a new one');
      return refuse(403, 'auth/invite-expired', 'this link to move a seat has expired: make a new one on the device that holds the seat');
    }
    const place = found.place;
    if (found.kind === 'replace') return this.takeOver(room, place, inviteHash, rawName, tokenHash, token);
    if (place === TABLE_PLACE && !room.table) return refuse(409, 'room/not-table', 'this room is not played face to face');
    if (place === JUDGE_PLACE && !this.store.judge()) {
      const checked = checkName(rawName ?? '');
      if (!checked.ok) return refuse(400, checked.code, checked.message);
      return this.seatJudge(room, checked.name, tokenHash, false, token, inviteHash);
    }
    room.lastActivity = this.now();
    handOver(this.ctx, this.store, place, tokenHash, () => {
      this.store.takeInvite(inviteHash);
      this.store.saveRoom(room);
    });
    await this.arm(room);
    this.broadcastRoom();
    if (place === TABLE_PLACE) return { ok: true, seat: null, judge: false, token, table: true };
    return { ok: true, seat: place === JUDGE_PLACE ? null : place, judge: place === JUDGE_PLACE, token };
  }

  /**
   * A replacement link: a new person, under a name of their own, takes a living seat over.
   * One engine call logs "#5 is now played by Kim" for everyone; in the same transaction the seat
   * gets the newcomer's token and name (a bot seat becomes a person's) and the link is used up. The
   * old player's token is kept, retired, so their devices are told why they are refused.
   */
  private async takeOver(room: RoomRow, seat: Place, inviteHash: string, rawName: string | undefined, tokenHash: string, token: string): Promise<Joined | Refusal> {
    const checked = checkName(rawName ?? '');
    if (!checked.ok) return refuse(400, checked.code, checked.message);
    const name = checked.name;
    if (this.store.nameTaken(name)) return refuse(409, 'room/name-taken', `someone here is already called "${name}"`);
    room.lastActivity = this.now();
    const change = this.applyGame(room, { type: 'replace', seat, name, at: room.lastActivity }, null, undefined, () => {
      this.store.retireToken(seat, 'room/replaced');
      this.store.replaceToken(seat, tokenHash);
      this.store.renameSeat(seat, name);
      this.store.takeInvite(inviteHash);
    });
    if ('ok' in change) return change;
    revokeWhere(this.ctx.getWebSockets(), (a) => a.seat === seat, CLOSE_REMOVED, 'room/replaced', 'the host gave this seat to a replacement player');
    await this.arm(room);
    this.broadcastRoom();
    this.publish(change);
    return { ok: true, seat, judge: false, token };
  }

  /** Why a token that names nobody is refused: its seat was given away (a retired token), or it never was this room's. */
  private badToken(tokenHash: string): Refusal {
    const retired = this.store.retired(tokenHash);
    if (!retired) return refuse(403, 'auth/bad-token', 'this seat token is not valid in this room');
    const message = retired.why === 'room/replaced' ? `the host gave seat ${retired.seat} to a replacement player` : `the host handed seat ${retired.seat} to a bot`;
    return refuse(403, retired.why, message);
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
      const known = identify(this.store, tokenHash);
      if (!known) return refuseSocket(CLOSE_REMOVED, this.badToken(tokenHash));
      attachment = known;
    } else {
      if (!room.spectators) return refuseSocket(CLOSE_NO_TOKEN, refuse(401, 'auth/no-token', 'this room has no spectators: join to get a seat token'));
      attachment = { seat: null, spectator: true };
    }
    const over = overLimit(this.ctx.getWebSockets(), attachment);
    if (over) return refuseSocket(CLOSE_TOO_MANY, refuse(429, over.code, over.message));

    const before = this.presence();
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server);
    attach(server, attachment);
    // Only seated activity keeps a room alive: watching an abandoned room does not.
    if (!attachment.spectator) {
      room.lastActivity = this.now();
      this.store.transaction(() => this.store.saveRoom(room));
      await this.arm(room);
    }
    // The newcomer gets the room (and the game); the others only learn who is connected now.
    this.sendRoomTo(server, attachment, room);
    this.sendPresence(before, server);
    const game = this.loadGame();
    if (game && room.status !== 'lobby') this.sendGameTo(server, attachment, game, haveOf(new URL(request.url)));
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
    // An invitation's secret is made before anything is read (hashing awaits), so the checks and
    // the write below run as one step.
    const fresh = frame.type === 'host' && (frame.move.type === 'invite' || frame.move.type === 'move-device' || frame.move.type === 'replace-seat') ? await freshToken() : null;

    const found = this.roomOrRefusal();
    if ('ok' in found) return sendError(ws, found.code, found.message);
    const room = found;
    // Identity on every frame: the place this socket connected to must still be its place.
    if (unverifiable(who)) {
      attach(ws, null);
      return ws.close(1012, 'reconnect with your token');
    }
    if (!stillHolds(this.store, room, who)) {
      revoke(ws, CLOSE_REMOVED, 'auth/revoked', 'this device no longer holds its place in the room');
      return this.sendPresence(null, ws);
    }

    if (frame.type === 'sync') {
      this.sendRoomTo(ws, who, room);
      const game = this.loadGame();
      if (game && room.status !== 'lobby') this.sendGameTo(ws, who, game, frame.have);
      return;
    }
    if (who.seat === null && !who.judge) return sendError(ws, 'room/spectator', 'spectators only watch', frame.id);
    if (isPushFrame(frame)) return answerPushFrame(ws, who, frame, this.pushRoom(room));
    if (frame.type === 'act' && who.seat === null) return sendError(ws, 'room/judge', 'the judge does not play', frame.id);
    // Applied ids are kept per seat (the human judge's under 0) and per kind: game and host moves apart.
    const dedupe: Dedupe = { seat: who.seat ?? 0, space: frame.type, id: frame.id };
    if (this.store.applied(dedupe.seat, dedupe.space, dedupe.id)) return this.answer(ws, { type: 'ack', id: frame.id });
    const result = frame.type === 'act' ? this.seatMove(room, who.seat!, frame, dedupe) : this.hostMove(room, who, frame.move, dedupe, fresh);
    if ('ok' in result) return sendError(ws, result.code, result.message, frame.id);
    // The change is stored; now the alarm, then everyone's frames, then the ack.
    await this.arm(room);
    this.publish(result);
    if (result.reply) this.answer(ws, result.reply);
    if (result.game) this.tellOutside(room, result.game);
    if (result.prod) this.ctx.waitUntil(pushProds(this.pushRoom(room), this.loadGame()!, [result.prod]));
    this.answer(ws, { type: 'ack', id: frame.id });
  }

  override async webSocketClose(ws: WebSocket, code: number, _reason: string, _wasClean: boolean): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, 'bye');
    } catch {
      // Already closed.
    }
    if (this.roomOrNull()) this.sendPresence(null, ws);
  }

  override async webSocketError(ws: WebSocket, _error: unknown): Promise<void> {
    if (this.roomOrNull()) this.sendPresence(null, ws);
  }

  // ---------------------------------------------------------------- the clock

  override async alarm(): Promise<void> {
    this.store.alarmRan();
    const room = this.roomOrNull();
    if (!room) return;
    const now = this.now();
    if (now >= room.lastActivity + ROOM_TTL_MS) return this.expire(now);
    if (room.status === 'playing') {
      const failover = room.pace.preset === 'async' ? failoverAt(this.loadGame()!) : null;
      const change = this.applyGame(room, failover !== null && failover <= now ? { type: 'app-judges', at: now } : { type: 'deadline', at: now }, null);
      if (!('ok' in change)) {
        this.publish(change);
        if (change.game) this.tellOutside(room, change.game);
        else this.ctx.waitUntil(pushReminders(this.pushRoom(room), this.loadGame()!, this.store.prods()?.length ?? null));
      }
      this.prod(room, now);
      this.playBots(room, now);
    } else if (room.status === 'lobby') {
      this.scheduledStart(room, now);
    }
    await this.arm(room);
  }

  /**
   * The scheduled start's alarm: an hour before, every seat is told (once: the mark is stored
   * before the push); at the time, the game starts, or the host is told why not and it stays missed.
   */
  private scheduledStart(room: RoomRow, now: number): void {
    const schedule = room.schedule;
    const due = scheduleDue(schedule, now);
    if (!schedule || !due) return;
    if (due === 'remind') {
      room.schedule = { ...schedule, reminded: true };
      this.store.transaction(() => this.store.saveRoom(room));
      this.ctx.waitUntil(pushNotice(this.pushRoom(room), this.store.seats().map((s) => s.seat), { kind: 'scheduled', at: schedule.at }));
      return;
    }
    const started = this.startGame(room, now, null);
    if ('ok' in started) {
      room.schedule = { ...schedule, reminded: true, missed: started.code };
      this.store.transaction(() => this.store.saveRoom(room));
      const host = this.store.seats().filter((s) => s.host).map((s) => s.seat);
      this.ctx.waitUntil(pushNotice(this.pushRoom(room), host, { kind: 'start-missed', at: schedule.at }));
      this.broadcastRoom();
      return;
    }
    this.publish(started);
    if (started.game) this.tellOutside(room, started.game);
  }

  /**
   * The automatic prods (worker/room/prods.ts): when a share of the step's time has passed,
   * the seats that still owe it get a push reminder. The plan is stored before anything is sent, so
   * a repeated alarm or a restart sends nothing twice; the host's marks go out in a room frame.
   */
  private prod(room: RoomRow, now: number): void {
    const game = this.loadGame();
    if (!game || room.status !== 'playing') return;
    const plan = this.store.prods();
    const due = dueProd(plan, game, room.pace.preset === 'live', now, new Set(this.store.bots().keys()));
    if (!due) return;
    this.store.transaction(() => this.store.saveProds(due.plan));
    if (due.plan.marked.length !== plan?.marked.length) this.broadcastRoom();
    this.ctx.waitUntil(pushProds(this.pushRoom(room), game, due.seats));
  }

  /**
   * Each bot due by `now` makes its move, earliest first, through the same path as a person's act.
   * A bot with more to do in the same step (a speech, then "done") goes on at once. Bounded, so one
   * wake cannot run away; what is left is due at once and the alarm comes straight back.
   */
  private playBots(room: RoomRow, now: number): void {
    for (let i = 0; i < MAX_BOT_MOVES_PER_WAKE && room.status === 'playing'; i++) {
      const game = this.loadGame();
      const bots = this.store.bots();
      const seat = game ? firstDue(bots, now) : null;
      if (!game || seat === null) return;
      const bot = bots.get(seat)!;
      const move = botMove(game, seat, bot, now, (s) => bots.has(s));
      const change = move.action ? this.applyGame(room, move.action, null, { seat, memory: move.memory }) : null;
      if (change === null || 'ok' in change) {
        // Nothing to do after all, or refused (a rule the policy does not know): wait for the next change.
        this.store.transaction(() => this.store.saveBot(seat, { ...bot, memory: move.memory, due: null }));
        continue;
      }
      this.publish(change);
      if (change.game) this.tellOutside(room, change.game);
    }
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
    if (game && room.pace.preset === 'async') at = Math.min(at, failoverAt(game) ?? at);
    // The prod plan is a stored row (read and parsed): once per arming, which follows every change.
    const prods = game ? this.store.prods() : null;
    if (game) at = Math.min(at, reminderAlarm(this.pushRoom(room), game, prods?.length ?? null) ?? at);
    if (game) at = Math.min(at, nextProdAt(prods, game, room.pace.preset === 'live') ?? at);
    if (game && !game.result) at = Math.min(at, nextDue(this.store.bots().values()) ?? at);
    if (room.status === 'lobby') at = Math.min(at, scheduleAlarm(room.schedule) ?? at);
    await this.store.setAlarm(at);
  }

  // ---------------------------------------------------------------- changes

  /** A seat's game move; its away mark and the room's life follow only what the move makes public (worker/room/away.ts). */
  private seatMove(room: RoomRow, seat: Seat, frame: Extract<ClientFrame, { type: 'act' }>, dedupe: Dedupe): Change | Refusal {
    return this.applyGame(room, { ...frame.move, seat, at: this.now() } as Action, dedupe);
  }

  /** A seat marks itself away until a time (at most MAX_AWAY_MS ahead) or back (null); shown to the table, never a pause. */
  private markAway(room: RoomRow, who: Attachment, until: number | null, dedupe: Dedupe): Change | Refusal {
    if (who.seat === null) return refuse(409, 'room/judge', 'only a seat marks itself away');
    if (room.status !== 'playing') return refuse(409, 'room/no-game', 'no game is being played');
    const now = this.now();
    if (until !== null && (until <= now || until > now + MAX_AWAY_MS)) return refuse(400, 'room/bad-away', 'away until a time to come, at most 14 days ahead');
    // Marks of another game, or whose time has passed, are dropped as this one is written.
    const marks = Object.fromEntries(awayNow(room, now));
    if (until === null) delete marks[who.seat];
    else marks[who.seat] = until;
    room.away = { game: room.gameNo, until: marks };
    room.lastActivity = now;
    this.commitRoom(room, dedupe);
    return { roomChanged: true };
  }

  /**
   * One engine call and one transaction: the game row, its new events, the room row, the action id,
   * and the bots' schedule (`bot`: the bot that moved, with its memory after the move).
   */
  private applyGame(room: RoomRow, action: Action, dedupe: Dedupe | null, bot?: { seat: Seat; memory: BotMemory }, alsoInStep: () => void = () => {}): Change | Refusal {
    const prev = this.loadGame();
    if (!prev || room.status !== 'playing') return refuse(409, 'room/no-game', 'no game is being played');
    const result = apply(prev, action);
    if (!result.ok) return refuse(409, result.error.code, result.error.message);
    const ended = !prev.result && result.state.result !== null;
    const next = result.state;
    // A new step starts its prods afresh; the host's marks of the last step go (the room frame says so).
    const plan = this.store.prods();
    const nextPlan = result.events.length > 0 ? planAfter(plan, next, action.at) : plan;
    const unmarked = (plan?.marked.length ?? 0) > 0 && nextPlan?.marked.length === 0;
    // Whoever caused it (a person, a bot, the clock): only public entries move the room's fields.
    const back = followPublicEntries(room, result.events, action.at);
    this.store.transaction(() => {
      alsoInStep();
      if (result.events.length > 0 || bot) this.scheduleBots(room, next, action.at, bot);
      if (result.events.length > 0) this.store.saveGame(room.gameNo, next, result.events);
      if (nextPlan !== plan) this.store.saveProds(nextPlan);
      if (ended) {
        this.store.endInvitations();
        room.status = 'over';
        room.previousFirstVictim = next.firstVictim;
        this.store.addScore(winningSeats(next));
      }
      this.store.saveRoom(room);
      if (dedupe) this.store.recordApplied(dedupe.seat, dedupe.space, dedupe.id);
    });
    this.game = next;
    if (result.events.length === 0) return { roomChanged: false };
    return { roomChanged: ended || unmarked || back, game: { prev, next, full: ended } };
  }

  private hostMove(room: RoomRow, who: Attachment, move: HostMove, dedupe: Dedupe, fresh: { token: string; tokenHash: string } | null): Change | Refusal {
    const seats = this.store.seats();
    const judge = who.judge ? this.store.judge() : null;
    const host = who.judge ? judge?.host === true : seats.some((s) => s.seat === who.seat && s.host);
    // RULES.md 11: the human judge (or dual's big joker) narrates, pauses, extends and ejects; the host does the rest.
    const judging = who.judge === true || (who.seat !== null && this.bigJokerSeat(room) === who.seat);
    if (move.type === 'narrate' && !judging) return refuse(403, 'room/not-judge', 'only the judge narrates');
    if (move.type === 'leave') return this.leave(room, who, seats, dedupe);
    if (move.type === 'move-device') return this.moveDevice(room, who, dedupe, fresh);
    if (move.type === 'away') return this.markAway(room, who, move.until, dedupe);
    if (!host && !(judging && JUDGE_MOVES.includes(move.type))) return refuse(403, 'room/not-host', 'only the host can do this');
    const now = this.now();
    room.lastActivity = now;
    // The judge's place (not a host who judges) acts as the judge: the engine bars it once the app has
    // taken over (O15); the room refuses early with the engine's own error.
    const asJudge = judging && !host && JUDGE_MOVES.includes(move.type);
    const game = asJudge ? this.loadGame() : null;
    const barred = game ? judgeRefusal(game) : null;
    if (barred) return refuse(409, barred[0], barred[1]);
    switch (move.type) {
      case 'eject':
      case 'pause':
      case 'resume':
      case 'extend':
      case 'narrate':
        // A judge's move is marked: a judge who pauses and vanishes cannot hold an async game forever (O15).
        return this.applyGame(room, { ...move, ...(asJudge ? { by: 'judge' } : {}), at: now } as Action, dedupe);
      case 'prod': {
        // Whether the seat owes anything (a night call) is not the host's to know: the answer is the same ack.
        if (room.status !== 'playing') return refuse(409, 'room/no-game', 'no game is being played');
        if (!seats.some((s) => s.seat === move.seat)) return refuse(404, 'room/seat-unknown', `there is no seat ${move.seat}`);
        this.commitRoom(room, dedupe);
        return { roomChanged: false, prod: move.seat };
      }
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
        const dropTable = move.table === false && room.table;
        if (move.table !== undefined) room.table = move.table;
        this.commitRoom(room, dedupe, () => {
          if (dropJudge) this.store.removeJudge();
        });
        const sockets = this.ctx.getWebSockets();
        if (dropJudge) revokeWhere(sockets, (a) => a.judge === true, CLOSE_REMOVED, 'room/removed', 'the host turned the human judge off');
        // Only spectators: the judge has no seat either, but is not a spectator.
        if (dropTable) revokeWhere(sockets, (a) => a.table === true, CLOSE_REMOVED, 'room/not-table', 'the host turned face-to-face play off');
        // The table screen is a spectator admitted by its own token: spectators off does not close it.
        if (dropSpectators) revokeWhere(sockets, (a) => a.spectator && !a.table, CLOSE_REMOVED, 'room/spectators-off', 'the host turned spectators off');
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
      case 'start':
        if (room.status !== 'lobby') return refuse(409, 'room/not-lobby', 'the game has already started');
        return this.startGame(room, now, dedupe);
      case 'schedule-start': {
        if (room.status !== 'lobby') return refuse(409, 'room/not-lobby', 'a start is scheduled in the lobby');
        const bad = move.at === null ? null : scheduleRefusal(move.at, now);
        if (bad) return refuse(400, 'room/bad-schedule', bad);
        room.schedule = move.at === null ? null : { at: move.at, reminded: false };
        this.commitRoom(room, dedupe);
        return { roomChanged: true };
      }
      case 'set-pace': {
        const next = move.pace;
        const dayCloses = dayCloseOf(next);
        // The engine logs the switch for the table; bots follow room.pace from their next step.
        room.pace = next;
        const change = this.applyGame(room, { type: 'set-pace', preset: next.preset, pace: deadlinesOf(next), day: dayModeOf(next), ...(dayCloses ? { dayCloses } : {}), at: now }, dedupe);
        return 'ok' in change ? change : { ...change, roomChanged: true };
      }
      case 'remove-seat': {
        if (room.status !== 'lobby') return refuse(409, 'room/not-lobby', 'seats can be removed only in the lobby');
        const target = seats.find((s) => s.seat === move.seat);
        if (!target) return refuse(404, 'room/seat-unknown', `there is no seat ${move.seat}`);
        if (target.host) return refuse(409, 'room/is-host', 'the host cannot remove their own seat');
        this.dropSeat(room, move.seat, dedupe, 'room/removed', 'the host removed your seat');
        return { roomChanged: true };
      }
      case 'add-bot':
      case 'fill-bots': {
        if (room.status !== 'lobby') return refuse(409, 'room/not-lobby', 'bots are seated in the lobby; during a game the host hands an absent seat to a bot');
        const max = seatCount(room.ruleset, RULESETS[room.ruleset].maxPlayers, room.options);
        const target = move.type === 'add-bot' ? seats.length + 1 : fillTarget(room.ruleset, room.options, seats.length);
        if (seats.length >= max) return refuse(409, 'room/full', `the room is full (${max} seats)`);
        if (target === null || target <= seats.length) return refuse(409, 'room/table-legal', 'the table is already large enough to start: add bots one by one');
        const salt = newSeed();
        this.commitRoom(room, dedupe, () => {
          for (let seat = seats.length + 1; seat <= Math.min(target, max); seat++) {
            const name = botName(move.lang, (n) => this.store.nameTaken(n), `${salt}:${seat}`);
            this.store.addBotSeat(seat, name, { lang: move.lang, memory: {}, due: null });
          }
        });
        return { roomChanged: true };
      }
      case 'hand-to-bot': {
        const target = seats.find((s) => s.seat === move.seat);
        if (!target) return refuse(404, 'room/seat-unknown', `there is no seat ${move.seat}`);
        if (target.bot) return refuse(409, 'room/is-bot', `seat ${move.seat} is already played by a bot`);
        if (target.host) return refuse(409, 'room/is-host', 'the host keeps their own seat');
        // The engine checks the seat is absent and in the game, and logs the hand-over for everyone.
        const change = this.applyGame(room, { type: 'hand-to-bot', seat: move.seat, at: now }, dedupe, undefined, () => {
          this.store.retireToken(move.seat, 'room/handed-to-bot');
          this.store.makeBot(move.seat, { lang: move.lang, memory: {}, due: null });
        });
        if ('ok' in change) return change;
        revokeWhere(this.ctx.getWebSockets(), (a) => a.seat === move.seat, CLOSE_REMOVED, 'room/handed-to-bot', 'the host handed this seat to a bot');
        return { ...change, roomChanged: true };
      }
      case 'replace-seat': {
        // The engine checks again when the link is used; here the host hears at once of a seat that cannot be taken over.
        const game = room.status === 'playing' ? this.loadGame() : null;
        if (!game) return refuse(409, 'room/no-game', 'a seat is taken over during a game');
        const target = seats.find((s) => s.seat === move.seat);
        if (!target || move.seat > game.alive.length) return refuse(404, 'room/seat-unknown', `there is no seat ${move.seat}`);
        if (target.host) return refuse(409, 'room/is-host', 'the host keeps their own seat');
        if (!game.alive[move.seat - 1]) return refuse(409, 'game/seat-out', `seat ${move.seat} is out`);
        if (!fresh) return refuse(500, 'room/no-token', 'no link could be made');
        const expiresAt = now + REPLACE_LINK_MS;
        this.commitRoom(room, dedupe, () => this.store.saveInvite(move.seat, 'replace', fresh.tokenHash, now, expiresAt));
        return { roomChanged: false, reply: { type: 'invite', id: dedupe.id, place: move.seat, token: fresh.token, expiresAt, replace: true } };
      }
      case 'webhook': {
        const bad = move.url === null ? null : webhookRefusal(move.url);
        if (bad) return refuse(400, 'room/bad-webhook', bad);
        room.webhook = move.url === null ? null : { url: move.url, lang: move.lang };
        this.commitRoom(room, dedupe);
        return { roomChanged: true };
      }
      case 'invite': {
        const place: Place = move.place === 'judge' ? JUDGE_PLACE : move.place === 'table' ? TABLE_PLACE : move.place;
        // A link into a seat or the judge's place hands over its view: only in the lobby, before any card is
        // dealt. During a game the host has the replacement link, which the table is told of.
        if (place !== TABLE_PLACE && room.status !== 'lobby') return refuse(409, 'room/not-lobby', 'links into a seat or the judge’s place are made in the lobby; during a game, give a seat a replacement player');
        if (place === TABLE_PLACE && !room.table) return refuse(409, 'room/not-table', 'this room is not played face to face');
        if (place === JUDGE_PLACE && !room.humanJudge) return refuse(409, 'room/no-judge', 'this room plays without a human judge');
        if (place > 0 && !seats.some((s) => s.seat === place)) return refuse(404, 'room/seat-unknown', `there is no seat ${place}`);
        if (!fresh) return refuse(500, 'room/no-token', 'no invitation could be made');
        this.commitRoom(room, dedupe, () => this.store.saveInvite(place, 'host', fresh.tokenHash, now));
        return { roomChanged: false, reply: { type: 'invite', id: dedupe.id, place: move.place, token: fresh.token } };
      }
    }
  }

  /**
   * Deals a new game from the lobby (the host's start, or the scheduled start's alarm with no
   * `dedupe`); a pending schedule is spent in the same step, so a start never happens twice.
   */
  private startGame(room: RoomRow, now: number, dedupe: Dedupe | null): Change | Refusal {
    const seats = this.store.seats();
    // Dual deals one seat more than it has players: the big joker's holder becomes the judge.
    const players = seats.length - extraSeats(room.ruleset, room.options);
    const bad = checkPlayers(room.ruleset, players, room.options);
    if (bad) return refuse(409, 'room/players', bad);
    if (room.humanJudge && !this.store.judge()) return refuse(409, 'room/judge-missing', 'the judge’s place is empty: someone joins as judge, or the host turns the human judge off');
    const dayCloses = dayCloseOf(room.pace);
    const created = createGame({
      ruleset: room.ruleset,
      players,
      options: room.options,
      pace: deadlinesOf(room.pace),
      day: dayModeOf(room.pace),
      ...(dayCloses ? { dayCloses } : {}),
      preset: room.pace.preset,
      seed: this.seed(),
      at: now,
      ...(room.previousFirstVictim ? { previousFirstVictim: room.previousFirstVictim } : {}),
    });
    if (!created.ok) return refuse(409, 'room/cannot-start', created.message);
    room.status = 'playing';
    room.gameNo++;
    room.schedule = null;
    this.store.transaction(() => {
      this.store.newGame(room.gameNo, created.state);
      this.store.endInvitations();
      this.store.saveProds(planAfter(null, created.state, now));
      this.scheduleBots(room, created.state, now, undefined, true);
      this.store.saveRoom(room);
      if (dedupe) this.store.recordApplied(dedupe.seat, dedupe.space, dedupe.id);
    });
    this.game = created.state;
    return { roomChanged: true, game: { prev: null, next: created.state, full: true } };
  }

  /**
   * "Leave" in the lobby frees the seat for good (everyone sees it go). During a game a seat is never
   * given up by one tap: the client only signs out on that device and the seat stays in the game.
   */
  private leave(room: RoomRow, who: Attachment, seats: { seat: Seat; host: boolean }[], dedupe: Dedupe): Change | Refusal {
    if (who.seat === null) return refuse(409, 'room/judge', 'the judge’s place is not a seat');
    if (room.status !== 'lobby') return refuse(409, 'room/not-lobby', 'a seat is left only in the lobby; during a game sign out on this device instead');
    if (seats.some((s) => s.seat === who.seat && s.host)) return refuse(409, 'room/is-host', 'the host keeps their seat: the room needs its host');
    room.lastActivity = this.now();
    this.dropSeat(room, who.seat, dedupe, 'room/left', 'you left this room');
    return { roomChanged: true };
  }

  /**
   * A seat (or the judge) asks for a one-time link that moves its place to another device: a host
   * invitation for its own place only, lapsing after MOVE_LINK_MS. Redeeming it is `redeem`'s
   * hand-over: the new device gets a new token and this device is signed out (docs/rules-decisions.md O9).
   */
  private moveDevice(room: RoomRow, who: Attachment, dedupe: Dedupe, fresh: { token: string; tokenHash: string } | null): Change | Refusal {
    const place = placeOf(who);
    if (place === null || place === TABLE_PLACE) return refuse(409, 'room/no-place', 'only a seat or the judge moves to another device');
    if (!fresh) return refuse(500, 'room/no-token', 'no link could be made');
    const now = this.now();
    const expiresAt = now + MOVE_LINK_MS;
    this.commitRoom(room, dedupe, () => this.store.saveInvite(place, 'move', fresh.tokenHash, now, expiresAt));
    return { roomChanged: false, reply: { type: 'invite', id: dedupe.id, place: place === JUDGE_PLACE ? 'judge' : place, token: fresh.token, expiresAt } };
  }

  /** Removes a lobby seat and renumbers the rest; that seat's sockets are let go with `code`. */
  private dropSeat(room: RoomRow, gone: Seat, dedupe: Dedupe, code: string, message: string): void {
    let moves = new Map<Seat, Seat>();
    this.store.transaction(() => {
      moves = this.store.removeSeat(gone);
      this.store.saveRoom(room);
      // A seat that left keeps no ids: they belonged to a place that is gone.
      if (dedupe.seat !== gone) this.store.recordApplied(moves.get(dedupe.seat) ?? dedupe.seat, dedupe.space, dedupe.id);
    });
    const sockets = this.ctx.getWebSockets();
    revokeWhere(sockets, (a) => a.seat === gone, CLOSE_REMOVED, code, message);
    followRenumbering(sockets, moves);
  }

  /**
   * Inside a change's transaction: each bot's next action time in the new state (worker/room/bots.ts);
   * `moved` is the bot that just acted, with its memory after the move; `fresh` starts a new game's memories.
   */
  private scheduleBots(room: RoomRow, state: GameState, now: number, moved?: { seat: Seat; memory: BotMemory }, fresh = false): void {
    const bots = this.store.bots();
    for (const [seat, old] of bots) {
      const bot: BotState = fresh ? { lang: old.lang, memory: {}, due: null } : seat === moved?.seat ? { ...old, memory: moved.memory } : old;
      const due = reschedule(state, seat, bot, room.pace.preset, now, (s) => bots.has(s));
      if (fresh || bot !== old || due?.key !== old.due?.key || due?.at !== old.due?.at) this.store.saveBot(seat, { ...bot, due });
    }
  }

  private commitRoom(room: RoomRow, dedupe: Dedupe, alsoInStep: () => void = () => {}): void {
    this.store.transaction(() => {
      alsoInStep();
      this.store.saveRoom(room);
      this.store.recordApplied(dedupe.seat, dedupe.space, dedupe.id);
    });
  }

  // ---------------------------------------------------------------- frames

  /**
   * Sends a stored change's frames, together with the changes stored before they go out. A burst of
   * moves (fifteen votes in 50 ms) queues its messages behind the first; each is stored at once, but
   * the frames wait for a zero-delay timer, which runs after the queued messages: each viewer then gets
   * one frame from the state before the burst to the state after it, instead of one per move, each made
   * for every viewer. The last vote's tally reaches the phones sooner, and they draw once.
   */
  private publish(change: Change): void {
    const g = change.game;
    if (!change.roomChanged && !g) return;
    const unsent = this.unsent;
    if (!unsent) {
      this.unsent = { roomChanged: change.roomChanged, game: g ? { prev: g.full ? null : g.prev, next: g.next } : null, after: [] };
      setTimeout(() => this.sendUnsent(), 0);
      return;
    }
    unsent.roomChanged ||= change.roomChanged;
    // A new game (full) is sent whole; otherwise the oldest unsent state is where each update starts.
    if (g) unsent.game = { prev: g.full ? null : unsent.game ? unsent.game.prev : g.prev, next: g.next };
  }

  /** Runs `then` once the frames of the changes still unsent are out (at once when none are). */
  private afterFrames(then: () => void): void {
    if (this.unsent) this.unsent.after.push(then);
    else then();
  }

  /** A socket's answer (a reply, an ack): after the frames of its change, as a socket expects them. */
  private answer(ws: WebSocket, frame: ServerFrame): void {
    this.afterFrames(() => send(ws, frame));
  }

  /** The timer publish set: the frames of every change made since, then what waited for them. */
  private sendUnsent(): void {
    const unsent = this.unsent!;
    this.unsent = null;
    if (unsent.roomChanged) this.broadcastRoom();
    if (unsent.game) this.sendGameChange(unsent.game.prev, unsent.game.next);
    for (const then of unsent.after) then();
  }

  /** Every watching socket's frame for the game's change from `prev` (null: a new game, sent whole) to `next`. */
  private sendGameChange(prev: GameState | null, next: GameState): void {
    // One view per viewer (a seat's phone and laptop share it), and no frame for a viewer whose view
    // did not change: whether and when a frame arrives must tell nothing the viewer may not know.
    // Its frame is made into text once.
    const frames = new Map<string, string | null>();
    for (const ws of this.ctx.getWebSockets()) {
      const who = attachmentOf(ws);
      if (!who || !watchesGame(who, next)) continue;
      const viewer = viewerOf(who);
      const key = viewerKey(viewer);
      let frame = frames.get(key);
      if (frame === undefined) {
        const update = viewUpdate(prev, next, viewer);
        // The `game` frame's text, its view from viewJson (the view's fingerprint is already text).
        frame = update ? `{"type":"game","view":${viewJson(next, viewer, update.view)},"logFrom":${update.logFrom}}` : null;
        frames.set(key, frame);
      }
      if (frame !== null) sendText(ws, frame);
    }
  }

  /**
   * The game on connect and on `sync`: the whole view, or, when the client holds the first entries of
   * this viewer's log (`have`, checked by their tag), the view with only the entries after them.
   */
  private sendGameTo(ws: WebSocket, who: Attachment, game: GameState, have?: Have): void {
    if (!watchesGame(who, game)) return;
    const view = viewFor(game, viewerOf(who));
    const held = have && have.log <= view.log.length && logTag(view.log.slice(0, have.log)) === have.tag ? have.log : 0;
    send(ws, { type: 'game', view: held ? { ...view, log: view.log.slice(held) } : view, logFrom: held });
  }

  private sendRoomTo(ws: WebSocket, who: Attachment, room: RoomRow): void {
    const base = this.baseView(room);
    send(ws, { type: 'room', room: { ...base, you: youOf(base, who, this.bigJokerSeat(room)) } });
  }

  /** Sends every socket the room, with its own `you`; `leaving` is a socket that is closing. */
  private broadcastRoom(leaving?: WebSocket): void {
    const room = this.roomOrNull();
    if (!room) return;
    const sockets = this.ctx.getWebSockets().filter((ws) => ws !== leaving && ws.readyState === WebSocket.OPEN);
    const base = this.baseView(room, leaving);
    const bigJoker = this.bigJokerSeat(room);
    for (const ws of sockets) {
      const who = attachmentOf(ws);
      if (who) send(ws, { type: 'room', room: { ...base, you: youOf(base, who, bigJoker) } });
    }
  }

  /** The room frame but `you`; `leaving` is a socket that is closing. */
  private baseView(room: RoomRow, leaving?: WebSocket): Omit<RoomView, 'you'> {
    const prodded = room.status === 'playing' ? (this.store.prods()?.marked ?? []) : [];
    return roomView(room, this.store.seats(), this.store.judge(), this.attachments(leaving), prodded, this.now());
  }

  /**
   * After a change to the game, once its frames are out: the pushes it calls for and the webhook's
   * announcements, both in `waitUntil` (their views are not made while a burst's frames wait). Every path
   * that changes the game by a move, an alarm, a bot or a scheduled start ends here (the scheduled start
   * used to skip the webhook's "a new game begins").
   */
  private tellOutside(room: RoomRow, game: { prev: GameState | null; next: GameState }): void {
    this.afterFrames(() => {
      this.ctx.waitUntil(pushChange(this.pushRoom(room), game.prev, game.next));
      this.announce(room, game);
    });
  }

  /** Posts a change's public announcements to the room's webhook, if it has one, after the frames (worker/room/webhook.ts). */
  private announce(room: RoomRow, game: { prev: GameState | null; next: GameState }): void {
    const hook = room.webhook;
    if (!hook) return;
    const names = new Map(this.store.seats().map((s) => [s.seat, s.name]));
    // The words are made after this frame's answers went out (states are never changed in place).
    this.ctx.waitUntil(
      Promise.resolve().then(() => {
        const text = announcement(game.prev, game.next, hook.lang, room.code, names);
        return text === null ? undefined : postAnnouncement(hook, text, (r) => this.hookFetch(r));
      }),
    );
  }

  private pushRoom(room: RoomRow): PushRoom {
    return { code: room.code, vapid: vapidOf(this.env), store: new PushStore(this.ctx.storage.sql), fetcher: (r) => this.pushFetch(r), now: this.now(), table: room.table };
  }

  /**
   * Tells every socket but `skip` who is connected now, if that changed (`before` null: it may have).
   * `skip` is the newcomer (it has the whole room) or a socket that is leaving (it is not counted).
   */
  private sendPresence(before: Presence | null, skip: WebSocket): void {
    const now = this.presence(before ? undefined : skip);
    if (before && samePresence(before, now)) return;
    for (const ws of this.ctx.getWebSockets()) {
      if (ws !== skip && ws.readyState === WebSocket.OPEN && attachmentOf(ws)) send(ws, { type: 'presence', ...now });
    }
  }

  /** Who is connected: the open sockets' places, and every bot seat. */
  private presence(leaving?: WebSocket): Presence {
    return presenceOf(this.attachments(leaving), this.store.bots().keys());
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

/** Whether this socket sees the game: a seat of it, a spectator or the judge (a seat outside the game cannot happen: seats join only in the lobby). */
function watchesGame(who: Attachment, game: GameState): boolean {
  if (who.seat !== null) return who.seat <= game.alive.length;
  return who.spectator || who.judge === true;
}

/** The per-socket part of the room frame. */
function youOf(base: Omit<RoomView, 'you'>, who: Attachment, bigJokerSeat: Seat | 0): RoomView['you'] {
  if (who.judge) return { seat: null, host: base.judge?.host === true, judge: true };
  if (who.table) return { seat: null, host: false, judge: false, table: true };
  const host = who.seat !== null && base.seats.some((s) => s.seat === who.seat && s.host);
  return { seat: who.seat, host, judge: who.seat !== null && who.seat === bigJokerSeat };
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
