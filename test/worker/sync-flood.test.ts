// "A sync costs what it sends" (docs/protocol.md, "Resync" and "Limits"): a hostile client's
// spectators each sent `sync` within their frame budget and the room answered every one with the
// whole view. A socket's syncs are now answered once per gap (the last one's `have`), a viewer's sync
// answers draw on a budget per minute, a truthful `have` is checked without hashing the held log
// again, and one address may keep only a few spectators in a room.
import { runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROTOCOL, logTag, type ServerFrame } from '../../worker/protocol.ts';
import { MAX_SPECTATORS_PER_ADDRESS } from '../../worker/room/limits.ts';
import type { Room } from '../../worker/room/room.ts';
import { SYNC_LIMITS, type SyncLimits } from '../../worker/room/sync-gate.ts';
import { Client, ORIGIN, readCards, seatedRoom, sleep, socketRefusal, stubOf, until, worker } from './helpers.ts';

type GameFrame = Extract<ServerFrame, { type: 'game' }>;

/** The whole `game` frames a socket got (its answers to connecting and to `sync`; patches aside). */
const answers = (c: Client): GameFrame[] => c.texts.filter((t) => t.startsWith('{"type":"game"')).map((t) => JSON.parse(t) as GameFrame);

/** A started 8-seat classic game with its cards read, and a spectator watching it. */
async function watchedGame() {
  const table = await seatedRoom(8, 'classic', { spectators: true });
  expect(await table.host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
  await readCards(table.clients);
  const watcher = await Client.open(table.room.code);
  await until('the spectator’s game', () => answers(watcher).length === 1);
  return { ...table, watcher };
}

/** Replaces the room's sync limits (worker/room/room.ts syncLimits), so a test reaches them in a second. */
async function setSyncLimits(code: string, limits: SyncLimits): Promise<void> {
  await runInDurableObject(stubOf(code), (room: Room) => {
    room.syncLimits = () => limits;
  });
}

/** A spectator socket's upgrade from a client address. */
const spectatorFrom = (code: string, ip: string) => worker.fetch(`${ORIGIN}/api/rooms/${code}/ws`, { headers: { Upgrade: 'websocket', 'Sec-WebSocket-Protocol': PROTOCOL, Origin: ORIGIN, 'CF-Connecting-IP': ip } });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a socket’s syncs', () => {
  it('are answered at most once per gap: the ones between coalesce into one answer, to the last of them; another socket’s is answered at once', async () => {
    const { room, clients, watcher } = await watchedGame();
    const gapMs = 1_500;
    await setSyncLimits(room.code, { ...SYNC_LIMITS, gapMs });
    // Before the first sync: its answer, and so the gap's start, come after this.
    const asked = Date.now();
    watcher.send({ type: 'sync' });
    await until('the first sync’s answer', () => answers(watcher).length === 2);
    const held = answers(watcher)[1]!.view.log;
    watcher.send({ type: 'sync' });
    watcher.send({ type: 'sync' });
    watcher.send({ type: 'sync', have: { log: held.length, tag: logTag(held) } });
    // A seat's socket is not held back by the spectator's gap.
    const seat = clients[2]!;
    const seatHad = answers(seat).length;
    seat.send({ type: 'sync' });
    await until('the seat’s answer', () => answers(seat).length === seatHad + 1);
    expect(answers(watcher)).toHaveLength(2);
    await until('the coalesced answer', () => answers(watcher).length === 3, 5_000);
    expect(Date.now() - asked).toBeGreaterThanOrEqual(gapMs);
    // The last sync's `have`: only what came since (nothing).
    expect(answers(watcher)[2]!.logFrom).toBe(held.length);
    expect(answers(watcher)[2]!.view.log).toEqual([]);
    // Three syncs, one answer: none follows at the next gap.
    await sleep(gapMs + 300);
    expect(answers(watcher)).toHaveLength(3);
    for (const c of [...clients, watcher]) c.close();
  });

  it('with a truthful `have` are checked without hashing the held entries again', async () => {
    const { clients, watcher } = await watchedGame();
    const held = answers(watcher)[0]!.view.log;
    expect(held.length).toBeGreaterThan(10);
    const frame = JSON.stringify({ type: 'sync', have: { log: held.length, tag: logTag(held) } });
    const stringify = vi.spyOn(JSON, 'stringify');
    watcher.send(frame);
    await until('the answer', () => answers(watcher).length === 2);
    expect(answers(watcher)[1]!.logFrom).toBe(held.length);
    // The room never stringified a run of log entries to check the tag (the test's own logTag ran before the spy).
    const logRuns = stringify.mock.calls.filter(([value]) => Array.isArray(value) && value.length > 0 && typeof value[0] === 'object' && value[0] !== null && 'seq' in value[0]);
    expect(logRuns).toEqual([]);
    for (const c of [...clients, watcher]) c.close();
  });
});

