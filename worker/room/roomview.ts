// The public face of the room around the game: names, seats, connections, settings. No roles.
import { PACE_PRESETS, RULESETS, seatCount, viewFor, type GameState, type Pace, type Seat } from '../engine/index.ts';
import { owedStep, type OwedKind } from '../engine/owed.ts';
import { ROOM_TTL_MS, type PaceSetting, type Presence, type RoomSummary, type RoomView } from '../protocol.ts';
import type { Attachment } from './sockets.ts';
import { fillTarget } from './bots.ts';
import { webhookShown } from './webhook.ts';
import type { JudgeRow, RoomRow, SeatRow } from './storage.ts';

/** The deadlines a pace setting puts in force. */
export function deadlinesOf(pace: PaceSetting): Pace {
  return { ...PACE_PRESETS[pace.preset], ...pace.custom };
}


/** Who is connected, from the open sockets' attachments. */
export function presenceOf(attachments: Attachment[], bots: Iterable<Seat> = []): Presence {
  // A bot is always at the table.
  const connected = new Set<number>(bots);
  let spectatorsWatching = 0;
  let judgeConnected = false;
  for (const a of attachments) {
    if (a.judge) judgeConnected = true;
    else if (a.seat !== null) connected.add(a.seat);
    else if (a.spectator) spectatorsWatching++;
  }
  return { connected: [...connected].sort((x, y) => x - y), judgeConnected, spectatorsWatching };
}

/** Whether two presence frames say the same (then none is sent). */
export function samePresence(a: Presence, b: Presence): boolean {
  return a.judgeConnected === b.judgeConnected && a.spectatorsWatching === b.spectatorsWatching && a.connected.join() === b.connected.join();
}

/**
 * The room as a viewer sees it; `you` is filled in per socket; `presence`: who that viewer is told is
 * connected (worker/room/presence-shown.ts); `prodded`: the current step's public prod marks (worker/room/prods.ts).
 */
export function roomView(room: RoomRow, seats: SeatRow[], judge: JudgeRow | null, presence: Presence, prodded: Seat[], now: number): Omit<RoomView, 'you'> {
  const away = awayNow(room, now);
  const connected = new Set(presence.connected);
  const { spectatorsWatching, judgeConnected } = presence;
  const rules = RULESETS[room.ruleset];
  return {
    code: room.code,
    ruleset: room.ruleset,
    options: room.options,
    pace: room.pace,
    deadlines: deadlinesOf(room.pace),
    spectators: room.spectators,
    status: room.status,
    gameNo: room.gameNo,
    // Counted in seats: dual seats one more than its players (the big joker's holder judges).
    minPlayers: seatCount(room.ruleset, rules.minPlayers, room.options),
    maxPlayers: seatCount(room.ruleset, rules.maxPlayers, room.options),
    fillTo: fillToOf(room, seats.length),
    // The seats that are not players: dual's big joker holder, who judges (0 with autoJudge and elsewhere).
    judgeSeats: seatCount(room.ruleset, rules.minPlayers, room.options) - rules.minPlayers,
    seats: seats.map((s) => ({ seat: s.seat, name: s.name, connected: connected.has(s.seat), host: s.host, score: s.score, ...(s.bot ? { bot: true as const } : {}), ...(away.has(s.seat) ? { away: away.get(s.seat)! } : {}) })),
    spectatorsWatching,
    humanJudge: room.humanJudge,
    table: room.table,
    voice: room.voice,
    webhook: webhookShown(room.webhook ?? null),
    judge: judge ? { name: judge.name, connected: judgeConnected, host: judge.host } : null,
    expiresAt: room.lastActivity + ROOM_TTL_MS,
    scheduledStart: room.status === 'lobby' && room.schedule ? { at: room.schedule.at, ...(room.schedule.missed ? { missed: room.schedule.missed } : {}) } : null,
    prodded,
  };
}

/** The seats marked away in the game being played, until a time still to come (a passed time clears the mark). */
export function awayNow(room: RoomRow, now: number): Map<Seat, number> {
  if (room.status !== 'playing' || room.away?.game !== room.gameNo) return new Map();
  return new Map(Object.entries(room.away.until).flatMap(([seat, until]) => (until > now ? [[Number(seat), until] as const] : [])));
}

/** The lobby's "fill with bots" target, when it would seat anyone. */
function fillToOf(room: RoomRow, seated: number): number | null {
  if (room.status !== 'lobby') return null;
  const to = fillTarget(room.ruleset, room.options, seated);
  return to !== null && to > seated ? to : null;
}

/** The room as the home page and "My games" see it, before joining: no names, no tokens. */
export function roomSummary(room: RoomRow, seats: number, judgeTaken: boolean): RoomSummary {
  const rules = RULESETS[room.ruleset];
  return {
    code: room.code,
    ruleset: room.ruleset,
    status: room.status,
    seats,
    minPlayers: seatCount(room.ruleset, rules.minPlayers, room.options),
    maxPlayers: seatCount(room.ruleset, rules.maxPlayers, room.options),
    spectators: room.spectators,
    humanJudge: room.humanJudge,
    judgeTaken,
  };
}

/** A seat's line in "My games": what it owes now, from its own view (the judge, or no game: nothing). */
export function seatSummary(game: GameState | null, seat: Seat | null): { seat: Seat | null; owes: OwedKind | null; until: number | null } {
  const owed = game && seat !== null && seat <= game.alive.length ? owedStep(viewFor(game, { kind: 'seat', seat })) : null;
  return { seat, owes: owed?.kind ?? null, until: owed?.until ?? null };
}
