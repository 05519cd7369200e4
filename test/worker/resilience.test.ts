import { evictDurableObject, runDurableObjectAlarm } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MAX_FRAMES_PER_WINDOW, ROOM_TTL_MS } from '../../worker/protocol.ts';
import { Bot, Client, api, readCards, setClock, seatedRoom, sleep, socketRefusal, stubOf, storedGame, until, upgrade } from './helpers.ts';

describe('eviction and reconnect', () => {
  it('survives eviction mid-game, takes reconnects with full frames, and finishes', async () => {
    const { room, seats, clients, host } = await seatedRoom(8);
    const bots = clients.map((c, i) => new Bot(c, seats[i]!.seat));
    expect(await host.request({ type: 'host', id: 'start', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'start' });
    // Play until day 2 is reached (some state worth losing), then stop and let things settle.
    await until('round 2', () => bots.some((b) => (b.view?.round ?? 0) >= 2 || b.view?.phase === 'over'), 20_000);
    for (const b of bots) b.enabled = false;
    await until('bots idle', () => bots.every((b) => b.idle));
    const before = await storedGame(room.code);

    await evictDurableObject(stubOf(room.code)); // sockets hibernate; memory is gone
    const after = await storedGame(room.code);
    expect(after.dump).toBe(before.dump);

    // Two players reconnect with their seat tokens on new sockets: full fresh frames.
    for (const i of [2, 5]) {
      clients[i]!.close();
      const fresh = await Client.open(room.code, seats[i]!.token);
      const roomFrame = await fresh.waitFor('room');
      expect(roomFrame.room.you.seat).toBe(seats[i]!.seat);
      const game = await fresh.waitFor('game');
      expect(game.logFrom).toBe(0);
      expect(game.view.me?.seat).toBe(seats[i]!.seat);
      bots[i]!.log = [];
      bots[i]!.attach(fresh);
    }
    // A hibernated socket still works after the eviction.
    const sync = host.frames.length;
    host.send({ type: 'sync' });
    expect((await host.waitFor('game', () => true, sync)).logFrom).toBe(0);

    for (const b of bots) {
      b.enabled = true;
      b.maybeAct();
    }
    await until('game over', () => bots.every((b) => b.view?.phase === 'over'), 20_000);
    const { state } = await storedGame(room.code);
    expect(state!.result).not.toBeNull();
    for (const c of clients) c.close();
    for (const b of bots) b.client.close();
    // A whole game over WebSockets (the card reading and the confirms included) needs seconds on a busy machine.
  }, 30_000);
});

describe('the alarm', () => {
  it('applies a due deadline once; a second run changes nothing', async () => {
    const { room, clients, host } = await seatedRoom(8);
    expect(await host.request({ type: 'host', id: 'start', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'start' });
    const start = await storedGame(room.code);
    const step = start.state!.step;
    // A new game opens with the reading step (RULES.md 11), which has a deadline like any call.
    expect(step.kind).toBe('reading');
    const endsAt = step.kind === 'reading' ? step.endsAt! : 0;

    // Not yet due: the alarm changes nothing.
    expect(await runDurableObjectAlarm(stubOf(room.code))).toBe(true);
    expect((await storedGame(room.code)).dump).toBe(start.dump);

    await setClock(room.code, endsAt + 1);
    const from = clients[3]!.frames.length;
    expect(await runDurableObjectAlarm(stubOf(room.code))).toBe(true);
    const once = await storedGame(room.code);
    expect(once.dump).not.toBe(start.dump);
    expect(once.state!.log.some((e) => e.event.type === 'deadline')).toBe(true);
    const update = await clients[3]!.waitFor('game', () => true, from);
    // Seat 4's update continues its own log: logFrom counts only the entries seat 4 may read.
    expect(update.logFrom).toBe(start.state!.log.filter((e) => e.to === 'all' || e.to.includes(4)).length);

    expect(await runDurableObjectAlarm(stubOf(room.code))).toBe(true); // re-armed for the next step
    expect((await storedGame(room.code)).dump).toBe(once.dump);
    for (const c of clients) c.close();
  });

  it('expires an idle room: sockets told, storage gone, the code answers 410', async () => {
    const { room, seats, clients } = await seatedRoom(2);
    await setClock(room.code, Date.now() + ROOM_TTL_MS + 60_000);
    expect(await runDurableObjectAlarm(stubOf(room.code))).toBe(true);
    for (const c of clients) {
      await c.waitFor('expired');
      await until('close', () => c.closed !== null);
      expect(c.closed!.code).toBe(4410);
    }
    const res = await api(`/api/rooms/${room.code}`);
    expect(res.status).toBe(410);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('room/expired');
    expect((await api(`/api/rooms/${room.code}/join`, { json: { name: 'New' } })).status).toBe(410);
    expect((await storedGame(room.code).catch(() => null))?.state ?? null).toBeNull();
    const ws = await api(`/api/rooms/${room.code}/ws`, { headers: { Upgrade: 'websocket', 'Sec-WebSocket-Protocol': `tianhei.v1, seat.${seats[0]!.token}` } });
    expect(ws.status).toBe(410);
  });
});

describe('bad input', () => {
  it('answers each bad frame with an error to that socket only and leaves the state alone', async () => {
    const { room, seats, clients, host } = await seatedRoom(8);
    expect(await host.request({ type: 'host', id: 'start', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'start' });
    const roleOf = async (c: Client) => (await c.waitFor('game')).view.me!.role;
    const roles = await Promise.all(clients.map(roleOf));
    const civIdx = roles.findIndex((r, i) => r === 'civilian' && i > 0);
    const civilian = clients[civIdx]!;
    const killerIdx = roles.findIndex((r) => r === 'killer');
    const killer = clients[killerIdx]!;
    const outIdx = roles.findIndex((r, i) => r === 'civilian' && i > 0 && clients[i] !== civilian);
    const out = clients[outIdx]!;

    // The host ejects a player; from then on that player's moves are refused.
    expect(await host.request({ type: 'host', id: 'ej', move: { type: 'eject', seat: outIdx + 1 } })).toEqual({ type: 'ack', id: 'ej' });
    // Everyone still in reads their card, so night 1 (the killers' call) opens.
    await readCards(clients.filter((c) => c !== out));
    // A non-host may not use host moves.
    expect(await civilian.request({ type: 'host', id: 'h', move: { type: 'pause' } })).toMatchObject({ type: 'error', code: 'room/not-host' });
    // A second socket of the same seat, for the flood below (its arrival is a room frame for everyone).
    const flooder = await Client.open(room.code, seats[civIdx]!.token);
    await flooder.waitFor('game');
    await sleep(20);

    const before = await storedGame(room.code);
    const counts = clients.map((c) => c.frames.length);
    const errorsFrom = civilian.frames.length;

    civilian.send('{not json');
    civilian.send(JSON.stringify({ type: 'shout', text: 'hi' }));
    civilian.send(JSON.stringify({ type: 'act', id: 'a1', move: { type: 'point', target: 2 } })); // not the civilians' call
    civilian.send(JSON.stringify({ type: 'act', id: 'a2', move: { type: 'vote', target: 2 } })); // no ballot now
    civilian.send(JSON.stringify({ type: 'act', id: 'a3', move: { type: 'say', text: 'x'.repeat(501) } })); // too long
    civilian.send(JSON.stringify({ type: 'act', id: 'a4', move: { type: 'say', text: 'hi' }, seat: 3 })); // a seat in the frame is ignored
    civilian.send('x'.repeat(64 * 1024));
    out.send(JSON.stringify({ type: 'act', id: 'o1', move: { type: 'point', target: 2 } }));
    await until('errors', () => civilian.of('error', errorsFrom).length >= 7 && out.of('error').length >= 1);
    expect(civilian.of('error', errorsFrom).map((e) => [e.id, e.code])).toEqual([
      [undefined, 'protocol/bad-json'],
      [undefined, 'protocol/bad-frame'],
      ['a1', 'game/not-your-turn'],
      ['a2', 'game/phase-closed'],
      [undefined, 'protocol/bad-frame'],
      ['a4', 'game/not-your-turn'],
      [undefined, 'protocol/too-big'],
    ]);
    expect(out.of('error').at(-1)!.code).toMatch(/^game\//);

    // A flood: past the budget, frames are refused without being read.
    const flood = MAX_FRAMES_PER_WINDOW + 5;
    for (let i = 0; i < flood; i++) flooder.send('{');
    await until('flood answered', () => flooder.of('error').length >= flood);
    expect(flooder.of('error').filter((e) => e.code === 'protocol/rate-limited').length).toBeGreaterThanOrEqual(5);

    await sleep(30);
    expect((await storedGame(room.code)).dump).toBe(before.dump);
    clients.forEach((c, i) => {
      if (c !== civilian && c !== out) expect(c.frames.length, `socket ${i + 1} got frames`).toBe(counts[i]);
    });

    // A repeated action id is acked again but applied once.
    const legal = (await killer.waitFor('game', (f) => f.view.legal.some((a) => a.type === 'point'))).view.legal.find((a) => a.type === 'point')!;
    const target = (legal as { targets: number[] }).targets.find((t) => roles[t - 1] !== 'killer')!;
    expect(await killer.request({ type: 'act', id: 'k1', move: { type: 'point', target } })).toEqual({ type: 'ack', id: 'k1' });
    const once = await storedGame(room.code);
    expect(await killer.request({ type: 'act', id: 'k1', move: { type: 'point', target } })).toEqual({ type: 'ack', id: 'k1' });
    expect((await storedGame(room.code)).dump).toBe(once.dump);
    for (const c of [...clients, flooder]) c.close();
  });

  it('lets the host configure and remove seats in the lobby, renumbering the rest', async () => {
    const { room, seats, clients, host } = await seatedRoom(4, 'raw');
    expect(await host.request({ type: 'host', id: 'c1', move: { type: 'configure', ruleset: 'classic', options: { finalTie: 'lot' }, pace: { preset: 'async' }, spectators: true } })).toEqual({ type: 'ack', id: 'c1' });
    expect(await host.request({ type: 'host', id: 'c2', move: { type: 'configure', ruleset: 'classic', options: { finalTie: 'coin' } } })).toMatchObject({ type: 'error', code: 'room/bad-options' });
    expect(await host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toMatchObject({ type: 'error', code: 'room/players' });
    const from = clients[3]!.frames.length;
    expect(await host.request({ type: 'host', id: 'rm', move: { type: 'remove-seat', seat: 2 } })).toEqual({ type: 'ack', id: 'rm' });
    await until('removed socket closed', () => clients[1]!.closed !== null);
    const frame = await clients[3]!.waitFor('room', (f) => f.room.seats.length === 3, from);
    expect(frame.room.seats.map((s) => [s.seat, s.name])).toEqual([
      [1, 'Player 1'],
      [2, 'Player 3'],
      [3, 'Player 4'],
    ]);
    expect(frame.room.you.seat).toBe(3); // the socket's attachment followed the renumbering
    expect(frame.room).toMatchObject({ ruleset: 'classic', options: { finalTie: 'lot' }, spectators: true, pace: { preset: 'async' } });
    expect(frame.room.deadlines.ballot).toBe(24 * 3_600_000);
    // The removed seat's token no longer opens a socket; the renumbered one still does.
    expect((await socketRefusal(await upgrade(room.code, seats[1]!.token))).code).toBe('auth/bad-token');
    const again = await Client.open(room.code, seats[3]!.token);
    expect((await again.waitFor('room')).room.you.seat).toBe(3);
    for (const c of [...clients, again]) c.close();
  });
});

