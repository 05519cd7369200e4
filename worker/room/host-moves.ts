// The host's moves (and the judge's: RULES.md 11), one function each. `hostMove` checks who may
// make the move; each function checks the room's phase, stores its change and returns it for the
// caller to publish. The engine's moves (pause, eject, a switch of pace, a hand-over) go through it.
import { RULESETS, isRulesetId, judgeRefusal, resolveOptions, seatCount, type Action } from '../engine/index.ts';
import { JUDGE_MOVES, dayCloseOf, dayModeOf, type HostMove } from '../protocol.ts';
import { botName, fillTarget } from './bots.ts';
import { applyGame, commitRoom, dropSeat, startGame } from './changes.ts';
import { refuse, type Change, type Dedupe, type Refusal, type RoomCore } from './context.ts';
import { CLOSE_REMOVED, revokeWhere } from './identity.ts';
import { REPLACE_LINK_MS } from './limits.ts';
import { leave, markAway, moveDevice } from './place-moves.ts';
import { deadlinesOf } from './roomview.ts';
import { scheduleRefusal } from './schedule.ts';
import type { Attachment } from './sockets.ts';
import { JUDGE_PLACE, TABLE_PLACE, type Place, type RoomRow, type SeatRow } from './storage.ts';
import { newSeed } from './tokens.ts';
import { voiceSettingRefusal } from './voice-ice.ts';
import { webhookRefusal } from './webhook.ts';

/** What every host move works with: the room, its seats, the move's id and time, and a link's fresh token. */
interface Host {
  core: RoomCore;
  room: RoomRow;
  seats: SeatRow[];
  dedupe: Dedupe;
  now: number;
  /** Made before anything was read (hashing awaits), for the moves that make a link. */
  fresh: { token: string; tokenHash: string } | null;
  /** The judge's place (not a host who judges) acting as the judge. */
  asJudge: boolean;
}

type Move<T extends HostMove['type']> = Extract<HostMove, { type: T }>;

/** A host frame's move: who may make it, then the move's own function. */
export function hostMove(core: RoomCore, room: RoomRow, who: Attachment, move: HostMove, dedupe: Dedupe, fresh: { token: string; tokenHash: string } | null): Change | Refusal {
  const seats = core.store.seats();
  const judge = who.judge ? core.store.judge() : null;
  const host = who.judge ? judge?.host === true : seats.some((s) => s.seat === who.seat && s.host);
  // RULES.md 11: the human judge (or dual's big joker) narrates, pauses, extends and ejects; the host does the rest.
  const judging = who.judge === true || (who.seat !== null && core.bigJokerSeat(room) === who.seat);
  if (move.type === 'narrate' && !judging) return refuse(403, 'room/not-judge', 'only the judge narrates');
  if (move.type === 'leave') return leave(core, room, who, seats, dedupe);
  if (move.type === 'move-device') return moveDevice(core, room, who, dedupe, fresh);
  if (move.type === 'away') return markAway(core, room, who, move.until, dedupe);
  if (!host && !(judging && JUDGE_MOVES.includes(move.type))) return refuse(403, 'room/not-host', 'only the host can do this');
  const now = core.now();
  room.lastActivity = now;
  // The judge's place (not a host who judges) acts as the judge: the engine bars it once the app has
  // taken over (O15); the room refuses early with the engine's own error.
  const asJudge = judging && !host && JUDGE_MOVES.includes(move.type);
  const game = asJudge ? core.loadGame() : null;
  const barred = game ? judgeRefusal(game) : null;
  if (barred) return refuse(409, barred[0], barred[1]);
  const h: Host = { core, room, seats, dedupe, now, fresh, asJudge };
  switch (move.type) {
    case 'eject':
    case 'pause':
    case 'resume':
    case 'extend':
    case 'narrate':
      return judgeMove(h, move);
    case 'prod':
      return prod(h, move);
    case 'configure':
      return configure(h, move);
    case 'play-again':
      return playAgain(h);
    case 'start':
      if (room.status !== 'lobby') return refuse(409, 'room/not-lobby', 'the game has already started');
      return startGame(core, room, now, dedupe);
    case 'schedule-start':
      return scheduleStart(h, move);
    case 'set-pace':
      return setPace(h, move);
    case 'remove-seat':
      return removeSeat(h, move);
    case 'add-bot':
    case 'fill-bots':
      return addBots(h, move);
    case 'hand-to-bot':
      return handToBot(h, move);
    case 'replace-seat':
      return replaceSeat(h, move);
    case 'webhook':
      return setWebhook(h, move);
    case 'invite':
      return invite(h, move);
  }
}

