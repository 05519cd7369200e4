// A failure is logged and answered (docs/architecture.md, "When something throws"): every entry
// point of the room and the Worker logs one JSON line (the room's code, the entry point, the error's
// name and message, never a token or a frame) and answers in the project's error shape, `server/failed`;
// a socket stays open when its room still reads, and an alarm that threw is armed again to retry.
import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { viewFor } from '../../worker/engine/index.ts';
import app from '../../worker/index.ts';
import type { FailureLine } from '../../worker/failures.ts';
import { ALARM_RETRY_MS, CLOSE_FAILED } from '../../worker/room/failures.ts';
import type { FanOut } from '../../worker/room/fan-out.ts';
import type { Room } from '../../worker/room/room.ts';
import type { RoomStore } from '../../worker/room/storage.ts';
import { Client, ORIGIN, api, createRoom, join, seatedRoom, storedGame, stubOf, until, upgrade } from './helpers.ts';

/** A secret that must never reach the log, in the quotes an error message would carry it in. */
const SECRET = 'seat.sEcReT-tOkEn';

let console_: MockInstance<typeof console.error>;
beforeEach(() => {
  console_ = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => console_.mockRestore());

/** The failure lines logged so far (each one JSON object on one line). */
const lines = (): FailureLine[] => console_.mock.calls.map((c) => JSON.parse(String(c[0])) as FailureLine).filter((l) => l.event === 'failure');

/** The one line logged for this room's entry point, checked for its shape and that it carries no secret. */
function lineOf(room: string | null, entry: string): FailureLine {
  const found = lines().filter((l) => l.room === room && l.entry === entry);
  expect(found, `one line for ${entry}`).toHaveLength(1);
  const line = found[0]!;
  expect(line).toMatchObject({ level: 'error', event: 'failure', name: 'Error' });
  expect(line.message).toContain('disk on fire');
  expect(JSON.stringify(line)).not.toContain(SECRET);
  return line;
}

/** What the room's object holds: its store and its fan-out (to make them throw). */
const partsOf = (room: Room) => (room as unknown as { parts: { core: { store: RoomStore }; frames: FanOut } }).parts;

/**
 * Makes the room's store throw at its next `exists()` (every entry point asks it first, as it reads
 * the room), once or until it is mended: a storage fault, as the platform could raise one.
 */
function breakStore(store: RoomStore, once: boolean): void {
  store.exists = () => {
    if (once) delete (store as Partial<RoomStore>).exists;
    throw new Error(`disk on fire near "${SECRET}"`);
  };
}

/** Breaks the room's store (see breakStore); `mend` gives it back its own `exists`. */
async function fault(code: string, once = true): Promise<{ mend: () => Promise<void> }> {
  await runInDurableObject(stubOf(code), (room: Room) => breakStore(partsOf(room).core.store, once));
  return { mend: () => runInDurableObject(stubOf(code), (room: Room) => void delete (partsOf(room).core.store as Partial<RoomStore>).exists) };
}

const errorBody = async (res: Response) => ({ status: res.status, body: await res.json() });
const FAILED = { error: { code: 'server/failed', message: expect.any(String) } };

describe('the Worker', () => {
  it('a route that throws is logged with its room and route, and answered 500 server/failed with the security headers', async () => {
    const throwing = { getByName: () => ({ summary: () => Promise.reject(new Error(`disk on fire near "${SECRET}"`)) }) };
    const res = await app.fetch(new Request(`${ORIGIN}/api/rooms/abcdefgh`), { ...env, ROOMS: throwing as unknown as Env['ROOMS'] });
    expect(await errorBody(res)).toEqual({ status: 500, body: FAILED });
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');
    const line = lineOf('ABCDEFGH', 'GET /api/rooms/:code');
    expect(line.stack).toMatch(/^at /);
  });
});

describe('the room', () => {
  it('an RPC that throws is logged and refused 500 server/failed; the next call finds the room as it was', async () => {
    const room = await createRoom();
    await fault(room.code);
    expect(await errorBody(await api(`/api/rooms/${room.code}`))).toEqual({ status: 500, body: FAILED });
    lineOf(room.code, 'summary');
    expect((await api(`/api/rooms/${room.code}`)).status).toBe(200);
  });

  it('a socket upgrade that throws is logged and answered 500 with the error body', async () => {
    const room = await createRoom();
    const seat = await join(room.code, 'Ana', room.hostToken);
    await fault(room.code);
    expect(await errorBody(await upgrade(room.code, seat.token))).toEqual({ status: 500, body: FAILED });
    lineOf(room.code, 'fetch');
    const client = await Client.open(room.code, seat.token);
    await client.waitFor('room');
    client.close();
  });

  it('a frame that throws gets the error frame with its id; the socket stays open while the room reads, and closes 1011 when it does not', async () => {
    const { room, clients, host } = await seatedRoom(8);
    await fault(room.code);
    expect(await host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'error', id: 'go', code: 'server/failed', message: expect.any(String) });
    lineOf(room.code, 'webSocketMessage');
    // Nothing was applied, and the same socket goes on: the start, sent again, starts the game.
    expect((await storedGame(room.code)).state).toBeNull();
    expect(await host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
    expect((await storedGame(room.code)).state).not.toBeNull();

    const lasting = await fault(room.code, false);
    clients[1]!.ws.send(JSON.stringify({ type: 'sync' }));
    await until('the socket closed', () => clients[1]!.closed !== null);
    expect(clients[1]!.closed!.code).toBe(CLOSE_FAILED);
    expect(clients[1]!.of('error').at(-1)).toMatchObject({ code: 'server/failed' });
    expect(lines().filter((l) => l.room === room.code && l.entry === 'webSocketMessage/reread')).toHaveLength(1);
    await lasting.mend();
    for (const c of clients) c.close();
  });

  it('a socket close or error that throws is logged', async () => {
    const { room, clients } = await seatedRoom(2);
    await fault(room.code);
    clients[1]!.close();
    await until('the close logged', () => lines().some((l) => l.room === room.code && l.entry === 'webSocketClose'));
    lineOf(room.code, 'webSocketClose');
    await runInDurableObject(stubOf(room.code), async (object: Room, ctx: DurableObjectState) => {
      breakStore(partsOf(object).core.store, true);
      await object.webSocketError(ctx.getWebSockets()[0]!, new Error('reset'));
    });
    lineOf(room.code, 'webSocketError');
    for (const c of clients) c.close();
  });

  it('an alarm that throws is logged and armed again; the retry does what was due, once, and a retry after a stored change does nothing twice', async () => {
    const { room, clients, host } = await seatedRoom(8, 'classic', { pace: { preset: 'live' } });
    expect(await host.request({ type: 'host', id: 'start', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'start' });
    const reading = (await storedGame(room.code)).state!;
    const after = (reading.step as { endsAt: number }).endsAt + 1;
    // The room's clock (a hook tests replace) throws once, as the alarm reads it.
    await runInDurableObject(stubOf(room.code), (object: Room) => {
      object.now = () => {
        object.now = () => after;
        throw new Error(`disk on fire near "${SECRET}"`);
      };
    });
    expect(await runDurableObjectAlarm(stubOf(room.code))).toBe(true);
    lineOf(room.code, 'alarm');
    expect((await storedGame(room.code)).state!.step.kind).toBe('reading');
    const alarm = await runInDurableObject(stubOf(room.code), (_r: Room, ctx: DurableObjectState) => ctx.storage.getAlarm());
    expect(alarm).toBe(after + ALARM_RETRY_MS);

    // The retry closes the reading: the deadline is applied once.
    expect(await runDurableObjectAlarm(stubOf(room.code))).toBe(true);
    const call = (await storedGame(room.code)).state!;
    expect(call.step.kind).not.toBe('reading');
    const deadlines = (s: typeof call) => s.log.filter((e) => e.event.type === 'deadline').length;

    // Now the alarm stores the next deadline's change and throws before its frames: the retry finds it done.
    const later = (call.step as { endsAt: number }).endsAt + 1;
    await runInDurableObject(stubOf(room.code), (object: Room) => {
      object.now = () => later;
      const frames = partsOf(object).frames;
      frames.publish = () => {
        delete (frames as Partial<FanOut>).publish;
        throw new Error('disk on fire after the store');
      };
    });
    expect(await runDurableObjectAlarm(stubOf(room.code))).toBe(true);
    const stored = await storedGame(room.code);
    expect(deadlines(stored.state!)).toBe(deadlines(call) + 1);
    expect(await runDurableObjectAlarm(stubOf(room.code))).toBe(true);
    expect((await storedGame(room.code)).dump).toBe(stored.dump);
    // The table is told on its next frame: a sync gets the game as stored.
    const from = host.frames.length;
    host.ws.send(JSON.stringify({ type: 'sync' }));
    await until('the resync', () => host.of('game', from).length > 0);
    expect(host.of('game', from).at(-1)!.view.log.length).toBe(viewFor(stored.state!, { kind: 'seat', seat: 1 }).log.length);
    for (const c of clients) c.close();
  });
});
