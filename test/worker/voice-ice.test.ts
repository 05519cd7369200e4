// GET /api/rooms/:code/voice-ice: the voice's ICE servers, for a caller the room admits, in a room
// whose voice is on. With the deploy's TURN key the room mints 15-minute Cloudflare Realtime TURN
// credentials (here from the tests' own TURN API), only for a page in the voice while voice flows
// for it (docs/protocol.md, voice-ice; docs/rules-decisions.md O21), within a cap per place and per
// room; a room may choose "relay only" only with a key.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { VoiceIce } from '../../worker/protocol.ts';
import type { Room } from '../../worker/room/room.ts';
import { TURN_API, TURN_TTL_S, turnOf, voiceSettingRefusal } from '../../worker/room/voice-ice.ts';
import { MINTS_PER_PLACE, ROOM_MINTS_PER_HOUR, SPECTATOR_MINTS_PER_HOUR } from '../../worker/room/voice-mints.ts';
import { Client, api, codeOf, createRoom, join, stubOf } from './helpers.ts';
import { atFirstSpeech, isJudge, isSpectator, joinVoice, passUntil, routeOf, voiceTable, type Member } from './voice-helpers.ts';

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

const ice = (code: string, token?: string, peer?: string, ip?: string) =>
  api(`/api/rooms/${code}/voice-ice`, {
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(peer ? { 'X-Voice-Peer': peer } : {}), ...(ip ? { 'CF-Connecting-IP': ip } : {}) },
  });

/** Fills the room's mint count with `n` mints made just now by `place` (as a busy hour would). */
async function pastMints(code: string, n: number, place: (i: number) => string): Promise<void> {
  await runInDurableObject(stubOf(code), (r: Room, state) => {
    const sql = state.storage.sql;
    sql.exec(`CREATE TABLE IF NOT EXISTS voice_ice_mints (place TEXT NOT NULL, at INTEGER NOT NULL)`);
    for (let i = 0; i < n; i++) sql.exec(`INSERT INTO voice_ice_mints (place, at) VALUES (?, ?)`, place(i), r.now());
  });
}

/** An 8-seat table in the voice (a human judge, a spectator) at its first speech: the speaker, a listener, and the table. */
async function speechTable(extra: Record<string, unknown> = {}) {
  const t = await voiceTable(extra);
  const speaker = await atFirstSpeech(t.room, t.host, t.members);
  const listener = t.members.find((m) => m.seat !== null && m !== speaker)!;
  const tokenOf = (m: Member) => (isJudge(m) ? t.judgeToken : t.seats[m.seat! - 1]!.token);
  return { ...t, speaker, listener, tokenOf, spectatorMember: t.members.find(isSpectator)! };
}

