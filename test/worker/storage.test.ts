// The room's store keeps the room row, the seats, the judge, the prod plan and the applied ids in
// memory between frames and skips writes that change nothing but the clock: what it remembers must
// always be what SQLite holds.
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Room } from '../../worker/room/room.ts';
import { PushStore } from '../../worker/push/subscriptions.ts';
import { planAfter } from '../../worker/room/prods.ts';
import { ACTIVITY_GRAIN_MS, JOURNAL_MAX, KEEP_ACTION_IDS, RoomStore } from '../../worker/room/storage.ts';
import { apply, createGame, type Action, type GameState } from '../../worker/engine/index.ts';
import { createRoom, stubOf } from './helpers.ts';

/** Runs `check` with a store of its own on a new room's storage. */
async function withStore(check: (store: RoomStore, sql: SqlStorage, storage: DurableObjectStorage) => void): Promise<void> {
  const { code } = await createRoom();
  await runInDurableObject(stubOf(code), (_room: Room, ctx: DurableObjectState) => check(new RoomStore(ctx.storage), ctx.storage.sql, ctx.storage));
}

/** A new classic game of `players`, dealt from `seed` at time 0. */
function dealt(seed: string, players = 9): GameState {
  const created = createGame({ ruleset: 'classic', players, seed, at: 0 });
  if (!created.ok) throw new Error(created.message);
  return created.state;
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
      store.transaction(() => store.newGame(1, dealt('in-step'), null));
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
      expect(JSON.parse(sql.exec<{ prods: string }>(`SELECT prods FROM game WHERE id = 1`).one().prods)).toEqual(plan);
    });
  });

  it('parses the prod plan once, not on every arming: a plan is never changed in place', async () => {
    await withStore((store) => {
      const plan = { step: '1|call|killers', length: 600_000, sent: 0, marked: [] };
      store.transaction(() => store.newGame(1, dealt('parsed'), null));
      store.transaction(() => store.saveProds(plan));
      expect(store.prods()).toBe(store.prods());
      expect(store.prods()).toEqual(plan);
    });
  });

  it('parses each bot’s state once, not on every change, and parses it again after any write to it or a failed change', async () => {
    await withStore((store, sql) => {
      const storedBot = (seat: number) => JSON.parse(sql.exec<{ bot: string }>('SELECT bot FROM seats WHERE seat = ?', seat).one().bot);
      store.transaction(() => {
        store.addBotSeat(1, 'Alice', { lang: 'en', memory: {}, due: null });
        store.addSeat(2, 'Bo', 'hash-b', true);
      });
      const first = store.bots();
      expect([...first.keys()]).toEqual([1]);
      // The same state again (read-only to every caller), in a map of the caller's own.
      expect(store.bots().get(1)).toBe(first.get(1));
      expect(store.bots()).not.toBe(first);
      store.transaction(() => store.saveBot(1, { lang: 'en', memory: { lean: 7 }, due: { key: 'k', at: 5 } }));
      expect(store.bots().get(1)).toEqual(storedBot(1));
      expect(store.bots().get(1)!.due).toEqual({ key: 'k', at: 5 });
      expect(() =>
        store.transaction(() => {
          store.saveBot(1, { lang: 'en', memory: {}, due: null });
          expect(store.bots().get(1)!.due).toBeNull();
          throw new Error('a later write failed');
        }),
      ).toThrow('a later write failed');
      expect(store.bots().get(1)).toEqual(storedBot(1));
      expect(store.bots().get(1)!.due).toEqual({ key: 'k', at: 5 });
      // A person's seat handed to a bot: every write to the seats is read again.
      store.transaction(() => store.makeBot(2, { lang: 'es', memory: {}, due: null }));
      expect([...store.bots().keys()]).toEqual([1, 2]);
      expect(store.bots().get(2)).toEqual(storedBot(2));
    });
  });

  it('writes one row per new log entry (naming the move’s action id), the game row only when the step changes, and one row per id of a change that logged nothing', async () => {
    await withStore((store, sql) => {
      let state = dealt('rows');
      const plan = planAfter(null, state, 0);
      store.transaction(() => store.newGame(1, state, plan));
      // A change that logged nothing (a room move) keeps its id in a row of its own.
      expect(rowsWrittenBy(sql, () => store.transaction(() => store.recordApplied(1, 'act', 'one')))).toBe(1);
      // The same id again writes nothing.
      expect(rowsWrittenBy(sql, () => store.transaction(() => store.recordApplied(1, 'act', 'one')))).toBe(0);
      // A card read in the reading step: its one entry, with its id, and nothing else.
      const seen = apply(state, { type: 'seen', seat: 1, at: 1 });
      if (!seen.ok) throw new Error(seen.error.message);
      state = seen.state;
      expect(rowsWrittenBy(sql, () => store.transaction(() => store.saveGame(1, state, seen.events, planAfter(plan, state, 1), { seat: 1, space: 'act', id: 'read' })))).toBe(seen.events.length);
      expect(store.applied(1, 'act', 'read')).toBe(true);
      expect(sql.exec<{ applied: string }>('SELECT applied FROM events WHERE seq = ?', seen.events[0]!.seq).one().applied).toBe('1:act:read');
      // The plan of a new step comes with the game row, in the same one row.
      const next = planAfter(plan, { ...state, round: 1 }, 2);
      expect(next).not.toBe(plan);
      expect(rowsWrittenBy(sql, () => store.transaction(() => store.saveGame(1, state, [], next)))).toBe(1);
      const sent = { ...next, sent: 1 };
      expect(rowsWrittenBy(sql, () => store.transaction(() => store.saveProds(sent)))).toBe(1);
      // Unchanged: nothing written.
      expect(rowsWrittenBy(sql, () => store.transaction(() => store.saveProds({ ...sent })))).toBe(0);
      expect(store.loadGame()!.log).toEqual(state.log);
      expect(store.prods()).toEqual(sent);
    });
  });

  it('rebuilds the state after the stored one from the log’s inputs (its journal), and writes the state again past JOURNAL_MAX entries', async () => {
    await withStore((store, sql, storage) => {
      let state = dealt('journal', 12);
      let plan = planAfter(null, state, 0);
      store.transaction(() => store.newGame(1, state, plan));
      const stored = () => sql.exec<{ upto: number }>('SELECT upto FROM game WHERE id = 1').one().upto;
      const fresh = () => new RoomStore(storage).loadGame();
      let at = 0;
      const move = (action: Action, id: string) => {
        const r = apply(state, { ...action, at: ++at } as Action);
        if (!r.ok) throw new Error(r.error.message);
        state = r.state;
        const nextPlan = planAfter(plan, state, at);
        store.transaction(() => store.saveGame(1, state, r.events, nextPlan, { seat: 'seat' in action ? action.seat : 0, space: 'act', id }));
        plan = nextPlan;
      };
      // Every seat but the last reads its card: the same step, so only entries are written.
      const start = stored();
      for (let seat = 1; seat < 12; seat++) move({ type: 'seen', seat, at: 0 }, `seen-${seat}`);
      expect(stored()).toBe(start);
      expect(JSON.stringify(fresh())).toBe(JSON.stringify(state));
      // The last one opens the night: a new step, so the state is written with its plan.
      move({ type: 'seen', seat: 12, at: 0 }, 'seen-12');
      expect(stored()).toBe(state.log.length);
      expect(JSON.stringify(fresh())).toBe(JSON.stringify(state));
      // The killers talk in their call, in turn (each keeps within its 30 lines a call, docs/rules-decisions.md
      // O22): the state is written again once the journal would pass JOURNAL_MAX entries.
      const killers = state.roles.flatMap((r, i) => (r === 'killer' ? [i + 1] : []));
      const killer = killers[3 % killers.length]!;
      const written: number[] = [];
      for (let i = 0; i < JOURNAL_MAX + 5; i++) {
        move({ type: 'team-chat', seat: killers[i % killers.length]!, text: `word ${i}`, at: 0 }, `chat-${i}`);
        written.push(stored());
        expect(state.log.length - stored()).toBeLessThanOrEqual(JOURNAL_MAX);
      }
      expect(new Set(written).size).toBeGreaterThan(1);
      expect(JSON.stringify(fresh())).toBe(JSON.stringify(state));
      // A fresh store knows every id the log names, and the plan.
      const other = new RoomStore(storage);
      expect(other.applied(killer, 'act', 'chat-3')).toBe(true);
      expect(other.applied(12, 'act', 'seen-12')).toBe(true);
      expect(other.applied(12, 'act', 'never')).toBe(false);
      expect(other.prods()).toEqual(plan);
    });
  });

  it('refuses to go on from a journal that does not replay to the entries stored', async () => {
    await withStore((store, sql, storage) => {
      let state = dealt('tampered');
      store.transaction(() => store.newGame(1, state, null));
      const r = apply(state, { type: 'seen', seat: 1, at: 5 });
      if (!r.ok) throw new Error(r.error.message);
      state = r.state;
      store.transaction(() => store.saveGame(1, state, r.events, null));
      const seq = r.events[0]!.seq;
      // The input is the same; what the engine made of it (the round it was logged in) is not.
      sql.exec('UPDATE events SET json = ? WHERE seq = ?', JSON.stringify({ ...r.events[0], round: 3 }), seq);
      expect(() => new RoomStore(storage).loadGame()).toThrow(/differently/);
    });
  });

  it('writes a game’s fixed part (setup, roles, deck, commitment) when it starts, and a move only the rest, read back whole and in order', async () => {
    await withStore((store, sql) => {
      const created = createGame({ ruleset: 'classic', players: 9, seed: 'fixed', at: 0 });
      if (!created.ok) throw new Error(created.message);
      const state = created.state;
      const stored = () => sql.exec<{ fixed: string; state: string }>('SELECT fixed, state FROM game WHERE id = 1').one();
      store.transaction(() => store.newGame(1, state, null));
      const fixed = stored().fixed;
      expect(JSON.parse(fixed)).toEqual({ setup: state.setup, roles: state.roles, deck: state.deck, commitment: state.commitment });
      // A move (new objects for what it changed, the same for the rest, as the engine makes them).
      const moved = { ...state, round: 1, step: { kind: 'eyes' as const, choices: {}, endsAt: 5 }, log: state.log };
      expect(rowsWrittenBy(sql, () => store.transaction(() => store.saveGame(1, moved, [], null)))).toBe(1);
      expect(stored().fixed).toBe(fixed);
      expect(stored().state).not.toContain('"setup"');
      expect(stored().state).not.toContain(state.commitment);
      // Read back: the same state, key for key in the same order.
      const back = store.loadGame()!;
      expect(JSON.stringify(back)).toBe(JSON.stringify(moved));
      // A part replaced (dual's judge card changes the roles) is written again, in the same one row.
      const roles = [...state.roles];
      expect(rowsWrittenBy(sql, () => store.transaction(() => store.saveGame(1, { ...back, roles }, [], null)))).toBe(1);
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
      store.transaction(() => store.saveGame(1, { ...back, round: 1 }, [], null));
      expect(sql.exec<{ fixed: string | null }>('SELECT fixed FROM game').one().fixed).not.toBeNull();
      expect(JSON.stringify(store.loadGame())).toBe(JSON.stringify({ ...created.state, round: 1 }));
    });
  });

  it('reads a game row written before schema 11 (no `upto`: the state after every entry), and a move after it is read back with it', async () => {
    await withStore((store, sql, storage) => {
      const state = dealt('before-11');
      const { log, setup, roles, deck, commitment, ...rest } = state;
      sql.exec('INSERT OR REPLACE INTO game (id, game_no, fixed, state) VALUES (1, 1, ?, ?)', JSON.stringify({ setup, roles, deck, commitment }), JSON.stringify(rest));
      for (const e of log) sql.exec('INSERT INTO events (game_no, seq, json) VALUES (1, ?, ?)', e.seq, JSON.stringify(e));
      const back = store.loadGame()!;
      expect(JSON.stringify(back)).toBe(JSON.stringify(state));
      const r = apply(back, { type: 'seen', seat: 2, at: 7 });
      if (!r.ok) throw new Error(r.error.message);
      store.transaction(() => store.saveGame(1, r.state, r.events, store.prods()));
      expect(JSON.stringify(new RoomStore(storage).loadGame())).toBe(JSON.stringify(r.state));
    });
  });

  it('remembers the push subscriptions between changes, and reads them again after a write to them or a failed change', async () => {
    await withStore((store, sql) => {
      const push = new PushStore(sql, store.pushMemo);
      const reads = () => {
        let n = 0;
        const exec = sql.exec;
        Object.defineProperty(sql, 'exec', { configurable: true, value: (q: string, ...b: unknown[]) => (/FROM push_subscriptions/.test(q) && q.startsWith('SELECT seat, endpoint') && n++, exec.call(sql, q, ...b)) });
        return { count: () => n, done: () => delete (sql as { exec?: unknown }).exec };
      };
      store.transaction(() => {
        store.addSeat(1, 'Ann', 'hash-1', true);
        store.addSeat(2, 'Bo', 'hash-2', false);
      });
      const sub = (seat: number, endpoint: string) => ({ seat, endpoint, p256dh: 'k', auth: 'a', lang: 'en' as const });
      expect(push.all()).toEqual([]);
      const r = reads();
      try {
        // Read once, then remembered: a change asks its memory, not SQLite.
        push.all();
        push.all();
        expect(r.count()).toBe(0);
        push.subscribe(sub(1, 'https://push.example/a'), 1);
        expect(push.all().map((s) => s.endpoint)).toEqual(['https://push.example/a']);
        push.subscribe(sub(2, 'https://push.example/b'), 2);
        push.unsubscribe(2, 'https://push.example/b');
        expect(push.all().map((s) => s.endpoint)).toEqual(['https://push.example/a']);
        // A seat handed to a bot loses its devices: the seats' store drops what push remembers.
        store.transaction(() => store.makeBot(1, { lang: 'en', memory: {}, due: null }));
        expect(push.all()).toEqual([]);
        push.subscribe(sub(2, 'https://push.example/c'), 3);
        expect(push.all()).toHaveLength(1);
        expect(() =>
          store.transaction(() => {
            push.subscribe(sub(2, 'https://push.example/d'), 4);
            expect(push.all()).toHaveLength(2);
            throw new Error('a later write failed');
          }),
        ).toThrow('a later write failed');
        expect(push.all().map((s) => s.endpoint)).toEqual(['https://push.example/c']);
        // SQLite is read again only after a write to the subscriptions or a failed change, never twice for the same rows.
        expect(r.count()).toBe(6);
      } finally {
        r.done();
      }
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