/** The engine's table moves; a judge's move is marked: a judge who pauses and vanishes cannot hold an async game forever (O15). */
function judgeMove({ core, room, dedupe, now, asJudge }: Host, move: Move<'eject' | 'pause' | 'resume' | 'extend' | 'narrate'>): Change | Refusal {
  return applyGame(core, room, { ...move, ...(asJudge ? { by: 'judge' } : {}), at: now } as Action, dedupe);
}

/** The host's prod: whether the seat owes anything (a night call) is not the host's to know, so the answer is the same ack. */
function prod({ core, room, seats, dedupe }: Host, move: Move<'prod'>): Change | Refusal {
  if (room.status !== 'playing') return refuse(409, 'room/no-game', 'no game is being played');
  if (!seats.some((s) => s.seat === move.seat)) return refuse(404, 'room/seat-unknown', `there is no seat ${move.seat}`);
  commitRoom(core, room, dedupe);
  return { roomChanged: false, prod: move.seat };
}

/** The lobby's settings; turning a kind of place off lets its sockets go. */
function configure({ core, room, seats, dedupe }: Host, move: Move<'configure'>): Change | Refusal {
  if (room.status !== 'lobby') return refuse(409, 'room/not-lobby', 'settings change only in the lobby');
  if (!isRulesetId(move.ruleset)) return refuse(400, 'room/bad-ruleset', `unknown ruleset "${move.ruleset}"`);
  const options = resolveOptions(move.ruleset, move.options);
  if (!options.ok) return refuse(400, 'room/bad-options', options.message);
  const noRelay = (move.table ?? room.table) ? null : voiceSettingRefusal(core.env, move.voice);
  if (noRelay) return noRelay;
  const max = seatCount(move.ruleset, RULESETS[move.ruleset].maxPlayers, options.options);
  if (seats.length > max) return refuse(409, 'room/too-many-seats', `${move.ruleset} seats at most ${max}; remove seats first`);
  room.ruleset = move.ruleset;
  room.options = options.options;
  if (move.pace) room.pace = move.pace;
  const dropSpectators = move.spectators === false && room.spectators;
  if (move.spectators !== undefined) room.spectators = move.spectators;
  const dropJudge = move.humanJudge === false && core.store.judge() !== null;
  if (move.humanJudge !== undefined) room.humanJudge = move.humanJudge;
  const dropTable = move.table === false && room.table;
  if (move.table !== undefined) room.table = move.table;
  if (move.voice !== undefined) room.voice = move.voice;
  // Face to face the table talks out loud: voice stays off.
  if (room.table) room.voice = 'off';
  commitRoom(core, room, dedupe, () => {
    if (dropJudge) core.store.removeJudge();
  });
  if (dropJudge) revokeWhere(core, (a) => a.judge === true, CLOSE_REMOVED, 'room/removed', 'the host turned the human judge off');
  // Only spectators: the judge has no seat either, but is not a spectator.
  if (dropTable) revokeWhere(core, (a) => a.table === true, CLOSE_REMOVED, 'room/not-table', 'the host turned face-to-face play off');
  // The table screen is a spectator admitted by its own token: spectators off does not close it.
  if (dropSpectators) revokeWhere(core, (a) => a.spectator && !a.table, CLOSE_REMOVED, 'room/spectators-off', 'the host turned spectators off');
  return { roomChanged: true };
}

