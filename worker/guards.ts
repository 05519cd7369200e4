// What every request to the Worker passes before a route reads it: security headers on every
// response, JSON-only POST bodies from this site, and per-address rate limits on creating and
// joining rooms. Static assets get the same headers from the `_headers` file vite.config.ts writes.
import type { Context, MiddlewareHandler } from 'hono';
import type { ErrorBody } from './protocol.ts';

type Ctx = Context<{ Bindings: Env }>;

/** The headers of every page and API answer (vite.config.ts writes them into dist/client/_headers too). */
export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
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

/** POST bodies: JSON only (a form post from another site cannot pose as one), from this site only. */
export const postGuard: MiddlewareHandler<{ Bindings: Env }> = async (c, next) => {
  if (c.req.method !== 'POST') return next();
  if (!sameOrigin(c)) return fail(c, 403, 'auth/bad-origin', 'requests must come from this site');
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') return fail(c, 415, 'request/content-type', 'send the body as application/json');
  return next();
};

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
