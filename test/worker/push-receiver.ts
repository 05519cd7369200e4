// The browser's and the push service's side of Web Push, for tests: a subscription with its own
// private key, decryption of an aes128gcm body (RFC 8291) and verification of a VAPID token (RFC 8292).
import { b64u, concat, fromB64u, p256PrivateJwk, webPushSecrets } from '../../worker/push/web-push.ts';

export interface TestSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The user agent's private scalar, base64url: what only the subscribed browser holds. */
  privateKey: string;
}

/** A fresh subscription as a browser would make one. */
export async function newSubscription(endpoint: string): Promise<TestSubscription> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey;
  const pub = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  return { endpoint, p256dh: b64u(pub), auth: b64u(crypto.getRandomValues(new Uint8Array(16))), privateKey: jwk.d! };
}

/** Decrypts an aes128gcm push body with the subscription's private key; throws if it does not authenticate. */
export async function decryptPush(body: Uint8Array, sub: Pick<TestSubscription, 'p256dh' | 'auth' | 'privateKey'>): Promise<{ text: string; recordSize: number }> {
  const salt = body.slice(0, 16);
  const recordSize = new DataView(body.buffer, body.byteOffset).getUint32(16);
  const idLength = body[20]!;
  const asPublic = body.slice(21, 21 + idLength);
  const sealed = body.slice(21 + idLength);
  const uaPublic = fromB64u(sub.p256dh);
  const uaPrivate = await crypto.subtle.importKey('jwk', p256PrivateJwk(sub.privateKey, sub.p256dh), { name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
  const { cek, nonce } = await webPushSecrets(uaPrivate, asPublic, uaPublic, asPublic, fromB64u(sub.auth), salt);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, cek, sealed));
  // The last record ends with 0x02 and then only zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('missing the last-record delimiter');
  return { text: new TextDecoder().decode(padded.slice(0, end)), recordSize };
}

/** Checks a `vapid t=…, k=…` header as a push service does; returns the token's claims. */
export async function verifyVapid(authorization: string, publicKey: string): Promise<{ aud: string; exp: number; sub: string }> {
  const m = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!m) throw new Error(`not a VAPID header: ${authorization}`);
  const [, header, claims, signature, k] = m;
  if (k !== publicKey) throw new Error('the header carries another public key');
  const key = await crypto.subtle.importKey('raw', fromB64u(k), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  const ok = await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, fromB64u(signature!), new TextEncoder().encode(`${header}.${claims}`));
  if (!ok) throw new Error('the VAPID signature does not verify');
  const head = JSON.parse(new TextDecoder().decode(fromB64u(header!))) as { alg: string };
  if (head.alg !== 'ES256') throw new Error(`alg ${head.alg}`);
  return JSON.parse(new TextDecoder().decode(fromB64u(claims!)));
}

/** A VAPID key pair as `npm run setup:push` makes one. */
export async function newVapidKeys(subject: string): Promise<{ publicKey: string; privateKey: string; subject: string }> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign'])) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey;
  const pub = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  return { publicKey: b64u(pub), privateKey: jwk.d!, subject };
}

export { concat };
