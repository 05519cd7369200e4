// The Worker: checks HTTP input, picks room codes and hands everything else to the room's
// Durable Object. Static assets (the client) are served by the [assets] binding.
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { isRulesetId, resolveOptions } from './engine/index.ts';
import {
  CreateRoomSchema,
  JoinSchema,
  PROTOCOL,
  type CreateRoomResponse,
  type JoinResponse,
  type PushConfig,
} from './protocol.ts';
import { vapidOf } from './push/deliver.ts';
import type { Refusal } from './room/room.ts';
import { boundedText, fail, overRate, postGuard, sameOrigin, securityHeaders } from './guards.ts';
import { hashToken, newRoomCode, newToken, normaliseCode } from './room/tokens.ts';
import { voiceSettingRefusal } from './room/voice-ice.ts';
import { clientPage } from './client-page.ts';
import { onWorkerError } from './failures.ts';
import { voiceNoteRoutes } from './voice-notes.ts';

// The runtime finds Durable Object classes among the main module's exports.
export { Room } from './room/room.ts';

type Ctx = Context<{ Bindings: Env }>;

const app = new Hono<{ Bindings: Env }>();
// A route that throws (or a room that cannot be reached) is logged and answered 500 server/failed.
app.onError(onWorkerError);
app.use('*', securityHeaders);
// Voice notes carry audio, not JSON: their routes answer before the JSON-only guard (worker/voice-notes.ts).
voiceNoteRoutes(app);
app.use('/api/*', postGuard);

function refused(c: Ctx, r: Refusal): Response {
  return fail(c, r.status, r.code, r.message);
}

/** The JSON body checked against a schema, or the error response to send. */
async function body<S extends v.GenericSchema>(c: Ctx, schema: S): Promise<{ ok: true; value: v.InferOutput<S> } | { ok: false; response: Response }> {
  const read = await boundedText(c);
  if (!read.ok) return read;
  let json: unknown;
  try {
    json = JSON.parse(read.text);
  } catch {
    return { ok: false, response: fail(c, 400, 'request/bad-json', 'the body is not JSON') };
  }
  const result = v.safeParse(schema, json);
  if (!result.success) {
    const issue = result.issues[0];
    const path = issue ? (v.getDotPath(issue) ?? 'body') : 'body';
    return { ok: false, response: fail(c, 400, path === 'name' ? 'room/bad-name' : 'request/bad-body', issue ? `${path}: ${issue.message}` : 'bad body') };
  }
  return { ok: true, value: result.output };
}

function roomStub(c: Ctx): { code: string; stub: DurableObjectStub<import('./room/room.ts').Room> } | null {
  const code = normaliseCode(c.req.param('code') ?? '');
  return code ? { code, stub: c.env.ROOMS.getByName(code) } : null;
}

const notFound = (c: Ctx) => fail(c, 404, 'room/not-found', 'no room has this code');

app.get('/api/health', (c) => c.json({ ok: true }));

// The client offers notifications only when the deploy has VAPID keys.
app.get('/api/push', (c) => c.json({ publicKey: vapidOf(c.env)?.publicKey ?? null } satisfies PushConfig, 200));

app.post('/api/rooms', async (c) => {
  const limited = await overRate(c, c.env.CREATE_LIMITER, 'new rooms');
  if (limited) return limited;
  const parsed = await body(c, CreateRoomSchema);
  if (!parsed.ok) return parsed.response;
  const req = parsed.value;
  if (!isRulesetId(req.ruleset)) return fail(c, 400, 'room/bad-ruleset', `unknown ruleset "${req.ruleset}"`);
  const options = resolveOptions(req.ruleset, req.options);
  if (!options.ok) return fail(c, 400, 'room/bad-options', options.message);
  const noRelay = req.table ? null : voiceSettingRefusal(c.env, req.voice);
  if (noRelay) return refused(c, noRelay);
  const hostToken = newToken();
  const hostHash = await hashToken(hostToken);
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = newRoomCode();
    const result = await c.env.ROOMS.getByName(code).init({
      code,
      ruleset: req.ruleset,
      options: options.options,
      pace: req.pace ?? { preset: 'live' },
      spectators: req.spectators ?? false,
      humanJudge: req.humanJudge ?? false,
      table: req.table ?? false,
      voice: req.voice ?? 'off',
      hostHash,
    });
    if (result.ok) {
      const response: CreateRoomResponse = { code, url: `/r/${code}`, hostToken };
      return c.json(response, 201);
    }
    if (result.code !== 'room/exists') return refused(c, result);
  }
  return fail(c, 503, 'room/no-code', 'could not find a free room code; try again');
});

