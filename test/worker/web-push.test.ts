// Web Push encryption and VAPID, checked against RFC 8291's worked example and a receiver's side.
import { describe, expect, it } from 'vitest';
import { b64u, encryptPayload, fromB64u, pushRequest, sendPush, vapidAuthorization } from '../../worker/push/web-push.ts';
import { decryptPush, newSubscription, newVapidKeys, verifyVapid } from './push-receiver.ts';

// RFC 8291, Appendix A ("Intermediate Values for Encryption"), as published.
const RFC8291 = {
  plaintext: 'When I grow up, I want to be a watermelon',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/test-device';

describe('RFC 8291 aes128gcm', () => {
  it('reproduces the published example body byte for byte from its sender key and salt', async () => {
    const body = await encryptPayload(new TextEncoder().encode(RFC8291.plaintext), { p256dh: RFC8291.uaPublic, auth: RFC8291.auth }, {
      salt: fromB64u(RFC8291.salt),
      senderPrivate: RFC8291.asPrivate,
      senderPublic: RFC8291.asPublic,
    });
    expect(b64u(body)).toBe(RFC8291.body);
  });

  it('the example body decrypts with the user agent’s private key (the receiver side the tests use)', async () => {
    const out = await decryptPush(fromB64u(RFC8291.body), { p256dh: RFC8291.uaPublic, auth: RFC8291.auth, privateKey: RFC8291.uaPrivate });
    expect(out).toEqual({ text: RFC8291.plaintext, recordSize: 4096 });
  });

  it('a fresh key and salt every time: two encryptions of one payload differ and both decrypt', async () => {
    const sub = await newSubscription(ENDPOINT);
    const text = new TextEncoder().encode('{"kind":"ballot"}');
    const [a, b] = [await encryptPayload(text, sub), await encryptPayload(text, sub)];
    expect(b64u(a)).not.toBe(b64u(b));
    expect((await decryptPush(a, sub)).text).toBe('{"kind":"ballot"}');
    expect((await decryptPush(b, sub)).text).toBe('{"kind":"ballot"}');
    // Another device's keys cannot read it.
    const other = await newSubscription(ENDPOINT);
    await expect(decryptPush(a, { ...other, p256dh: sub.p256dh, auth: sub.auth })).rejects.toThrow();
  });
});

describe('RFC 8292 VAPID', () => {
  it('signs an ES256 token for the endpoint’s origin that expires within 24 hours', async () => {
    const vapid = await newVapidKeys('mailto:ops@tianhei.test');
    const now = Date.UTC(2026, 10, 30, 12);
    const claims = await verifyVapid(await vapidAuthorization(ENDPOINT, vapid, now), vapid.publicKey);
    expect(claims.aud).toBe('https://fcm.googleapis.com');
    expect(claims.sub).toBe('mailto:ops@tianhei.test');
    expect(claims.exp * 1000).toBeGreaterThan(now);
    expect(claims.exp * 1000).toBeLessThanOrEqual(now + 24 * 3600_000);
  });

  it('a token signed with another key does not verify', async () => {
    const vapid = await newVapidKeys('mailto:ops@tianhei.test');
    const other = await newVapidKeys('mailto:ops@tianhei.test');
    // A forger signs with their own key and claims the deploy's public key.
    const forged = (await vapidAuthorization(ENDPOINT, other, Date.now())).replace(other.publicKey, vapid.publicKey);
    await expect(verifyVapid(forged, vapid.publicKey)).rejects.toThrow(/does not verify/);
  });
});

describe('sending', () => {
  it('the request carries aes128gcm, TTL, urgency and topic, and its body decrypts to the payload', async () => {
    const vapid = await newVapidKeys('mailto:ops@tianhei.test');
    const sub = await newSubscription(ENDPOINT);
    const req = await pushRequest(sub, { payload: '{"kind":"start"}', ttl: 600, urgency: 'high', topic: 'ABCD-3' }, vapid, Date.now());
    expect(req.method).toBe('POST');
    expect(req.url).toBe(ENDPOINT);
    expect(req.headers.get('content-encoding')).toBe('aes128gcm');
    expect(req.headers.get('ttl')).toBe('600');
    expect(req.headers.get('urgency')).toBe('high');
    expect(req.headers.get('topic')).toBe('ABCD-3');
    expect((await decryptPush(new Uint8Array(await req.arrayBuffer()), sub)).text).toBe('{"kind":"start"}');
  });

  it('reads 201 as sent, 404 and 410 as gone, other answers and network errors as failed', async () => {
    const vapid = await newVapidKeys('mailto:ops@tianhei.test');
    const sub = await newSubscription(ENDPOINT);
    const msg = { payload: '{}', ttl: 60, urgency: 'normal' as const };
    const answer = (status: number) => async () => new Response(null, { status });
    expect(await sendPush(answer(201), sub, msg, vapid, Date.now())).toBe('sent');
    expect(await sendPush(answer(410), sub, msg, vapid, Date.now())).toBe('gone');
    expect(await sendPush(answer(404), sub, msg, vapid, Date.now())).toBe('gone');
    expect(await sendPush(answer(429), sub, msg, vapid, Date.now())).toBe('failed');
    expect(await sendPush(async () => Promise.reject(new Error('offline')), sub, msg, vapid, Date.now())).toBe('failed');
  });
});
