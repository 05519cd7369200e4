// Push notifications end to end: the room encrypts and signs a push to a test push service
// inside the test, which decrypts it with the subscription's private key and verifies the VAPID token.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { pendingSeats } from '../../worker/engine/index.ts';
import app from '../../worker/index.ts';
import { vapidOf } from '../../worker/push/deliver.ts';
import type { PushConfig, PushPayload } from '../../worker/protocol.ts';
import { REMINDER_BEFORE_MS } from '../../worker/push/notify.ts';
import type { Room } from '../../worker/room/room.ts';
import { Client, api, readCards, seatedRoom, setClock, sleep, storedGame, stubOf, until } from './helpers.ts';
import { newSubscription, type TestSubscription } from './push-receiver.ts';
import { endpointFor, eventually, open, pushService, storedEndpoints, subscribe, type Delivery } from './push-service.ts';
import { PROD_AT, PROD_FLOOR_MS, type ProdPlan } from '../../worker/room/prods.ts';

/** A classic room of 8 with these settings, every seat subscribed to the tests' push service; not started. */
async function subscribedRoom(settings: Parameters<typeof seatedRoom>[2]) {
  const { room, clients, host } = await seatedRoom(8, 'classic', settings);
  const received = await pushService(room.code);
  const subs: TestSubscription[] = [];
  for (let i = 0; i < 8; i++) {
    subs.push(await newSubscription(endpointFor(`seat-${i + 1}`)));
    await subscribe(clients[i]!, subs[i]!);
  }
  return { room, clients, host, received, subs };
}

/** An async classic room of 8 (`table`: played face to face), every seat subscribed, started; the start pushes have arrived. */
async function startedAsyncRoom(table = false) {
  const { room, clients, host, received, subs } = await subscribedRoom({ pace: { preset: 'async' }, ...(table ? { table: true } : {}) });
  await host.request({ type: 'host', id: 'start', move: { type: 'start' } });
  await until('the start pushes', () => received.length === 8);
  // The reading (RULES.md 11) is shorter than the reminder lead: it is never reminded. Read the cards.
  await readCards(clients);
  const { state } = await storedGame(room.code);
  return { room, clients, host, received, subs, state };
}

