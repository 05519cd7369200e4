// The room's one alarm: set for the earliest thing due, but not written again at every step of a live
// game when the alarm already set rings a little before (worker/room/room-row-store.ts setAlarm). An
// alarm that rings early finds nothing due, changes nothing, sends nothing, and arms the right time.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { EARLY_RING_MS } from '../../worker/room/room-row-store.ts';
import type { Room } from '../../worker/room/room.ts';
import { readCards, seatedRoom, storedGame, stubOf } from './helpers.ts';

const alarmOf = (code: string) => runInDurableObject(stubOf(code), (_r: Room, ctx: DurableObjectState) => ctx.storage.getAlarm());
const endsAtOf = async (code: string) => ((await storedGame(code)).state!.step as { endsAt: number }).endsAt;

describe('the one alarm', () => {
  it('live: a step that ends early keeps the alarm set for it; that alarm rings, changes nothing, and arms the next deadline', async () => {
    const { room, clients, host } = await seatedRoom(8, 'classic', { pace: { preset: 'live' } });
    expect(await host.request({ type: 'host', id: 'start', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'start' });
    const reading = await endsAtOf(room.code);
    expect(await alarmOf(room.code)).toBe(reading);
    // Everyone reads the card at once: the night's first call is next, with a later deadline.
    await readCards(clients);
    const before = await storedGame(room.code);
    const call = (before.state!.step as { endsAt: number }).endsAt;
    expect(before.state!.step.kind).toBe('call');
    expect(call).toBeGreaterThan(reading);
    expect(reading - Date.now()).toBeLessThanOrEqual(EARLY_RING_MS);
    expect(await alarmOf(room.code)).toBe(reading);

    const frames = clients.map((c) => c.frames.length);
    await runDurableObjectAlarm(stubOf(room.code));
    await new Promise((r) => setTimeout(r, 50));
    expect((await storedGame(room.code)).dump).toBe(before.dump);
    expect(clients.map((c) => c.frames.length)).toEqual(frames);
    expect(await alarmOf(room.code)).toBe(call);
    for (const c of clients) c.close();
  });

  it('async: a deadline hours away is set exactly, so a sleeping room is not woken early', async () => {
    const { room, clients, host } = await seatedRoom(8, 'classic', { pace: { preset: 'async' } });
    expect(await host.request({ type: 'host', id: 'start', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'start' });
    await readCards(clients);
    const call = await endsAtOf(room.code);
    expect(call - Date.now()).toBeGreaterThan(EARLY_RING_MS);
    // The call's alarm is the earliest thing due: its prods (50 %) come first, none before.
    const alarm = await alarmOf(room.code);
    expect(alarm).toBeGreaterThan(Date.now() + EARLY_RING_MS);
    expect(alarm).toBeLessThanOrEqual(call);
    for (const c of clients) c.close();
  });
});
