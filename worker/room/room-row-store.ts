// The store's base: one transaction per change, the alarm, whether the room exists or expired, the
// room row and the facts kept in `meta`. Every frame reads these, so they are kept in memory (the
// object is their only writer, and every write goes through the store) and forgotten when a transaction fails.
import type { GameState, RulesetId, Seat } from '../engine/index.ts';
import type { Presence, VoiceSetting } from '../protocol.ts';
import type { PushMemo } from '../push/subscriptions.ts';
import type { BotState } from './bots.ts';
import type { ProdPlan } from './prods.ts';
import type { Webhook } from './webhook.ts';
import type { AwayMarks, JudgeRow, RoomRow, RoomStatus, ScheduledStart } from './rows.ts';
import { migrateSchema } from './schema.ts';

/**
 * The stored last activity may lag by this much: expiry is 30 days away, and without the lag
 * every action would rewrite the room row only to move the clock.
 */
export const ACTIVITY_GRAIN_MS = 60_000;

/** How soon an alarm already set may ring before what it is needed for (see setAlarm). */
export const EARLY_RING_MS = 120_000;

/** The room table's row as SQLite holds it. */
type RoomRecord = {
  code: string;
  ruleset: string;
  options: string;
  pace: string;
  spectators: number;
  host_hash: string;
  status: string;
  game_no: number;
  prev_first_victim: number;
  last_activity: number;
  human_judge: number;
};

/** Room facts kept as JSON in `meta`. */
type MetaKey = 'schedule' | 'webhook' | 'away' | 'presence' | 'dozed';

/** The seats table's row as SQLite holds it. */
export type SeatRecord = { seat: number; name: string; token_hash: string; score: number; host: number; bot: string | null };

/** What the store remembers between frames; undefined = read it from SQLite. */
export interface Remembered {
  exists?: true;
  expiredAt?: number | null;
  room?: RoomRecord | null;
  /** The last activity SQLite holds; `room` may be up to ACTIVITY_GRAIN_MS newer. */
  storedActivity?: number;
  /** The alarm this object set and that has not run yet. */
  alarm?: number;
  /** Played face to face, as `meta` holds it. */
  table?: boolean;
  /** The room's voice, as `meta` holds it. */
  voice?: VoiceSetting;
  /** The scheduled start, webhook and away marks as `meta` holds them (JSON text, '' for none). */
  schedule?: string;
  webhook?: string;
  away?: string;
  /** The presence the table was last shown in a game (worker/room/presence-shown.ts), as `meta` holds it. */
  presence?: string;
  /** The seats that dozed off this night (worker/room/presence-shown.ts), as `meta` holds it. */
  dozed?: string;
  /** The prod plan as the game row holds it (JSON text, '' for none). */
  prods?: string;
  /** The prod plan parsed from `prods` (read on every arming): kept, as a plan is never changed in place. */
  prodsParsed?: ProdPlan | null;
  /** The seats' rows, in seat order; dropped by every write to the seats. */
  seats?: SeatRecord[];
  /** Each bot seat's state parsed from the text its row held then (worker/room/seat-store.ts bots). */
  bots?: Map<number, { text: string; bot: BotState }>;
  /** The judge's row (null: none); dropped by every write to it. */
  judge?: JudgeRow | null;
  /** The applied action ids (`seat:space:id`) the `actions` table holds, and their numbers, oldest first. */
  applied?: Map<string, number>;
  /** The applied action ids the log's entries name (the moves that logged something, this game). */
  logged?: Set<string>;
  /** How many log entries follow the stored state (the journal a wake replays); undefined: write the state at the next move. */
  journal?: number;
  /** The push subscriptions and reminder mark (worker/push/subscriptions.ts). */
  push?: PushMemo;
  /** The game's fixed part as SQLite holds it: the very objects last written or read (worker/room/storage.ts). */
  fixed?: { gameNo: number } & Pick<GameState, 'setup' | 'roles' | 'deck' | 'commitment'>;
}

/** The room row and `meta`; SeatStore and RoomStore build on it. */
export class RoomRowStore {
  protected readonly storage: DurableObjectStorage;
  protected readonly sql: SqlStorage;
  protected remembered: Remembered = {};

  constructor(storage: DurableObjectStorage) {
    this.storage = storage;
    this.sql = storage.sql;
  }

