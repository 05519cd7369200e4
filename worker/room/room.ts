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
import { awayNow, deadlinesOf, presenceOf, roomSummary, roomView, samePresence, seatSummary } from './roomview.ts';
import { followPublicEntries } from './away.ts';
import { webhookRefusal } from './webhook.ts';
import { RateLimiter, attach, attachmentOf, closeWith, revoke, send, sendError, sendText, tooBig, viewerOf, type Attachment } from './sockets.ts';
import { JUDGE_PLACE, TABLE_PLACE, type Place, type RoomRow } from './storage.ts';
import { FanOut, type RoomParts } from './fan-out.ts';
import { tellOutside } from './outside.ts';
import { applyGame, commitRoom, dropSeat, startGame } from './changes.ts';
import { arm, onAlarm } from './clock.ts';
import { hostMove } from './host-moves.ts';
import { seatMove } from './place-moves.ts';
import { connect } from './connect.ts';
import { init, record, summary, type RoomInit } from './requests.ts';
import { join, type Joined } from './seating.ts';
import { RoomCore, refuse, type Change, type Dedupe, type Refusal } from './context.ts';
import { hashToken, newSeed } from './tokens.ts';
import { scheduleAlarm, scheduleDue, scheduleRefusal } from './schedule.ts';
import { answerPushFrame, isPushFrame, pushNotice, pushProds, pushReminders, reminderAlarm } from '../push/deliver.ts';
import { botMove, botName, fillTarget, firstDue, nextDue, reschedule, type BotState } from './bots.ts';
import type { BotMemory } from '../engine/bots/policy.ts';

export type { Refusal } from './context.ts';
export type { RoomInit } from './requests.ts';

export class Room extends DurableObject<Env> {
  private readonly core: RoomCore;
  private readonly frames: FanOut;
  /** The core and the frames, as the room's modules take them. */
  private readonly parts: RoomParts;
  private readonly limiter = new RateLimiter();
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.core = new RoomCore(ctx, env, this);
    this.frames = new FanOut(this.core);
    this.parts = { core: this.core, frames: this.frames };
    // A code nobody created stays empty: probing codes writes nothing.
    if (this.core.store.exists() && this.core.store.expiredAt() === null && this.core.store.migrate()) {
      // An upgraded room may hold what an older build did not arm for (an old judge's pause now read as
      // the judge's fails over): its one alarm is set again before anything else runs.
      const room = this.core.store.room();
      if (room) ctx.blockConcurrencyWhile(() => arm(this.core, room));
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
  async init(room: RoomInit): Promise<{ ok: true } | Refusal> {
    return init(this.core, room);
  }

  /** The public summary; with a seat token's hash, also that seat and what it owes. */
  async summary(tokenHash?: string): Promise<{ ok: true; summary: RoomSummary } | Refusal> {
    return summary(this.core, tokenHash);
  }

  /** The finished game's record, once the game is over. */
  async record(): Promise<{ ok: true; record: GameRecord } | Refusal> {
    return record(this.core);
  }

  /** Takes a seat, the human judge's place, or redeems a host's invitation. */
  async join(req: JoinRequest): Promise<Joined | Refusal> {
    return join(this.parts, req);
  }

  // ---------------------------------------------------------------- WebSocket upgrade

  /** Only WebSocket upgrades reach here (the Worker has checked the origin and the upgrade). */
  override async fetch(request: Request): Promise<Response> {
    return connect(this.parts, request);
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

    const found = this.core.roomOrRefusal();
    if ('ok' in found) return sendError(ws, found.code, found.message);
    const room = found;
    // Identity on every frame: the place this socket connected to must still be its place.
    if (unverifiable(who)) {
      attach(ws, null);
      return ws.close(1012, 'reconnect with your token');
    }
    if (!stillHolds(this.core.store, room, who)) {
      revoke(ws, CLOSE_REMOVED, 'auth/revoked', 'this device no longer holds its place in the room');
      return this.frames.sendPresence(null, ws);
    }

    if (frame.type === 'sync') {
      this.frames.sendRoomTo(ws, who, room);
      const game = this.core.loadGame();
      if (game && room.status !== 'lobby') this.frames.sendGameTo(ws, who, game, frame.have);
      return;
    }
    if (who.seat === null && !who.judge) return sendError(ws, 'room/spectator', 'spectators only watch', frame.id);
    if (isPushFrame(frame)) return send(ws, answerPushFrame(who.seat, frame, this.core.pushRoom(room)));
    if (frame.type === 'act' && who.seat === null) return sendError(ws, 'room/judge', 'the judge does not play', frame.id);
    // Applied ids are kept per seat (the human judge's under 0) and per kind: game and host moves apart.
    const dedupe: Dedupe = { seat: who.seat ?? 0, space: frame.type, id: frame.id };
    if (this.core.store.applied(dedupe.seat, dedupe.space, dedupe.id)) return this.frames.answer(ws, { type: 'ack', id: frame.id });
    const result = frame.type === 'act' ? seatMove(this.core, room, who.seat!, frame, dedupe) : hostMove(this.core, room, who, frame.move, dedupe, fresh);
    if ('ok' in result) return sendError(ws, result.code, result.message, frame.id);
    // The change is stored; now the alarm, then everyone's frames, then the ack.
    await arm(this.core, room);
    this.frames.publish(result);
    if (result.reply) this.frames.answer(ws, result.reply);
    if (result.game) tellOutside(this.parts, room, result.game);
    if (result.prod) this.ctx.waitUntil(pushProds(this.core.pushRoom(room), this.core.loadGame()!, [result.prod]));
    this.frames.answer(ws, { type: 'ack', id: frame.id });
  }

  override async webSocketClose(ws: WebSocket, code: number, _reason: string, _wasClean: boolean): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, 'bye');
    } catch {
      // Already closed.
    }
    if (this.core.roomOrNull()) this.frames.sendPresence(null, ws);
  }

  override async webSocketError(ws: WebSocket, _error: unknown): Promise<void> {
    if (this.core.roomOrNull()) this.frames.sendPresence(null, ws);
  }

  // ---------------------------------------------------------------- the clock

  /** The one alarm (worker/room/clock.ts): idempotent, every write is stored before anything is sent. */
  override async alarm(): Promise<void> {
    return onAlarm(this.parts);
  }

  // ---------------------------------------------------------------- changes

  // ---------------------------------------------------------------- frames

}

