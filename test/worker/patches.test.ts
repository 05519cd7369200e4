// After a change each socket gets a `patch` (docs/protocol.md): only the fields and seats of its view
// that changed, with its new entries, a fraction of the whole view's bytes; put on the view it held, it
// makes the view a `sync` sends whole.
import { expect, it } from 'vitest';
import type { View } from '../../worker/engine/types.ts';
import type { PatchFrame } from '../../worker/protocol.ts';
import { Client, seatedRoom, until } from './helpers.ts';

/** A view without its log (a patch's view holds only the new entries). */
const unlogged = ({ log: _, ...rest }: View) => rest;

it('a card read, then the night: each socket gets a patch of what changed, and it makes the view a sync sends', async () => {
  const { room, clients, host } = await seatedRoom(8, 'classic', { spectators: true });
  const spectator = await Client.open(room.code);
  const all = [...clients, spectator];
  expect(await host.request({ type: 'host', id: 'start', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'start' });
  await until('every first view', () => all.every((c) => c.of('game').some((f) => f.view.step.kind === 'reading')));
  const whole = spectator.texts.find((t) => t.startsWith('{"type":"game"'))!;

  // RULES.md 11: seat 1 reads its card; the others see only that seat 1 has read it.
  const from = all.map((c) => c.texts.length);
  expect(await clients[0]!.request({ type: 'act', id: 'seen-0', move: { type: 'seen' } })).toEqual({ type: 'ack', id: 'seen-0' });
  await until('seat 1 read, everywhere', () => all.every((c) => c.of('game').some((f) => f.view.step.kind === 'reading' && f.view.step.seen.includes(1))));
  const patchOf = (c: Client, i: number) => JSON.parse(c.texts.slice(from[i]).find((t) => t.startsWith('{"type":"patch"'))!) as PatchFrame;
  const seen = patchOf(spectator, 8);
  expect(Object.keys(seen.set)).toEqual(['step']);
  expect(seen.seats).toEqual([]);
  expect(JSON.stringify(seen).length).toBeLessThan(whole.length / 3);
  // Seat 1 has nothing left to do in this step: its own patch also takes the move away.
  expect(Object.keys(patchOf(clients[0]!, 0).set)).toEqual(['step', 'legal']);

  // Everyone else reads: the night falls (phase, round, step and moves change for everyone).
  for (const [i, c] of clients.entries()) if (i > 0) expect(await c.request({ type: 'act', id: `seen-${i}`, move: { type: 'seen' } })).toEqual({ type: 'ack', id: `seen-${i}` });
  await until('the night, everywhere', () => all.every((c) => c.of('game').at(-1)!.view.phase === 'night'));
  for (const c of all) {
    const held = c.of('game').at(-1)!.view;
    const synced = c.frames.length;
    c.send({ type: 'sync' });
    const fresh = await c.waitFor('game', () => true, synced);
    expect(unlogged(held)).toEqual(unlogged(fresh.view));
  }
  expect(all.every((c) => c.patches > 0)).toBe(true);
  for (const c of all) c.close();
});
