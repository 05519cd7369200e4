// Vacation: "A player may mark 'away until <time>' (shown to the table; it does not pause
// the game unless the host pauses)." The mark goes when its time passes or when the seat acts.
import { describe, expect, it } from 'vitest';
import { MAX_AWAY_MS } from '../../worker/protocol.ts';
import { Client, seatedRoom, setClock, storedGame } from './helpers.ts';

const away = (c: Client, id: string, until: number | null) => c.request({ type: 'host', id, move: { type: 'away', until } });
const marks = (c: Client) => Object.fromEntries(c.of('room').at(-1)!.room.seats.flatMap((s) => (s.away ? [[s.seat, s.away]] : [])));

describe('away until', () => {
  it('a seat marks itself away: the whole table sees it, the game does not pause, and acting clears it', async () => {
    const { room, clients, host } = await seatedRoom(8, 'classic', { pace: { preset: 'async' }, spectators: true });
    const now = Date.now();
    await setClock(room.code, now);
    expect(await away(clients[2]!, 'a0', now + 3_600_000)).toMatchObject({ type: 'error', code: 'room/no-game' });
    expect(await host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
    await clients[2]!.waitFor('game');

    // Validated: a time to come, at most 14 days ahead.
    expect(await away(clients[2]!, 'past', now - 1)).toMatchObject({ type: 'error', code: 'room/bad-away' });
    expect(await away(clients[2]!, 'far', now + MAX_AWAY_MS + 60_000)).toMatchObject({ type: 'error', code: 'room/bad-away' });

    const until = now + 2 * 24 * 3_600_000;
    const spectator = await Client.open(room.code);
    await spectator.waitFor('room');
    const before = (await storedGame(room.code)).state!;
    expect(await away(clients[2]!, 'a1', until)).toEqual({ type: 'ack', id: 'a1' });
    for (const c of [clients[5]!, spectator]) {
      await c.waitFor('room', (f) => f.room.seats[2]!.away === until);
      expect(marks(c)).toEqual({ 3: until });
    }
    // No pause: the game is the same, step deadline included.
    const after = (await storedGame(room.code)).state!;
    expect(after.pausedRemaining).toBeNull();
    expect(after.step).toEqual(before.step);

    // The seat acts (it has seen its card): it is back.
    const from = clients[5]!.frames.length;
    expect(await clients[2]!.request({ type: 'act', id: 'seen', move: { type: 'seen' } })).toEqual({ type: 'ack', id: 'seen' });
    await clients[5]!.waitFor('room', (f) => f.room.seats[2]!.away === undefined, from);

    // Cleared by hand, and by the clock.
    expect(await away(clients[4]!, 'b1', now + 3_600_000)).toEqual({ type: 'ack', id: 'b1' });
    expect(await away(clients[6]!, 'c1', now + 3_600_000)).toEqual({ type: 'ack', id: 'c1' });
    expect(await away(clients[4]!, 'b2', null)).toEqual({ type: 'ack', id: 'b2' });
    await clients[5]!.waitFor('room', (f) => f.room.seats[4]!.away === undefined && f.room.seats[6]!.away !== undefined);
    await setClock(room.code, now + 3_600_001);
    const synced = clients[5]!.frames.length;
    clients[5]!.send({ type: 'sync' });
    const later = await clients[5]!.waitFor('room', () => true, synced);
    expect(later.room.seats.every((s) => s.away === undefined)).toBe(true);

    // Only seats mark themselves: the spectator has no seat.
    expect(await away(spectator, 's', now + 3_600_000 * 2)).toMatchObject({ type: 'error', code: 'room/spectator' });
    for (const c of [...clients, spectator]) c.close();
  });
});
