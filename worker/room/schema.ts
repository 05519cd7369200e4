// The room's SQLite schema and its upgrades. A room stored by any older build is brought up to
// the current schema, step by step, when its object next wakes: old rooms stay playable.
import type { GameState, LogEntry } from '../engine/index.ts';
import { nameKey } from '../names.ts';

/** The schema this build writes; `meta.schema_version` holds the one a room was last stored with. */
export const SCHEMA_VERSION = 11;

/** Creates or migrates the schema; idempotent, cheap enough for every cold start. True when it upgraded a room. */
export function migrateSchema(sql: SqlStorage): boolean {
  sql.exec(`CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
  const row = sql.exec<{ value: string }>(`SELECT value FROM meta WHERE key = 'schema_version'`).toArray()[0];
  const version = row ? Number(row.value) : 0;
  for (let step = version; step < SCHEMA_VERSION; step++) STEPS[step]!(sql);
  if (version !== SCHEMA_VERSION) {
    sql.exec(`INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)`, String(SCHEMA_VERSION));
  }
  return version > 0 && version < SCHEMA_VERSION;
}

/** Step n brings a room's tables from schema n to n + 1; they run in order, and a new room runs them all. */
const STEPS: ((sql: SqlStorage) => void)[] = [
  (sql) => {
    // v1: the room, its seats, the game and its log, and the applied action ids.
    sql.exec(`CREATE TABLE IF NOT EXISTS room (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      code TEXT NOT NULL, ruleset TEXT NOT NULL, options TEXT NOT NULL, pace TEXT NOT NULL,
      spectators INTEGER NOT NULL, host_hash TEXT NOT NULL, status TEXT NOT NULL,
      game_no INTEGER NOT NULL, prev_first_victim INTEGER NOT NULL, last_activity INTEGER NOT NULL)`);
    sql.exec(`CREATE TABLE IF NOT EXISTS seats (
      seat INTEGER PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,
      token_hash TEXT NOT NULL UNIQUE, score INTEGER NOT NULL DEFAULT 0, host INTEGER NOT NULL DEFAULT 0)`);
    sql.exec(`CREATE TABLE IF NOT EXISTS game (id INTEGER PRIMARY KEY CHECK (id = 1), game_no INTEGER NOT NULL, state TEXT NOT NULL)`);
    sql.exec(`CREATE TABLE IF NOT EXISTS events (game_no INTEGER NOT NULL, seq INTEGER NOT NULL, json TEXT NOT NULL, PRIMARY KEY (game_no, seq))`);
    sql.exec(`CREATE TABLE IF NOT EXISTS actions (n INTEGER PRIMARY KEY AUTOINCREMENT, seat INTEGER NOT NULL, id TEXT NOT NULL, UNIQUE (seat, id))`);
  },
  (sql) => {
    // v2: the human judge (RULES.md 11).
    sql.exec(`ALTER TABLE room ADD COLUMN human_judge INTEGER NOT NULL DEFAULT 0`);
    sql.exec(`CREATE TABLE IF NOT EXISTS judge (
      id INTEGER PRIMARY KEY CHECK (id = 1), name TEXT NOT NULL, name_key TEXT NOT NULL,
      token_hash TEXT NOT NULL UNIQUE, host INTEGER NOT NULL DEFAULT 0)`);
  },
  (sql) => {
    // v3: Web Push subscriptions, one row per device, owned by a seat (worker/push/subscriptions.ts).
    sql.exec(`CREATE TABLE IF NOT EXISTS push_subscriptions (
      endpoint TEXT PRIMARY KEY, seat INTEGER NOT NULL, p256dh TEXT NOT NULL, auth TEXT NOT NULL,
      lang TEXT NOT NULL, created INTEGER NOT NULL)`);
  },
  (sql) => {
    // v4: game moves and host moves keep their action ids apart (a host move reusing a game
    // move's id was silently dropped); the table only dedupes retries, so it starts empty.
    sql.exec(`DROP TABLE IF EXISTS actions`);
    sql.exec(`CREATE TABLE actions (n INTEGER PRIMARY KEY AUTOINCREMENT, seat INTEGER NOT NULL, space TEXT NOT NULL, id TEXT NOT NULL, UNIQUE (seat, space, id))`);
    // One-time links from the host: the judge's place, or back into a seat whose token was lost.
    sql.exec(`CREATE TABLE IF NOT EXISTS invites (place INTEGER PRIMARY KEY, token_hash TEXT NOT NULL UNIQUE, created INTEGER NOT NULL)`);
    // Names compare after NFKC, stripping invisibles and case folding (worker/names.ts).
    for (const t of ['seats', 'judge']) {
      for (const r of sql.exec<{ rowid: number; name: string }>(`SELECT rowid, name FROM ${t}`).toArray()) {
        sql.exec(`UPDATE ${t} SET name_key = ? WHERE rowid = ?`, nameKey(r.name), r.rowid);
      }
    }
  },
  (sql) => {
    // v5: bots: a bot seat keeps its language, memory and next action time here.
    sql.exec(`ALTER TABLE seats ADD COLUMN bot TEXT`);
  },
  (sql) => {
    // v6: a seat's own "move to another device" link lapses (null: the host's links do not).
    sql.exec(`ALTER TABLE invites ADD COLUMN expires INTEGER`);
  },
  (sql) => {
    // v7: a replacement link seats a new person (with a name) in a living seat; the
    // tokens of players who were replaced or handed to a bot are kept, hashed, to tell them why.
    sql.exec(`ALTER TABLE invites ADD COLUMN replace INTEGER NOT NULL DEFAULT 0`);
    sql.exec(`CREATE TABLE IF NOT EXISTS retired_tokens (token_hash TEXT PRIMARY KEY, seat INTEGER NOT NULL, why TEXT NOT NULL)`);
  },
  toV8,
  toV9,
  (sql) => {
    // v10: the game's fixed part (setup, roles, deck, commitment) in a column of its own, written when
    // a game starts; a move writes only the rest (worker/room/storage.ts). A row from before keeps the
    // whole state in `state` with `fixed` null, which the store reads as it is and splits at its next write.
    sql.exec(`ALTER TABLE game ADD COLUMN fixed TEXT`);
  },
  toV11,
];

/**
 * v8: a place may hold one link of each kind at once (a seat's own move link no longer cancels the
 * host's replacement link for it); and a standing pause that builds before schema 8 may have logged
 * without `by`, in a room whose human judge is not the host, is taken as the judge's (O15).
 */
function toV8(sql: SqlStorage): void {
  sql.exec(`CREATE TABLE invites_v8 (token_hash TEXT PRIMARY KEY, place INTEGER NOT NULL, kind TEXT NOT NULL, created INTEGER NOT NULL, expires INTEGER, UNIQUE (place, kind))`);
  // The steps above have made the v7 table in every case (a new room included).
  sql.exec(`INSERT INTO invites_v8 (token_hash, place, kind, created, expires)
    SELECT token_hash, place, CASE WHEN replace = 1 THEN 'replace' WHEN expires IS NOT NULL THEN 'move' ELSE 'host' END, created, expires FROM invites`);
  sql.exec(`DROP TABLE IF EXISTS invites`);
  sql.exec(`ALTER TABLE invites_v8 RENAME TO invites`);
  const judge = sql.exec<{ host: number }>(`SELECT host FROM judge WHERE id = 1`).toArray()[0];
  const game = sql.exec<{ game_no: number; state: string }>(`SELECT game_no, state FROM game WHERE id = 1`).toArray()[0];
  if (!judge || judge.host === 1 || !game) return;
  const state = JSON.parse(game.state) as Pick<GameState, 'pausedRemaining' | 'result'>;
  if (state.pausedRemaining === null || state.result) return;
  const paused = sql
    .exec<{ seq: number; json: string }>(`SELECT seq, json FROM events WHERE game_no = ? AND json LIKE '%"type":"paused"%' ORDER BY seq DESC LIMIT 1`, game.game_no)
    .toArray()[0];
  if (!paused) return;
  const entry = JSON.parse(paused.json) as LogEntry;
  if (entry.event.type !== 'paused' || entry.event.by !== undefined) return;
  entry.event = { type: 'paused', by: 'judge' };
  sql.exec(`UPDATE events SET json = ? WHERE game_no = ? AND seq = ?`, JSON.stringify(entry), game.game_no, paused.seq);
}

/**
 * v9: fewer rows written per action. A log entry and a `meta` value are one row each (their tables
 * are keyed WITHOUT ROWID: no separate index row), and an applied action id is one row (no
 * AUTOINCREMENT counter row and no unique index: the store checks its ids in memory, worker/room/storage.ts).
 */
function toV9(sql: SqlStorage): void {
  sql.exec(`CREATE TABLE meta_v9 (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID`);
  sql.exec(`INSERT INTO meta_v9 (key, value) SELECT key, value FROM meta`);
  sql.exec(`DROP TABLE meta`);
  sql.exec(`ALTER TABLE meta_v9 RENAME TO meta`);
  sql.exec(`CREATE TABLE events_v9 (game_no INTEGER NOT NULL, seq INTEGER NOT NULL, json TEXT NOT NULL, PRIMARY KEY (game_no, seq)) WITHOUT ROWID`);
  sql.exec(`INSERT INTO events_v9 (game_no, seq, json) SELECT game_no, seq, json FROM events`);
  sql.exec(`DROP TABLE events`);
  sql.exec(`ALTER TABLE events_v9 RENAME TO events`);
  // The same ids in the same order, numbered as before (n only grows, from the table's newest row).
  sql.exec(`CREATE TABLE actions_v9 (n INTEGER PRIMARY KEY, seat INTEGER NOT NULL, space TEXT NOT NULL, id TEXT NOT NULL)`);
  sql.exec(`INSERT INTO actions_v9 (n, seat, space, id) SELECT n, seat, space, id FROM actions`);
  sql.exec(`DROP TABLE actions`);
  sql.exec(`ALTER TABLE actions_v9 RENAME TO actions`);
}

/**
 * v11: a move writes one statement, its log entries. The game row holds the state as of its first
 * `upto` entries (null: all of them, as before) and the prod plan (from `meta`: it changes with the
 * step, when the row is written anyway); the entries after `upto` are replayed on waking
 * (worker/room/journal.ts). An entry names the action id that logged it (`applied`), so a logged
 * move writes no row of its own in `actions`.
 */
function toV11(sql: SqlStorage): void {
  sql.exec(`ALTER TABLE game ADD COLUMN upto INTEGER`);
  sql.exec(`ALTER TABLE game ADD COLUMN prods TEXT`);
  sql.exec(`ALTER TABLE events ADD COLUMN applied TEXT`);
  sql.exec(`UPDATE game SET prods = (SELECT value FROM meta WHERE key = 'prods')`);
  sql.exec(`DELETE FROM meta WHERE key = 'prods'`);
}
