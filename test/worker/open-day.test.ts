// RULES.md 11 "Open days in async pace": a room in async pace plays its days open by default; the
// speeches come in any order over the sockets and the ballot opens when every speaker is done.
import { runDurableObjectAlarm } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../worker/engine/index.ts';
import { seatedRoom, setClock, storedGame, stubOf } from './helpers.ts';

/** Lets the room's clock reach the current step's deadline and fires its alarm. */
async function passDeadline(code: string): Promise<GameState> {
  const { state } = await storedGame(code);
  const endsAt = (state!.step as { endsAt: number }).endsAt;
  await setClock(code, endsAt);
  await runDurableObjectAlarm(stubOf(code));
  return (await storedGame(code)).state!;
}

describe('RULES.md 11 open days over the sockets', () => {
  it('async pace: speeches in any order, the ballot opens when everyone is done', async () => {
    const { room, clients, host } = await seatedRoom(8, 'classic', { pace: { preset: 'async' } });
    expect(await host.request({ type: 'host', id: 'start', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'start' });
    // Nobody acts at night: a peaceful night, then the open day.
    let state = (await storedGame(room.code)).state!;
    for (let i = 0; i < 5 && state.step.kind !== 'open-day'; i++) state = await passDeadline(room.code);
    expect(state.step.kind).toBe('open-day');
    const step = state.step as Extract<GameState['step'], { kind: 'open-day' }>;
    expect([...step.speakers].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Anyone may speak first: the last speaker in seat order posts before the first.
    const order = [...step.speakers].reverse();
    expect(await clients[order[0]! - 1]!.request({ type: 'act', id: 's1', move: { type: 'say', text: 'I speak first though my turn is last' } })).toEqual({ type: 'ack', id: 's1' });
    expect(await clients[order[1]! - 1]!.request({ type: 'act', id: 's2', move: { type: 'say', text: 'me too' } })).toEqual({ type: 'ack', id: 's2' });
    expect(await clients[order[0]! - 1]!.request({ type: 'act', id: 's3', move: { type: 'say', text: 'and one more line' } })).toEqual({ type: 'ack', id: 's3' });
    for (const seat of order) {
      expect(await clients[seat - 1]!.request({ type: 'act', id: `done-${seat}`, move: { type: 'pass' } })).toEqual({ type: 'ack', id: `done-${seat}` });
    }
    const seen = await clients[2]!.waitFor('game', (f) => f.view.step.kind === 'ballot');
    expect(seen.view.step).toMatchObject({ kind: 'ballot', purpose: 'day' });
    state = (await storedGame(room.code)).state!;
    const said = state.log.filter((e) => e.event.type === 'said').map((e) => (e.event as { seat: number }).seat);
    expect(said).toEqual([order[0], order[1], order[0]]);
  });

  it('live pace keeps speech turns; a room may choose open days in live pace', async () => {
    const live = await seatedRoom(8, 'classic');
    await live.host.request({ type: 'host', id: 'start', move: { type: 'start' } });
    let state = (await storedGame(live.room.code)).state!;
    for (let i = 0; i < 5 && state.step.kind !== 'speech' && state.step.kind !== 'open-day'; i++) state = await passDeadline(live.room.code);
    expect(state.step.kind).toBe('speech');
    const open = await seatedRoom(8, 'classic', { pace: { preset: 'live', day: 'open' } });
    await open.host.request({ type: 'host', id: 'start', move: { type: 'start' } });
    state = (await storedGame(open.room.code)).state!;
    for (let i = 0; i < 5 && state.step.kind !== 'speech' && state.step.kind !== 'open-day'; i++) state = await passDeadline(open.room.code);
    expect(state.step.kind).toBe('open-day');
  });
});
