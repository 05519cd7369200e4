// The upgrade fixtures' format: a room Durable Object's whole SQLite (every CREATE statement of
// sqlite_master, every row), its alarm and the plaintext tokens the room handed out, as a build
// wrote them. The fixture generator is copied with this file into old builds' trees, so it imports
// nothing from the project: it must read and write every schema since 6.

/** A value as SQLite hands it to the Durable Object (the rooms store no blobs). */
export type SqlValue = string | number | null;

/** Which room of a build: the four states every schema's rooms are played on from. */
export type DumpKind = 'night' | 'ballot' | 'judge-pause' | 'lobby';

/** One room as one build left it. */
export interface RoomDump {
  /** The writing build's SCHEMA_VERSION. */
  schema: number;
  /** The commit that wrote it (scripts/upgrade-fixtures.ts fills it in). */
  build: string;
  kind: DumpKind;
  /** The room's code as that build stored it (the upgrade test restores it under a fresh code). */
  code: string;
  /** The room's clock when the dump was taken: every stored time is at or before it. */
  dumpedAt: number;
  /** The room's alarm, on the room's clock; null if none was set. */
  alarm: number | null;
  /** The plaintext tokens the room gave: the host's, each person's seat (by seat number) and the human judge's. */
  tokens: { host: string; seats: Record<string, string>; judge: string | null };
  /** sqlite_master's statements in the order SQLite made them (tables, then indexes and triggers). */
  statements: string[];
  /** Every row of every table (and sqlite_sequence, the AUTOINCREMENT counters), by table. */
  rows: Record<string, Record<string, SqlValue>[]>;
}

/** The room's own objects: not the platform's (_cf_*) nor SQLite's (sqlite_*, autoindexes). */
const OWN = `name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`;

/** Reads every table's CREATE statement and every row. */
export function dumpSql(sql: SqlStorage): Pick<RoomDump, 'statements' | 'rows'> {
  const objects = sql.exec<{ type: string; name: string; sql: string | null }>(`SELECT type, name, sql FROM sqlite_master WHERE ${OWN} ORDER BY rowid`).toArray();
  const statements = objects.filter((o) => o.sql !== null).map((o) => o.sql!);
  const rows: RoomDump['rows'] = {};
  const tables = objects.filter((o) => o.type === 'table').map((o) => o.name);
  // A WITHOUT ROWID table (schema 9's events and meta) has no rowid: it is read in its key's order.
  const keyed = new Set(objects.filter((o) => o.type === 'table' && /WITHOUT\s+ROWID/i.test(o.sql ?? '')).map((o) => o.name));
  if (sql.exec(`SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'`).toArray().length > 0) tables.push('sqlite_sequence');
  for (const table of tables) {
    rows[table] = sql.exec<Record<string, SqlValue>>(`SELECT * FROM "${table}"${keyed.has(table) ? '' : ' ORDER BY rowid'}`).toArray().map((row) => {
      for (const [column, value] of Object.entries(row)) {
        if (value !== null && typeof value !== 'string' && typeof value !== 'number') throw new Error(`${table}.${column} holds a ${typeof value}: the dump format keeps text, numbers and nulls only`);
      }
      return { ...row };
    });
  }
  return { statements, rows };
}

/**
 * Writes a dump into an empty SQLite: its statements, then its rows (sqlite_sequence last, after the
 * inserts that made it). `replace` overrides column values per table, e.g. a fresh room code.
 */
export function restoreSql(sql: SqlStorage, dump: Pick<RoomDump, 'statements' | 'rows'>, replace: Record<string, Record<string, SqlValue>> = {}): void {
  for (const statement of dump.statements) sql.exec(statement);
  const tables = Object.keys(dump.rows).sort((a, b) => Number(a === 'sqlite_sequence') - Number(b === 'sqlite_sequence'));
  for (const table of tables) {
    // A room of schema 9 or later keeps the empty sqlite_sequence its dropped AUTOINCREMENT table left;
    // nothing restored here makes one, so there is nothing to clear or fill.
    if (table === 'sqlite_sequence' && dump.rows[table]!.length === 0) continue;
    if (table === 'sqlite_sequence') sql.exec(`DELETE FROM sqlite_sequence`);
    for (const stored of dump.rows[table]!) {
      const row = { ...stored, ...replace[table] };
      const columns = Object.keys(row);
      sql.exec(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`, ...columns.map((c) => row[c]));
    }
  }
}
