// The room's clock: the one alarm, armed for the earliest thing due (a step's deadline, the async
// judge's failover, a push reminder, a prod, a bot's move, the scheduled start, a voice floor's cap,
// voice notes to sweep after their turn, the room's expiry), and what the alarm does when it rings. Every write is stored before anything
// is sent, so a repeated alarm or a restart does nothing twice.
import { failoverAt } from '../engine/index.ts';
import { ROOM_TTL_MS } from '../protocol.ts';
import { pushNotice, pushProds, pushReminders, reminderAlarm, vapidOf } from '../push/deliver.ts';
import { botMove, firstDue, nextDue } from './bots.ts';
import { applyGame, startGame } from './changes.ts';
import type { RoomCore } from './context.ts';
import type { RoomParts } from './fan-out.ts';
import { CLOSE_EXPIRED } from './identity.ts';
import { tellOutside } from './outside.ts';
import { dueProd, nextProdAt } from './prods.ts';
import { scheduleAlarm, scheduleDue } from './schedule.ts';
import { send } from './sockets.ts';
import type { RoomRow } from './storage.ts';
import { floorDue, settleFloor } from './voice-floor.ts';
import { deleteRoomNotes, notesSweepDue, sweepNotes } from './voice-notes.ts';

/** Most bot moves one alarm makes before it lets the room breathe (it wakes again at once). */
const MAX_BOT_MOVES_PER_WAKE = 40;

/** Sets the one alarm for the earliest of everything due (or keeps one that rings a little earlier); called after every change. */
export async function arm(core: RoomCore, room: RoomRow): Promise<void> {
  let at = room.lastActivity + ROOM_TTL_MS;
  const game = room.status === 'playing' ? core.loadGame() : null;
  if (game && 'endsAt' in game.step && game.step.endsAt !== null) at = Math.min(at, game.step.endsAt);
  if (game && room.pace.preset === 'async') at = Math.min(at, failoverAt(game) ?? at);
  // The prod plan is a column of the game row (read and parsed once per wake, then remembered).
  const prods = game ? core.store.prods() : null;
  // A deploy without push keys reminds nobody: no push room is built for it on every change.
  if (game && vapidOf(core.env)) at = Math.min(at, reminderAlarm(core.pushRoom(room), game, prods?.length ?? null) ?? at);
  if (game) at = Math.min(at, nextProdAt(prods, game, room.pace.preset === 'live') ?? at);
  if (game && !game.result) at = Math.min(at, nextDue(core.store.bots().values()) ?? at);
  if (room.status === 'lobby') at = Math.min(at, scheduleAlarm(room.schedule) ?? at);
  at = Math.min(at, floorDue(core.sockets(), core.now()) ?? at);
  at = Math.min(at, notesSweepDue(core, room) ?? at);
  await core.store.setAlarm(at, core.now());
}

/** The alarm rang: expire an abandoned room, or move the game (or the lobby's scheduled start) on, then arm again. */
export async function onAlarm(parts: RoomParts): Promise<void> {
  const core = parts.core;
  core.store.alarmRan();
  const room = core.roomOrNull();
  if (!room) return;
  const now = core.now();
  if (now >= room.lastActivity + ROOM_TTL_MS) return expire(core, room, now);
  settleFloor(core, now);
  if (room.status === 'playing') {
    const failover = room.pace.preset === 'async' ? failoverAt(core.loadGame()!) : null;
    const change = applyGame(core, room, failover !== null && failover <= now ? { type: 'app-judges', at: now } : { type: 'deadline', at: now }, null);
    if (!('ok' in change)) {
      parts.frames.publish(change);
      if (change.game) tellOutside(parts, room, change.game);
      else core.ctx.waitUntil(pushReminders(core.pushRoom(room), core.loadGame()!, core.store.prods()?.length ?? null));
    }
    prod(parts, room, now);
    playBots(parts, room, now);
  } else if (room.status === 'lobby') {
    scheduledStart(parts, room, now);
  }
  // After the moves: a turn this alarm ended is swept now, not at the next ring.
  await sweepNotes(core, room);
  await arm(core, room);
}

