// What the Worker asks a room over RPC besides joining (seating.ts): set it up under a new code,
// its public summary (with a seat's own line for "My games"), and the finished game's record.
import { exportRecord, isRulesetId, resolveOptions, type GameRecord } from '../engine/index.ts';
import type { PaceSetting, RoomSummary, VoiceSetting } from '../protocol.ts';
import { arm } from './clock.ts';
import { refuse, type Refusal, type RoomCore } from './context.ts';
import { timingSafeEqual } from './identity.ts';
import { roomSummary, seatSummary } from './roomview.ts';
import type { RoomRow } from './storage.ts';

/** A new room's settings, as the Worker checked them. */
export interface RoomInit {
  code: string;
  ruleset: string;
  options: Record<string, string | number | boolean>;
  pace: PaceSetting;
  spectators: boolean;
  humanJudge: boolean;
  table: boolean;
  voice: VoiceSetting;
  hostHash: string;
}

/** Sets up a new room under this code; refuses if the code was ever used. */
export async function init(core: RoomCore, init: RoomInit): Promise<{ ok: true } | Refusal> {
  if (core.store.exists()) return refuse(409, 'room/exists', 'this code is taken');
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
    voice: init.table ? 'off' : init.voice,
    schedule: null,
    hostHash: init.hostHash,
    status: 'lobby',
    gameNo: 0,
    previousFirstVictim: 0,
    lastActivity: core.now(),
  };
  core.store.transaction(() => {
    core.store.migrate();
    core.store.saveRoom(room);
  });
  core.game = null;
  await arm(core, room);
  return { ok: true };
}

/** The public summary; with a seat token's hash, also that seat and what it owes (worker/engine/owed.ts). */
export function summary(core: RoomCore, tokenHash?: string): { ok: true; summary: RoomSummary } | Refusal {
  const room = core.roomOrRefusal();
  if ('ok' in room) return room;
  const summary = roomSummary(room, core.store.seats().length, core.store.judge() !== null);
  if (tokenHash === undefined) return { ok: true, summary };
  const seat = core.store.seatByToken(tokenHash);
  const judge = seat === null ? core.store.judge() : null;
  if (seat === null && !(judge && timingSafeEqual(judge.tokenHash, tokenHash))) return core.badToken(tokenHash);
  return { ok: true, summary: { ...summary, you: seatSummary(room.status === 'lobby' ? null : core.loadGame(), seat) } };
}

/** The finished game's record (RULES.md 2.10: the full log is everyone's once the game ends, never before). */
export function record(core: RoomCore): { ok: true; record: GameRecord } | Refusal {
  const room = core.roomOrRefusal();
  if ('ok' in room) return room;
  const game = core.loadGame();
  if (!game?.result) return refuse(409, 'room/game-running', 'the record is shown when the game is over');
  return { ok: true, record: exportRecord(game, new Map(core.store.seats().map((s) => [s.seat, s.name]))) };
}