describe('a viewer’s sync answers per minute', () => {
  it('are bounded: once spent, spectators’ syncs wait for the budget to refill, in turn; a seat’s own budget is not theirs', async () => {
    const { room, clients, watcher } = await watchedGame();
    const others = [await Client.open(room.code), await Client.open(room.code)];
    for (const c of others) await until('a game', () => answers(c).length === 1);
    const spectators = [watcher, ...others];
    // One whole answer a second: the room frame and the game frame a spectator's sync brings.
    const answerChars = watcher.texts.filter((t) => t.startsWith('{"type":"room"') || t.startsWith('{"type":"game"')).reduce((n, t) => n + t.length, 0);
    await setSyncLimits(room.code, { gapMs: 0, charsPerMinute: answerChars * 60, burstChars: 1 });
    const times: number[][] = spectators.map(() => []);
    spectators.forEach((c, i) => (c.onFrame = (f) => void (f.type === 'room' && times[i]!.push(Date.now()))));
    const asked = Date.now();
    for (const c of spectators) c.send({ type: 'sync' });
    const seat = clients[3]!;
    const seatHad = answers(seat).length;
    seat.send({ type: 'sync' });
    await until('the seat’s answer', () => answers(seat).length === seatHad + 1);
    await sleep(300);
    expect(times.map((t) => t.length)).toEqual([1, 0, 0]);
    await until('every spectator answered', () => times.every((t) => t.length === 1), 6_000);
    // In turn, a second apart: the budget refills one answer a second.
    expect(times[1]![0]! - asked).toBeGreaterThanOrEqual(950);
    expect(times[2]![0]! - asked).toBeGreaterThanOrEqual(1_900);
    for (const c of [...clients, ...spectators]) c.close();
  });
});

describe('spectators per address', () => {
  it(`one address keeps at most ${MAX_SPECTATORS_PER_ADDRESS} spectators in a room; another address, or a place freed, lets one more in`, async () => {
    const { clients, room } = await seatedRoom(1, 'raw', { spectators: true });
    const watchers: Client[] = [];
    for (let i = 0; i < MAX_SPECTATORS_PER_ADDRESS; i++) {
      const res = await spectatorFrom(room.code, '203.0.113.7');
      watchers.push(new Client(res.webSocket!));
      await until('its room', () => watchers.at(-1)!.of('room').length === 1);
    }
    expect(await socketRefusal(await spectatorFrom(room.code, '203.0.113.7'))).toEqual({ status: 101, code: 'room/spectators-per-address', close: 4429 });
    const elsewhere = new Client((await spectatorFrom(room.code, '203.0.113.8')).webSocket!);
    await until('its room', () => elsewhere.of('room').length === 1);
    expect(elsewhere.closed).toBeNull();
    watchers[0]!.close();
    await until('the place freed', () => watchers[0]!.closed !== null);
    await sleep(50);
    const again = new Client((await spectatorFrom(room.code, '203.0.113.7')).webSocket!);
    await until('its room', () => again.of('room').length === 1);
    await sleep(50);
    expect(again.closed).toBeNull();
    for (const c of [...clients, ...watchers, elsewhere, again]) c.close();
  });
});
