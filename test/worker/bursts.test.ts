// Frames in a burst (docs/protocol.md, "Bursts"): moves that arrive together are each stored at
// once, and each socket then gets one game frame from the view before them to the view after them,
// then its ack. Each actor's ack still comes after a frame that shows its own move.
import { runInDurableObject } from 'cloudflare:test';
import { expect, it } from 'vitest';
import type { LogEntry } from '../../worker/engine/types.ts';
import type { ServerFrame } from '../../worker/protocol.ts';
import type { Room } from '../../worker/room/room.ts';
import { attachmentOf } from '../../worker/room/sockets.ts';
import { Client, seatedRoom, stubOf, until } from './helpers.ts';

it('eight cards read at once: one game frame per socket, each ack after it, and the frame brings the whole change', async () => {
  const { room, clients, host } = await seatedRoom(8, 'classic', { spectators: true });
  const spectator = await Client.open(room.code);
  expect(await host.request({ type: 'host', id: 'start', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'start' });
  await until('every seat\'s first view', () => [...clients, spectator].every((c) => c.of('game').some((f) => f.view.step.kind === 'reading')));
  const from = [...clients, spectator].map((c) => c.frames.length);
  // RULES.md 11: everyone reads their card; all eight "seen" reach the room together (handed to it
  // one after another, as its queued messages are: the test's own sockets arrive one by one).
  await runInDurableObject(stubOf(room.code), async (r: Room, ctx: DurableObjectState) => {
    const handled: Promise<void>[] = [];
    for (const ws of ctx.getWebSockets()) {
      const seat = attachmentOf(ws)?.seat;
      if (seat) handled.push(r.webSocketMessage(ws, JSON.stringify({ type: 'act', id: `seen-${seat - 1}`, move: { type: 'seen' } })));
    }
    expect(handled).toHaveLength(8);
    await Promise.all(handled);
  });
  await until('every ack', () => clients.every((c, i) => c.frames.slice(from[i]).some((f) => f.type === 'ack')));
  await until('the night at the spectator', () => spectator.of('game', from[8]).some((f) => f.view.step.kind === 'call'));
  for (const [i, c] of clients.entries()) {
    const mine = c.frames.slice(from[i]);
    const ack = mine.findIndex((f) => f.type === 'ack' && f.id === `seen-${i}`);
    // Before its ack, the actor already saw its own card read (or the night that followed).
    const before = mine.slice(0, ack).filter((f): f is Extract<ServerFrame, { type: 'game' }> => f.type === 'game').at(-1);
    expect(before, `seat ${i + 1} had a frame before its ack`).toBeDefined();
    const step = before!.view.step;
    expect(step.kind !== 'reading' || step.seen.includes(i + 1)).toBe(true);
    expect(mine.filter((f) => f.type === 'error')).toEqual([]);
  }
  // Eight moves, fewer frames: the spectator's view changed eight times.
  const spectatorFrames = spectator.of('game', from[8]).length;
  expect(spectatorFrames).toBe(1);
  expect(clients[0]!.of('game', from[0])).toHaveLength(1);
  // That one frame carries the whole change: the spectator's log kept and extended is the log a fresh view gives.
  const log = spectator.of('game').reduce<LogEntry[]>((kept, f) => [...kept.filter((e) => e.seq <= f.logFrom), ...f.view.log], []);
  const synced = spectator.frames.length;
  spectator.send({ type: 'sync' });
  const fresh = await spectator.waitFor('game', () => true, synced);
  expect(fresh.logFrom).toBe(0);
  expect(log).toEqual(fresh.view.log);
  expect(spectator.of('game', from[8])[0]!.view.step).toEqual(fresh.view.step);
  for (const c of [...clients, spectator]) c.close();
});
