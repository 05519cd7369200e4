// "Close the holes found by a hostile client": each attack as it was seen, then refused.
// A client that never answers the server's close frame keeps its socket open on the server (it
// lingers as CLOSING and its frames still arrive). `lingering` captures such a server-side socket
// and `fromLingering` delivers a frame on it exactly as the runtime would.
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ClientFrame } from '../../worker/protocol.ts';
import type { Room } from '../../worker/room/room.ts';
import { attach, attachmentOf } from '../../worker/room/sockets.ts';
import { Client, api, codeOf, createRoom, join, redeem, seatedRoom, setClock, socketRefusal, storedGame, stubOf, until, upgrade } from './helpers.ts';

const held = new Map<string, WebSocket>();

/** Keeps the room's server-side socket of a seat (or of the judge) under a label. */
async function lingering(code: string, label: string, seat: number | 'judge'): Promise<void> {
  await runInDurableObject(stubOf(code), (_room: Room, ctx: DurableObjectState) => {
    const ws = ctx.getWebSockets().find((w) => {
      const a = attachmentOf(w);
      return seat === 'judge' ? a?.judge === true : a?.seat === seat;
    });
    if (!ws) throw new Error(`no socket for ${seat}`);
    held.set(label, ws);
  });
}

/** A frame arriving on a kept socket, as from a client that ignored the close frame. */
async function fromLingering(code: string, label: string, frame: ClientFrame): Promise<void> {
  await runInDurableObject(stubOf(code), async (room: Room) => {
    await room.webSocketMessage(held.get(label)!, JSON.stringify(frame));
  });
}

async function summary(code: string): Promise<{ seats: number; judgeTaken: boolean; spectators: boolean; ruleset: string }> {
  return (await api(`/api/rooms/${code}`)).json();
}

async function invite(host: Client, id: string, place: 'judge' | number): Promise<string> {
  const from = host.frames.length;
  expect(await host.request({ type: 'host', id, move: { type: 'invite', place } })).toEqual({ type: 'ack', id });
  const frame = host.of('invite', from).find((f) => f.id === id);
  expect(frame?.place).toBe(place);
  return frame!.token;
}


describe('a removed seat keeps acting', () => {
  it('a socket of a removed seat that ignores the close cannot act as whoever now holds its number', async () => {
    const room = await createRoom({ ruleset: 'raw' });
    const ann = await join(room.code, 'Ann');
    const bo = await join(room.code, 'Bo');
    const host = await join(room.code, 'Cy', room.hostToken); // seat 3, the host
    const [annC, boC, hostC] = await Promise.all([ann, bo, host].map((s) => Client.open(room.code, s.token)));
    await lingering(room.code, 'bo', 2);

    // The host removes Bo (seat 2); Cy, the host, is renumbered to seat 2.
    expect(await hostC!.request({ type: 'host', id: 'rm', move: { type: 'remove-seat', seat: 2 } })).toEqual({ type: 'ack', id: 'rm' });
    const renumbered = await hostC!.waitFor('room', (f) => f.room.seats.length === 2);
    expect(renumbered.room.you).toEqual({ seat: 2, host: true, judge: false });

    // Bo's socket, never closed from its side, tries to act as seat 2 (the host now).
    await fromLingering(room.code, 'bo', { type: 'host', id: 'evil', move: { type: 'remove-seat', seat: 1 } });
    await fromLingering(room.code, 'bo', { type: 'host', id: 'evil2', move: { type: 'configure', ruleset: 'classic', spectators: true } });
    const s = await summary(room.code);
    expect(s.seats).toBe(2);
    expect(s.ruleset).toBe('raw');
    expect(s.spectators).toBe(false);
    // The real seat 2 still acts.
    expect(await hostC!.request({ type: 'host', id: 'ok', move: { type: 'configure', ruleset: 'raw', spectators: true } })).toEqual({ type: 'ack', id: 'ok' });
    await until('Bo closed', () => boC!.closed !== null);
    expect(boC!.closed!.code).toBe(4403);
    for (const c of [annC, boC, hostC]) c!.close();
  });

  it('the dropped human judge’s socket can no longer pause, narrate or eject', async () => {
    const { room, host, clients } = await seatedRoom(8, 'classic', { humanJudge: true });
    const judgeRes = await redeem(room.code, await invite(host, 'inv', 'judge'), 'Judge Li');
    expect(judgeRes.status).toBe(200);
    const judge = await Client.open(room.code, ((await judgeRes.json()) as { token: string }).token);
    await judge.waitFor('room');
    await lingering(room.code, 'judge', 'judge');

    expect(await host.request({ type: 'host', id: 'off', move: { type: 'configure', ruleset: 'classic', humanJudge: false } })).toEqual({ type: 'ack', id: 'off' });
    await until('judge closed', () => judge.closed !== null);
    expect(judge.closed!.code).toBe(4403);
    expect(await host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });

    await fromLingering(room.code, 'judge', { type: 'host', id: 'p', move: { type: 'pause' } });
    await fromLingering(room.code, 'judge', { type: 'host', id: 'n', move: { type: 'narrate', text: 'I am still here' } });
    await fromLingering(room.code, 'judge', { type: 'host', id: 'e', move: { type: 'eject', seat: 3 } });
    const { state } = await storedGame(room.code);
    expect(state!.pausedRemaining).toBeNull();
    expect(state!.log.some((e) => e.event.type === 'narration')).toBe(false);
    expect(state!.alive.every(Boolean)).toBe(true);
    for (const c of clients) c.close();
  });

  it('a socket whose token was replaced is refused on its next frame, even before it closes', async () => {
    const { room, host, seats, clients } = await seatedRoom(3, 'raw');
    await lingering(room.code, 'host', 1);
    // The host moves to another device: a link for their own seat, redeemed there.
    const token = await invite(host, 'i1', 1);
    const res = await redeem(room.code, token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ seat: 1, judge: false, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    // The old device is signed out, the old token refused, the link used up.
    await until('old device closed', () => host.closed !== null);
    expect(host.closed!.code).toBe(4403);
    expect(host.of('error').map((e) => e.code)).toContain('auth/replaced');
    expect(await socketRefusal(await upgrade(room.code, seats[0]!.token))).toEqual({ status: 101, code: 'auth/bad-token', close: 4403 });
    expect(await codeOf(await redeem(room.code, token))).toBe('auth/bad-invite');
    await fromLingering(room.code, 'host', { type: 'host', id: 'cfg', move: { type: 'configure', ruleset: 'raw', spectators: true } });
    expect((await summary(room.code)).spectators).toBe(false);
    for (const c of clients) c.close();
  });
});

