// "My games": a room's summary for one seat, asked with its token in a header (never the
// URL), says what that seat owes now, from its own view, and nothing about anyone else.
import { describe, expect, it } from 'vitest';
import { pendingSeats } from '../../worker/engine/index.ts';
import type { RoomSummary } from '../../worker/protocol.ts';
import { api, seatedRoom, storedGame } from './helpers.ts';

async function summaryFor(code: string, token?: string): Promise<{ status: number; body: RoomSummary & { error?: { code: string } }; cache: string | null }> {
  const res = await api(`/api/rooms/${code}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
  return { status: res.status, body: await res.json(), cache: res.headers.get('cache-control') };
}

describe('GET /api/rooms/:code with a seat token', () => {
  it('in the lobby: the seat, owing nothing; without a token: no seat line at all', async () => {
    const { room, seats } = await seatedRoom(8);
    expect((await summaryFor(room.code, seats[2]!.token)).body.you).toEqual({ seat: 3, owes: null, until: null });
    expect((await summaryFor(room.code)).body.you).toBeUndefined();
  });

  it('in a game: each seat learns only whether it owes a step (first: reading its card), and until when', async () => {
    const { room, seats, host } = await seatedRoom(8);
    await host.request({ type: 'host', id: 'start', move: { type: 'start' } });
    const { state } = await storedGame(room.code);
    const owing = pendingSeats(state!);
    const endsAt = (state!.step as { endsAt: number }).endsAt;
    for (const s of seats) {
      const { body, cache } = await summaryFor(room.code, s.token);
      expect(body.you).toEqual(owing.includes(s.seat) ? { seat: s.seat, owes: 'card', until: endsAt } : { seat: s.seat, owes: null, until: null });
      expect(cache).toBe('private, no-store');
      // The rest is the public summary, the same for everyone.
      const { you: _you, ...rest } = body;
      expect(rest).toEqual((await summaryFor(room.code)).body);
    }
  });

  it('a token from another room is refused', async () => {
    const a = await seatedRoom(2);
    const b = await seatedRoom(2);
    const { status, body } = await summaryFor(a.room.code, b.seats[0]!.token);
    expect(status).toBe(403);
    expect(body.error?.code).toBe('auth/bad-token');
  });
});
