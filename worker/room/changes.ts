// Storing a change: one engine call (or a room-only edit), then one synchronous transaction with
// everything the change touches (its new log entries naming its action id, the game row and prod plan
// when the step changed, the room row, the bots' schedule). Nothing here sends a frame: the caller
// publishes the Change.
import { apply, checkPlayers, createGame, extraSeats, winningSeats, type Action, type GameState, type Seat } from '../engine/index.ts';
import type { BotMemory } from '../engine/bots/policy.ts';
import { dayCloseOf, dayModeOf } from '../protocol.ts';
import { followPublicEntries } from './away.ts';
import { reschedule, type BotState } from './bots.ts';
import { refuse, type Change, type Dedupe, type Refusal, type RoomCore } from './context.ts';
import { CLOSE_REMOVED, followRenumbering, revokeWhere } from './identity.ts';
import { planAfter } from './prods.ts';
import { deadlinesOf } from './roomview.ts';
import type { RoomRow } from './storage.ts';

/**
 * One engine call and one transaction: the new log entries with the action id (the game row too when
 * the store needs it, worker/room/storage.ts), the room row, and the bots' schedule (`bot`: the bot
 * that moved, with its memory after the move).
 */
export function applyGame(core: RoomCore, room: RoomRow, action: Action, dedupe: Dedupe | null, bot?: { seat: Seat; memory: BotMemory }, alsoInStep: () => void = () => {}): Change | Refusal {
  const store = core.store;
  const prev = core.loadGame();
  if (!prev || room.status !== 'playing') return refuse(409, 'room/no-game', 'no game is being played');
  const result = apply(prev, action);
  if (!result.ok) return refuse(409, result.error.code, result.error.message);
  const ended = !prev.result && result.state.result !== null;
  const next = result.state;
  // A new step starts its prods afresh; the host's marks of the last step go (the room frame says so).
  const plan = store.prods();
  const nextPlan = result.events.length > 0 ? planAfter(plan, next, action.at) : plan;
  const unmarked = (plan?.marked.length ?? 0) > 0 && nextPlan?.marked.length === 0;
  // Whoever caused it (a person, a bot, the clock): only public entries move the room's fields.
  const back = followPublicEntries(room, result.events, action.at);
  store.transaction(() => {
    alsoInStep();
    if (result.events.length > 0 || bot) scheduleBots(core, room, next, action.at, bot);
    // A logged move's id is stored with its first entry; one that logged nothing keeps a row of its own.
    if (result.events.length > 0) store.saveGame(room.gameNo, next, result.events, nextPlan, dedupe ?? undefined);
    else if (dedupe) store.recordApplied(dedupe.seat, dedupe.space, dedupe.id);
    if (ended) {
      store.endInvitations();
      room.status = 'over';
      room.previousFirstVictim = next.firstVictim;
      store.addScore(winningSeats(next));
    }
    store.saveRoom(room);
  });
  core.game = next;
  if (result.events.length === 0) return { roomChanged: false };
  return { roomChanged: ended || unmarked || back, game: { prev, next, full: ended } };
}

/** A change to the room alone (no engine call): the room row, what else `alsoInStep` writes, and the action id. */
export function commitRoom(core: RoomCore, room: RoomRow, dedupe: Dedupe, alsoInStep: () => void = () => {}): void {
  core.store.transaction(() => {
    alsoInStep();
    core.store.saveRoom(room);
    core.store.recordApplied(dedupe.seat, dedupe.space, dedupe.id);
  });
}

/**
 * Deals a new game from the lobby (the host's start, or the scheduled start's alarm with no
 * `dedupe`); a pending schedule is spent in the same step, so a start never happens twice.
 */
export function startGame(core: RoomCore, room: RoomRow, now: number, dedupe: Dedupe | null): Change | Refusal {
  const store = core.store;
  const seats = store.seats();
  // Dual deals one seat more than it has players: the big joker's holder becomes the judge.
  const players = seats.length - extraSeats(room.ruleset, room.options);
  const bad = checkPlayers(room.ruleset, players, room.options);
  if (bad) return refuse(409, 'room/players', bad);
  if (room.humanJudge && !store.judge()) return refuse(409, 'room/judge-missing', 'the judge’s place is empty: someone joins as judge, or the host turns the human judge off');
  const dayCloses = dayCloseOf(room.pace);
  const created = createGame({
    ruleset: room.ruleset,
    players,
    options: room.options,
    pace: deadlinesOf(room.pace),
    day: dayModeOf(room.pace),
    ...(dayCloses ? { dayCloses } : {}),
    preset: room.pace.preset,
    seed: core.seed(),
    at: now,
    ...(room.previousFirstVictim ? { previousFirstVictim: room.previousFirstVictim } : {}),
  });
  if (!created.ok) return refuse(409, 'room/cannot-start', created.message);
  room.status = 'playing';
  room.gameNo++;
  room.schedule = null;
  store.transaction(() => {
    store.newGame(room.gameNo, created.state, planAfter(null, created.state, now));
    store.endInvitations();
    scheduleBots(core, room, created.state, now, undefined, true);
    store.saveRoom(room);
    if (dedupe) store.recordApplied(dedupe.seat, dedupe.space, dedupe.id);
  });
  core.game = created.state;
  return { roomChanged: true, game: { prev: null, next: created.state, full: true } };
}

/** Removes a lobby seat and renumbers the rest; that seat's sockets are let go with `code`. */
export function dropSeat(core: RoomCore, room: RoomRow, gone: Seat, dedupe: Dedupe, code: string, message: string): void {
  let moves = new Map<Seat, Seat>();
  core.store.transaction(() => {
    moves = core.store.removeSeat(gone);
    core.store.saveRoom(room);
    // A seat that left keeps no ids: they belonged to a place that is gone.
    if (dedupe.seat !== gone) core.store.recordApplied(moves.get(dedupe.seat) ?? dedupe.seat, dedupe.space, dedupe.id);
  });
  revokeWhere(core, (a) => a.seat === gone, CLOSE_REMOVED, code, message);
  followRenumbering(core.sockets(), moves);
}

/**
 * Inside a change's transaction: each bot's next action time in the new state (worker/room/bots.ts);
 * `moved` is the bot that just acted, with its memory after the move; `fresh` starts a new game's memories.
 */
function scheduleBots(core: RoomCore, room: RoomRow, state: GameState, now: number, moved?: { seat: Seat; memory: BotMemory }, fresh = false): void {
  const bots = core.store.bots();
  for (const [seat, old] of bots) {
    const bot: BotState = fresh ? { lang: old.lang, memory: {}, due: null } : seat === moved?.seat ? { ...old, memory: moved.memory } : old;
    const due = reschedule(state, seat, bot, room.pace.preset, now, (s) => bots.has(s));
    if (fresh || bot !== old || due?.key !== old.due?.key || due?.at !== old.due?.at) core.store.saveBot(seat, { ...bot, due });
  }
}
