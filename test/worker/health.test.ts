import { describe, expect, it } from 'vitest';
import { api } from './helpers.ts';

describe('worker', () => {
  it('answers /api/health', async () => {
    const res = await api('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it('answers unknown API routes with a JSON error, not the SPA', async () => {
    const res = await api('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'request/not-found', message: expect.any(String) } });
  });
});
