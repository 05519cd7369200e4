// Web Push from the Worker itself, with WebCrypto only: the payload is encrypted for one
// subscription (RFC 8291, the aes128gcm content coding of RFC 8188) and the request carries a VAPID
// token (RFC 8292) signed with the deploy's key. No third-party service and no Node built-ins.

/** A browser's push subscription, as PushSubscription.toJSON() gives it. */
export interface PushTarget {
  endpoint: string;
  /** The user agent's P-256 public key, uncompressed point, base64url. */
  p256dh: string;
  /** The 16-byte authentication secret, base64url. */
  auth: string;
}

/** The deploy's VAPID key pair (base64url: the 65-byte public point, the 32-byte private scalar) and contact. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** Fixed sender key and salt, so RFC 8291's worked example can be reproduced byte for byte. */
export interface FixedInputs {
  salt: Uint8Array;
  /** The application server's ephemeral key pair: private scalar and public point, base64url. */
  senderPrivate: string;
  senderPublic: string;
}

/** The record size written in the header; one record always holds a notification payload. */
const RECORD_SIZE = 4096;
/** Largest plaintext a push service must accept in one aes128gcm record (RFC 8291 §4). */
export const MAX_PAYLOAD = 3993;
/** The VAPID token's lifetime (its `exp` is the send time plus this): RFC 8292 allows at most 24 hours; 12 leaves room for clock skew. */
export const JWT_LIFETIME_S = 12 * 3600;

const enc = new TextEncoder();

/** Encodes bytes as unpadded base64url. */
export function b64u(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Decodes base64url (padding optional); throws on other characters. */
export function fromB64u(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Concatenates byte arrays. */
export function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** HKDF-SHA-256 (RFC 5869) of `length` bytes. */
export async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, length: number): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey('raw', ikm as BufferSource, 'HKDF', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: salt as BufferSource, info: info as BufferSource }, key, length * 8);
  return new Uint8Array(bits);
}

/** A P-256 private key from its scalar and public point (WebCrypto imports private EC keys only as JWK). */
export function p256PrivateJwk(privateKey: string, publicKey: string): JsonWebKey {
  const pub = fromB64u(publicKey);
  if (pub.length !== 65 || pub[0] !== 4) throw new Error('a P-256 public key is a 65-byte uncompressed point');
  return { kty: 'EC', crv: 'P-256', d: privateKey, x: b64u(pub.slice(1, 33)), y: b64u(pub.slice(33, 65)), ext: true };
}

