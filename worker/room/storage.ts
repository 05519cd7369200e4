// The room's SQLite tables and every query on them. All writes are synchronous; the caller wraps
// each change in one `transaction` so a change is stored whole or not at all.
// Every frame reads the room row, whether the room exists or expired, the seats (its identity check,
// the bots' schedule), the prod plan and the applied action ids: the store keeps those in memory (the
// object is their only writer, and every write goes through here) and forgets them when a transaction fails.
import type { GameState, LogEntry, OptionValue, RulesetId, Seat } from '../engine/index.ts';
import type { PaceSetting } from '../protocol.ts';
import { nameKey } from '../names.ts';
import type { BotState } from './bots.ts';
import type { ProdPlan } from './prods.ts';
import type { Webhook } from './webhook.ts';

/** A place at the table that holds a token: a seat number, or 0 for the human judge. */
export type Place = Seat | typeof JUDGE_PLACE | typeof TABLE_PLACE;
export const JUDGE_PLACE = 0;
/** The table screen of a room played face to face: a spectator admitted by its own token. */
export const TABLE_PLACE = -1;
/** Game moves (`act`) and host moves (`host`) keep separate action ids. */
export type ActionSpace = 'act' | 'host';
/**
 * What a one-time link does: the host's link into a place (the lobby only: the judge's, a seat's, the
 * table screen's), a seat's own link to move to another device, or a replacement link for a living seat.
 */
export type InviteKind = 'host' | 'move' | 'replace';
/** Why a seat's person was let go for good: the error code their device is refused with. */
export type RetiredWhy = 'room/replaced' | 'room/handed-to-bot';

export const SCHEMA_VERSION = 8;
/** How many applied action ids the room remembers for dedupe. */
export const KEEP_ACTION_IDS = 500;
/**
 * The stored last activity may lag by this much: expiry is 30 days away, and without the lag
 * every action would rewrite the room row only to move the clock.
 */
export const ACTIVITY_GRAIN_MS = 60_000;

export type RoomStatus = 'lobby' | 'playing' | 'over';

export interface RoomRow {
  code: string;
  ruleset: RulesetId;
  options: Record<string, OptionValue>;
  pace: PaceSetting;
  spectators: boolean;
  hostHash: string;
  status: RoomStatus;
  gameNo: number;
  previousFirstVictim: Seat | 0;
  lastActivity: number;
  humanJudge: boolean;
  /** Played face to face: a table screen is the judge's voice; kept in `meta` (no column). */
  table: boolean;
  /** The host's scheduled start, in the lobby; kept in `meta` (no column). */
  schedule: ScheduledStart | null;
  /** The room's incoming webhook, or null; kept in `meta`. Its URL never leaves the room. */
  webhook?: Webhook | null;
  /** Seats marked "away until" in game `game`; kept in `meta`. Absent: none. */
  away?: AwayMarks;
}

/** A scheduled start: when, whether the hour-before notice went out, and why it could not start (an error code). */
export interface ScheduledStart {
  at: number;
  reminded: boolean;
  missed?: string;
}

/** Each seat's "away until" time in one game (a new game starts with none). */
export interface AwayMarks {
  game: number;
  until: Record<Seat, number>;
}

/** The human judge's place: a participant without a seat. */
export interface JudgeRow {
  name: string;
  tokenHash: string;
  host: boolean;
}

export interface SeatRow {
  seat: Seat;
  name: string;
  tokenHash: string;
  score: number;
  host: boolean;
  /** A bot's seat: no token, no socket; the room plays it. Null for a person. */
  bot: BotState | null;
}

/** The token hash a bot seat holds instead of a person's: no token hashes to it (a SHA-256 in base64url has no colon). */
const BOT_TOKEN = 'bot:';

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

/** Room facts kept as JSON in `meta` (and the current step's prod plan). */
type MetaKey = 'schedule' | 'webhook' | 'away' | 'prods';

/** The seats table's row as SQLite holds it. */
type SeatRecord = { seat: number; name: string; token_hash: string; score: number; host: number; bot: string | null };

