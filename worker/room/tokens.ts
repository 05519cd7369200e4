// Secrets of a room: seat and host tokens (only their hashes are stored), room codes and seeds.

/** Room codes use no look-alike characters (no 0/O, 1/I/L). */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** Eight characters: enough that codes are not guessed, few enough to read out. */
export const CODE_LENGTH = 8;
const CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

/** A fresh room code from crypto.getRandomValues, without modulo bias. */
export function newRoomCode(): string {
  let code = '';
  const limit = 256 - (256 % CODE_ALPHABET.length);
  while (code.length < CODE_LENGTH) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    for (const b of bytes) {
      if (b < limit && code.length < CODE_LENGTH) code += CODE_ALPHABET[b % CODE_ALPHABET.length];
    }
  }
  return code;
}

/** Normalises a code from a URL (case-insensitive); null if it cannot be a room code. */
export function normaliseCode(raw: string): string | null {
  const code = raw.toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

function base64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** 32 random bytes, base64url: a seat token or the host token. */
export function newToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** What the room stores instead of a token: its SHA-256, base64url. */
export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return base64url(new Uint8Array(digest));
}

/** A game seed: 16 random bytes as hex. */
export function newSeed(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}