  /** Where the room's PushStore remembers the subscriptions: forgotten with everything else when a change fails. */
  readonly pushMemo = (): PushMemo => (this.remembered.push ??= {});

  /** Runs `change` as one transaction; if it fails, nothing it wrote stays, here or in SQLite. */
  transaction<T>(change: () => T): T {
    try {
      return this.storage.transactionSync(change);
    } catch (error) {
      this.remembered = {};
      throw error;
    }
  }

  /**
   * Sets the alarm for `at`, unless the alarm already set rings by then and within EARLY_RING_MS of
   * `now`: in a live game every step moves the deadline a little later, and an alarm that rings early
   * finds nothing due and arms again (worker/room/clock.ts), which costs less than a write per step.
   * Further ahead (an async day, the expiry) the alarm is set exactly: an early ring there would wake
   * a sleeping room for nothing.
   */
  async setAlarm(at: number, now: number): Promise<void> {
    const set = this.remembered.alarm;
    if (set === at || (set !== undefined && set <= at && set - now <= EARLY_RING_MS)) return;
    this.remembered.alarm = undefined;
    await this.storage.setAlarm(at);
    this.remembered.alarm = at;
  }

  /** Forgets everything remembered (after an entry point threw, worker/room/failures.ts): the next read asks SQLite. */
  forget(): void {
    this.remembered = {};
  }

  /** The platform clears an alarm when it runs it: the next setAlarm must not be skipped. */
  alarmRan(): void {
    this.remembered.alarm = undefined;
  }