describe('the voice ICE servers', () => {
  it("mint 15-minute TURN credentials for a seat in the voice at a step that links it: the key's API, port 53 left out, never cached", async () => {
    const t = await speechTable();
    const seen = await stubTurn(t.room.code);
    const res = await ice(t.room.code, t.tokenOf(t.listener), t.listener.peer);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    const body = (await res.json()) as VoiceIce;
    expect(body.relayOnly).toBe(false);
    expect(body.ttl).toBe(TURN_TTL_S);
    expect(TURN_TTL_S).toBeLessThanOrEqual(15 * 60);
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
    // The speaker and the judge are linked too.
    expect((await ice(t.room.code, t.tokenOf(t.speaker), t.speaker.peer)).status).toBe(200);
    const judge = t.members.find(isJudge)!;
    expect((await ice(t.room.code, t.judgeToken, judge.peer)).status).toBe(200);
  });

  it('mint nothing in the lobby, however often an anonymous spectator or a seat in the voice asks', async () => {
    // The lobby: the human judge may talk to the table, but no game's step is open.
    const t = await voiceTable({ voice: 'relay' });
    const seen = await stubTurn(t.room.code);
    const seat = t.members[1]!;
    expect(routeOf(seat).hear.length).toBeGreaterThan(0);
    // The hostile probe's pattern: 71 asks from three addresses (each under its 30 a minute), once 71 mints.
    for (let i = 0; i < 71; i++) {
      const anon = await ice(t.room.code, undefined, undefined, `198.51.100.${i % 3}`);
      expect([anon.status, await codeOf(anon)]).toEqual([409, 'voice/no-game']);
    }
    const bySeat = await ice(t.room.code, t.seats[1]!.token, seat.peer);
    expect([bySeat.status, await codeOf(bySeat)]).toEqual([409, 'voice/no-game']);
    expect(seen).toEqual([]);
  });

  it('mint nothing once the game is over', async () => {
    const t = await voiceTable({ ruleset: 'infernal', voice: 'relay' });
    expect(await t.host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
    await passUntil(t.room.code, 'speech');
    // docs/rules/infernal.md, "Days": in infernal a living player may surrender for their side in the day: the game ends.
    expect(await t.clients[1]!.request({ type: 'act', id: 'give-up', move: { type: 'surrender' } })).toEqual({ type: 'ack', id: 'give-up' });
    await t.host.waitFor('room', (f) => f.room.status === 'over');
    const seen = await stubTurn(t.room.code);
    const seat = t.members[1]!;
    // The judge is still heard after the game, but no step of a game is open.
    const res = await ice(t.room.code, t.seats[1]!.token, seat.peer);
    expect([res.status, await codeOf(res)]).toEqual([409, 'voice/no-game']);
    expect(seen).toEqual([]);
  });

  it('mint nothing for a place not in the voice, or naming a socket that is not its own', async () => {
    const t = await speechTable({ voice: 'relay' });
    const seen = await stubTurn(t.room.code);
    const token = t.tokenOf(t.listener);
    for (const peer of [undefined, 'abcdefghijkl', t.speaker.peer, t.spectatorMember.peer]) {
      const res = await ice(t.room.code, token, peer);
      expect([res.status, await codeOf(res)]).toEqual([409, 'voice/not-joined']);
    }
    // A socket that left the voice is not in it any more.
    t.listener.c.send({ type: 'voice-join', on: false });
    await t.listener.c.waitFor('voice', (f) => f.route.mode === 'silent' && f.route.hear.length === 0);
    const left = await ice(t.room.code, token, t.listener.peer);
    expect([left.status, await codeOf(left)]).toEqual([409, 'voice/not-joined']);
    expect(seen).toEqual([]);
  });

  it('mint nothing at a step where no voice reaches the caller (the reading, in a room without a human judge)', async () => {
    const room = await createRoom({ ruleset: 'classic', voice: 'relay' });
    const seats = [];
    for (let i = 1; i <= 8; i++) seats.push(await join(room.code, `P${i}`, i === 1 ? room.hostToken : undefined));
    const clients = await Promise.all(seats.map((s) => Client.open(room.code, s.token)));
    expect(await clients[0]!.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
    const members = await Promise.all(clients.map((c, i) => joinVoice(`seat ${i + 1}`, i + 1, c)));
    expect(routeOf(members[0]!)).toMatchObject({ mode: 'silent', hear: [], heardBy: [] });
    const seen = await stubTurn(room.code);
    const res = await ice(room.code, seats[0]!.token, members[0]!.peer);
    expect([res.status, await codeOf(res)]).toEqual([409, 'voice/not-now']);
    expect(seen).toEqual([]);
  });

  it('give public STUN, minting nothing, where the room allows direct paths: to a page turned away, told to ask again later', async () => {
    const t = await voiceTable();
    const seen = await stubTurn(t.room.code);
    // The lobby: the human judge's voice goes on over direct paths.
    const seat = t.members[1]!;
    const lobby = await ice(t.room.code, t.seats[1]!.token, seat.peer);
    expect(lobby.status).toBe(200);
    expect((await lobby.json()) as VoiceIce).toEqual({ iceServers: [{ urls: ['stun:stun.cloudflare.com:3478'] }], relayOnly: false, later: true });
    const anon = (await (await ice(t.room.code)).json()) as VoiceIce;
    expect(anon.iceServers.every((s) => s.username === undefined)).toBe(true);
    expect(seen).toEqual([]);
  });

  it('give a spectator public STUN only, minting nothing, where the room allows direct paths', async () => {
    const t = await speechTable();
    const seen = await stubTurn(t.room.code);
    const res = await ice(t.room.code, undefined, t.spectatorMember.peer);
    expect(res.status).toBe(200);
    expect((await res.json()) as VoiceIce).toEqual({ iceServers: [{ urls: ['stun:stun.cloudflare.com:3478'] }], relayOnly: false });
    expect(seen).toEqual([]);
  });

  it('mint for a spectator listening in a "relay only" room, only as the socket in the voice it names', async () => {
    const t = await speechTable({ voice: 'relay' });
    const seen = await stubTurn(t.room.code);
    const anon = await ice(t.room.code);
    expect([anon.status, await codeOf(anon)]).toEqual([409, 'voice/not-joined']);
    const seatsPeer = await ice(t.room.code, undefined, t.listener.peer);
    expect([seatsPeer.status, await codeOf(seatsPeer)]).toEqual([409, 'voice/not-joined']);
    const res = await ice(t.room.code, undefined, t.spectatorMember.peer);
    expect(res.status).toBe(200);
    expect((await res.json()) as VoiceIce).toMatchObject({ relayOnly: true, ttl: TURN_TTL_S });
    expect(seen).toHaveLength(1);
    // The probe's 71 asks, now from a spectator really listening: its place's cap holds them to 4.
    for (let i = 1; i < 71; i++) await ice(t.room.code, undefined, t.spectatorMember.peer, `198.51.100.${i % 3}`);
    expect(seen).toHaveLength(MINTS_PER_PLACE);
  });

  it(`mint at most ${MINTS_PER_PLACE} for one place in 15 minutes (a join, a renewal, two reloads)`, async () => {
    const t = await speechTable({ voice: 'relay' });
    const seen = await stubTurn(t.room.code);
    const statuses: number[] = [];
    for (let i = 0; i <= MINTS_PER_PLACE; i++) statuses.push((await ice(t.room.code, t.tokenOf(t.listener), t.listener.peer, `203.0.113.${i}`)).status);
    expect(statuses).toEqual([...Array(MINTS_PER_PLACE).fill(200), 429]);
    const over = await ice(t.room.code, t.tokenOf(t.listener), t.listener.peer);
    expect(await codeOf(over)).toBe('voice/ice-too-often');
    expect(seen).toHaveLength(MINTS_PER_PLACE);
    // Another place still gets its own.
    expect((await ice(t.room.code, t.tokenOf(t.speaker), t.speaker.peer)).status).toBe(200);
  });

  it(`mint at most ${ROOM_MINTS_PER_HOUR} for a room's seats and ${SPECTATOR_MINTS_PER_HOUR} for its spectators an hour`, async () => {
    const t = await speechTable({ voice: 'relay' });
    const seen = await stubTurn(t.room.code);
    await pastMints(t.room.code, ROOM_MINTS_PER_HOUR, (i) => String(100 + i));
    const seat = await ice(t.room.code, t.tokenOf(t.listener), t.listener.peer);
    expect([seat.status, await codeOf(seat)]).toEqual([429, 'voice/ice-room-limit']);
    // The spectators' share is apart: the seats' hour does not use it up, nor theirs the seats'.
    expect((await ice(t.room.code, undefined, t.spectatorMember.peer)).status).toBe(200);
    await pastMints(t.room.code, SPECTATOR_MINTS_PER_HOUR, (i) => `spectator:x${i}`);
    const spectator = await ice(t.room.code, undefined, t.spectatorMember.peer);
    expect([spectator.status, await codeOf(spectator)]).toEqual([429, 'voice/ice-room-limit']);
    expect(seen).toHaveLength(1);
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

    const failing = await speechTable();
    await stubTurn(failing.room.code, 500);
    const down = await ice(failing.room.code, failing.tokenOf(failing.listener), failing.listener.peer);
    expect([down.status, await codeOf(down)]).toEqual([502, 'voice/turn']);

    const missing = await ice('ZZZZZZ', bo.token);
    expect(missing.status).toBe(404);
  });

  it('are rate-limited per address, before the room is asked', async () => {
    const room = await createRoom({ ruleset: 'classic', voice: 'relay' });
    const ann = await join(room.code, 'Ann', room.hostToken);
    await stubTurn(room.code);
    const codes: string[] = [];
    for (let i = 0; i < 31; i++) codes.push(await codeOf(await ice(room.code, ann.token, undefined, '203.0.113.77')));
    expect(codes.slice(0, 30).every((c) => c === 'voice/no-game')).toBe(true);
    expect(codes[30]).toBe('request/rate-limited');
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