/** What the store remembers between frames; undefined = read it from SQLite. */
interface Remembered {
  exists?: true;
  expiredAt?: number | null;
  room?: RoomRecord | null;
  /** The last activity SQLite holds; `room` may be up to ACTIVITY_GRAIN_MS newer. */
  storedActivity?: number;
  /** The alarm this object set and that has not run yet. */
  alarm?: number;
  /** Played face to face, as `meta` holds it. */
  table?: boolean;
  /** The scheduled start, webhook, away marks and prod plan as `meta` holds them (JSON text, '' for none). */
  schedule?: string;
  webhook?: string;
  away?: string;
  prods?: string;
  /** The seats' rows, in seat order; dropped by every write to the seats. */
  seats?: SeatRecord[];
  /** The judge's row (null: none); dropped by every write to it. */
  judge?: JudgeRow | null;
  /** The applied action ids (`seat:space:id`) and their numbers, oldest first. */
  applied?: Map<string, number>;
}

export class RoomStore {
  private readonly storage: DurableObjectStorage;
  private readonly sql: SqlStorage;
  private remembered: Remembered = {};

  constructor(storage: DurableObjectStorage) {
    this.storage = storage;
    this.sql = storage.sql;
  }

  /** Runs `change` as one transaction; if it fails, nothing it wrote stays, here or in SQLite. */
  transaction<T>(change: () => T): T {
    try {
      return this.storage.transactionSync(change);
    } catch (error) {
      this.remembered = {};
      throw error;
    }
  }

