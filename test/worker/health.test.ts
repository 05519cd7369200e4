import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

// `exports.default` is the Worker's own fetch handler (SELF from cloudflare:test is deprecated).
const worker = exports.default;

describe('worker', () => {
  it('answers /api/health', async () => {
    const res = await worker.fetch('http://x/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it('routes rooms to a SQLite-backed Durable Object', async () => {
    const hit = async () => (await (await worker.fetch('http://x/api/rooms/abcd/ping')).json()) as { count: number };
    expect(await hit()).toEqual({ count: 1 });
    expect(await hit()).toEqual({ count: 2 });
  });
});
