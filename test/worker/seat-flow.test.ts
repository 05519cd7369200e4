// "Leaving is never a trap" and "Play again": a lobby seat can be left for good, a seat in a
// game cannot be given up by one tap, and play-again brings the table back to the lobby.
import { describe, expect, it } from 'vitest';
import { readCards, seatedRoom, until } from './helpers.ts';

describe('leaving a seat', () => {
  it('"Leave" in the lobby frees the seat and the host sees it go; the host keeps theirs', async () => {
    const { clients, host } = await seatedRoom(4);
    const from = host.frames.length;
    expect(await host.request({ type: 'host', id: 'h-leave', move: { type: 'leave' } })).toMatchObject({ type: 'error', code: 'room/is-host' });
    clients[2]!.send(JSON.stringify({ type: 'host', id: 'leave', move: { type: 'leave' } }));
    await until('leaver closed', () => clients[2]!.closed !== null);
    expect(clients[2]!.closed!.code).toBe(4403);
    expect(clients[2]!.of('error').at(-1)?.code).toBe('room/left');
    const frame = await host.waitFor('room', (f) => f.room.seats.length === 3, from);
    expect(frame.room.seats.map((s) => [s.seat, s.name])).toEqual([
      [1, 'Player 1'],
      [2, 'Player 2'],
      [3, 'Player 4'],
    ]);
    for (const c of clients) c.close();
  });

  it('during a game a seat cannot be left: the frame is refused and the seat stays', async () => {
    const { clients, host } = await seatedRoom(8);
    expect(await host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
    expect(await clients[4]!.request({ type: 'host', id: 'leave', move: { type: 'leave' } })).toMatchObject({ type: 'error', code: 'room/not-lobby' });
    await readCards(clients);
    const game = await clients[4]!.waitFor('game', (f) => f.view.step.kind === 'call');
    expect(game.view.seats).toHaveLength(8);
    for (const c of clients) c.close();
  });
});
