// The room's store keeps the room row, the seats, the judge, the prod plan and the applied ids in
// memory between frames and skips writes that change nothing but the clock: what it remembers must
// always be what SQLite holds.
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Room } from '../../worker/room/room.ts';
import { ACTIVITY_GRAIN_MS, KEEP_ACTION_IDS, RoomStore } from '../../worker/room/storage.ts';
import { createGame, RULESETS } from '../../worker/engine/index.ts';
import { createRoom, stubOf } from './helpers.ts';

/** Runs `check` with a store of its own on a new room's storage. */
async function withStore(check: (store: RoomStore, sql: SqlStorage) => void): Promise<void> {
  const { code } = await createRoom();
  await runInDurableObject(stubOf(code), (_room: Room, ctx: DurableObjectState) => check(new RoomStore(ctx.storage), ctx.storage.sql));
}

/** Runs `write` and counts the SQLite rows its statements wrote (what the platform bills). */
function rowsWrittenBy(sql: SqlStorage, write: () => void): number {
  const exec = sql.exec;
  const cursors: SqlStorageCursor<Record<string, SqlStorageValue>>[] = [];
  Object.defineProperty(sql, 'exec', { configurable: true, value: (query: string, ...bindings: unknown[]) => {
    const cursor = exec.call(sql, query, ...bindings);
    cursors.push(cursor);
    return cursor;
  } });
  try {
    write();
  } finally {
    delete (sql as { exec?: unknown }).exec;
  }
  return cursors.reduce((n, c) => n + c.rowsWritten, 0);
}

const storedRow = (sql: SqlStorage) => sql.exec<{ status: string; last_activity: number }>('SELECT status, last_activity FROM room').toArray()[0]!;