describe('turning spectators off', () => {
  it('closes only spectator sockets; the human judge stays', async () => {
    const room = await createRoom({ ruleset: 'classic', spectators: true, humanJudge: true });
    const hostSeat = await join(room.code, 'Host', room.hostToken);
    const host = await Client.open(room.code, hostSeat.token);
    const judgeRes = await redeem(room.code, await invite(host, 'inv', 'judge'), 'Judge');
    const judge = await Client.open(room.code, ((await judgeRes.json()) as { token: string }).token);
    const watcher = await Client.open(room.code);
    await watcher.waitFor('room');
    expect(await host.request({ type: 'host', id: 'off', move: { type: 'configure', ruleset: 'classic', spectators: false, humanJudge: true } })).toEqual({ type: 'ack', id: 'off' });
    await until('spectator closed', () => watcher.closed !== null);
    expect(watcher.closed!.code).toBe(4403);
    const from = judge.frames.length;
    judge.send({ type: 'sync' });
    expect((await judge.waitFor('room', () => true, from)).room.you.judge).toBe(true);
    expect(judge.closed).toBeNull();
    for (const c of [host, judge]) c.close();
  });

  it('the host lets a judge who lost their token back in: new token, the old one refused', async () => {
    const room = await createRoom({ ruleset: 'classic', humanJudge: true });
    const host = await Client.open(room.code, (await join(room.code, 'Host', room.hostToken)).token);
    const first = (await (await redeem(room.code, await invite(host, 'i1', 'judge'), 'Judge')).json()) as { token: string };
    const back = await redeem(room.code, await invite(host, 'i2', 'judge'), 'ignored');
    expect(await back.json()).toMatchObject({ seat: null, judge: true });
    expect(await socketRefusal(await upgrade(room.code, first.token))).toEqual({ status: 101, code: 'auth/bad-token', close: 4403 });
    const r = await host.waitFor('room', (f) => f.room.judge !== null);
    expect(r.room.judge!.name).toBe('Judge');
    host.close();
  });
});

describe('the judge’s place', () => {
  it('is taken only with the host token or a one-time invitation', async () => {
    const room = await createRoom({ ruleset: 'classic', humanJudge: true });
    const stranger = await api(`/api/rooms/${room.code}/join`, { json: { name: 'Stranger', as: 'judge' } });
    expect(stranger.status).toBe(403);
    expect(await codeOf(stranger)).toBe('room/judge-by-invite');
    expect(await codeOf(await redeem(room.code, 'made-up', 'X'))).toBe('auth/bad-invite');

    const host = await Client.open(room.code, (await join(room.code, 'Host', room.hostToken)).token);
    // Only the host invites.
    const player = await Client.open(room.code, (await join(room.code, 'Player')).token);
    expect(await player.request({ type: 'host', id: 'i', move: { type: 'invite', place: 'judge' } })).toMatchObject({ type: 'error', code: 'room/not-host' });
    const older = await invite(host, 'i1', 'judge');
    const token = await invite(host, 'i2', 'judge');
    expect(await codeOf(await redeem(room.code, older, 'Old link'))).toBe('auth/bad-invite');
    const ok = await redeem(room.code, token, 'Judge Li');
    expect(ok.status).toBe(200);
    expect(await codeOf(await redeem(room.code, token, 'Again'))).toBe('auth/bad-invite');
    expect((await summary(room.code)).judgeTaken).toBe(true);
    for (const c of [host, player]) c.close();
  });
});

