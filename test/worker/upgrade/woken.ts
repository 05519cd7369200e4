/// <reference types="vite/client" />
// Waking the upgrade fixtures (README.md here) with today's code, and playing them on: restoring a
// dump into a fresh Durable Object, the room's own clock for its alarms, the old build's tokens, and
// the people's play to a goal. Shared by test/worker/upgrade.test.ts and upgrade-crash.test.ts.
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterAll, expect } from 'vitest';
import type { GameState, LogEntry } from '../../../worker/engine/index.ts';
import type { Room } from '../../../worker/room/room.ts';
import { RoomStore } from '../../../worker/room/storage.ts';
import { SYNC_LIMITS } from '../../../worker/room/sync-gate.ts';
import { newRoomCode } from '../../../worker/room/tokens.ts';
import { Bot, Client, api, codeOf, socketRefusal, storedGame, stubOf, until, upgrade } from '../helpers.ts';
import { restoreSql, type RoomDump } from './room-dump.ts';

/** Every fixture, by file name. */
export const FIXTURES = import.meta.glob<RoomDump>('./fixtures/*.json', { eager: true, import: 'default' });

const DAY = 86_400_000;

/** A restored room: its code, its Durable Object and the clock the test holds for it. */
export interface Woken {
  code: string;
  stub: DurableObjectStub<Room>;
  clock: { at: number };
}

/** How much later than each restored room (by code) asks the platform sets its alarm. */
const SHIFTS = new Map<string, number>();

/** The shift of the room whose storage this is (0 for any other room). */
function shiftOf(storage: DurableObjectStorage): number {
  try {
    const code = storage.sql.exec<{ code: string }>('SELECT code FROM room').toArray()[0]?.code;
    return (code && SHIFTS.get(code)) || 0;
  } catch {
    return 0;
  }
}

/**
 * A restored room's times are those of the day its build wrote it; the test gives it a clock of its own
 * from there. Its alarm is set a year later on the platform than the room asks (and read back as the room
 * set it), so it never fires by itself: the test moves the clock to the alarm and fires it. Patched on the
 * storage's prototype, not one object, because a fresh wake makes a new storage object, and whatever
 * the constructor arms must be shifted too. Other rooms are left as they are (shift 0).
 */
function alarmsOnTheRoomsClock(storage: DurableObjectStorage): void {
  const proto = Object.getPrototypeOf(storage) as DurableObjectStorage;
  if (ORIGINAL.set) return;
  const set = (ORIGINAL.set = proto.setAlarm);
  const get = (ORIGINAL.get = proto.getAlarm);
  proto.setAlarm = function (this: DurableObjectStorage, at, options) {
    return set.call(this, new Date(at).getTime() + shiftOf(this), options);
  };
  proto.getAlarm = async function (this: DurableObjectStorage, options) {
    const at = await get.call(this, options);
    return at === null ? null : at - shiftOf(this);
  };
  ORIGINAL.proto = proto;
}
const ORIGINAL: { proto?: DurableObjectStorage; set?: DurableObjectStorage['setAlarm']; get?: DurableObjectStorage['getAlarm'] } = {};

/**
 * Each file that wakes fixtures calls this once at its top: the patch is put back when the file ends,
 * and the next file patches afresh. (The files share this module, isolate: false: a hook registered
 * here when the module first ran would end the first file only, and leave the next one unpatched.)
 */
export function roomClocks(): void {
  afterAll(() => {
    if (ORIGINAL.proto) Object.assign(ORIGINAL.proto, { setAlarm: ORIGINAL.set, getAlarm: ORIGINAL.get });
    delete ORIGINAL.proto;
    delete ORIGINAL.set;
    delete ORIGINAL.get;
  });
}

/**
 * Writes the dump's tables into a fresh Durable Object (under a fresh code: every test has its own) and
 * evicts the object that wrote them, which met an empty store: the next call meets a new Room, whose
 * constructor reads and migrates the old tables, as after a deploy.
 */
export async function restore(dump: RoomDump): Promise<Woken> {
  const code = newRoomCode();
  const stub = stubOf(code);
  const clock = { at: dump.dumpedAt };
  SHIFTS.set(code, Date.now() - dump.dumpedAt + 365 * DAY);
  await runInDurableObject(stub, async (_room: Room, ctx: DurableObjectState) => {
    expect(ctx.storage.sql.exec(`SELECT 1 FROM sqlite_master WHERE name = 'meta'`).toArray()).toEqual([]);
    alarmsOnTheRoomsClock(ctx.storage);
    restoreSql(ctx.storage.sql, dump, { room: { code } });
    if (dump.alarm !== null) await ctx.storage.setAlarm(dump.alarm);
  });
  await evictDurableObject(stub);
  return { code, stub, clock };
}

/** Wakes a restored room with today's code (or its object after a kill) and gives it the test's clock. */
export async function wakeUp(w: Woken): Promise<Woken> {
  await runInDurableObject(w.stub, async (room: Room, ctx: DurableObjectState) => {
    room.now = () => w.clock.at;
    // The table is settled by syncs (settle below), several a second: answered at once, not once per 3 s.
    room.syncLimits = () => ({ ...SYNC_LIMITS, gapMs: 0 });
    // The platform holds the alarm a year on, where it cannot fire during the test.
    const platform = await ORIGINAL.get!.call(ctx.storage);
    if (platform !== null) expect(platform).toBeGreaterThan(Date.now() + 300 * DAY);
  });
  return w;
}