/**
 * The scheduled start's alarm: an hour before, every seat is told (once: the mark is stored
 * before the push); at the time, the game starts, or the host is told why not and it stays missed.
 */
function scheduledStart(parts: RoomParts, room: RoomRow, now: number): void {
  const core = parts.core;
  const schedule = room.schedule;
  const due = scheduleDue(schedule, now);
  if (!schedule || !due) return;
  if (due === 'remind') {
    room.schedule = { ...schedule, reminded: true };
    core.store.transaction(() => core.store.saveRoom(room));
    core.ctx.waitUntil(pushNotice(core.pushRoom(room), core.store.seats().map((s) => s.seat), { kind: 'scheduled', at: schedule.at }));
    return;
  }
  const started = startGame(core, room, now, null);
  if ('ok' in started) {
    room.schedule = { ...schedule, reminded: true, missed: started.code };
    core.store.transaction(() => core.store.saveRoom(room));
    const host = core.store.seats().filter((s) => s.host).map((s) => s.seat);
    core.ctx.waitUntil(pushNotice(core.pushRoom(room), host, { kind: 'start-missed', at: schedule.at }));
    parts.frames.broadcastRoom();
    return;
  }
  parts.frames.publish(started);
  if (started.game) tellOutside(parts, room, started.game);
}

/**
 * The automatic prods (worker/room/prods.ts): when a share of the step's time has passed, the seats
 * that still owe it get a push reminder. The plan is stored before anything is sent, so a repeated
 * alarm or a restart sends nothing twice; the host's marks go out in a room frame.
 */
function prod({ core, frames }: RoomParts, room: RoomRow, now: number): void {
  const game = core.loadGame();
  if (!game || room.status !== 'playing') return;
  const plan = core.store.prods();
  const due = dueProd(plan, game, room.pace.preset === 'live', now, new Set(core.store.bots().keys()));
  if (!due) return;
  core.store.transaction(() => core.store.saveProds(due.plan));
  if (due.plan.marked.length !== plan?.marked.length) frames.broadcastRoom();
  core.ctx.waitUntil(pushProds(core.pushRoom(room), game, due.seats));
}

/**
 * Each bot due by `now` makes its move, earliest first, through the same path as a person's act.
 * A bot with more to do in the same step (a speech, then "done") goes on at once. Bounded, so one
 * wake cannot run away; what is left is due at once and the alarm comes straight back.
 */
function playBots(parts: RoomParts, room: RoomRow, now: number): void {
  const core = parts.core;
  for (let i = 0; i < MAX_BOT_MOVES_PER_WAKE && room.status === 'playing'; i++) {
    const game = core.loadGame();
    const bots = core.store.bots();
    const seat = game ? firstDue(bots, now) : null;
    if (!game || seat === null) return;
    const bot = bots.get(seat)!;
    const move = botMove(game, seat, bot, now, (s) => bots.has(s));
    const change = move.action ? applyGame(core, room, move.action, null, { seat, memory: move.memory }) : null;
    if (change === null || 'ok' in change) {
      // Nothing to do after all, or refused (a rule the policy does not know): wait for the next change.
      core.store.transaction(() => core.store.saveBot(seat, { ...bot, memory: move.memory, due: null }));
      continue;
    }
    parts.frames.publish(change);
    if (change.game) tellOutside(parts, room, change.game);
  }
}

/** A room without activity for ROOM_TTL_MS: every socket is told and closed, its voice notes deleted, and only a tombstone stays. */
async function expire(core: RoomCore, room: RoomRow, now: number): Promise<void> {
  for (const ws of core.sockets()) {
    send(ws, { type: 'expired' });
    try {
      ws.close(CLOSE_EXPIRED, 'room expired');
    } catch {
      // Already closed.
    }
  }
  await deleteRoomNotes(core.env.VOICE_NOTES, room.code);
  await core.ctx.storage.deleteAll();
  core.store.writeTombstone(now);
  core.game = undefined;
}