describe('push notifications from the room', () => {
  it('GET /api/push gives the deploy’s VAPID public key', async () => {
    const res = await api('/api/push');
    expect(res.status).toBe(200);
    expect(((await res.json()) as PushConfig).publicKey).toBe(env.VAPID_PUBLIC_KEY);
  });

  it('a deploy without VAPID keys offers no notifications (GET /api/push says null) and still serves everything else', async () => {
    const bare = { ...env, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined, VAPID_SUBJECT: undefined };
    expect(vapidOf(bare)).toBeNull();
    const res = await app.fetch(new Request('https://tianhei.test/api/push'), bare);
    expect(await res.json()).toEqual({ publicKey: null });
    expect((await app.fetch(new Request('https://tianhei.test/api/health'), bare)).status).toBe(200);
  });

  it('the game’s start reaches a subscribed seat’s device, encrypted for it and signed with VAPID; nobody sees the subscription', async () => {
    const { room, clients, host } = await seatedRoom(8, 'classic', { spectators: true });
    const spectator = await Client.open(room.code);
    const received = await pushService(room.code);
    const phone = await newSubscription(endpointFor('seat-3-phone'));
    expect(await subscribe(clients[2]!, phone, 'es')).toEqual({ type: 'ack', id: expect.any(String) });

    expect(await host.request({ type: 'host', id: 'start', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'start' });
    await until('the push', () => received.length === 1);
    expect(received[0]!.endpoint).toBe(phone.endpoint);
    const payload = await open(received[0]!, phone);
    const { state } = await storedGame(room.code);
    // "Until when" is the night call's deadline if seat 3 is called now, else nothing (it owes nothing yet).
    const until3 = pendingSeats(state!).includes(3) ? (state!.step as { endsAt: number }).endsAt : null;
    expect(payload).toEqual({ code: room.code, seat: 3, lang: 'es', notice: { kind: 'start', until: until3 } });
    // No role and no call's name travels, even encrypted: a lock screen must not show one.
    expect(JSON.stringify(payload)).not.toMatch(/killer|police|civilian|doctor|sniper/);
    // The endpoint is never in any frame, to anyone.
    for (const c of [...clients, spectator]) expect(JSON.stringify(c.frames)).not.toContain('seat-3-phone');
  });

  it('the push service answering 410 removes the subscription; a failing push service fails no action', async () => {
    const { room, clients, host } = await seatedRoom(8, 'classic');
    const received = await pushService(room.code, (endpoint) => (endpoint.endsWith('gone') ? 410 : 0));
    const gone = await newSubscription(endpointFor('seat-2-gone'));
    const broken = await newSubscription(endpointFor('seat-4-broken'));
    await subscribe(clients[1]!, gone);
    await subscribe(clients[3]!, broken);
    expect(await storedEndpoints(room.code)).toEqual([
      { seat: 2, endpoint: gone.endpoint },
      { seat: 4, endpoint: broken.endpoint },
    ]);

    expect(await host.request({ type: 'host', id: 'start', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'start' });
    await clients[3]!.waitFor('game');
    await until('both pushes tried', () => received.length === 2);
    // The unreachable push service may come back: that subscription stays.
    await eventually(async () => expect(await storedEndpoints(room.code)).toEqual([{ seat: 4, endpoint: broken.endpoint }]));
  });

  it('refuses subscriptions from spectators, endpoints that are no push service, and unsubscribes only the seat’s own device', async () => {
    const { room, clients } = await seatedRoom(4, 'classic', { spectators: true });
    const spectator = await Client.open(room.code);
    const sub = await newSubscription(endpointFor('a-device'));
    expect(await subscribe(spectator, sub)).toMatchObject({ type: 'error', code: 'room/spectator' });
    for (const endpoint of ['https://evil.example/collect', 'http://fcm.googleapis.com/fcm/send/x', 'https://fcm.googleapis.com:8443/x']) {
      clients[0]!.send({ type: 'push-subscribe', id: 'bad', subscription: { endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, lang: 'en' });
      await clients[0]!.waitFor('error', (f) => f.code === 'protocol/bad-frame' && f.message.includes('push service'));
      clients[0]!.frames.length = 0;
    }
    await subscribe(clients[1]!, sub);
    // Seat 3 cannot take seat 2's device off.
    expect(await clients[2]!.request({ type: 'push-unsubscribe', id: 'u3', endpoint: sub.endpoint })).toEqual({ type: 'ack', id: 'u3' });
    expect(await storedEndpoints(room.code)).toEqual([{ seat: 2, endpoint: sub.endpoint }]);
    expect(await clients[1]!.request({ type: 'push-unsubscribe', id: 'u2', endpoint: sub.endpoint })).toEqual({ type: 'ack', id: 'u2' });
    expect(await storedEndpoints(room.code)).toEqual([]);
  });

  it('a removed seat’s devices go with it; the seats renumbered after it keep theirs', async () => {
    const { room, clients, host } = await seatedRoom(4, 'classic');
    const two = await newSubscription(endpointFor('seat-2'));
    const four = await newSubscription(endpointFor('seat-4'));
    await subscribe(clients[1]!, two);
    await subscribe(clients[3]!, four);
    expect(await host.request({ type: 'host', id: 'rm', move: { type: 'remove-seat', seat: 2 } })).toEqual({ type: 'ack', id: 'rm' });
    expect(await storedEndpoints(room.code)).toEqual([{ seat: 3, endpoint: four.endpoint }]);
  });

  it('async pace: an hour before the step closes, only the seats that still owe it are reminded, once', async () => {
    const { room, clients, host, received, subs, state } = await startedAsyncRoom();
    const endsAt = (state!.step as { endsAt: number }).endsAt;
    const owing = pendingSeats(state!);
    expect(owing.length).toBeGreaterThan(0);
    // The night call's own pushes reach the seats it calls.
    await until('the call pushes', () => received.length === 8 + owing.length);
    const alarm = () => runInDurableObject(stubOf(room.code), (_r: Room, ctx: DurableObjectState) => ctx.storage.getAlarm());
    // The room's own prods come first, at 50 % and 90 % of the step (below); then the hour's reminder.
    expect(await alarm()).toBe(endsAt - 6 * 3_600_000);
    await setClock(room.code, endsAt - 0.1 * 12 * 3_600_000);
    await runDurableObjectAlarm(stubOf(room.code));
    await until('the prods', () => received.length === 8 + 2 * owing.length);
    const base = received.length;
    expect(await alarm()).toBe(endsAt - REMINDER_BEFORE_MS);

    await setClock(room.code, endsAt - REMINDER_BEFORE_MS + 1000);
    await runInDurableObject(stubOf(room.code), (r: Room) => {
      r.pushFetch = async (request: Request) => {
        received.push({ endpoint: request.url, headers: request.headers, body: new Uint8Array(await request.arrayBuffer()) });
        return new Response(null, { status: 201 });
      };
    });
    await runDurableObjectAlarm(stubOf(room.code));
    await until('the reminders', () => received.length === base + owing.length);
    const reminded: number[] = [];
    for (const d of received.slice(base)) {
      const seat = Number(/seat-(\d)$/.exec(d.endpoint)![1]);
      const payload = await open(d, subs[seat - 1]!);
      expect(payload.notice).toEqual({ kind: 'reminder', owes: 'night-call', until: endsAt });
      reminded.push(seat);
    }
    expect(reminded.sort()).toEqual([...owing].sort());
    // The next alarm is the deadline itself; a repeated alarm sends nothing more.
    expect(await runInDurableObject(stubOf(room.code), (_r: Room, ctx: DurableObjectState) => ctx.storage.getAlarm())).toBe(endsAt);
    await runDurableObjectAlarm(stubOf(room.code));
    await new Promise((r) => setTimeout(r, 50));
    expect(received.length).toBe(base + owing.length);
  });
});

describe('played face to face, no phone is pushed at night', () => {
  it('a night call pushes nobody, nor does its reminder or the host’s prod (a buzz in a silent room tells who was called); by day the pushes come again', async () => {
    const { room, clients, host, received, subs, state } = await startedAsyncRoom(true);
    const endsAt = (state!.step as { endsAt: number }).endsAt;
    const killers = pendingSeats(state!);
    expect(state!.step).toMatchObject({ kind: 'call', call: 'killers' });
    // Without table mode the call's seats get a push here (the test above); face to face, nobody.
    await host.request({ type: 'host', id: 'prod', move: { type: 'prod', seat: killers[0]! } });
    await setClock(room.code, endsAt - REMINDER_BEFORE_MS + 1000);
    await runDurableObjectAlarm(stubOf(room.code));
    await new Promise((r) => setTimeout(r, 100));
    expect(received.length).toBe(8);

    // The night is played: both calls point at a civilian; dawn and the victim's last words follow.
    const victim = state!.roles.findIndex((r) => r === 'civilian') + 1;
    for (const call of ['killers', 'police']) {
      const now = (await storedGame(room.code)).state!;
      expect(now.step).toMatchObject({ kind: 'call', call });
      for (const seat of pendingSeats(now)) expect(await clients[seat - 1]!.request({ type: 'act', id: `${call}-${seat}`, move: { type: 'point', target: victim } })).toMatchObject({ type: 'ack' });
    }
    expect((await storedGame(room.code)).state!.step).toMatchObject({ kind: 'last-words', seat: victim });
    await until('the day’s push', () => received.length > 8);
    for (const d of received.slice(8)) {
      const seat = Number(/seat-(\d)$/.exec(d.endpoint)![1]);
      expect((await open(d, subs[seat - 1]!)).notice).toMatchObject({ kind: 'owe', owes: 'last-words' });
      expect(seat).toBe(victim);
    }
  });
});

describe('prods: the host reminds one seat by hand', () => {
  it('the seat that owes the step gets a reminder; a seat that owes nothing gets none; the host’s ack is the same', async () => {
    const { room, clients, host, received, subs, state } = await startedAsyncRoom();
    const owing = pendingSeats(state!);
    await until('the call pushes', () => received.length === 8 + owing.length);
    const base = received.length;
    const idle = [1, 2, 3, 4, 5, 6, 7, 8].find((s) => !owing.includes(s))!;
    const due = owing[0]!;
    // Ack alike: the host cannot tell a seat that owes the night call from one that does not.
    expect(await host.request({ type: 'host', id: 'p-idle', move: { type: 'prod', seat: idle } })).toEqual({ type: 'ack', id: 'p-idle' });
    expect(await host.request({ type: 'host', id: 'p-due', move: { type: 'prod', seat: due } })).toEqual({ type: 'ack', id: 'p-due' });
    await until('the prod', () => received.length === base + 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(received.length).toBe(base + 1);
    expect(received[base]!.endpoint).toBe(endpointFor(`seat-${due}`));
    const endsAt = (state!.step as { endsAt: number }).endsAt;
    expect((await open(received[base]!, subs[due - 1]!)).notice).toEqual({ kind: 'reminder', owes: 'night-call', until: endsAt });
    // Only the host prods.
    expect(await clients[1]!.request({ type: 'host', id: 'p-x', move: { type: 'prod', seat: due } })).toMatchObject({ type: 'error', code: 'room/not-host' });
  });
});

describe('automatic prods: at 50 % and 90 % of a step, the seats that still owe it', () => {
  /** The room's stored prod plan for the current step (worker/room/prods.ts). */
  const planOf = (code: string) =>
    runInDurableObject(stubOf(code), (_room: Room, ctx: DurableObjectState) => JSON.parse(ctx.storage.sql.exec<{ prods: string }>(`SELECT prods FROM game WHERE id = 1`).one().prods) as ProdPlan);
  /** Runs the alarm at `at`, waits for the pushes it sends, and returns them. */
  async function alarmAt(code: string, at: number, received: Delivery[]): Promise<Delivery[]> {
    const from = received.length;
    await setClock(code, at);
    await runDurableObjectAlarm(stubOf(code));
    await sleep(150);
    return received.slice(from);
  }
  const seatOf = (d: Delivery) => Number(/seat-(\d)$/.exec(d.endpoint)![1]);

  it('sent once each to the owing seats only; a repeated alarm sends nothing again; the host’s mark shows public steps only', async () => {
    const { room, clients, host, received, subs, state } = await startedAsyncRoom();
    const killers = pendingSeats(state!);
    await until('the call pushes', () => received.length === 8 + killers.length);
    await sleep(50);
    // The killers' call (12 h in async pace): its prods come at 6 h and at 10 h 48 min.
    const call = state!.step as { endsAt: number };
    const plan = await planOf(room.code);
    expect(plan).toMatchObject({ length: 12 * 3_600_000, sent: 0, marked: [] });
    expect(await alarmAt(room.code, call.endsAt - 6 * 3_600_000 - 1, received)).toEqual([]);
    const roomFrames = host.of('room').length;
    const half = await alarmAt(room.code, call.endsAt - 6 * 3_600_000, received);
    expect(half.map(seatOf).sort()).toEqual([...killers].sort());
    for (const d of half) expect((await open(d, subs[seatOf(d) - 1]!)).notice).toEqual({ kind: 'reminder', owes: 'night-call', until: call.endsAt });
    // Sent once: the same alarm again (a retry, a restart) sends nothing.
    expect(await alarmAt(room.code, call.endsAt - 6 * 3_600_000, received)).toEqual([]);
    // Who owes a night call is the team's secret: no mark, not even a room frame.
    expect(host.of('room').length).toBe(roomFrames);
    expect((await planOf(room.code)).marked).toEqual([]);

    // The night is played (both calls point at a civilian); the victim leaves last words; the open day starts.
    const victim = state!.roles.findIndex((r, i) => r === 'civilian' && i > 0) + 1;
    for (const c of ['killers', 'police']) {
      const now = (await storedGame(room.code)).state!;
      for (const seat of pendingSeats(now)) expect(await clients[seat - 1]!.request({ type: 'act', id: `${c}-${seat}`, move: { type: 'point', target: victim } })).toMatchObject({ type: 'ack' });
    }
    expect(await clients[victim - 1]!.request({ type: 'act', id: 'lw', move: { type: 'pass' } })).toMatchObject({ type: 'ack' });
    const day = (await storedGame(room.code)).state!;
    expect(day.step).toMatchObject({ kind: 'open-day' });
    const { endsAt, speakers } = day.step as { endsAt: number; speakers: number[] };
    const length = (await planOf(room.code)).length!;
    // Two speakers are done before half time, one more before 90 %.
    const [a, b, c, ...rest] = speakers;
    for (const s of [a!, b!]) expect(await clients[s - 1]!.request({ type: 'act', id: `done-${s}`, move: { type: 'pass' } })).toMatchObject({ type: 'ack' });
    await sleep(100);
    const half2 = await alarmAt(room.code, endsAt - length / 2, received);
    expect(half2.map(seatOf).sort()).toEqual([c!, ...rest].sort());
    for (const d of half2) expect((await open(d, subs[seatOf(d) - 1]!)).notice).toEqual({ kind: 'reminder', owes: 'speech', until: endsAt });
    // Who still owes a speech is public: the host's seat list marks them.
    const marked = [c!, ...rest].sort((x, y) => x - y);
    expect((await host.waitFor('room', (f) => f.room.prodded.length > 0)).room.prodded).toEqual(marked);
    expect(await clients[c! - 1]!.request({ type: 'act', id: `done-${c}`, move: { type: 'pass' } })).toMatchObject({ type: 'ack' });
    const late = await alarmAt(room.code, endsAt - length / 10, received);
    expect(late.map(seatOf).sort()).toEqual([...rest].sort());
    expect(await alarmAt(room.code, endsAt - length / 10, received)).toEqual([]);
    expect((await planOf(room.code))).toMatchObject({ sent: 2, marked });
    // The next step starts with no marks.
    await alarmAt(room.code, endsAt, received);
    expect((await host.waitFor('room', (f) => f.room.prodded.length === 0, host.frames.length - 5)).room.prodded).toEqual([]);
    for (const cl of clients) cl.close();
  }, 30_000);

  it('none for a live-length step: live pace, or an async step shorter than 10 minutes', async () => {
    for (const pace of [{ preset: 'live' }, { preset: 'async', custom: { call: 5 * 60_000 } }]) {
      const { room, clients, host, received, subs } = await subscribedRoom({ pace });
      await host.request({ type: 'host', id: 'start', move: { type: 'start' } });
      await readCards(clients);
      const { state } = await storedGame(room.code);
      const { endsAt } = state!.step as { endsAt: number };
      const length = (await planOf(room.code)).length!;
      expect(length).toBeLessThan(PROD_FLOOR_MS);
      await sleep(150);
      // No prod is planned: the alarm rings by the deadline (perhaps a little before, an alarm kept from
      // the step before: worker/room/room-row-store.ts setAlarm), and nothing is sent at 50 % or 90 %.
      expect(await runInDurableObject(stubOf(room.code), (_r: Room, ctx: DurableObjectState) => ctx.storage.getAlarm())).toBeLessThanOrEqual(endsAt);
      for (const share of PROD_AT) {
        const sent = await alarmAt(room.code, endsAt - (1 - share) * length, received);
        expect(await Promise.all(sent.map(async (d) => [pace.preset, seatOf(d), (await open(d, subs[seatOf(d) - 1]!)).notice]))).toEqual([]);
      }
      for (const cl of clients) cl.close();
    }
  });
});
