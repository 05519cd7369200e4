// GET /api/rooms/:code/voice-ice: the voice's ICE servers, for a caller the room admits, in a room
// whose voice is on. With the deploy's TURN key the room mints short-lived Cloudflare Realtime TURN
// credentials (here from the tests' own TURN API); a room may choose "relay only" only with one.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { VoiceIce } from '../../worker/protocol.ts';
import type { Room } from '../../worker/room/room.ts';
import { TURN_API, TURN_TTL_S, turnOf, voiceSettingRefusal } from '../../worker/room/voice-ice.ts';
import { api, codeOf, createRoom, join, joinAsJudge, stubOf } from './helpers.ts';

/** What Cloudflare's generate-ice-servers answers (its docs' example), port 53 included. */
const TURN_ANSWER = {
  iceServers: [
    { urls: ['stun:stun.cloudflare.com:3478', 'stun:stun.cloudflare.com:53'] },
    {
      urls: ['turn:turn.cloudflare.com:3478?transport=udp', 'turn:turn.cloudflare.com:53?transport=udp', 'turn:turn.cloudflare.com:3478?transport=tcp', 'turns:turn.cloudflare.com:5349?transport=tcp', 'turns:turn.cloudflare.com:443?transport=tcp'],
      username: 'minted-user',
      credential: 'minted-secret',
    },
  ],
};

/** One request to the TURN API, as read inside the room (a request's body cannot leave its Durable Object). */
interface TurnRequest {
  method: string;
  url: string;
  auth: string | null;
  body: string;
}

/** The room's TURN API is the test's: it records each request and answers `status`. */
async function stubTurn(code: string, status = 201): Promise<TurnRequest[]> {
  const seen: TurnRequest[] = [];
  await runInDurableObject(stubOf(code), (r: Room) => {
    r.turnFetch = async (req) => {
      seen.push({ method: req.method, url: req.url, auth: req.headers.get('Authorization'), body: await req.text() });
      return Response.json(status < 300 ? TURN_ANSWER : { errors: ['no'] }, { status });
    };
  });
  return seen;
}

const ice = (code: string, token?: string, ip?: string) =>
  api(`/api/rooms/${code}/voice-ice`, { headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(ip ? { 'CF-Connecting-IP': ip } : {}) } });

describe('the voice ICE servers', () => {
  it("mint the deploy's TURN credentials for a seat: the key's API, a short ttl, port 53 left out, never cached", async () => {
    const room = await createRoom({ ruleset: 'classic', voice: 'on' });
    const ann = await join(room.code, 'Ann', room.hostToken);
    const seen = await stubTurn(room.code);
    const res = await ice(room.code, ann.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    const body = (await res.json()) as VoiceIce;
    expect(body.relayOnly).toBe(false);
    expect(body.iceServers).toEqual([
      { urls: ['stun:stun.cloudflare.com:3478'] },
      { urls: ['turn:turn.cloudflare.com:3478?transport=udp', 'turn:turn.cloudflare.com:3478?transport=tcp', 'turns:turn.cloudflare.com:5349?transport=tcp', 'turns:turn.cloudflare.com:443?transport=tcp'], username: 'minted-user', credential: 'minted-secret' },
    ]);
    expect(seen).toHaveLength(1);
    const req = seen[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe(`${TURN_API}/test-turn-key/credentials/generate-ice-servers`);
    expect(req.auth).toBe('Bearer test-turn-token');
    expect(JSON.parse(req.body)).toEqual({ ttl: TURN_TTL_S });
  });

  it('say "relay only" where the room chose it, and answer the judge and (where the room has them) spectators', async () => {
    const room = await createRoom({ ruleset: 'classic', voice: 'relay', humanJudge: true, spectators: true });
    const judge = await joinAsJudge(room.code, 'Jo', room.hostToken);
    await stubTurn(room.code);
    const asJudge = await ice(room.code, judge.token);
    expect(asJudge.status).toBe(200);
    expect(((await asJudge.json()) as VoiceIce).relayOnly).toBe(true);
    expect((await ice(room.code)).status).toBe(200);
  });

  it('are refused to a caller the room does not admit, in a room without voice, and when the TURN service fails', async () => {
    const closed = await createRoom({ ruleset: 'classic', voice: 'on' });
    await stubTurn(closed.code);
    const noToken = await ice(closed.code);
    expect([noToken.status, await codeOf(noToken)]).toEqual([401, 'auth/no-token']);
    const bad = await ice(closed.code, 'not-a-token-of-this-room');
    expect([bad.status, await codeOf(bad)]).toEqual([403, 'auth/bad-token']);

    const silent = await createRoom({ ruleset: 'classic' });
    const bo = await join(silent.code, 'Bo', silent.hostToken);
    const off = await ice(silent.code, bo.token);
    expect([off.status, await codeOf(off)]).toEqual([409, 'voice/off']);

    const failing = await createRoom({ ruleset: 'classic', voice: 'on' });
    const cy = await join(failing.code, 'Cy', failing.hostToken);
    await stubTurn(failing.code, 500);
    const down = await ice(failing.code, cy.token);
    expect([down.status, await codeOf(down)]).toEqual([502, 'voice/turn']);

    const missing = await ice('ZZZZZZ', cy.token);
    expect(missing.status).toBe(404);
  });

  it('are rate-limited per address (each answer mints a credential)', async () => {
    const room = await createRoom({ ruleset: 'classic', voice: 'on' });
    const ann = await join(room.code, 'Ann', room.hostToken);
    await stubTurn(room.code);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await ice(room.code, ann.token, '203.0.113.77')).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('"relay only" needs the TURN key: without it, creating or configuring it is refused with a reason the lobby shows', async () => {
    expect(turnOf(env)).toEqual({ keyId: 'test-turn-key', token: 'test-turn-token' });
    expect(voiceSettingRefusal(env, 'relay')).toBeNull();
    const bare = {};
    expect(turnOf(bare)).toBeNull();
    expect(voiceSettingRefusal(bare, 'on')).toBeNull();
    expect(voiceSettingRefusal(bare, 'relay')).toMatchObject({ status: 409, code: 'voice/no-relay' });
  });
});
