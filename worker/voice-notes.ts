// The voice notes' two routes: a seat uploads its recorded speech (audio, not JSON: registered
// before the JSON-only POST guard, with the same origin check), and a viewer fetches a note back.
// The room's Durable Object decides both (worker/room/voice-notes.ts); this file moves bytes.
import type { Context, Hono } from 'hono';
import { VOICE_NOTE_MAX_BYTES } from './protocol-voice.ts';
import { boundedBytes, fail, overRate, sameOrigin } from './guards.ts';
import { hashToken, normaliseCode } from './room/tokens.ts';
import { VOICE_NOTE_ID } from './engine/index.ts';

type Ctx = Context<{ Bindings: Env }>;

const bearerOf = (c: Ctx): string | undefined => /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1];

/** Registers POST /api/rooms/:code/voice-notes and GET /api/rooms/:code/voice-notes/:id (docs/protocol.md, "Voice notes"). */
export function voiceNoteRoutes(app: Hono<{ Bindings: Env }>): void {
  app.post('/api/rooms/:code/voice-notes', async (c) => {
    const code = normaliseCode(c.req.param('code'));
    if (!code) return fail(c, 404, 'room/not-found', 'no room has this code');
    if (!sameOrigin(c)) return fail(c, 403, 'auth/bad-origin', 'requests must come from this site');
    const limited = await overRate(c, c.env.VOICE_LIMITER, 'voice notes');
    if (limited) return limited;
    const token = bearerOf(c);
    if (!token) return fail(c, 401, 'auth/no-token', 'send your seat token as Authorization: Bearer');
    const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
    const length = c.req.header('Content-Length');
    const read = length !== undefined && !(Number(length) <= VOICE_NOTE_MAX_BYTES) ? null : await boundedBytes(c.req.raw, VOICE_NOTE_MAX_BYTES);
    if (!read) return fail(c, 413, 'voice/too-big', `a voice note holds at most ${VOICE_NOTE_MAX_BYTES} bytes`);
    const result = await c.env.ROOMS.getByName(code).voiceNoteUpload(await hashToken(token), type, read.buffer as ArrayBuffer);
    if (!result.ok) return fail(c, result.status, result.code, result.message);
    return c.json({ id: result.id }, 201);
  });

  app.get('/api/rooms/:code/voice-notes/:id', async (c) => {
    const code = normaliseCode(c.req.param('code'));
    const id = c.req.param('id');
    if (!code) return fail(c, 404, 'room/not-found', 'no room has this code');
    if (!VOICE_NOTE_ID.test(id)) return fail(c, 404, 'voice/not-found', 'no voice note has this id');
    const token = bearerOf(c);
    const access = await c.env.ROOMS.getByName(code).voiceNoteAccess(token ? await hashToken(token) : undefined, id);
    // Never cached by anyone but this viewer's browser: a note is heard by its speech's audience only.
    c.header('Cache-Control', 'private, no-store');
    if (!access.ok) return fail(c, access.status, access.code, access.message);
    const object = await c.env.VOICE_NOTES.get(access.key);
    if (!object) return fail(c, 404, 'voice/not-found', 'this voice note is gone');
    return new Response(object.body, {
      status: 200,
      headers: {
        'Content-Type': object.httpMetadata?.contentType ?? 'application/octet-stream',
        'Content-Length': String(object.size),
        'Cache-Control': 'private, no-store',
        Vary: 'Authorization',
      },
    });
  });
}
