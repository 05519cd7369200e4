// The HTTP side of the hostile-client checks. POST bodies only as small JSON and only from this site, rate limits
// per client address on creating, joining and opening sockets, security headers on every answer.
import { describe, expect, it } from 'vitest';
import { PROTOCOL } from '../../worker/protocol.ts';
import { Client, ORIGIN, api, createRoom, worker } from './helpers.ts';

const errorOf = async (res: Response) => ({ status: res.status, code: ((await res.json()) as { error: { code: string } }).error.code });
const post = (path: string, headers: Record<string, string>, body = JSON.stringify({ ruleset: 'classic' })) =>
  worker.fetch(`${ORIGIN}${path}`, { method: 'POST', headers, body });

describe('POST bodies', () => {
  it('accepts only application/json (415 otherwise), from this site only (403 for a foreign Origin)', async () => {
    expect(await errorOf(await post('/api/rooms', { 'Content-Type': 'text/plain' }))).toEqual({ status: 415, code: 'request/content-type' });
    expect(await errorOf(await post('/api/rooms', {}))).toEqual({ status: 415, code: 'request/content-type' });
    expect(await errorOf(await post('/api/rooms', { 'Content-Type': 'application/x-www-form-urlencoded' }, 'ruleset=classic'))).toEqual({ status: 415, code: 'request/content-type' });
    expect(await errorOf(await post('/api/rooms', { 'Content-Type': 'application/json', Origin: 'https://evil.example' }))).toEqual({ status: 403, code: 'auth/bad-origin' });
    expect((await post('/api/rooms', { 'Content-Type': 'application/json; charset=utf-8', Origin: ORIGIN })).status).toBe(201);
    const room = await createRoom();
    expect(await errorOf(await post(`/api/rooms/${room.code}/join`, { 'Content-Type': 'text/plain', Origin: ORIGIN }, '{"name":"Ann"}'))).toEqual({ status: 415, code: 'request/content-type' });
  });
});

describe('body size', () => {
  // A valid create with 5 MB of padding the schema ignores: read whole and parsed, it made a room.
  const padded = (bytes: number) => JSON.stringify({ ruleset: 'classic', pad: 'x'.repeat(bytes) });

  it('a body over 8 KB is refused with 413 by its Content-Length, for a create and a join alike', async () => {
    expect(await errorOf(await post('/api/rooms', { 'Content-Type': 'application/json' }, padded(5_000_000)))).toEqual({ status: 413, code: 'request/too-large' });
    expect(await errorOf(await post('/api/rooms', { 'Content-Type': 'application/json' }, padded(9_000)))).toEqual({ status: 413, code: 'request/too-large' });
    const room = await createRoom();
    expect(await errorOf(await post(`/api/rooms/${room.code}/join`, { 'Content-Type': 'application/json' }, JSON.stringify({ name: 'Ann', pad: 'x'.repeat(9_000) })))).toEqual({ status: 413, code: 'request/too-large' });
    // Under the cap, the same padding is ignored as before.
    expect((await post('/api/rooms', { 'Content-Type': 'application/json' }, padded(6_000))).status).toBe(201);
  });

  it('a streamed body with no Content-Length is refused as soon as it passes 8 KB, not read to its end', async () => {
    const CHUNK = 64 * 1024;
    const CHUNKS = 80; // 5 MB
    let pulled = 0;
    const head = new TextEncoder().encode('{"ruleset":"classic","pad":"');
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled === 0) controller.enqueue(head);
        if (pulled === CHUNKS) {
          controller.enqueue(new TextEncoder().encode('"}'));
          controller.close();
          return;
        }
        pulled++;
        controller.enqueue(new Uint8Array(CHUNK).fill(0x78));
      },
    });
    const res = await worker.fetch(`${ORIGIN}/api/rooms`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: stream });
    expect(await errorOf(res)).toEqual({ status: 413, code: 'request/too-large' });
    expect(pulled).toBeLessThan(CHUNKS / 2);
  });
});

describe('rate limits per client address', () => {
  // The binding counts in fixed 60 s windows: the first `limit` requests always pass, and a 429
  // comes at the latest after two windows' worth (when the run straddles a window's end).
  it('answers 429 with a clear error after 10 new rooms a minute from one address; other addresses go on', async () => {
    const from = (ip: string) => post('/api/rooms', { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip });
    for (let i = 0; i < 10; i++) expect((await from('203.0.113.7')).status).toBe(201);
    let res = await from('203.0.113.7');
    for (let i = 0; i < 10 && res.status === 201; i++) res = await from('203.0.113.7');
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('60');
    expect(await res.json()).toEqual({ error: { code: 'request/rate-limited', message: 'too many new rooms from this address: wait a minute' } });
    expect((await from('203.0.113.8')).status).toBe(201);
  });

  it('answers 429 after 30 joins a minute from one address', async () => {
    const room = await createRoom({ ruleset: 'butterfly' });
    const joinFrom = (ip: string, i: number) => post(`/api/rooms/${room.code}/join`, { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip }, JSON.stringify({ name: `P${i}` }));
    for (let i = 0; i < 30; i++) expect((await joinFrom('198.51.100.1', i)).status).not.toBe(429);
    let res = await joinFrom('198.51.100.1', 30);
    for (let i = 31; i < 61 && res.status !== 429; i++) res = await joinFrom('198.51.100.1', i);
    expect(await errorOf(res)).toEqual({ status: 429, code: 'request/rate-limited' });
    expect((await joinFrom('198.51.100.2', 100)).status).not.toBe(429);
  });
});

describe('socket upgrades per client address', () => {
  /** Opens one socket from `ip` (a spectator's) and closes it at once; the upgrade's status. */
  const socketFrom = async (code: string, ip: string) => {
    const res = await worker.fetch(`${ORIGIN}/api/rooms/${code}/ws`, { headers: { Upgrade: 'websocket', 'Sec-WebSocket-Protocol': PROTOCOL, Origin: ORIGIN, 'CF-Connecting-IP': ip } });
    if (res.status === 101) new Client(res.webSocket!).close();
    else await res.arrayBuffer();
    return res;
  };

  it('answers 429 after 60 upgrades a minute from one address; other addresses go on', async () => {
    const room = await createRoom({ ruleset: 'classic', spectators: true });
    for (let i = 0; i < 60; i++) expect((await socketFrom(room.code, '192.0.2.10')).status).toBe(101);
    let res = await socketFrom(room.code, '192.0.2.10');
    for (let i = 0; i < 60 && res.status === 101; i++) res = await socketFrom(room.code, '192.0.2.10');
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('60');
    expect((await socketFrom(room.code, '192.0.2.11')).status).toBe(101);
  });
});

describe('security headers', () => {
  for (const path of ['/', '/r/ABCDEFGH', '/api/health', '/api/rooms/ZZZZZZZZ', '/api/nope']) {
    it(`are on ${path}`, async () => {
      const res = await api(path);
      const csp = res.headers.get('Content-Security-Policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      // The favicon's "your turn" dot is a PNG the page draws and hands over as a blob: URL.
      expect(csp).toMatch(/img-src [^;]*blob:/);
      expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      await res.arrayBuffer();
    });
  }
});
