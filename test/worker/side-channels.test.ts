// Over real sockets: a viewer gets a game frame only when its own view changed, so the
// number and timing of frames during a night call tell nothing of the hidden pointers.
import { describe, expect, it } from 'vitest';
import { Client, readCards, seatedRoom, sleep, until } from './helpers.ts';

describe('frames follow the viewer\'s own view', () => {
  it('a spectator (and a civilian) receive no frame while the killers point and talk at night', async () => {
    const { room, clients, host } = await seatedRoom(8, 'classic', { spectators: true });
    const spectator = await Client.open(room.code);
    expect(await host.request({ type: 'host', id: 'start', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'start' });
    await until('every seat\'s first view', () => clients.every((c) => c.of('game').length > 0));
    // Night 1 opens once every seat has seen its card (RULES.md 11).
    await readCards(clients);
    await spectator.waitFor('game', (f) => f.view.step.kind === 'call');
    const roleOf = (c: Client) => c.of('game').at(-1)!.view.me!.role;
    const killers = clients.filter((c) => roleOf(c) === 'killer');
    const civilian = clients.find((c) => roleOf(c) === 'civilian')!;
    expect(killers).toHaveLength(2);
    expect(spectator.of('game').at(-1)!.view.step).toMatchObject({ kind: 'call', call: 'killers' });

    const spectatorFrames = spectator.of('game').length;
    const civilianFrames = civilian.of('game').length;
    const [first, second] = killers as [Client, Client];
    const mateFrames = second.of('game').length;
    const target = civilian.of('game').at(-1)!.view.me!.seat;
    // One killer points (the call stays open: the other has not), then talks to the team.
    expect(await first.request({ type: 'act', id: 'p1', move: { type: 'point', target } })).toEqual({ type: 'ack', id: 'p1' });
    expect(await first.request({ type: 'act', id: 'c1', move: { type: 'team-chat', text: 'this one' } })).toEqual({ type: 'ack', id: 'c1' });
    // The teammate got both (its view changed), sent in the same step as anyone else's frame.
    await until('the teammate sees the pointer and the chat', () => second.of('game').length >= mateFrames + 2);
    await sleep(50);
    expect(spectator.of('game').length).toBe(spectatorFrames);
    expect(civilian.of('game').length).toBe(civilianFrames);
    for (const c of [...clients, spectator]) c.close();
  });
});