/**
 * Back to the lobby with the same seats: seats may leave or join, the host starts when ready.
 * Scores and the previous game's first victim (repeat-first-kill) stay on the room row.
 */
function playAgain({ core, room, dedupe }: Host): Change | Refusal {
  if (room.status !== 'over') return refuse(409, 'room/not-over', 'play again once the game is over');
  room.status = 'lobby';
  commitRoom(core, room, dedupe);
  return { roomChanged: true };
}

/** A start at a set time (null: none); the room's clock starts it (worker/room/clock.ts). */
function scheduleStart({ core, room, dedupe, now }: Host, move: Move<'schedule-start'>): Change | Refusal {
  if (room.status !== 'lobby') return refuse(409, 'room/not-lobby', 'a start is scheduled in the lobby');
  const bad = move.at === null ? null : scheduleRefusal(move.at, now);
  if (bad) return refuse(400, 'room/bad-schedule', bad);
  room.schedule = move.at === null ? null : { at: move.at, reminded: false };
  commitRoom(core, room, dedupe);
  return { roomChanged: true };
}

/** A switch of pace mid-game: the engine logs it for the table; bots follow room.pace from their next step. */
function setPace({ core, room, dedupe, now }: Host, move: Move<'set-pace'>): Change | Refusal {
  const next = move.pace;
  const dayCloses = dayCloseOf(next);
  room.pace = next;
  const change = applyGame(core, room, { type: 'set-pace', preset: next.preset, pace: deadlinesOf(next), day: dayModeOf(next), ...(dayCloses ? { dayCloses } : {}), at: now }, dedupe);
  return 'ok' in change ? change : { ...change, roomChanged: true };
}

/** A lobby seat removed by the host; the rest are renumbered. */
function removeSeat({ core, room, seats, dedupe }: Host, move: Move<'remove-seat'>): Change | Refusal {
  if (room.status !== 'lobby') return refuse(409, 'room/not-lobby', 'seats can be removed only in the lobby');
  const target = seats.find((s) => s.seat === move.seat);
  if (!target) return refuse(404, 'room/seat-unknown', `there is no seat ${move.seat}`);
  if (target.host) return refuse(409, 'room/is-host', 'the host cannot remove their own seat');
  dropSeat(core, room, move.seat, dedupe, 'room/removed', 'the host removed your seat');
  return { roomChanged: true };
}

/** One bot, or as many as make the table legal to start, seated in the lobby under names of their language. */
function addBots({ core, room, seats, dedupe }: Host, move: Move<'add-bot' | 'fill-bots'>): Change | Refusal {
  if (room.status !== 'lobby') return refuse(409, 'room/not-lobby', 'bots are seated in the lobby; during a game the host hands an absent seat to a bot');
  const max = seatCount(room.ruleset, RULESETS[room.ruleset].maxPlayers, room.options);
  const target = move.type === 'add-bot' ? seats.length + 1 : fillTarget(room.ruleset, room.options, seats.length);
  if (seats.length >= max) return refuse(409, 'room/full', `the room is full (${max} seats)`);
  if (target === null || target <= seats.length) return refuse(409, 'room/table-legal', 'the table is already large enough to start: add bots one by one');
  const salt = newSeed();
  commitRoom(core, room, dedupe, () => {
    for (let seat = seats.length + 1; seat <= Math.min(target, max); seat++) {
      const name = botName(move.lang, (n) => core.store.nameTaken(n), `${salt}:${seat}`);
      core.store.addBotSeat(seat, name, { lang: move.lang, memory: {}, due: null });
    }
  });
  return { roomChanged: true };
}

