// What one game costs the room's storage: a whole 16-seat `classic` game played by the load bench's
// random socket bots (load.ts) against the room under `wrangler dev`, built with its SQL counted
// (test/bench/counted/: the project's Room, unchanged, whose `sql.exec` keeps each cursor). Printed:
// the SQLite rows the room's statements wrote (`cursor.rowsWritten`, what the platform bills) and
// how many statements ran, from the game's start to its end and per action, by kind of statement;
// the bytes stored (`sql.databaseSize`) seated and at the end, the rows and bytes per table, and the
// size of the SQLite file `wrangler dev` keeps on disk. Run alone: `node --no-warnings test/bench/storage.ts [port] [inspector port]`.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { roomDriver, startServer, stateFolder, stopServer } from './load.ts';
import type { StorageFigures } from './counted/worker.ts';

export interface StorageBenchFigures {
  seats: number;
  /** Actions the seats sent from the start to game over (the host's start included). */
  actions: number;
  rowsWritten: number;
  rowsWrittenPerAction: number;
  statements: number;
  statementsPerAction: number;
  /** `storage.setAlarm` calls and JSON.stringify calls in the room per action (start to game over). */
  setAlarmCallsPerAction: number;
  stringifyCallsPerAction: number;
  /** Rows written and statements over the game, by kind of statement (most rows first). */
  byKind: Record<string, { statements: number; rowsWritten: number }>;
  /** `sql.databaseSize` with the seats seated, and at game over. */
  databaseSizeSeated: number;
  databaseSizeOver: number;
  tablesOver: StorageFigures['tables'];
  /** The Durable Object's SQLite file and its write-ahead log under `wrangler dev`'s state folder at game over (bytes). */
  sqliteFile: { db: number; wal: number };
}

const SEATS = 16;

async function figures(port: number, code: string): Promise<StorageFigures> {
  const res = await fetch(`http://127.0.0.1:${port}/bench/storage/${code}`);
  if (!res.ok) throw new Error(`/bench/storage: ${res.status} ${await res.text()}`);
  return (await res.json()) as StorageFigures;
}

/** The Durable Objects' SQLite files in a state folder and their write-ahead logs, in bytes. */
function sqliteBytes(folder: string): { db: number; wal: number } {
  const total = { db: 0, wal: 0 };
  const walk = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, name.name);
      if (name.isDirectory()) walk(path);
      else if (path.includes('/do/') && name.name.endsWith('.sqlite')) total.db += statSync(path).size;
      else if (path.includes('/do/') && name.name.endsWith('.sqlite-wal')) total.wal += statSync(path).size;
    }
  };
  walk(folder);
  return total;
}

/** Plays one whole 16-seat classic game and reads what the room's storage did. */
export async function benchStorage(port: number, inspectorPort?: number): Promise<StorageBenchFigures> {
  const server = await startServer('room', port, inspectorPort, 'test/bench/counted/wrangler.toml');
  try {
    const driver = await roomDriver(port, SEATS);
    const host = driver.table.bots[0]!;
    const seated = await figures(port, driver.code!);
    let actions = 0;
    const end = Date.now() + 300_000;
    while (host.status !== 'over') {
      if (Date.now() > end) throw new Error('the game did not end within 5 minutes');
      const action = driver.next();
      if (!action) {
        await sleep(5);
        continue;
      }
      if ((await driver.table.act(action.bot, action.frame)) === null) throw new Error('an action timed out');
      actions++;
    }
    // The last frames (game over to every socket) and what follows them are written by now.
    await sleep(500);
    const over = await figures(port, driver.code!);
    driver.table.close();
    const byKind: StorageBenchFigures['byKind'] = {};
    for (const [kind, k] of Object.entries(over.byKind)) {
      const before = seated.byKind[kind] ?? { statements: 0, rowsWritten: 0 };
      const d = { statements: k.statements - before.statements, rowsWritten: k.rowsWritten - before.rowsWritten };
      if (d.statements > 0) byKind[kind] = d;
    }
    const rowsWritten = over.rowsWritten - seated.rowsWritten;
    const statements = over.statements - seated.statements;
    return {
      seats: SEATS,
      actions,
      rowsWritten,
      rowsWrittenPerAction: Math.round((rowsWritten / actions) * 100) / 100,
      statements,
      statementsPerAction: Math.round((statements / actions) * 100) / 100,
      setAlarmCallsPerAction: Math.round(((over.setAlarmCalls - seated.setAlarmCalls) / actions) * 100) / 100,
      stringifyCallsPerAction: Math.round(((over.stringifyCalls - seated.stringifyCalls) / actions) * 100) / 100,
      byKind: Object.fromEntries(Object.entries(byKind).sort((a, b) => b[1].rowsWritten - a[1].rowsWritten)),
      databaseSizeSeated: seated.databaseSize,
      databaseSizeOver: over.databaseSize,
      tablesOver: over.tables,
      sqliteFile: sqliteBytes(stateFolder('room', port)),
    };
  } finally {
    stopServer(server);
  }
}

/** The bench's JSON line and its one-line summary. */
export async function printStorage(port: number, inspectorPort?: number): Promise<void> {
  const f = await benchStorage(port, inspectorPort);
  console.log(JSON.stringify({ storage: f }));
  console.log(
    `storage per ${f.seats}-seat classic game: ${f.rowsWritten} SQLite rows written by ${f.statements} statements over ${f.actions} actions ` +
      `(${f.rowsWrittenPerAction} rows, ${f.statementsPerAction} statements, ${f.setAlarmCallsPerAction} setAlarm calls, ${f.stringifyCallsPerAction} JSON.stringify calls per action); database ${f.databaseSizeSeated} bytes seated, ${f.databaseSizeOver} at game over ` +
      `(on disk under wrangler dev: SQLite file ${f.sqliteFile.db} bytes, its write-ahead log ${f.sqliteFile.wal})`,
  );
}

// A second argument picks workerd's inspector port (its default, 9229, may be another server's).
if (import.meta.main) await printStorage(Number(process.argv[2] ?? 8797), process.argv[3] ? Number(process.argv[3]) : undefined);
