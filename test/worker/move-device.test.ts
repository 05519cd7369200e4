// "Leaving is never a trap": a seat in a game moves to another device by a one-time link it
// asks for itself (docs/rules-decisions.md O9). The link works once, lapses after ten minutes, and
// signs the old device out when it is used, so a leaked link cannot watch a seat unseen.
import { describe, expect, it } from 'vitest';
import { MOVE_LINK_MS } from '../../worker/room/limits.ts';
import { Client, codeOf, createRoom, join, joinAsJudge, redeem, seatedRoom, setClock, socketRefusal, until, upgrade } from './helpers.ts';

/** Asks for this socket's own move link; returns the invite frame. */
async function moveLink(c: Client, id: string) {
  const from = c.frames.length;
  expect(await c.request({ type: 'host', id, move: { type: 'move-device' } })).toEqual({ type: 'ack', id });
  const frame = c.of('invite', from).find((f) => f.id === id);
  expect(frame).toBeDefined();
  return frame!;
}

describe('move to another device', () => {
  it('mid-game: the link seats the new device in the same seat with the same card, once; the old device is signed out', async () => {
    const { room, host, seats, clients } = await seatedRoom(8);
    expect(await host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
    const before = await clients[3]!.waitFor('game');
    const started = Date.now();
    const link = await moveLink(clients[3]!, 'm1');
    expect(link.place).toBe(4);
    expect(link.expiresAt).toBeGreaterThanOrEqual(started + MOVE_LINK_MS);
    expect(link.expiresAt).toBeLessThanOrEqual(Date.now() + MOVE_LINK_MS);
    // Nobody else hears of it: the link is the asking seat's alone.
    for (const [i, c] of clients.entries()) if (i !== 3) expect(c.of('invite')).toEqual([]);

    const res = await redeem(room.code, link.token);
    expect(res.status).toBe(200);
    const moved = (await res.json()) as { seat: number; judge: boolean; token: string };
    expect(moved).toMatchObject({ seat: 4, judge: false });
    await until('old device signed out', () => clients[3]!.closed !== null);
    expect(clients[3]!.closed!.code).toBe(4403);
    expect(clients[3]!.of('error').map((e) => e.code)).toContain('auth/replaced');
    expect(await socketRefusal(await upgrade(room.code, seats[3]!.token))).toEqual({ status: 101, code: 'auth/bad-token', close: 4403 });

    const phone = await Client.open(room.code, moved.token);
    const after = await phone.waitFor('game');
    expect(after.view.me?.seat).toBe(4);
    expect(after.view.me?.role).toBe(before.view.me?.role);
    // It works once.
    expect(await codeOf(await redeem(room.code, link.token))).toBe('auth/bad-invite');
    for (const c of [...clients, phone]) c.close();
  });

  it('a link lapses after ten minutes and then moves nothing', async () => {
    const { room, clients, seats } = await seatedRoom(3, 'raw');
    const link = await moveLink(clients[1]!, 'm1');
    await setClock(room.code, link.expiresAt!);
    expect(await codeOf(await redeem(room.code, link.token))).toBe('auth/invite-expired');
    // The seat is still where it was.
    const still = await Client.open(room.code, seats[1]!.token);
    expect((await still.waitFor('room')).room.you.seat).toBe(2);
    for (const c of [...clients, still]) c.close();
  });

  it('a newer link cancels the older; spectators have no place to move; the judge moves the judge’s place', async () => {
    const room = await createRoom({ ruleset: 'raw', spectators: true, humanJudge: true });
    // The host judges (a host who plays may not also judge: test/worker/fair-play.test.ts).
    await join(room.code, 'Ann');
    const judgeSeat = await joinAsJudge(room.code, 'Judge Li', room.hostToken);
    const judge = await Client.open(room.code, judgeSeat.token);
    const older = await moveLink(judge, 'm1');
    const newer = await moveLink(judge, 'm2');
    expect(newer.place).toBe('judge');
    expect(await codeOf(await redeem(room.code, older.token))).toBe('auth/bad-invite');
    const res = await redeem(room.code, newer.token);
    expect(await res.json()).toMatchObject({ seat: null, judge: true });
    await until('old judge device signed out', () => judge.closed !== null);

    const spectator = await Client.open(room.code);
    expect(await spectator.request({ type: 'host', id: 's1', move: { type: 'move-device' } })).toMatchObject({ type: 'error', code: 'room/spectator' });
    expect(spectator.of('invite')).toEqual([]);
    spectator.close();
  });
});