/** An absent seat handed to a bot mid-game: the engine checks it is absent and logs it for everyone; its person's token retires. */
function handToBot({ core, room, seats, dedupe, now }: Host, move: Move<'hand-to-bot'>): Change | Refusal {
  const target = seats.find((s) => s.seat === move.seat);
  if (!target) return refuse(404, 'room/seat-unknown', `there is no seat ${move.seat}`);
  if (target.bot) return refuse(409, 'room/is-bot', `seat ${move.seat} is already played by a bot`);
  if (target.host) return refuse(409, 'room/is-host', 'the host keeps their own seat');
  const change = applyGame(core, room, { type: 'hand-to-bot', seat: move.seat, at: now }, dedupe, undefined, () => {
    core.store.retireToken(move.seat, 'room/handed-to-bot');
    core.store.makeBot(move.seat, { lang: move.lang, memory: {}, due: null });
  });
  if ('ok' in change) return change;
  revokeWhere(core, (a) => a.seat === move.seat, CLOSE_REMOVED, 'room/handed-to-bot', 'the host handed this seat to a bot');
  return { ...change, roomChanged: true };
}

/** A replacement link for a living seat; the engine checks again when the link is used (seating.ts), the host hears at once of a seat that cannot be taken over. */
function replaceSeat({ core, room, seats, dedupe, now, fresh }: Host, move: Move<'replace-seat'>): Change | Refusal {
  const game = room.status === 'playing' ? core.loadGame() : null;
  if (!game) return refuse(409, 'room/no-game', 'a seat is taken over during a game');
  const target = seats.find((s) => s.seat === move.seat);
  if (!target || move.seat > game.alive.length) return refuse(404, 'room/seat-unknown', `there is no seat ${move.seat}`);
  if (target.host) return refuse(409, 'room/is-host', 'the host keeps their own seat');
  if (!game.alive[move.seat - 1]) return refuse(409, 'game/seat-out', `seat ${move.seat} is out`);
  if (!fresh) return refuse(500, 'room/no-token', 'no link could be made');
  const expiresAt = now + REPLACE_LINK_MS;
  commitRoom(core, room, dedupe, () => core.store.saveInvite(move.seat, 'replace', fresh.tokenHash, now, expiresAt));
  return { roomChanged: false, reply: { type: 'invite', id: dedupe.id, place: move.seat, token: fresh.token, expiresAt, replace: true } };
}

/** The room's chat webhook (null: none); its URL never leaves the room (worker/room/webhook.ts). */
function setWebhook({ core, room, dedupe }: Host, move: Move<'webhook'>): Change | Refusal {
  const bad = move.url === null ? null : webhookRefusal(move.url);
  if (bad) return refuse(400, 'room/bad-webhook', bad);
  room.webhook = move.url === null ? null : { url: move.url, lang: move.lang };
  commitRoom(core, room, dedupe);
  return { roomChanged: true };
}

/**
 * A one-time link into a place. A link into a seat or the judge's place hands over its view: only in
 * the lobby, before any card is dealt; during a game the host has the replacement link, which the
 * table is told of. The table screen's link works in any phase.
 */
function invite({ core, room, seats, dedupe, now, fresh }: Host, move: Move<'invite'>): Change | Refusal {
  const place: Place = move.place === 'judge' ? JUDGE_PLACE : move.place === 'table' ? TABLE_PLACE : move.place;
  if (place !== TABLE_PLACE && room.status !== 'lobby') return refuse(409, 'room/not-lobby', 'links into a seat or the judge’s place are made in the lobby; during a game, give a seat a replacement player');
  if (place === TABLE_PLACE && !room.table) return refuse(409, 'room/not-table', 'this room is not played face to face');
  if (place === JUDGE_PLACE && !room.humanJudge) return refuse(409, 'room/no-judge', 'this room plays without a human judge');
  if (place > 0 && !seats.some((s) => s.seat === place)) return refuse(404, 'room/seat-unknown', `there is no seat ${place}`);
  if (!fresh) return refuse(500, 'room/no-token', 'no invitation could be made');
  commitRoom(core, room, dedupe, () => core.store.saveInvite(place, 'host', fresh.tokenHash, now));
  return { roomChanged: false, reply: { type: 'invite', id: dedupe.id, place: move.place, token: fresh.token } };
}
