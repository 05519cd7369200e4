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
    const result = frame.type === 'act' ? this.seatMove(room, who.seat!, frame, dedupe) : this.hostMove(room, who, frame.move, dedupe, fresh);
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

  /** A seat's game move; its away mark and the room's life follow only what the move makes public (worker/room/away.ts). */
  private seatMove(room: RoomRow, seat: Seat, frame: Extract<ClientFrame, { type: 'act' }>, dedupe: Dedupe): Change | Refusal {
    return applyGame(this.core, room, { ...frame.move, seat, at: this.now() } as Action, dedupe);
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
    commitRoom(this.core, room, dedupe);
    return { roomChanged: true };
  }

  private hostMove(room: RoomRow, who: Attachment, move: HostMove, dedupe: Dedupe, fresh: { token: string; tokenHash: string } | null): Change | Refusal {
    const seats = this.core.store.seats();
    const judge = who.judge ? this.core.store.judge() : null;
    const host = who.judge ? judge?.host === true : seats.some((s) => s.seat === who.seat && s.host);
    // RULES.md 11: the human judge (or dual's big joker) narrates, pauses, extends and ejects; the host does the rest.
    const judging = who.judge === true || (who.seat !== null && this.core.bigJokerSeat(room) === who.seat);
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
    const game = asJudge ? this.core.loadGame() : null;
    const barred = game ? judgeRefusal(game) : null;
    if (barred) return refuse(409, barred[0], barred[1]);
    switch (move.type) {
      case 'eject':
      case 'pause':
      case 'resume':
      case 'extend':
      case 'narrate':
        // A judge's move is marked: a judge who pauses and vanishes cannot hold an async game forever (O15).
        return applyGame(this.core, room, { ...move, ...(asJudge ? { by: 'judge' } : {}), at: now } as Action, dedupe);
      case 'prod': {
        // Whether the seat owes anything (a night call) is not the host's to know: the answer is the same ack.
        if (room.status !== 'playing') return refuse(409, 'room/no-game', 'no game is being played');
        if (!seats.some((s) => s.seat === move.seat)) return refuse(404, 'room/seat-unknown', `there is no seat ${move.seat}`);
        commitRoom(this.core, room, dedupe);
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
        const dropJudge = move.humanJudge === false && this.core.store.judge() !== null;
        if (move.humanJudge !== undefined) room.humanJudge = move.humanJudge;
        const dropTable = move.table === false && room.table;
        if (move.table !== undefined) room.table = move.table;
        commitRoom(this.core, room, dedupe, () => {
          if (dropJudge) this.core.store.removeJudge();
        });
        const sockets = this.ctx.getWebSockets();
        if (dropJudge) revokeWhere(sockets, (a) => a.judge === true, CLOSE_REMOVED, 'room/removed', 'the host turned the human judge off');
        // Only spectators: the judge has no seat either, but is not a spectator (issue 7, item 4).
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
        commitRoom(this.core, room, dedupe);
        return { roomChanged: true };
      }
      case 'start':
        if (room.status !== 'lobby') return refuse(409, 'room/not-lobby', 'the game has already started');
        return startGame(this.core, room, now, dedupe);
      case 'schedule-start': {
        if (room.status !== 'lobby') return refuse(409, 'room/not-lobby', 'a start is scheduled in the lobby');
        const bad = move.at === null ? null : scheduleRefusal(move.at, now);
        if (bad) return refuse(400, 'room/bad-schedule', bad);
        room.schedule = move.at === null ? null : { at: move.at, reminded: false };
        commitRoom(this.core, room, dedupe);
        return { roomChanged: true };
      }
      case 'set-pace': {
        const next = move.pace;
        const dayCloses = dayCloseOf(next);
        // The engine logs the switch for the table; bots follow room.pace from their next step.
        room.pace = next;
        const change = applyGame(this.core, room, { type: 'set-pace', preset: next.preset, pace: deadlinesOf(next), day: dayModeOf(next), ...(dayCloses ? { dayCloses } : {}), at: now }, dedupe);
        return 'ok' in change ? change : { ...change, roomChanged: true };
      }
      case 'remove-seat': {
        if (room.status !== 'lobby') return refuse(409, 'room/not-lobby', 'seats can be removed only in the lobby');
        const target = seats.find((s) => s.seat === move.seat);
        if (!target) return refuse(404, 'room/seat-unknown', `there is no seat ${move.seat}`);
        if (target.host) return refuse(409, 'room/is-host', 'the host cannot remove their own seat');
        dropSeat(this.core, room, move.seat, dedupe, 'room/removed', 'the host removed your seat');
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
        commitRoom(this.core, room, dedupe, () => {
          for (let seat = seats.length + 1; seat <= Math.min(target, max); seat++) {
            const name = botName(move.lang, (n) => this.core.store.nameTaken(n), `${salt}:${seat}`);
            this.core.store.addBotSeat(seat, name, { lang: move.lang, memory: {}, due: null });
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
        const change = applyGame(this.core, room, { type: 'hand-to-bot', seat: move.seat, at: now }, dedupe, undefined, () => {
          this.core.store.retireToken(move.seat, 'room/handed-to-bot');
          this.core.store.makeBot(move.seat, { lang: move.lang, memory: {}, due: null });
        });
        if ('ok' in change) return change;
        revokeWhere(this.ctx.getWebSockets(), (a) => a.seat === move.seat, CLOSE_REMOVED, 'room/handed-to-bot', 'the host handed this seat to a bot');
        return { ...change, roomChanged: true };
      }
      case 'replace-seat': {
        // The engine checks again when the link is used; here the host hears at once of a seat that cannot be taken over.
        const game = room.status === 'playing' ? this.core.loadGame() : null;
        if (!game) return refuse(409, 'room/no-game', 'a seat is taken over during a game');
        const target = seats.find((s) => s.seat === move.seat);
        if (!target || move.seat > game.alive.length) return refuse(404, 'room/seat-unknown', `there is no seat ${move.seat}`);
        if (target.host) return refuse(409, 'room/is-host', 'the host keeps their own seat');
        if (!game.alive[move.seat - 1]) return refuse(409, 'game/seat-out', `seat ${move.seat} is out`);
        if (!fresh) return refuse(500, 'room/no-token', 'no link could be made');
        const expiresAt = now + REPLACE_LINK_MS;
        commitRoom(this.core, room, dedupe, () => this.core.store.saveInvite(move.seat, 'replace', fresh.tokenHash, now, expiresAt));
        return { roomChanged: false, reply: { type: 'invite', id: dedupe.id, place: move.seat, token: fresh.token, expiresAt, replace: true } };
      }
      case 'webhook': {
        const bad = move.url === null ? null : webhookRefusal(move.url);
        if (bad) return refuse(400, 'room/bad-webhook', bad);
        room.webhook = move.url === null ? null : { url: move.url, lang: move.lang };
        commitRoom(this.core, room, dedupe);
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
        commitRoom(this.core, room, dedupe, () => this.core.store.saveInvite(place, 'host', fresh.tokenHash, now));
        return { roomChanged: false, reply: { type: 'invite', id: dedupe.id, place: move.place, token: fresh.token } };
      }
    }
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
    dropSeat(this.core, room, who.seat, dedupe, 'room/left', 'you left this room');
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
    commitRoom(this.core, room, dedupe, () => this.core.store.saveInvite(place, 'move', fresh.tokenHash, now, expiresAt));
    return { roomChanged: false, reply: { type: 'invite', id: dedupe.id, place: place === JUDGE_PLACE ? 'judge' : place, token: fresh.token, expiresAt } };
  }

  // ---------------------------------------------------------------- frames

}

