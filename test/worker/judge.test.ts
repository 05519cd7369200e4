// RULES.md 11: a human judge is "a participant who does not play and sees everything (the god
// view), and may narrate; the server still resolves every rule". Issue: "a room with a human judge
// shows the judge everything and the players nothing more than before".
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PACE_PRESETS, failoverAt } from '../../worker/engine/index.ts';
import type { Room } from '../../worker/room/room.ts';
import { Client, api, createRoom, join, joinAsJudge, redeem, seatedRoom, setClock, storedGame, stubOf } from './helpers.ts';

describe('the human judge', () => {
  it('takes the judge place, sees every role, narrates, pauses; players see nothing more', async () => {
    const room = await createRoom({ ruleset: 'classic', humanJudge: true });
    // The host is the judge here: the host token goes with the judge's join.
    const judgeJoin = await joinAsJudge(room.code, 'Judge Li', room.hostToken);
    expect(judgeJoin).toMatchObject({ seat: null, judge: true });
    const second = await api(`/api/rooms/${room.code}/join`, { json: { name: 'Other', as: 'judge' } });
    // Without the host token or the host's one-time link, nobody takes the god view (test/worker/hostile.test.ts).
    expect(second.status).toBe(403);
    expect(((await second.json()) as { error: { code: string } }).error.code).toBe('room/judge-by-invite');

    const seats = [];
    for (let i = 1; i <= 8; i++) seats.push(await join(room.code, `P${i}`));
    const judge = await Client.open(room.code, judgeJoin.token);
    const players = await Promise.all(seats.map((s) => Client.open(room.code, s.token)));
    const lobby = await judge.waitFor('room', (f) => f.room.seats.length === 8);
    expect(lobby.room.you).toEqual({ seat: null, host: true, judge: true });
    expect(lobby.room.judge).toMatchObject({ name: 'Judge Li', host: true });

    expect(await judge.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
    const god = await judge.waitFor('game');
    expect(god.view.god).toBe(true);
    expect(god.view.seats.every((s) => s.role !== undefined)).toBe(true);
    for (const [i, p] of players.entries()) {
      const frame = await p.waitFor('game');
      expect(frame.view.god).toBe(false);
      // A civilian knows only their own role; a killer or police their own team.
      const known = frame.view.seats.filter((s) => s.role !== undefined).map((s) => s.seat);
      expect(known).toContain(i + 1);
      expect(known.length).toBeLessThanOrEqual(4);
    }

    // The judge does not play; a player does not narrate.
    expect(await judge.request({ type: 'act', id: 'a1', move: { type: 'pass' } })).toMatchObject({ type: 'error', code: 'room/judge' });
    expect(await players[0]!.request({ type: 'host', id: 'n1', move: { type: 'narrate', text: 'hi' } })).toMatchObject({ type: 'error', code: 'room/not-judge' });

    const from = players[3]!.frames.length;
    expect(await judge.request({ type: 'host', id: 'n2', move: { type: 'narrate', text: 'Night falls — close your eyes' } })).toEqual({ type: 'ack', id: 'n2' });
    const heard = await players[3]!.waitFor('game', (f) => f.view.log.some((e) => e.event.type === 'narration'), from);
    expect(heard.view.log.find((e) => e.event.type === 'narration')!.event).toEqual({ type: 'narration', text: 'Night falls — close your eyes' });

    expect(await judge.request({ type: 'host', id: 'p', move: { type: 'pause' } })).toEqual({ type: 'ack', id: 'p' });
    const paused = await players[0]!.waitFor('game', (f) => f.view.paused);
    expect(paused.view.paused).toBe(true);
    for (const c of [judge, ...players]) c.close();
  });

  it('is refused where the room has no judge place, and the game waits for its judge', async () => {
    const plain = await createRoom({ ruleset: 'classic' });
    const refused = await api(`/api/rooms/${plain.code}/join`, { json: { name: 'J', as: 'judge' } });
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('room/no-judge');

    const room = await createRoom({ ruleset: 'classic', humanJudge: true });
    const host = await join(room.code, 'Host', room.hostToken);
    for (let i = 2; i <= 8; i++) await join(room.code, `P${i}`);
    const client = await Client.open(room.code, host.token);
    expect(await client.request({ type: 'host', id: 'go', move: { type: 'start' } })).toMatchObject({ type: 'error', code: 'room/judge-missing' });
    client.close();
  });
});

/** The host's one-time link for the judge's place, redeemed: the judge is not the host. */
async function judgeByInvite(code: string, host: Client): Promise<Client> {
  const from = host.frames.length;
  expect(await host.request({ type: 'host', id: 'inv', move: { type: 'invite', place: 'judge' } })).toEqual({ type: 'ack', id: 'inv' });
  const token = host.of('invite', from).find((f) => f.id === 'inv')!.token;
  const joined = (await (await redeem(code, token, 'Judge Ko')).json()) as { token: string };
  return Client.open(code, joined.token);
}

describe('human judge failover (docs/rules-decisions.md O15)', () => {
  it('in async pace, a judge’s pause left for a whole step is ended by the room’s alarm; the table is told and the app judges', async () => {
    const { room, clients, host } = await seatedRoom(8, 'classic', { humanJudge: true, pace: { preset: 'async' } });
    const judge = await judgeByInvite(room.code, host);
    expect(await host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
    await clients[4]!.waitFor('game');

    const pausedAt = Date.now() + 60_000;
    await setClock(room.code, pausedAt);
    expect(await judge.request({ type: 'host', id: 'p', move: { type: 'pause' } })).toEqual({ type: 'ack', id: 'p' });
    const longest = Math.max(...Object.values(PACE_PRESETS.async));
    // The room wakes when the judge has held the game up for the longest async step (the ballot's 24 h).
    expect(await runInDurableObject(stubOf(room.code), (_r: Room, ctx: DurableObjectState) => ctx.storage.getAlarm())).toBe(pausedAt + longest);

    // One minute early, nothing happens.
    await setClock(room.code, pausedAt + longest - 60_000);
    await runDurableObjectAlarm(stubOf(room.code));
    expect((await storedGame(room.code)).state!.pausedRemaining).not.toBeNull();

    const from = clients[4]!.frames.length;
    await setClock(room.code, pausedAt + longest);
    await runDurableObjectAlarm(stubOf(room.code));
    const told = await clients[4]!.waitFor('game', (f) => f.view.log.some((e) => e.event.type === 'app-judges'), from);
    expect(told.view.paused).toBe(false);
    expect(told.view.step).toMatchObject({ endsAt: expect.any(Number) });

    // The judge's place no longer holds the game up; the host keeps the host's pause.
    expect(await judge.request({ type: 'host', id: 'p2', move: { type: 'pause' } })).toMatchObject({ type: 'error', code: 'game/app-judges' });
    expect(await judge.request({ type: 'host', id: 'x', move: { type: 'extend', ms: 3_600_000 } })).toMatchObject({ type: 'error', code: 'game/app-judges' });
    expect(await host.request({ type: 'host', id: 'hp', move: { type: 'pause' } })).toEqual({ type: 'ack', id: 'hp' });
    // A host's pause is never ended by the app.
    expect(failoverAt((await storedGame(room.code)).state!)).toBeNull();
    for (const c of [judge, ...clients]) c.close();
  });

  it('in live pace the judge’s pause stays the judge’s', async () => {
    const { room, clients, host } = await seatedRoom(8, 'classic', { humanJudge: true });
    const judge = await judgeByInvite(room.code, host);
    expect(await host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
    expect(await judge.request({ type: 'host', id: 'p', move: { type: 'pause' } })).toEqual({ type: 'ack', id: 'p' });
    await setClock(room.code, Date.now() + 30 * 24 * 3_600_000 - 60_000);
    await runDurableObjectAlarm(stubOf(room.code));
    const state = (await storedGame(room.code)).state!;
    expect(state.pausedRemaining).not.toBeNull();
    expect(state.log.some((e) => e.event.type === 'app-judges')).toBe(false);
    for (const c of [judge, ...clients]) c.close();
  });
});
