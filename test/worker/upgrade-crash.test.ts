// Upgrade, then crash: a room an old build stored mid-step (day 1's first ballot, three votes cast) is
// woken by today's code, which upgrades its tables (worker/room/schema.ts), and the object dies before
// anything else is stored: once in the middle of the upgrade, once just after it. Woken again, the room
// upgrades once and whole, keeps every move the old build acknowledged, and plays its game to the end
// (docs/testing.md, "Upgrades of stored rooms"; the upgrade is one transaction: worker/room/room-row-store.ts migrate).
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { SCHEMA_VERSION } from '../../worker/room/schema.ts';
import { newRoomCode } from '../../worker/room/tokens.ts';
import type { Room } from '../../worker/room/room.ts';
import { Bot, api, codeOf, stubOf } from './helpers.ts';
import type { RoomDump } from './upgrade/room-dump.ts';
import { FIXTURES, roomClocks, THE_END, connect, open, playTo, restore, wakeUp, type Woken } from './upgrade/woken.ts';

// The restored rooms' alarms run on their own clocks, put back when this file ends.
roomClocks();

/** The statement that ends an upgrade: the new schema version, written after every step. */
const VERSION_WRITE = /^INSERT OR REPLACE INTO meta \(key, value\) VALUES \('schema_version'/;

/**
 * The kill switch, on SQLite's `exec` for every object of this file: while `armed`, the upgrade's
 * last statement throws, as a process dying there would stop it, after every step but before the
 * version is written. `writes` counts the version writes that went through.
 */
const kill = { armed: false, writes: 0 };
let original: SqlStorage['exec'] | undefined;
let proto: SqlStorage | undefined;
beforeAll(async () => {
  // Any object's SqlStorage has the prototype every room's has: an empty one's, which migrates nothing.
  await runInDurableObject(stubOf(newRoomCode()), (_room: Room, ctx: DurableObjectState) => {
    proto = Object.getPrototypeOf(ctx.storage.sql) as SqlStorage;
    const exec = (original = proto.exec);
    proto.exec = function (this: SqlStorage, query: string, ...bindings: unknown[]) {
      if (VERSION_WRITE.test(query)) {
        if (kill.armed) {
          kill.armed = false;
          throw new Error('the object died in the middle of the upgrade');
        }
        kill.writes++;
      }
      return exec.call(this, query, ...bindings);
    } as SqlStorage['exec'];
  });
});
afterAll(() => {
  if (proto && original) proto.exec = original;
});

let console_: MockInstance<typeof console.error>;
beforeEach(() => {
  console_ = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => console_.mockRestore());

/** The room's tables as SQLite describes them, and the schema version it holds. */
async function tablesOf(w: Woken): Promise<{ version: string; tables: string[] }> {
  return runInDurableObject(w.stub, (_room: Room, ctx: DurableObjectState) => {
    const sql = ctx.storage.sql;
    const version = sql.exec<{ value: string }>(`SELECT value FROM meta WHERE key = 'schema_version'`).one().value;
    const tables = sql.exec<{ sql: string }>(`SELECT sql FROM sqlite_master WHERE name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND sql IS NOT NULL ORDER BY name`).toArray().map((r) => r.sql);
    return { version, tables };
  });
}

/** The old build's log rows (its acknowledged moves), as SQLite holds them now. */
async function oldEntries(w: Woken, dump: RoomDump): Promise<string[]> {
  const n = (dump.rows.events ?? []).length;
  return runInDurableObject(w.stub, (_room: Room, ctx: DurableObjectState) =>
    ctx.storage.sql.exec<{ json: string }>(`SELECT json FROM events ORDER BY game_no, seq LIMIT ?`, n).toArray().map((r) => r.json),
  );
}

/** The seats take their places again with the old build's tokens and play the game to its end. */
async function playOn(w: Woken, dump: RoomDump): Promise<void> {
  const { seats, judge } = await connect(w, dump);
  const bots = seats.map((c, i) => new Bot(c, Number(Object.keys(dump.tokens.seats)[i])));
  const state = await playTo(THE_END, w, bots, [...seats, ...(judge ? [judge] : [])]);
  expect(state.result).not.toBeNull();
  for (const c of [...seats, ...(judge ? [judge] : [])]) c.close();
}

// The oldest build's ballot (every step of the upgrade to run) and the newest's (the last step alone).
const ballots = Object.entries(FIXTURES).filter(([, d]) => d.kind === 'ballot').sort(([, a], [, b]) => a.schema - b.schema);
const cases = [ballots[0]!, ballots.at(-1)!];

for (const [file, dump] of cases) {
  const name = file.replace(/^.*\//, '').replace(/\.json$/, '');
  describe(`${name}: upgraded, then killed before its first write`, () => {
    it('killed in the middle of the upgrade: nothing of it stays, the next wake upgrades whole, and the game goes on', async () => {
      // The tables a clean upgrade of this room makes, to compare with.
      const clean = await wakeUp(await restore(dump));
      const whole = await tablesOf(clean);
      expect(whole.version).toBe(String(SCHEMA_VERSION));

      const w = await restore(dump);
      const before = kill.writes;
      kill.armed = true;
      // The call that woke it fails (the Worker answers server/failed), and the wake is logged.
      const res = await api(`/api/rooms/${w.code}`);
      expect(res.status).toBe(500);
      expect(await codeOf(res)).toBe('server/failed');
      const logged = console_.mock.calls.map((c) => JSON.parse(String(c[0])) as { room: string | null; entry: string });
      expect(logged.filter((l) => l.room === w.code).map((l) => l.entry)).toEqual(['wake', 'GET /api/rooms/:code']);
      expect(kill.armed).toBe(false);

      // Woken again: the upgrade runs once more, from the old tables (a step left applied under the old
      // version number would fail here, as its ALTER TABLE met its own column), and ends as the clean one.
      await wakeUp(w);
      expect(kill.writes).toBe(before + 1);
      expect(await tablesOf(w)).toEqual(whole);
      expect(await oldEntries(w, dump)).toEqual((dump.rows.events ?? []).map((r) => r.json));
      await playOn(w, dump);
    });

    it('killed just after the upgrade: it is not applied again, no move the old build acknowledged is lost, and the game goes on', async () => {
      const w = await restore(dump);
      const before = kill.writes;
      await wakeUp(w);
      expect(kill.writes).toBe(before + 1);
      // The object dies before anything under the new build is stored: its memory is gone.
      // (ctx.abort() inside runInDurableObject fails the test itself under the vitest plugin; eviction
      // drops the object and its memory alike, as the other kill tests do.)
      await evictDurableObject(w.stub);
      await wakeUp(w);
      expect(kill.writes).toBe(before + 1);
      expect((await tablesOf(w)).version).toBe(String(SCHEMA_VERSION));
      expect(await oldEntries(w, dump)).toEqual((dump.rows.events ?? []).map((r) => r.json));
      // The last vote the old build applied, sent again, is acknowledged and changes nothing.
      const applied = (dump.rows.actions ?? []) as { seat: number; space: string; id: string }[];
      const retried = [...applied].reverse().find((a) => a.space === 'act' && String(a.seat) in dump.tokens.seats);
      if (retried) {
        const client = await open(w.code, dump.tokens.seats[String(retried.seat)]!, { seat: retried.seat, judge: false });
        expect(await client.request({ type: 'act', id: retried.id, move: { type: 'point', target: 1 } })).toEqual({ type: 'ack', id: retried.id });
        client.close();
      }
      await playOn(w, dump);
    });
  });
}