/** The shared secret and the key-derivation info of RFC 8291 §3.3-3.4, for either side. */
export async function webPushSecrets(
  ecdhPrivate: CryptoKey,
  peerPublic: Uint8Array,
  uaPublic: Uint8Array,
  asPublic: Uint8Array,
  authSecret: Uint8Array,
  salt: Uint8Array,
): Promise<{ cek: CryptoKey; nonce: Uint8Array<ArrayBuffer> }> {
  const peer = await crypto.subtle.importKey('raw', peerPublic as BufferSource, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const shared = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: peer }, ecdhPrivate, 256));
  const ikm = await hkdf(authSecret, shared, concat(enc.encode('WebPush: info\0'), uaPublic, asPublic), 32);
  const cekBytes = await hkdf(salt, ikm, enc.encode('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, enc.encode('Content-Encoding: nonce\0'), 12);
  const cek = await crypto.subtle.importKey('raw', cekBytes, 'AES-GCM', false, ['encrypt', 'decrypt']);
  return { cek, nonce };
}

/**
 * Encrypts a payload for one subscription (RFC 8291): a fresh ECDH key pair and salt per message,
 * one record, ended by the 0x02 delimiter. `fixed` is for the RFC's worked example only.
 */
export async function encryptPayload(plaintext: Uint8Array, target: Pick<PushTarget, 'p256dh' | 'auth'>, fixed?: FixedInputs): Promise<Uint8Array<ArrayBuffer>> {
  if (plaintext.length > MAX_PAYLOAD) throw new Error(`a push payload holds at most ${MAX_PAYLOAD} bytes`);
  const uaPublic = fromB64u(target.p256dh);
  const authSecret = fromB64u(target.auth);
  let senderPrivate: CryptoKey;
  let asPublic: Uint8Array;
  let salt: Uint8Array;
  if (fixed) {
    senderPrivate = await crypto.subtle.importKey('jwk', p256PrivateJwk(fixed.senderPrivate, fixed.senderPublic), { name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
    asPublic = fromB64u(fixed.senderPublic);
    salt = fixed.salt;
  } else {
    const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
    senderPrivate = pair.privateKey;
    asPublic = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
    salt = crypto.getRandomValues(new Uint8Array(16));
  }
  const { cek, nonce } = await webPushSecrets(senderPrivate, uaPublic, uaPublic, asPublic, authSecret, salt);
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, cek, concat(plaintext, new Uint8Array([2]))));
  const header = new Uint8Array(21);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = asPublic.length;
  return concat(header, asPublic, sealed);
}

/** The VAPID Authorization header (RFC 8292 §3): an ES256 JWT for the endpoint's origin, and the public key. */
export async function vapidAuthorization(endpoint: string, vapid: VapidKeys, nowMs: number): Promise<string> {
  const header = b64u(enc.encode(JSON.stringify({ typ: 'JWT', alg: 'ES256' })));
  const claims = b64u(enc.encode(JSON.stringify({ aud: new URL(endpoint).origin, exp: Math.floor(nowMs / 1000) + JWT_LIFETIME_S, sub: vapid.subject })));
  const key = await crypto.subtle.importKey('jwk', p256PrivateJwk(vapid.privateKey, vapid.publicKey), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
  // WebCrypto's ECDSA signature is r || s, exactly the JWS form (no DER to unwrap).
  const signature = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, enc.encode(`${header}.${claims}`)));
  return `vapid t=${header}.${claims}.${b64u(signature)}, k=${vapid.publicKey}`;
}

/** What became of one push: delivered to the push service, the subscription is gone, or it failed for now. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** One push before encryption: its payload and the headers the push service delivers it by. */
export interface PushMessage {
  payload: string;
  /** Seconds the push service keeps an undelivered message. */
  ttl: number;
  /** RFC 8030 §5.2: a turn that waits is worth waking the phone for. */
  urgency: 'normal' | 'high';
  /** RFC 8030 §5.4: a newer message with the same topic replaces an undelivered older one. */
  topic?: string;
}

/** Builds the encrypted, VAPID-signed request to a subscription's push endpoint. */
export async function pushRequest(target: PushTarget, message: PushMessage, vapid: VapidKeys, nowMs: number): Promise<Request> {
  const body = await encryptPayload(enc.encode(message.payload), target);
  const headers: Record<string, string> = {
    Authorization: await vapidAuthorization(target.endpoint, vapid, nowMs),
    'Content-Encoding': 'aes128gcm',
    'Content-Type': 'application/octet-stream',
    TTL: String(message.ttl),
    Urgency: message.urgency,
  };
  if (message.topic) headers.Topic = message.topic;
  return new Request(target.endpoint, { method: 'POST', headers, body });
}

/** Sends one push; never throws. 404 and 410 mean the subscription is gone for good (RFC 8030 §7.3). */
export async function sendPush(
  fetcher: (request: Request) => Promise<Response>,
  target: PushTarget,
  message: PushMessage,
  vapid: VapidKeys,
  nowMs: number,
): Promise<PushOutcome> {
  try {
    const res = await fetcher(await pushRequest(target, message, vapid, nowMs));
    // The body is not needed; cancel it so the connection is released.
    await res.body?.cancel();
    if (res.status === 404 || res.status === 410) return 'gone';
    return res.ok ? 'sent' : 'failed';
  } catch {
    return 'failed';
  }
}
