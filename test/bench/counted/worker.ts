// The room, unchanged, with its SQL counted from outside: its Durable Object is the project's Room
// given a storage whose `sql.exec` keeps each cursor, so the bench can read the rows every statement
// wrote (`cursor.rowsWritten`) and the database's size (`sql.databaseSize`), as the platform bills
// them. GET /bench/storage/<code> answers them; everything else is the project's Worker.
import app from '../../../worker/index.ts';
import { Room as ProjectRoom } from '../../../worker/room/room.ts';

/** One statement's kind: its verb and table, e.g. `INSERT OR REPLACE INTO game`, `SELECT FROM seats`. */
function kindOf(query: string): string {
  const words = query.trim().replace(/\s+/g, ' ').split(' ');
  const at = words.findIndex((w) => /^(INTO|FROM|UPDATE|TABLE)$/i.test(w));
  if (at < 0) return words.slice(0, 2).join(' ');
  const verb = /^SELECT$/i.test(words[0]!) ? ['SELECT'] : words.slice(0, at);
  return [...verb, words[at], words[at + 1]].join(' ');
}

// Every JSON.stringify the object's code makes (the frames' text, the stored JSON, fingerprints), counted.
let stringifyCalls = 0;
const stringify = JSON.stringify;
JSON.stringify = ((...args: Parameters<typeof JSON.stringify>) => {
  stringifyCalls++;
  return stringify(...args);
}) as typeof JSON.stringify;

/** What the room's SQL did since the object woke, per kind of statement. */
export interface StorageFigures {
  databaseSize: number;
  /** `storage.setAlarm` calls and JSON.stringify calls since the object woke. */
  setAlarmCalls: number;
  stringifyCalls: number;
  statements: number;
  rowsWritten: number;
  rowsRead: number;
  byKind: Record<string, { statements: number; rowsWritten: number }>;
  /** Rows and bytes of text per table now. */
  tables: Record<string, { rows: number; textBytes: number }>;
}

/** The project's Room, whose storage counts what its statements read and wrote. */
export class Room extends ProjectRoom {
  private readonly cursors: { kind: string; cursor: SqlStorageCursor<Record<string, SqlStorageValue>> }[];
  private readonly realSql: SqlStorage;
  private readonly alarms: { calls: number };

  constructor(ctx: DurableObjectState, env: Env) {
    // The runtime checks the state it is given, so the counting goes on the storage's own SQL object
    // (the same object on every read of `ctx.storage.sql`, checked) before the room reads it.
    const sql = ctx.storage.sql;
    if (ctx.storage.sql !== sql) throw new Error('ctx.storage.sql is a new object on each read: the count would miss statements');
    const exec = sql.exec.bind(sql);
    const cursors: { kind: string; cursor: SqlStorageCursor<Record<string, SqlStorageValue>> }[] = [];
    Object.defineProperty(sql, 'exec', {
      value: (query: string, ...bindings: unknown[]) => {
        const cursor = exec(query, ...bindings);
        cursors.push({ kind: kindOf(query), cursor });
        return cursor;
      },
    });
    const setAlarm = ctx.storage.setAlarm.bind(ctx.storage);
    const alarms = { calls: 0 };
    Object.defineProperty(ctx.storage, 'setAlarm', {
      value: (...args: Parameters<typeof setAlarm>) => {
        alarms.calls++;
        return setAlarm(...args);
      },
    });
    super(ctx, env);
    this.alarms = alarms;
    this.cursors = cursors;
    this.realSql = { exec, get databaseSize() { return sql.databaseSize; } } as SqlStorage;
  }

  /** The counts so far (the tables' own figures are read with the real storage, uncounted). */
  benchStorage(): StorageFigures {
    // Read before the tables' figures below, which stringify nothing but are not the room's either.
    const stringified = stringifyCalls;
    const byKind: StorageFigures['byKind'] = {};
    let rowsWritten = 0;
    let rowsRead = 0;
    for (const { kind, cursor } of this.cursors) {
      const k = (byKind[kind] ??= { statements: 0, rowsWritten: 0 });
      k.statements++;
      k.rowsWritten += cursor.rowsWritten;
      rowsWritten += cursor.rowsWritten;
      rowsRead += cursor.rowsRead;
    }
    const tables: StorageFigures['tables'] = {};
    const names = this.realSql.exec<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf%' ESCAPE '\\' AND name NOT LIKE 'sqlite%'`).toArray();
    for (const { name } of names) {
      const cols = this.realSql.exec<{ name: string }>(`SELECT name FROM pragma_table_info(?)`, name).toArray().map((c) => `COALESCE(length(CAST("${c.name}" AS BLOB)), 0)`);
      const row = this.realSql.exec<{ rows: number; bytes: number }>(`SELECT COUNT(*) AS rows, COALESCE(SUM(${cols.join(' + ') || 0}), 0) AS bytes FROM "${name}"`).one();
      tables[name] = { rows: row.rows, textBytes: row.bytes };
    }
    return { databaseSize: this.realSql.databaseSize, setAlarmCalls: this.alarms.calls, stringifyCalls: stringified, statements: this.cursors.length, rowsWritten, rowsRead, byKind, tables };
  }
}

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> {
    const m = new URL(request.url).pathname.match(/^\/bench\/storage\/([A-Z0-9]+)$/i);
    if (!m) return app.fetch(request, env, ctx);
    const stub = env.ROOMS.getByName(m[1]!.toUpperCase()) as unknown as { benchStorage(): Promise<StorageFigures> };
    return stub.benchStorage().then((f) => Response.json(f));
  },
};