describe('action ids', () => {
  it('a game move reusing a host move’s id is read, not acked and dropped', async () => {
    const { room, host, clients } = await seatedRoom(8);
    expect(await host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
    const before = await storedGame(room.code);
    // No one speaks at night: the engine refuses it, which shows the frame was read.
    expect(await host.request({ type: 'act', id: 'go', move: { type: 'say', text: 'hi' } })).toMatchObject({ type: 'error', id: 'go', code: expect.stringMatching(/^game\//) });
    // The same id as a host move again is a retry of "start": acked, not applied twice.
    expect(await host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
    expect((await storedGame(room.code)).dump).toBe(before.dump);
    expect(await host.request({ type: 'host', id: 'pause', move: { type: 'pause' } })).toEqual({ type: 'ack', id: 'pause' });
    expect((await storedGame(room.code)).state!.pausedRemaining).not.toBeNull();
    for (const c of clients) c.close();
  });
});

describe('limits', () => {
  it('a seat has at most 3 devices; a room at most 50 spectators', async () => {
    const room = await createRoom({ ruleset: 'raw', spectators: true });
    const seat = await join(room.code, 'Ann', room.hostToken);
    const devices = [];
    for (let i = 0; i < 3; i++) devices.push(await Client.open(room.code, seat.token));
    expect(await socketRefusal(await upgrade(room.code, seat.token))).toEqual({ status: 101, code: 'room/too-many-devices', close: 4429 });
    const watchers = [];
    for (let i = 0; i < 50; i++) watchers.push(await Client.open(room.code));
    expect(await socketRefusal(await upgrade(room.code))).toEqual({ status: 101, code: 'room/too-many-spectators', close: 4429 });
    for (const c of [...devices, ...watchers]) c.close();
  });

  it('a connecting socket sends the others a presence frame, not the whole room', async () => {
    const room = await createRoom({ ruleset: 'raw' });
    const ann = await join(room.code, 'Ann', room.hostToken);
    const bo = await join(room.code, 'Bo');
    const annC = await Client.open(room.code, ann.token);
    await annC.waitFor('room');
    const from = annC.frames.length;
    const boC = await Client.open(room.code, bo.token);
    const p = await annC.waitFor('presence', () => true, from);
    expect(p).toEqual({ type: 'presence', connected: [1, 2], judgeConnected: false, spectatorsWatching: 0 });
    expect(annC.of('room', from)).toEqual([]);
    expect((await boC.waitFor('room')).room.seats.map((s) => s.connected)).toEqual([true, true]);
    const left = annC.frames.length;
    boC.close();
    expect(await annC.waitFor('presence', () => true, left)).toEqual({ type: 'presence', connected: [1], judgeConnected: false, spectatorsWatching: 0 });
    annC.close();
  });

  it('only seats keep a room alive: a spectator connecting does not move its expiry', async () => {
    const room = await createRoom({ ruleset: 'raw', spectators: true });
    const seat = await join(room.code, 'Ann', room.hostToken);
    const first = await Client.open(room.code, seat.token);
    const expiresAt = (await first.waitFor('room')).room.expiresAt;
    first.close();
    await setClock(room.code, Date.now() + 60_000);
    const watcher = await Client.open(room.code);
    expect((await watcher.waitFor('room')).room.expiresAt).toBe(expiresAt);
    const again = await Client.open(room.code, seat.token);
    expect((await again.waitFor('room')).room.expiresAt).toBeGreaterThanOrEqual(expiresAt + 60_000);
    for (const c of [watcher, again]) c.close();
  });

  it('a seat socket from before sockets carried their token hash is asked to reconnect, not signed out', async () => {
    const { room, clients } = await seatedRoom(1, 'raw');
    await runInDurableObject(stubOf(room.code), (_room: Room, ctx: DurableObjectState) => {
      // As a socket from before the upgrade reads after a restart (its attachment has no credential).
      for (const ws of ctx.getWebSockets()) attach(ws, { seat: 1, spectator: false });
    });
    clients[0]!.send({ type: 'sync' });
    await until('closed', () => clients[0]!.closed !== null);
    expect(clients[0]!.closed!.code).toBe(1012);
  });
});