describe('the room store', () => {
  it('forgets a change whose transaction failed, as SQLite does', async () => {
    await withStore((store, sql) => {
      const room = store.room()!;
      expect(() =>
        store.transaction(() => {
          store.saveRoom({ ...room, status: 'over' });
          throw new Error('a later write failed');
        }),
      ).toThrow('a later write failed');
      expect(storedRow(sql).status).toBe('lobby');
      expect(store.room()!.status).toBe('lobby');
    });
  });

  it('rewrites the room row for its last activity only once a minute has passed, and at once for anything else', async () => {
    await withStore((store, sql) => {
      const room = store.room()!;
      const at = room.lastActivity;
      store.transaction(() => store.saveRoom({ ...room, lastActivity: at + 1000 }));
      expect(storedRow(sql).last_activity).toBe(at);
      // Frames keep showing the newest time: only SQLite lags.
      expect(store.room()!.lastActivity).toBe(at + 1000);
      store.transaction(() => store.saveRoom({ ...room, lastActivity: at + 2000, status: 'playing' }));
      expect(storedRow(sql)).toEqual({ status: 'playing', last_activity: at + 2000 });
      store.transaction(() => store.saveRoom({ ...room, status: 'playing', lastActivity: at + 2000 + ACTIVITY_GRAIN_MS }));
      expect(storedRow(sql).last_activity).toBe(at + 2000 + ACTIVITY_GRAIN_MS);
    });
  });

  it('keeps the seats, the judge, the prod plan and the applied ids it remembers in step with SQLite, and forgets a failed change', async () => {
    await withStore((store, sql) => {
      const storedHash = (seat: number) => sql.exec<{ token_hash: string }>('SELECT token_hash FROM seats WHERE seat = ?', seat).one().token_hash;
      store.transaction(() => {
        store.setJudge('Jo', 'judge-hash', true);
        store.addSeat(1, 'Ann', 'hash-1', false);
      });
      // Read once, then remembered: every frame checks its socket's token against these.
      expect(store.tokenHashOf(1)).toBe('hash-1');
      expect(store.judge()).toEqual({ name: 'Jo', tokenHash: 'judge-hash', host: true });
      store.transaction(() => {
        store.replaceToken(1, 'hash-2');
        // The host mark moves to the newcomer: the judge's row changes too.
        store.addSeat(2, 'Bo', 'hash-b', true);
        store.recordApplied(1, 'act', 'kept');
      });
      expect(store.tokenHashOf(1)).toBe(storedHash(1));
      expect(store.seatByToken('hash-1')).toBeNull();
      expect(store.seatByToken('hash-b')).toBe(2);
      expect(store.judge()!.host).toBe(false);
      expect(store.applied(1, 'act', 'kept')).toBe(true);
      const plan = { step: '1|call|killers', length: null, sent: 0, marked: [] };
      expect(() =>
        store.transaction(() => {
          store.replaceToken(1, 'hash-3');
          store.recordApplied(1, 'act', 'lost');
          store.saveProds(plan);
          // Read inside the step: what is remembered now must go with the step.
          expect(store.tokenHashOf(1)).toBe('hash-3');
          throw new Error('a later write failed');
        }),
      ).toThrow('a later write failed');
      expect(storedHash(1)).toBe('hash-2');
      expect(store.tokenHashOf(1)).toBe('hash-2');
      expect(store.applied(1, 'act', 'lost')).toBe(false);
      expect(store.prods()).toBeNull();
      store.transaction(() => store.saveProds(plan));
      expect(store.prods()).toEqual(plan);
      expect(JSON.parse(sql.exec<{ value: string }>(`SELECT value FROM meta WHERE key = 'prods'`).one().value)).toEqual(plan);
    });
  });

  it('parses the prod plan once, not on every arming: a plan is never changed in place', async () => {
    await withStore((store) => {
      const plan = { step: '1|call|killers', length: 600_000, sent: 0, marked: [] };
      store.transaction(() => store.saveProds(plan));
      expect(store.prods()).toBe(store.prods());
      expect(store.prods()).toEqual(plan);
    });
  });

  it('writes one row per applied action id, per new log entry, for the game and per changed meta value', async () => {
    await withStore((store, sql) => {
      const created = createGame({ ruleset: 'classic', players: RULESETS.classic.minPlayers, seed: 'rows', at: 0 });
      if (!created.ok) throw new Error(created.message);
      const state = created.state;
      store.transaction(() => store.newGame(1, state));
      expect(rowsWrittenBy(sql, () => store.transaction(() => store.recordApplied(1, 'act', 'one')))).toBe(1);
      // The same id again writes nothing.
      expect(rowsWrittenBy(sql, () => store.transaction(() => store.recordApplied(1, 'act', 'one')))).toBe(0);
      const entries = state.log.slice(0, 2).map((e, i) => ({ ...e, seq: state.log.length + i }));
      expect(rowsWrittenBy(sql, () => store.transaction(() => store.saveGame(1, { ...state, log: [...state.log, ...entries] }, entries)))).toBe(1 + entries.length);
      const plan = { step: '1|call|killers', length: null, sent: 0, marked: [] };
      expect(rowsWrittenBy(sql, () => store.transaction(() => store.saveProds(plan)))).toBe(1);
      expect(rowsWrittenBy(sql, () => store.transaction(() => store.saveProds({ ...plan, sent: 1 })))).toBe(1);
      // Unchanged: nothing written.
      expect(rowsWrittenBy(sql, () => store.transaction(() => store.saveProds({ ...plan, sent: 1 })))).toBe(0);
      expect(store.loadGame()!.log).toEqual([...state.log, ...entries]);
    });
  });

  it('writes a game’s fixed part (setup, roles, deck, commitment) when it starts, and a move only the rest, read back whole and in order', async () => {
    await withStore((store, sql) => {
      const created = createGame({ ruleset: 'classic', players: 9, seed: 'fixed', at: 0 });
      if (!created.ok) throw new Error(created.message);
      const state = created.state;
      const stored = () => sql.exec<{ fixed: string; state: string }>('SELECT fixed, state FROM game WHERE id = 1').one();
      store.transaction(() => store.newGame(1, state));
      const fixed = stored().fixed;
      expect(JSON.parse(fixed)).toEqual({ setup: state.setup, roles: state.roles, deck: state.deck, commitment: state.commitment });
      // A move (new objects for what it changed, the same for the rest, as the engine makes them).
      const moved = { ...state, round: 1, step: { kind: 'eyes' as const, choices: {}, endsAt: 5 }, log: state.log };
      expect(rowsWrittenBy(sql, () => store.transaction(() => store.saveGame(1, moved, [])))).toBe(1);
      expect(stored().fixed).toBe(fixed);
      expect(stored().state).not.toContain('"setup"');
      expect(stored().state).not.toContain(state.commitment);
      // Read back: the same state, key for key in the same order.
      const back = store.loadGame()!;
      expect(JSON.stringify(back)).toBe(JSON.stringify(moved));
      // A part replaced (dual's judge card changes the roles) is written again, in the same one row.
      const roles = [...state.roles];
      expect(rowsWrittenBy(sql, () => store.transaction(() => store.saveGame(1, { ...back, roles }, [])))).toBe(1);
      expect(JSON.parse(stored().fixed).roles).toEqual(roles);
    });
  });

  it('reads a game row written before schema 10 (the whole state in `state`), and splits it at its next write', async () => {
    await withStore((store, sql) => {
      const created = createGame({ ruleset: 'classic', players: 9, seed: 'old-row', at: 0 });
      if (!created.ok) throw new Error(created.message);
      const { log, ...whole } = created.state;
      sql.exec('INSERT OR REPLACE INTO game (id, game_no, fixed, state) VALUES (1, 1, NULL, ?)', JSON.stringify(whole));
      for (const e of log) sql.exec('INSERT INTO events (game_no, seq, json) VALUES (1, ?, ?)', e.seq, JSON.stringify(e));
      const back = store.loadGame()!;
      expect(JSON.stringify(back)).toBe(JSON.stringify(created.state));
      store.transaction(() => store.saveGame(1, { ...back, round: 1 }, []));
      expect(sql.exec<{ fixed: string | null }>('SELECT fixed FROM game').one().fixed).not.toBeNull();
      expect(JSON.stringify(store.loadGame())).toBe(JSON.stringify({ ...created.state, round: 1 }));
    });
  });

  it('remembers the last KEEP_ACTION_IDS applied ids and no more', async () => {
    await withStore((store, sql) => {
      const seatOf = (i: number) => 1 + (i % 8);
      store.transaction(() => {
        for (let i = 0; i < KEEP_ACTION_IDS + 3; i++) store.recordApplied(seatOf(i), 'act', `a${i}`);
        // A repeated id is not a new one: it pushes nothing out.
        store.recordApplied(seatOf(5), 'act', 'a5');
      });
      expect(sql.exec('SELECT COUNT(*) AS n FROM actions').one().n).toBe(KEEP_ACTION_IDS);
      for (const i of [0, 1, 2]) expect(store.applied(seatOf(i), 'act', `a${i}`)).toBe(false);
      for (const i of [3, KEEP_ACTION_IDS + 2]) expect(store.applied(seatOf(i), 'act', `a${i}`)).toBe(true);
    });
  });
});
