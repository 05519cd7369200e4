// What every request to the Worker passes before a route reads it: security headers on every
// response, small JSON-only POST bodies from this site, and per-address rate limits on creating
// rooms, joining and opening sockets. Static assets get the same headers from the `_headers` file vite.config.ts writes.
import type { Context, MiddlewareHandler } from 'hono';
import type { ErrorBody } from './protocol.ts';

type Ctx = Context<{ Bindings: Env }>;

/** The headers of every page and API answer (vite.config.ts writes them into dist/client/_headers too). */
export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
};

export function fail(c: Ctx, status: number, code: string, message: string): Response {
  const body: ErrorBody = { error: { code, message } };
  return c.json(body, status as 400);
}

/** Adds the security headers to whatever the route answered (a WebSocket upgrade is left alone). */
export const securityHeaders: MiddlewareHandler<{ Bindings: Env }> = async (c, next) => {
  await next();
  if (c.res.status === 101) return;
  // Asset responses are immutable: copy before adding headers.
  const res = new Response(c.res.body, c.res);
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) if (!res.headers.has(k)) res.headers.set(k, v);
  c.res = res;
};

/** Whether a browser's Origin header names this site; requests without one (bots, curl) pass. */
export function sameOrigin(c: Ctx): boolean {
  const origin = c.req.header('Origin');
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === new URL(c.req.url).host;
  } catch {
    return false;
  }
}

/**
 * The largest POST body read, in bytes. The biggest honest one (a create with every option and an
 * async pace, or a join whose 24-character name is sent as \u escapes) is well under 2 KB.
 */
export const MAX_BODY = 8 * 1024;

const tooLarge = (c: Ctx) => fail(c, 413, 'request/too-large', `the body may be at most ${MAX_BODY} bytes`);

/** POST bodies: JSON only (a form post from another site cannot pose as one), from this site only, and small (413 by Content-Length, before anything is read). */
export const postGuard: MiddlewareHandler<{ Bindings: Env }> = async (c, next) => {
  if (c.req.method !== 'POST') return next();
  if (!sameOrigin(c)) return fail(c, 403, 'auth/bad-origin', 'requests must come from this site');
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') return fail(c, 415, 'request/content-type', 'send the body as application/json');
  const length = c.req.header('Content-Length');
  if (length !== undefined && !(Number(length) <= MAX_BODY)) return tooLarge(c);
  return next();
};

/**
 * The request's body as text, read chunk by chunk and dropped (the 413 answer instead) as soon as
 * it passes MAX_BODY: a body sent without a Content-Length, or with a false one, is never held
 * whole, let alone parsed.
 */
export async function boundedText(c: Ctx): Promise<{ ok: true; text: string } | { ok: false; response: Response }> {
  const whole = await boundedBytes(c.req.raw, MAX_BODY);
  if (!whole) return { ok: false, response: tooLarge(c) };
  return { ok: true, text: new TextDecoder().decode(whole) };
}

/** The request's body, read chunk by chunk, or null as soon as it passes `max` bytes (a voice note's upload reads its audio so). */
export async function boundedBytes(request: Request, max: number): Promise<Uint8Array | null> {
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const whole = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return whole;
}

/**
 * Counts one request of this client address against a limiter; the 429 answer if over. Behind
 * Cloudflare every request carries CF-Connecting-IP; only a direct call (the tests' in-process
 * fetch) has none, and is not counted.
 */
export async function overRate(c: Ctx, limiter: RateLimit, what: string): Promise<Response | null> {
  const address = c.req.header('CF-Connecting-IP');
  if (!address) return null;
  const { success } = await limiter.limit({ key: address });
  if (success) return null;
  c.header('Retry-After', '60');
  return fail(c, 429, 'request/rate-limited', `too many ${what} from this address: wait a minute`);
}
