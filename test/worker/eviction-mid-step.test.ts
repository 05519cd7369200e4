// A Durable Object may be evicted at any moment (a deploy, memory, idleness) and restarted from its
// storage: the game it rebuilds must be exactly the one it held, mid-step, key for key, and play
// on from there. The store writes a move's state without the game's fixed part, and within a step
// only the move's log entries (worker/room/storage.ts, journal.ts), so this is where the stored state,
// its fixed part and the entries replayed after it must come back together.
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../worker/engine/index.ts';
import type { Room } from '../../worker/room/room.ts';
import { seatedRoom, stubOf, until } from './helpers.ts';

/** The game the room's object holds in memory (loading it from storage if this object has not yet). */
async function heldGame(code: string): Promise<GameState | null> {
  return runInDurableObject(stubOf(code), (room: Room) => (room as unknown as { parts: { core: { loadGame(): GameState | null } } }).parts.core.loadGame());
}

describe('a room evicted mid-step', () => {
  it('rebuilds the very game it held, and the step goes on from there', async () => {
    const { room, clients, host } = await seatedRoom(8);
    expect(await host.request({ type: 'host', id: 'start', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'start' });
    // Mid-step: three of eight have read their card (RULES.md 11, the reading before night 1).
    for (const i of [0, 3, 5]) expect(await clients[i]!.request({ type: 'act', id: `seen-${i}`, move: { type: 'seen' } })).toEqual({ type: 'ack', id: `seen-${i}` });
    const before = await heldGame(room.code);
    expect(before!.step.kind).toBe('reading');

    // Within the step the game row stays as it was: the three reads are entries only, replayed on waking.
    const stored = await runInDurableObject(stubOf(room.code), (_room: Room, ctx: DurableObjectState) =>
      ctx.storage.sql.exec<{ upto: number; entries: number }>('SELECT upto, (SELECT COUNT(*) FROM events) AS entries FROM game').one(),
    );
    expect(stored.entries - stored.upto).toBe(3);

    await evictDurableObject(stubOf(room.code));
    const after = await heldGame(room.code);
    expect(JSON.stringify(after)).toBe(JSON.stringify(before));
    // A read sent again after the wake is known by the id its entry names: acknowledged, nothing logged twice.
    expect(await clients[3]!.request({ type: 'act', id: 'seen-3', move: { type: 'seen' } })).toEqual({ type: 'ack', id: 'seen-3' });
    expect((await heldGame(room.code))!.log.length).toBe(before!.log.length);

    // The step goes on: the other five read theirs and the night begins, for the sockets that hibernated.
    for (const i of [1, 2, 4, 6, 7]) expect(await clients[i]!.request({ type: 'act', id: `seen-${i}`, move: { type: 'seen' } })).toEqual({ type: 'ack', id: `seen-${i}` });
    await until('night 1', () => clients.every((c) => c.frames.some((f) => f.type === 'game' && f.view.phase === 'night')));
    const night = await heldGame(room.code);
    await evictDurableObject(stubOf(room.code));
    expect(JSON.stringify(await heldGame(room.code))).toBe(JSON.stringify(night));
    for (const c of clients) c.close();
  });
});
