// A push service inside the tests: the room's pushes are recorded, decrypted with the subscription's
// private key and their VAPID token checked, as a browser and a push service would.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import type { PushPayload } from '../../worker/protocol.ts';
import type { Room } from '../../worker/room/room.ts';
import { stubOf, type Client } from './helpers.ts';
import { decryptPush, verifyVapid, type TestSubscription } from './push-receiver.ts';

export interface Delivery {
  endpoint: string;
  headers: Headers;
  body: Uint8Array;
}

/** A push service for one room: records each request and answers with `status` (or throws for 0). */
export async function pushService(code: string, status: number | ((endpoint: string) => number) = 201): Promise<Delivery[]> {
  const received: Delivery[] = [];
  await runInDurableObject(stubOf(code), (room: Room) => {
    room.pushFetch = async (request: Request) => {
      received.push({ endpoint: request.url, headers: request.headers, body: new Uint8Array(await request.arrayBuffer()) });
      const answer = typeof status === 'number' ? status : status(request.url);
      if (answer === 0) throw new Error('the push service is unreachable');
      return new Response(null, { status: answer });
    };
  });
  return received;
}

export async function subscribe(client: Client, sub: TestSubscription, lang: 'zh-CN' | 'en' | 'es' | 'ko' = 'en') {
  return client.request({ type: 'push-subscribe', id: `sub-${sub.endpoint.slice(-8)}`, subscription: { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, lang });
}

export async function storedEndpoints(code: string): Promise<{ seat: number; endpoint: string }[]> {
  return runInDurableObject(stubOf(code), (_room: Room, ctx: DurableObjectState) =>
    ctx.storage.sql.exec<{ seat: number; endpoint: string }>('SELECT seat, endpoint FROM push_subscriptions ORDER BY seat').toArray(),
  );
}

/** Retries an async assertion for a few seconds (the removal happens after the push, in waitUntil). */
export async function eventually(check: () => Promise<void>): Promise<void> {
  const end = Date.now() + 5000;
  for (;;) {
    try {
      return await check();
    } catch (e) {
      if (Date.now() > end) throw e;
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

export const endpointFor = (name: string) => `https://fcm.googleapis.com/fcm/send/${name}`;

/** Decrypts a delivery as the subscribed browser would, after checking its VAPID token as the push service would. */
export async function open(d: Delivery, sub: TestSubscription): Promise<PushPayload> {
  const claims = await verifyVapid(d.headers.get('authorization')!, env.VAPID_PUBLIC_KEY!);
  expect(claims.aud).toBe('https://fcm.googleapis.com');
  expect(claims.sub).toBe(env.VAPID_SUBJECT);
  expect(d.headers.get('content-encoding')).toBe('aes128gcm');
  return JSON.parse((await decryptPush(d.body, sub)).text) as PushPayload;
}