/** Restores the dump and wakes it, as a deploy would. */
export const wake = async (dump: RoomDump): Promise<Woken> => wakeUp(await restore(dump));

/** Moves the room's clock to its alarm and fires it (the room's bots, a deadline, a failover). */
export async function fireAlarm(w: Woken): Promise<void> {
  const alarm = await runInDurableObject(w.stub, (_room: Room, ctx: DurableObjectState) => ctx.storage.getAlarm());
  expect(alarm, 'a game that waits on nobody at the table has an alarm').not.toBeNull();
  w.clock.at = Math.max(w.clock.at, alarm!);
  expect(await runDurableObjectAlarm(w.stub)).toBe(true);
}

/** Opens a socket with a token the old build gave; the room must take it as that place. */
export async function open(code: string, token: string, you: { seat: number | null; judge: boolean }): Promise<Client> {
  const client = await Client.open(code, token);
  const frame = await client.waitFor('room');
  expect(frame.room.you).toMatchObject(you);
  return client;
}

/** Every seat's token (and the judge's) opens its place; a token the room never gave does not; the host token is still the host's. */
export async function connect(w: Woken, dump: RoomDump): Promise<{ seats: Client[]; judge: Client | null }> {
  const seats: Client[] = [];
  for (const [seat, token] of Object.entries(dump.tokens.seats)) seats.push(await open(w.code, token, { seat: Number(seat), judge: false }));
  const judge = dump.tokens.judge === null ? null : await open(w.code, dump.tokens.judge, { seat: null, judge: true });
  expect(await socketRefusal(await upgrade(w.code, 'x'.repeat(43)))).toMatchObject({ code: 'auth/bad-token' });
  if (dump.kind !== 'lobby') {
    // Mid-game nobody joins, but the host token is checked first: a wrong one is told so.
    const asHost = (hostToken: string) => api(`/api/rooms/${w.code}/join`, { json: { name: 'Late Host', hostToken } });
    expect(await codeOf(await asHost(dump.tokens.host))).toBe('room/started');
    expect(await codeOf(await asHost('x'.repeat(43)))).toBe('auth/bad-host-token');
  }
  return { seats, judge };
}

/**
 * Waits until the table is still: every seat's socket has had every frame the room sent it (the room
 * answers a sync after them, in order) and no seat has a move in flight. The judge's socket is not
 * asked: nothing it receives makes a move.
 */
export async function settle(bots: Bot[]): Promise<void> {
  for (;;) {
    await until('the seats idle', () => bots.every((b) => b.idle));
    const marks = bots.map(({ client: c }) => ({ from: c.frames.length, game: c.of('game').length > 0 }));
    // Straight to the socket: a sync is no move, so it leaves the room's clock (humanPace) alone.
    for (const b of bots) b.client.ws.send(JSON.stringify({ type: 'sync' }));
    for (const [i, { client: c }] of bots.entries()) {
      const { from, game } = marks[i]!;
      await until('the sync answered', () => c.of('room', from).length > 0 && (!game || c.of('game', from).length > 0));
    }
    if (bots.every((b) => b.idle)) return;
  }
}

/** People take a moment over each move: the room's clock moves on a quarter second with every frame a seat sends. */
export function humanPace(w: Woken, clients: Client[]): void {
  for (const c of clients) {
    const send = c.send.bind(c);
    c.send = (frame) => {
      w.clock.at += 250;
      send(frame);
    };
  }
}

export const isDay = (e: LogEntry) => e.event.type === 'day';

/** How far a woken room is played: until its stored game is `reached`, which every seat then `sees`. */
export interface Goal {
  what: string;
  reached: (state: GameState) => boolean;
  sees: (bot: Bot) => boolean;
}

/** The game is over. */
export const THE_END: Goal = { what: 'the end', reached: (s) => s.result !== null, sees: (b) => b.view?.result != null };

/** The night it was stored in (or the first, from a lobby) is over and day 1 has begun. */
export const DAY_ONE: Goal = { what: 'day 1', reached: (s) => s.result !== null || s.log.some(isDay), sees: (b) => b.view?.result != null || b.log.some(isDay) };

/** Where the stored game is, as SQLite holds it, without carrying it out of the object. */
export async function reached(code: string, goal: Goal): Promise<boolean> {
  return runInDurableObject(stubOf(code), (_room: Room, ctx: DurableObjectState) => goal.reached(new RoomStore(ctx.storage).loadGame()!));
}

/** The people play from their own `legal`; when none has anything to do, the room's alarm moves the game on. */
export async function playTo(goal: Goal, w: Woken, bots: Bot[], clients: Client[]): Promise<GameState> {
  humanPace(w, clients);
  for (let i = 0; i < 400; i++) {
    await settle(bots);
    if (await reached(w.code, goal)) {
      for (const bot of bots) await until(`seat ${bot.seat} sees ${goal.what}`, () => goal.sees(bot));
      // Every move any seat made was acknowledged.
      expect(bots.flatMap((b) => b.errors)).toEqual([]);
      expect(bots.reduce((n, b) => n + b.acted, 0)).toBeGreaterThan(0);
      return (await storedGame(w.code)).state!;
    }
    await fireAlarm(w);
  }
  throw new Error(`the game did not reach ${goal.what}`);
}