  /** Sets the alarm, unless it is already set for that time (most actions keep the step's deadline). */
  async setAlarm(at: number): Promise<void> {
    if (this.remembered.alarm === at) return;
    this.remembered.alarm = undefined;
    await this.storage.setAlarm(at);
    this.remembered.alarm = at;
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

  /** Creates or migrates the schema; idempotent, cheap enough for every cold start. True when it upgraded a room. */
  migrate(): boolean {
    this.sql.exec(`CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
    const row = this.sql.exec<{ value: string }>(`SELECT value FROM meta WHERE key = 'schema_version'`).toArray()[0];
    const version = row ? Number(row.value) : 0;
    if (version < 1) {
      this.sql.exec(`CREATE TABLE IF NOT EXISTS room (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        code TEXT NOT NULL, ruleset TEXT NOT NULL, options TEXT NOT NULL, pace TEXT NOT NULL,
        spectators INTEGER NOT NULL, host_hash TEXT NOT NULL, status TEXT NOT NULL,
        game_no INTEGER NOT NULL, prev_first_victim INTEGER NOT NULL, last_activity INTEGER NOT NULL)`);
      this.sql.exec(`CREATE TABLE IF NOT EXISTS seats (
        seat INTEGER PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,
        token_hash TEXT NOT NULL UNIQUE, score INTEGER NOT NULL DEFAULT 0, host INTEGER NOT NULL DEFAULT 0)`);
      this.sql.exec(`CREATE TABLE IF NOT EXISTS game (id INTEGER PRIMARY KEY CHECK (id = 1), game_no INTEGER NOT NULL, state TEXT NOT NULL)`);
      this.sql.exec(`CREATE TABLE IF NOT EXISTS events (game_no INTEGER NOT NULL, seq INTEGER NOT NULL, json TEXT NOT NULL, PRIMARY KEY (game_no, seq))`);
      this.sql.exec(`CREATE TABLE IF NOT EXISTS actions (n INTEGER PRIMARY KEY AUTOINCREMENT, seat INTEGER NOT NULL, id TEXT NOT NULL, UNIQUE (seat, id))`);
    }
    if (version < 2) {
      // v2: the human judge (RULES.md 11).
      this.sql.exec(`ALTER TABLE room ADD COLUMN human_judge INTEGER NOT NULL DEFAULT 0`);
      this.sql.exec(`CREATE TABLE IF NOT EXISTS judge (
        id INTEGER PRIMARY KEY CHECK (id = 1), name TEXT NOT NULL, name_key TEXT NOT NULL,
        token_hash TEXT NOT NULL UNIQUE, host INTEGER NOT NULL DEFAULT 0)`);
    }
    if (version < 3) {
      // v3: Web Push subscriptions, one row per device, owned by a seat (worker/push/subscriptions.ts).
      this.sql.exec(`CREATE TABLE IF NOT EXISTS push_subscriptions (
        endpoint TEXT PRIMARY KEY, seat INTEGER NOT NULL, p256dh TEXT NOT NULL, auth TEXT NOT NULL,
        lang TEXT NOT NULL, created INTEGER NOT NULL)`);
    }
    if (version < 4) {
      // v4: game moves and host moves keep their action ids apart (a host move reusing a game
      // move's id was silently dropped); the table only dedupes retries, so it starts empty.
      this.sql.exec(`DROP TABLE IF EXISTS actions`);
      this.sql.exec(`CREATE TABLE actions (n INTEGER PRIMARY KEY AUTOINCREMENT, seat INTEGER NOT NULL, space TEXT NOT NULL, id TEXT NOT NULL, UNIQUE (seat, space, id))`);
      // One-time links from the host: the judge's place, or back into a seat whose token was lost.
      this.sql.exec(`CREATE TABLE IF NOT EXISTS invites (place INTEGER PRIMARY KEY, token_hash TEXT NOT NULL UNIQUE, created INTEGER NOT NULL)`);
      // Names compare after NFKC, stripping invisibles and case folding (worker/names.ts).
      for (const t of ['seats', 'judge']) {
        for (const r of this.sql.exec<{ rowid: number; name: string }>(`SELECT rowid, name FROM ${t}`).toArray()) {
          this.sql.exec(`UPDATE ${t} SET name_key = ? WHERE rowid = ?`, nameKey(r.name), r.rowid);
        }
      }
    }
    if (version < 5) {
      // v5: bots: a bot seat keeps its language, memory and next action time here.
      this.sql.exec(`ALTER TABLE seats ADD COLUMN bot TEXT`);
    }
    if (version < 6) {
      // v6: a seat's own "move to another device" link lapses (null: the host's links do not).
      this.sql.exec(`ALTER TABLE invites ADD COLUMN expires INTEGER`);
    }
    if (version < 7) {
      // v7: a replacement link seats a new person (with a name) in a living seat; the
      // tokens of players who were replaced or handed to a bot are kept, hashed, to tell them why.
      this.sql.exec(`ALTER TABLE invites ADD COLUMN replace INTEGER NOT NULL DEFAULT 0`);
      this.sql.exec(`CREATE TABLE IF NOT EXISTS retired_tokens (token_hash TEXT PRIMARY KEY, seat INTEGER NOT NULL, why TEXT NOT NULL)`);
    }
    if (version < 8) this.migrateTo8(version);
    if (version !== SCHEMA_VERSION) {
      this.sql.exec(`INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)`, String(SCHEMA_VERSION));
    }
    this.remembered.exists = true;
    return version > 0 && version < SCHEMA_VERSION;
  }

  /**
   * v8: a place may hold one link of each kind at once (a seat's own move link no longer cancels the
   * host's replacement link for it); and a standing pause that builds before schema 8 may have logged
   * without `by`, in a room whose human judge is not the host, is taken as the judge's (O15).
   */
  private migrateTo8(version: number): void {
    this.sql.exec(`CREATE TABLE invites_v8 (token_hash TEXT PRIMARY KEY, place INTEGER NOT NULL, kind TEXT NOT NULL, created INTEGER NOT NULL, expires INTEGER, UNIQUE (place, kind))`);
    // The steps above have made the v7 table in every case (a new room included).
    this.sql.exec(`INSERT INTO invites_v8 (token_hash, place, kind, created, expires)
      SELECT token_hash, place, CASE WHEN replace = 1 THEN 'replace' WHEN expires IS NOT NULL THEN 'move' ELSE 'host' END, created, expires FROM invites`);
    this.sql.exec(`DROP TABLE IF EXISTS invites`);
    this.sql.exec(`ALTER TABLE invites_v8 RENAME TO invites`);
    const judge = this.sql.exec<{ host: number }>(`SELECT host FROM judge WHERE id = 1`).toArray()[0];
    const game = this.sql.exec<{ game_no: number; state: string }>(`SELECT game_no, state FROM game WHERE id = 1`).toArray()[0];
    if (!judge || judge.host === 1 || !game) return;
    const state = JSON.parse(game.state) as Pick<GameState, 'pausedRemaining' | 'result'>;
    if (state.pausedRemaining === null || state.result) return;
    const paused = this.sql
      .exec<{ seq: number; json: string }>(`SELECT seq, json FROM events WHERE game_no = ? AND json LIKE '%"type":"paused"%' ORDER BY seq DESC LIMIT 1`, game.game_no)
      .toArray()[0];
    if (!paused) return;
    const entry = JSON.parse(paused.json) as LogEntry;
    if (entry.event.type !== 'paused' || entry.event.by !== undefined) return;
    entry.event = { type: 'paused', by: 'judge' };
    this.sql.exec(`UPDATE events SET json = ? WHERE game_no = ? AND seq = ?`, JSON.stringify(entry), game.game_no, paused.seq);
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
      schedule: this.metaJson<ScheduledStart>('schedule'),
      webhook: this.metaJson<Webhook>('webhook'),
      away: this.metaJson<AwayMarks>('away') ?? undefined,
    };
  }

  saveRoom(room: RoomRow): void {
    if (room.table !== this.tableMode()) {
      this.setMeta('table', room.table ? '1' : null);
      this.remembered.table = room.table;
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

  private meta(key: string): string | null {
    return this.sql.exec<{ value: string }>(`SELECT value FROM meta WHERE key = ?`, key).toArray()[0]?.value ?? null;
  }

  /** Sets (or, with null, deletes) one `meta` value: room facts added after the schema, needing no migration. */
  private setMeta(key: string, value: string | null): void {
    if (value === null) this.sql.exec(`DELETE FROM meta WHERE key = ?`, key);
    else this.sql.exec(`INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)`, key, value);
  }

  // ---------------------------------------------------------------- seats

  seats(): SeatRow[] {
    return this.seatRows().map((r) => ({ seat: r.seat, name: r.name, tokenHash: r.token_hash, score: r.score, host: r.host === 1, bot: r.bot === null ? null : (JSON.parse(r.bot) as BotState) }));
  }

  /** The seats' rows as stored (remembered; callers get fresh objects from `seats` and `bots`). */
  private seatRows(): SeatRecord[] {
    return (this.remembered.seats ??= this.sql.exec<SeatRecord>(`SELECT seat, name, token_hash, score, host, bot FROM seats ORDER BY seat`).toArray());
  }

  /** Every write to the seats goes through here, so the remembered rows are read again. */
  private seatsChanged(): void {
    this.remembered.seats = undefined;
  }

  /** The bot seats and what the room keeps for each. */
  bots(): Map<Seat, BotState> {
    const bots = new Map<Seat, BotState>();
    for (const r of this.seatRows()) if (r.bot !== null) bots.set(r.seat, JSON.parse(r.bot) as BotState);
    return bots;
  }

  /** Seats a bot (lobby); it holds no token. */
  addBotSeat(seat: Seat, name: string, bot: BotState): void {
    this.seatsChanged();
    this.sql.exec(
      `INSERT INTO seats (seat, name, name_key, token_hash, score, host, bot) VALUES (?, ?, ?, ?, 0, 0, ?)`,
      seat,
      name,
      nameKey(name),
      BOT_TOKEN + crypto.randomUUID(),
      JSON.stringify(bot),
    );
  }

  /** A person's seat goes to a bot: their token stops working and their devices' notifications stop. */
  makeBot(seat: Seat, bot: BotState): void {
    this.seatsChanged();
    this.sql.exec(`UPDATE seats SET token_hash = ?, bot = ? WHERE seat = ?`, BOT_TOKEN + crypto.randomUUID(), JSON.stringify(bot), seat);
    this.sql.exec(`DELETE FROM push_subscriptions WHERE seat = ?`, seat);
  }

  /** Stores a bot's memory and schedule. */
  saveBot(seat: Seat, bot: BotState): void {
    const text = JSON.stringify(bot);
    this.sql.exec(`UPDATE seats SET bot = ? WHERE seat = ? AND bot IS NOT NULL`, text, seat);
    // The remembered rows are never handed out: the bot's row is brought up to date in place.
    const row = this.remembered.seats?.find((r) => r.seat === seat);
    if (row && row.bot !== null) row.bot = text;
  }

  seatByToken(tokenHash: string): Seat | null {
    return this.seatRows().find((r) => r.token_hash === tokenHash)?.seat ?? null;
  }

  nameTaken(name: string): boolean {
    const key = nameKey(name);
    return this.sql.exec(`SELECT 1 FROM seats WHERE name_key = ? UNION SELECT 1 FROM judge WHERE name_key = ?`, key, key).toArray().length > 0;
  }

  addSeat(seat: Seat, name: string, tokenHash: string, host: boolean): void {
    this.seatsChanged();
    if (host) this.clearHost();
    this.sql.exec(
      `INSERT INTO seats (seat, name, name_key, token_hash, score, host) VALUES (?, ?, ?, ?, 0, ?)`,
      seat,
      name,
      nameKey(name),
      tokenHash,
      host ? 1 : 0,
    );
  }

  // ---------------------------------------------------------------- tokens
  // A place's credential is the hash of its current token. Replacing it is the only way a token
  // stops working: every socket carries the hash it connected with, and worker/room/identity.ts
  // compares it with this row on every frame.

  /** The current token hash of a place (a seat number, or JUDGE_PLACE), or null if it is empty. */
  tokenHashOf(place: Place): string | null {
    if (place === JUDGE_PLACE) return this.judge()?.tokenHash ?? null;
    if (place === TABLE_PLACE) return this.meta('table_hash');
    return this.seatRows().find((r) => r.seat === place)?.token_hash ?? null;
  }

  /** Gives a place a new token; the old one stops working at once. */
  replaceToken(place: Place, tokenHash: string): void {
    this.seatsChanged();
    this.judgeChanged();
    if (place === JUDGE_PLACE) this.sql.exec(`UPDATE judge SET token_hash = ?`, tokenHash);
    else if (place === TABLE_PLACE) this.setMeta('table_hash', tokenHash);
    else {
      // A seat taken back from a bot through the host's link is a person's again.
      this.sql.exec(`UPDATE seats SET token_hash = ?, bot = NULL WHERE seat = ?`, tokenHash, place);
      // The signed-out devices must not go on receiving this seat's notifications.
      this.sql.exec(`DELETE FROM push_subscriptions WHERE seat = ?`, place);
    }
  }

  /**
   * Keeps one link of each kind per place; a newer one replaces the older of its kind, and links of
   * other kinds stay valid until one of them is used. `expires`: when it lapses (null: never).
   */
  saveInvite(place: Place, kind: InviteKind, tokenHash: string, at: number, expires: number | null = null): void {
    this.sql.exec(`DELETE FROM invites WHERE place = ? AND kind = ?`, place, kind);
    this.sql.exec(`INSERT INTO invites (token_hash, place, kind, created, expires) VALUES (?, ?, ?, ?, ?)`, tokenHash, place, kind, at, expires);
  }

  /** Uses up an invitation: the place's token changes, so every link to it goes. Returns the place, or null. */
  takeInvite(tokenHash: string): Place | null {
    const r = this.sql.exec<{ place: number }>(`SELECT place FROM invites WHERE token_hash = ?`, tokenHash).toArray()[0];
    if (!r) return null;
    this.sql.exec(`DELETE FROM invites WHERE place = ?`, r.place);
    return r.place;
  }

  /** The invitation's place, kind and when it lapses (null: never), without using it up. */
  inviteOf(tokenHash: string): { place: Place; kind: InviteKind; expires: number | null } | null {
    const r = this.sql.exec<{ place: number; kind: string; expires: number | null }>(`SELECT place, kind, expires FROM invites WHERE token_hash = ?`, tokenHash).toArray()[0];
    return r ? { place: r.place, kind: r.kind as InviteKind, expires: r.expires } : null;
  }

  /**
   * Invitations end with their game: at a start and at the end, the host's links into seats and the
   * judge's place (made in the lobby) and the replacement links go; a seat's own move link (minutes
   * long, its own place) and the table screen's link stay.
   */
  endInvitations(): void {
    this.sql.exec(`DELETE FROM invites WHERE kind = 'replace' OR (kind = 'host' AND place <> ?)`, TABLE_PLACE);
  }

  /**
   * Before a seat's person is let go for good (replaced, handed to a bot): keeps their token's hash
   * with the reason, so that device is told why it is refused (a bot seat's stand-in hash is no token).
   */
  retireToken(seat: Seat, why: RetiredWhy): void {
    const hash = this.tokenHashOf(seat);
    if (hash === null || hash.startsWith(BOT_TOKEN)) return;
    this.sql.exec(`INSERT OR REPLACE INTO retired_tokens (token_hash, seat, why) VALUES (?, ?, ?)`, hash, seat, why);
  }

  /** Why a token that names nobody was let go, if it once held a seat of this room. */
  retired(tokenHash: string): { seat: Seat; why: RetiredWhy } | null {
    const r = this.sql.exec<{ seat: number; why: string }>(`SELECT seat, why FROM retired_tokens WHERE token_hash = ?`, tokenHash).toArray()[0];
    return r ? { seat: r.seat, why: r.why as RetiredWhy } : null;
  }

  /** A seat's new name (a replacement), kept unique like a join's. */
  renameSeat(seat: Seat, name: string): void {
    this.seatsChanged();
    this.sql.exec(`UPDATE seats SET name = ?, name_key = ? WHERE seat = ?`, name, nameKey(name), seat);
  }

  /** The current step's automatic prods (worker/room/prods.ts), or null before the first step. */
  prods(): ProdPlan | null {
    return this.metaJson<ProdPlan>('prods');
  }

  saveProds(plan: ProdPlan | null): void {
    this.saveMetaJson('prods', plan);
  }

  // ---------------------------------------------------------------- the human judge

  judge(): JudgeRow | null {
    if (this.remembered.judge === undefined) {
      const r = this.sql.exec<{ name: string; token_hash: string; host: number }>(`SELECT name, token_hash, host FROM judge WHERE id = 1`).toArray()[0];
      this.remembered.judge = r ? { name: r.name, tokenHash: r.token_hash, host: r.host === 1 } : null;
    }
    const judge = this.remembered.judge;
    return judge && { ...judge };
  }

  /** Every write to the judge's row goes through here, so the remembered row is read again. */
  private judgeChanged(): void {
    this.remembered.judge = undefined;
  }

  setJudge(name: string, tokenHash: string, host: boolean): void {
    this.judgeChanged();
    if (host) this.clearHost();
    this.sql.exec(`INSERT INTO judge (id, name, name_key, token_hash, host) VALUES (1, ?, ?, ?, ?)`, name, nameKey(name), tokenHash, host ? 1 : 0);
  }

  removeJudge(): void {
    this.judgeChanged();
    this.sql.exec(`DELETE FROM judge`);
    this.sql.exec(`DELETE FROM invites WHERE place = ?`, JUDGE_PLACE);
  }

  /** The host mark moves to whoever joins with the host token. */
  private clearHost(): void {
    this.seatsChanged();
    this.judgeChanged();
    this.sql.exec(`UPDATE seats SET host = 0`);
    this.sql.exec(`UPDATE judge SET host = 0`);
  }

  /** Removes a seat and renumbers the others 1..N in order; returns old seat -> new seat. */
  removeSeat(seat: Seat): Map<Seat, Seat> {
    this.seatsChanged();
    this.remembered.applied = undefined;
    this.sql.exec(`DELETE FROM seats WHERE seat = ?`, seat);
    this.sql.exec(`DELETE FROM push_subscriptions WHERE seat = ?`, seat);
    const moves = new Map<Seat, Seat>();
    const rest = this.sql.exec<{ seat: number }>(`SELECT seat FROM seats ORDER BY seat`).toArray();
    rest.forEach((r, i) => {
      if (r.seat !== i + 1) {
        this.sql.exec(`UPDATE seats SET seat = ? WHERE seat = ?`, i + 1, r.seat);
        // A device's notifications follow its player to the new seat number.
        this.sql.exec(`UPDATE push_subscriptions SET seat = ? WHERE seat = ?`, i + 1, r.seat);
        moves.set(r.seat, i + 1);
      }
    });
    // Applied ids and invitations belong to seat numbers; renumbered seats start with a clean slate.
    this.sql.exec(`DELETE FROM actions`);
    this.sql.exec(`DELETE FROM invites WHERE place > 0`);
    return moves;
  }

  addScore(seats: Seat[]): void {
    this.seatsChanged();
    for (const seat of seats) this.sql.exec(`UPDATE seats SET score = score + 1 WHERE seat = ?`, seat);
  }

  // ---------------------------------------------------------------- game

  /** The stored game with its log rebuilt from the events table, or null before the first game. */
  loadGame(): GameState | null {
    const row = this.sql.exec<{ game_no: number; state: string }>(`SELECT game_no, state FROM game WHERE id = 1`).toArray()[0];
    if (!row) return null;
    const state = JSON.parse(row.state) as GameState;
    state.log = this.sql
      .exec<{ json: string }>(`SELECT json FROM events WHERE game_no = ? ORDER BY seq`, row.game_no)
      .toArray()
      .map((r) => JSON.parse(r.json) as LogEntry);
    return state;
  }

  /** Stores the state (without its log) and appends the new log entries. */
  saveGame(gameNo: number, state: GameState, newEvents: readonly LogEntry[]): void {
    const { log: _log, ...rest } = state;
    this.sql.exec(`INSERT OR REPLACE INTO game (id, game_no, state) VALUES (1, ?, ?)`, gameNo, JSON.stringify(rest));
    for (const e of newEvents) {
      this.sql.exec(`INSERT INTO events (game_no, seq, json) VALUES (?, ?, ?)`, gameNo, e.seq, JSON.stringify(e));
    }
  }

  /** A new game replaces the old one: its events and applied ids go. */
  newGame(gameNo: number, state: GameState): void {
    this.remembered.applied = undefined;
    this.sql.exec(`DELETE FROM events`);
    this.sql.exec(`DELETE FROM actions`);
    this.saveGame(gameNo, state, state.log);
  }

  // ---------------------------------------------------------------- dedupe

  /** Whether this seat's move of this kind (`act` or `host`) with this id was applied already. */
  applied(seat: Seat, space: ActionSpace, id: string): boolean {
    return this.appliedIds().has(`${seat}:${space}:${id}`);
  }

  recordApplied(seat: Seat, space: ActionSpace, id: string): void {
    const ids = this.appliedIds();
    const added = this.sql.exec<{ n: number }>(`INSERT OR IGNORE INTO actions (seat, space, id) VALUES (?, ?, ?) RETURNING n`, seat, space, id).toArray()[0];
    if (!added) return;
    ids.set(`${seat}:${space}:${id}`, added.n);
    // Numbers only grow, so the ids past the window are those numbered up to n - KEEP_ACTION_IDS.
    if (added.n <= KEEP_ACTION_IDS) return;
    this.sql.exec(`DELETE FROM actions WHERE n <= ?`, added.n - KEEP_ACTION_IDS);
    for (const [key, n] of ids) {
      if (n > added.n - KEEP_ACTION_IDS) break;
      ids.delete(key);
    }
  }

  /** The applied ids the table holds, read once per wake and kept in step with every write. */
  private appliedIds(): Map<string, number> {
    if (!this.remembered.applied) {
      const rows = this.sql.exec<{ n: number; seat: number; space: string; id: string }>(`SELECT n, seat, space, id FROM actions ORDER BY n`).toArray();
      this.remembered.applied = new Map(rows.map((r) => [`${r.seat}:${r.space}:${r.id}`, r.n]));
    }
    return this.remembered.applied;
  }
}


