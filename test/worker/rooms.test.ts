import { describe, expect, it } from 'vitest';
import { PROTOCOL } from '../../worker/protocol.ts';
import { Client, api, createRoom, join, socketRefusal, upgrade } from './helpers.ts';

async function errorOf(res: Response): Promise<{ status: number; code: string }> {
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error.message.length).toBeGreaterThan(0);
  return { status: res.status, code: body.error.code };
}

describe('creating rooms', () => {
  it('creates a room with a code without look-alikes and a host token', async () => {
    const room = await createRoom({ ruleset: 'classic', options: { finalTie: 'lot' }, pace: { preset: 'async' } });
    expect(room.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(room.url).toBe(`/r/${room.code}`);
    expect(room.hostToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await api(`/api/rooms/${room.code.toLowerCase()}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: room.code, ruleset: 'classic', status: 'lobby', seats: 0, minPlayers: 8, maxPlayers: 16, spectators: false, humanJudge: false, judgeTaken: false });
  });

  it('refuses bad input with clear errors', async () => {
    expect(await errorOf(await api('/api/rooms', { json: { ruleset: 'chess' } }))).toEqual({ status: 400, code: 'room/bad-ruleset' });
    expect(await errorOf(await api('/api/rooms', { json: { ruleset: 'classic', options: { finalTie: 'coin' } } }))).toEqual({ status: 400, code: 'room/bad-options' });
    expect(await errorOf(await api('/api/rooms', { json: { ruleset: 'classic', options: { nope: 1 } } }))).toEqual({ status: 400, code: 'room/bad-options' });
    expect(await errorOf(await api('/api/rooms', { method: 'POST', body: '{', headers: { 'Content-Type': 'application/json' } }))).toEqual({ status: 400, code: 'request/bad-json' });
    expect(await errorOf(await api('/api/rooms', { json: { ruleset: 'classic', pace: { preset: 'slow' } } }))).toEqual({ status: 400, code: 'request/bad-body' });
  });

  it('answers 404 for unknown and malformed codes', async () => {
    expect(await errorOf(await api('/api/rooms/ZZZZZZZZ'))).toEqual({ status: 404, code: 'room/not-found' });
    expect(await errorOf(await api('/api/rooms/abc'))).toEqual({ status: 404, code: 'room/not-found' });
    expect(await errorOf(await api('/api/rooms/ZZZZZZZZ/join', { json: { name: 'A' } }))).toEqual({ status: 404, code: 'room/not-found' });
  });
});

describe('joining', () => {
  it('trims names, keeps them unique regardless of case, and numbers seats', async () => {
    const room = await createRoom({ ruleset: 'raw' });
    expect(await join(room.code, '  Ann  ')).toEqual({ seat: 1, judge: false, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(await errorOf(await api(`/api/rooms/${room.code}/join`, { json: { name: 'ANN' } }))).toEqual({ status: 409, code: 'room/name-taken' });
    expect(await errorOf(await api(`/api/rooms/${room.code}/join`, { json: { name: '   ' } }))).toEqual({ status: 400, code: 'name/invisible' });
    expect(await errorOf(await api(`/api/rooms/${room.code}/join`, { json: { name: 'x'.repeat(25) } }))).toEqual({ status: 400, code: 'name/too-long' });
    // A control character is invisible: it is dropped, and "A\u0007nn" is Ann again.
    expect(await errorOf(await api(`/api/rooms/${room.code}/join`, { json: { name: 'a\u0007nn' } }))).toEqual({ status: 409, code: 'room/name-taken' });
    expect(await errorOf(await api(`/api/rooms/${room.code}/join`, { json: { name: 'Bo', hostToken: 'wrong' } }))).toEqual({ status: 403, code: 'auth/bad-host-token' });
    const bo = await join(room.code, 'Bo', room.hostToken);
    expect(bo.seat).toBe(2);
    const client = await Client.open(room.code, bo.token);
    const frame = await client.waitFor('room');
    expect(frame.room.seats.map((s) => [s.seat, s.name, s.host])).toEqual([
      [1, 'Ann', false],
      [2, 'Bo', true],
    ]);
    expect(frame.room.you).toEqual({ seat: 2, host: true, judge: false });
    client.close();
  });

  it('refuses a full room and a started game', async () => {
    const room = await createRoom({ ruleset: 'raw' }); // 6 to 8 players
    const host = await join(room.code, 'P1', room.hostToken);
    for (let i = 2; i <= 8; i++) await join(room.code, `P${i}`);
    expect(await errorOf(await api(`/api/rooms/${room.code}/join`, { json: { name: 'P9' } }))).toEqual({ status: 409, code: 'room/full' });

    const client = await Client.open(room.code, host.token);
    expect(await client.request({ type: 'host', id: 'rm', move: { type: 'remove-seat', seat: 8 } })).toEqual({ type: 'ack', id: 'rm' });
    expect(await client.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
    expect(await errorOf(await api(`/api/rooms/${room.code}/join`, { json: { name: 'Late' } }))).toEqual({ status: 409, code: 'room/started' });
    expect(((await (await api(`/api/rooms/${room.code}`)).json()) as { status: string }).status).toBe('playing');
    client.close();
  });
});

describe('WebSocket auth', () => {
  it('refuses a wrong token, a foreign origin, a missing token without spectators, and a missing subprotocol', async () => {
    const room = await createRoom({ ruleset: 'classic' });
    const seat = await join(room.code, 'Ann');
    // Browsers cannot read a refused handshake's status: wrong credentials get an error frame and a 44xx close.
    expect(await socketRefusal(await upgrade(room.code, 'not-a-token'))).toEqual({ status: 101, code: 'auth/bad-token', close: 4403 });
    expect(await errorOf(await upgrade(room.code, seat.token, 'https://evil.example'))).toEqual({ status: 403, code: 'auth/bad-origin' });
    expect(await socketRefusal(await upgrade(room.code))).toEqual({ status: 101, code: 'auth/no-token', close: 4401 });
    expect(await errorOf(await upgrade('ZZZZZZZZ', seat.token))).toEqual({ status: 404, code: 'room/not-found' });
    const noProto = await api(`/api/rooms/${room.code}/ws`, { headers: { Upgrade: 'websocket', 'Sec-WebSocket-Protocol': `seat.${seat.token}` } });
    expect(await errorOf(noProto)).toEqual({ status: 400, code: 'protocol/subprotocol' });
    const notWs = await api(`/api/rooms/${room.code}/ws`);
    expect(await errorOf(notWs)).toEqual({ status: 426, code: 'protocol/upgrade-required' });
    // The right token works, with or without an Origin header (bots send none).
    const ok = await upgrade(room.code, seat.token, null);
    expect(ok.status).toBe(101);
    expect(ok.headers.get('Sec-WebSocket-Protocol')).toBe(PROTOCOL);
    new Client(ok.webSocket!).close();
  });

  it('lets spectators in without a token when the room allows them', async () => {
    const room = await createRoom({ ruleset: 'classic', spectators: true });
    const spectator = await Client.open(room.code);
    const frame = await spectator.waitFor('room');
    expect(frame.room.you).toEqual({ seat: null, host: false, judge: false });
    expect(frame.room.spectatorsWatching).toBe(1);
    expect(await spectator.request({ type: 'act', id: 'x', move: { type: 'pass' } })).toMatchObject({ type: 'error', id: 'x', code: 'room/spectator' });
    spectator.close();
  });
});