  /** Whether this object has ever been initialised (a room or a tombstone). */
  exists(): boolean {
    if (this.remembered.exists) return true;
    const found = this.sql.exec(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'`).toArray().length > 0;
    // Only "yes" is kept: a code nobody created stays unwritten, and init may create it later.
    if (found) this.remembered.exists = true;
    return found;
  }


  /**
   * Creates or migrates the schema (worker/room/schema.ts) in one transaction: a wake cut short
   * mid-upgrade leaves the tables and `schema_version` as the old build wrote them, never some steps
   * applied under the old version number (which the next wake would apply again). True when it upgraded a room.
   */
  migrate(): boolean {
    const upgraded = this.transaction(() => migrateSchema(this.sql));
    this.remembered.exists = true;
    return upgraded;
  }

  // ---------------------------------------------------------------- tombstone

  expiredAt(): number | null {
    if (this.remembered.expiredAt === undefined) {
      const row = this.sql.exec<{ value: string }>(`SELECT value FROM meta WHERE key = 'expired'`).toArray()[0];
      this.remembered.expiredAt = row ? Number(row.value) : null;
    }
    return this.remembered.expiredAt;
  }

  /** After deleteAll: the only thing left, so the code answers "expired" rather than "not found". */
  writeTombstone(at: number): void {
    this.sql.exec(`CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
    this.sql.exec(`INSERT OR REPLACE INTO meta (key, value) VALUES ('expired', ?)`, String(at));
    this.remembered = { exists: true, expiredAt: at, room: null, storedActivity: undefined };
  }

  // ---------------------------------------------------------------- room

  /** The room row; a fresh object each call, so a caller's edits count only once saved. */
  room(): RoomRow | null {
    if (this.remembered.room === undefined) {
      this.remembered.room = this.sql.exec<RoomRecord>(`SELECT * FROM room WHERE id = 1`).toArray()[0] ?? null;
      this.remembered.storedActivity = this.remembered.room?.last_activity;
    }
    const r = this.remembered.room;
    if (!r) return null;
    return {
      code: r.code,
      ruleset: r.ruleset as RulesetId,
      options: JSON.parse(r.options),
      pace: JSON.parse(r.pace),
      spectators: r.spectators === 1,
      hostHash: r.host_hash,
      status: r.status as RoomStatus,
      gameNo: r.game_no,
      previousFirstVictim: r.prev_first_victim,
      lastActivity: r.last_activity,
      humanJudge: r.human_judge === 1,
      table: this.tableMode(),
      voice: this.voiceSetting(),
      schedule: this.metaJson<ScheduledStart>('schedule'),
      webhook: this.metaJson<Webhook>('webhook'),
      away: this.metaJson<AwayMarks>('away') ?? undefined,
    };
  }

  /** The presence the table was last shown in a game (worker/room/presence-shown.ts); null in a room stored before it was kept. */
  shownPresence(): Presence | null {
    return this.metaJson<Presence>('presence');
  }

  /** Keeps the presence the table is shown from now on (written only when it changed). */
  saveShownPresence(presence: Presence): void {
    this.saveMetaJson('presence', presence);
  }

  /** The seats whose every socket went during this night (worker/room/presence-shown.ts). */
  dozed(): Seat[] {
    return this.metaJson<Seat[]>('dozed') ?? [];
  }

  /** Keeps the seats that dozed off this night (none: the table's presence moved on). */
  saveDozed(seats: readonly Seat[]): void {
    this.saveMetaJson('dozed', seats.length ? seats : null);
  }

  saveRoom(room: RoomRow): void {
    if (room.table !== this.tableMode()) {
      this.setMeta('table', room.table ? '1' : null);
      this.remembered.table = room.table;
    }
    if (room.voice !== this.voiceSetting()) {
      this.setMeta('voice', room.voice === 'off' ? null : room.voice);
      this.remembered.voice = room.voice;
    }
    this.saveMetaJson('schedule', room.schedule);
    if (room.webhook !== undefined) this.saveMetaJson('webhook', room.webhook);
    if (room.away !== undefined) this.saveMetaJson('away', Object.keys(room.away.until).length ? room.away : null);
    const r: RoomRecord = {
      code: room.code,
      ruleset: room.ruleset,
      options: JSON.stringify(room.options),
      pace: JSON.stringify(room.pace),
      spectators: room.spectators ? 1 : 0,
      host_hash: room.hostHash,
      status: room.status,
      game_no: room.gameNo,
      prev_first_victim: room.previousFirstVictim,
      last_activity: room.lastActivity,
      human_judge: room.humanJudge ? 1 : 0,
    };
    if (this.unchangedButClock(r)) {
      // Every frame still shows the newer time; only SQLite lags, by less than a grain.
      this.remembered.room = r;
      return;
    }
    this.sql.exec(
      `INSERT OR REPLACE INTO room (id, code, ruleset, options, pace, spectators, host_hash, status, game_no, prev_first_victim, last_activity, human_judge)
       VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      r.code,
      r.ruleset,
      r.options,
      r.pace,
      r.spectators,
      r.host_hash,
      r.status,
      r.game_no,
      r.prev_first_victim,
      r.last_activity,
      r.human_judge,
    );
    this.remembered.room = r;
    this.remembered.storedActivity = r.last_activity;
  }

  /** Whether the stored row differs from `r` only by a last activity less than a grain newer. */
  private unchangedButClock(r: RoomRecord): boolean {
    const stored = this.remembered.room;
    const storedActivity = this.remembered.storedActivity;
    if (!stored || storedActivity === undefined || r.last_activity - storedActivity >= ACTIVITY_GRAIN_MS || r.last_activity < stored.last_activity) return false;
    return (Object.keys(r) as (keyof RoomRecord)[]).every((k) => k === 'last_activity' || r[k] === stored[k]);
  }

  private tableMode(): boolean {
    return (this.remembered.table ??= this.meta('table') === '1');
  }

  /** The room's voice: rooms stored before it existed have none ('off'). */
  private voiceSetting(): VoiceSetting {
    return (this.remembered.voice ??= (this.meta('voice') as VoiceSetting | null) ?? 'off');
  }

  /** A JSON value kept in `meta` (remembered between frames), or null. */
  private metaJson<T>(key: MetaKey): T | null {
    const text = (this.remembered[key] ??= this.meta(key) ?? '');
    return text ? (JSON.parse(text) as T) : null;
  }

  /** Writes a JSON value to `meta` (null deletes it), only when it changed. */
  private saveMetaJson(key: MetaKey, value: object | null): void {
    const text = value ? JSON.stringify(value) : '';
    if ((this.remembered[key] ??= this.meta(key) ?? '') === text) return;
    this.setMeta(key, text || null);
    this.remembered[key] = text;
  }

  protected meta(key: string): string | null {
    return this.sql.exec<{ value: string }>(`SELECT value FROM meta WHERE key = ?`, key).toArray()[0]?.value ?? null;
  }

  /** Sets (or, with null, deletes) one `meta` value: room facts added after the schema, needing no migration. */
  protected setMeta(key: string, value: string | null): void {
    if (value === null) this.sql.exec(`DELETE FROM meta WHERE key = ?`, key);
    else this.sql.exec(`INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)`, key, value);
  }
}