app.post('/api/rooms/:code/join', async (c) => {
  const room = roomStub(c);
  if (!room) return notFound(c);
  const limited = await overRate(c, c.env.JOIN_LIMITER, 'joins');
  if (limited) return limited;
  const parsed = await body(c, JoinSchema);
  if (!parsed.ok) return parsed.response;
  const result = await room.stub.join(parsed.value);
  if (!result.ok) return refused(c, result);
  const response: JoinResponse = { seat: result.seat, judge: result.judge, token: result.token, ...(result.table ? { table: true as const } : {}) };
  return c.json(response, 200);
});

app.get('/api/rooms/:code/record', async (c) => {
  const room = roomStub(c);
  if (!room) return notFound(c);
  const result = await room.stub.record();
  if (!result.ok) return refused(c, result);
  c.header('Content-Disposition', `attachment; filename="tianhei-${room.code}.json"`);
  return c.json(result.record, 200);
});

app.get('/api/rooms/:code', async (c) => {
  const room = roomStub(c);
  if (!room) return notFound(c);
  // "My games": a seat token in the Authorization header (never the URL) adds that seat's line.
  const bearer = /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
  const result = await room.stub.summary(bearer ? await hashToken(bearer) : undefined);
  if (!result.ok) return refused(c, result);
  // Per-seat answers must not be cached for anyone else.
  if (bearer) c.header('Cache-Control', 'private, no-store');
  return c.json(result.summary, 200);
});

app.get('/api/rooms/:code/ws', async (c) => {
  const room = roomStub(c);
  if (!room) return notFound(c);
  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') return fail(c, 426, 'protocol/upgrade-required', 'expected a WebSocket upgrade');
  // Each upgrade wakes a room: an address that opens sockets in a loop is held back.
  const limited = await overRate(c, c.env.SOCKET_LIMITER, 'connections');
  if (limited) return limited;
  // Browsers always send Origin: it must be this site. Clients that send none (bots) are allowed.
  if (!sameOrigin(c)) return fail(c, 403, 'auth/bad-origin', 'WebSocket connections must come from this site');
  const offered = (c.req.header('Sec-WebSocket-Protocol') ?? '').split(',').map((p) => p.trim());
  if (!offered.includes(PROTOCOL)) return fail(c, 400, 'protocol/subprotocol', `offer the subprotocol ${PROTOCOL}`);
  return room.stub.fetch(c.req.raw);
});

// The voice's ICE servers (worker/room/voice-ice.ts): the caller's token in the Authorization header, never the URL,
// and the peer name of its socket in the voice in X-Voice-Peer (TURN credentials go only to a page in the voice).
app.get('/api/rooms/:code/voice-ice', async (c) => {
  const room = roomStub(c);
  if (!room) return notFound(c);
  const limited = await overRate(c, c.env.ICE_LIMITER, 'voice connections');
  if (limited) return limited;
  const bearer = /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
  const host = new URL(c.req.url).hostname;
  const peer = /^[0-9a-z]{8,16}$/.exec(c.req.header('X-Voice-Peer') ?? '')?.[0] ?? null;
  const result = await room.stub.voiceIce(bearer ? await hashToken(bearer) : null, peer, host === 'localhost' || host === '127.0.0.1' || host === '[::1]');
  if (!result.ok) return refused(c, result);
  // Credentials for this caller only.
  c.header('Cache-Control', 'private, no-store');
  return c.json(result.ice, 200);
});

app.all('/api/*', (c) => fail(c, 404, 'request/not-found', 'no such API route'));

// The client's pages get their language's strings preloaded (wrangler.toml runs the Worker first for them).
app.get('/', (c) => clientPage(c.req.raw, c.env.ASSETS));
app.get('/r/*', (c) => clientPage(c.req.raw, c.env.ASSETS));

// Anything else is the client (the assets binding falls back to index.html for SPA routes).
app.all('*', (c) => c.env.ASSETS.fetch(c.req.raw));

export default app;
