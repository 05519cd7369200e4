// A VAPID key pair (RFC 8292) in the form the Worker reads from its secrets: the P-256 public point
// and private scalar, base64url. Used by `npm run setup:push` and by the tests' servers.
import { generateKeyPairSync } from 'node:crypto';

export interface VapidPair {
  publicKey: string;
  privateKey: string;
}

/** A fresh P-256 key pair: the 65-byte uncompressed public point and the 32-byte private scalar. */
export function newVapidPair(): VapidPair {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d! };
}

/** The three secrets of a deploy that sends pushes, for `wrangler dev` (tests) with a test contact. */
export function testVapidVars(): Record<'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT', string> {
  const pair = newVapidPair();
  return { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: 'mailto:push-test@tianhei.test' };
}
