// Rooms of one person and the room's own bots, run by the room's one alarm: shared by the tests of
// bots in a room and of a person's claims heard by them.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { expect } from 'vitest';
import type { GameState, RulesetId, Seat } from '../../worker/engine/index.ts';
import type { Room } from '../../worker/room/room.ts';
import type { BotState } from '../../worker/room/bots.ts';
import { Bot, Client, createRoom, join, setClock, storedGame, stubOf, until } from './helpers.ts';

/** The room's alarm time and each bot seat's stored state, read from storage. */
export async function stored(code: string): Promise<{ alarm: number | null; bots: Record<Seat, BotState> }> {
  return runInDurableObject(stubOf(code), async (_room: Room, ctx: DurableObjectState) => {
    const rows = ctx.storage.sql.exec<{ seat: number; bot: string }>('SELECT seat, bot FROM seats WHERE bot IS NOT NULL').toArray();
    return { alarm: await ctx.storage.getAlarm(), bots: Object.fromEntries(rows.map((r) => [r.seat, JSON.parse(r.bot)])) };
  });
}

/**
 * One person (the host, seat 1) and a table filled with the room's bots; `seed` fixes the deal;
 * `others` join next (seats 2, 3, …) and never connect: people who stay silent.
 */
export async function personAndBots(pace: 'live' | 'async' = 'live', ruleset: RulesetId = 'classic', seed?: string, others: string[] = []) {
  const room = await createRoom({ ruleset, pace: { preset: pace } });
  if (seed !== undefined) {
    await runInDurableObject(stubOf(room.code), (r: Room) => {
      r.seed = () => seed;
    });
  }
  const me = await join(room.code, 'Ann', room.hostToken);
  for (const name of others) await join(room.code, name);
  const client = await Client.open(room.code, me.token);
  expect(await client.request({ type: 'host', id: 'fill', move: { type: 'fill-bots', lang: 'en' } })).toEqual({ type: 'ack', id: 'fill' });
  const lobby = await client.waitFor('room', (f) => f.room.seats.length > 1);
  return { room, client, lobby: lobby.room };
}

/**
 * Runs the room by its alarm alone: each turn lets the person `visit` (act from their view), waits
 * until the person's socket has nothing in flight, moves the room's clock to the alarm's time and
 * fires it. Stops at game over, when `stop` holds, or after `turns`.
 */
export async function runByAlarms(code: string, person: Bot, stop: (s: GameState) => boolean, turns = 600, visit?: () => Promise<void>): Promise<GameState> {
  let state = (await storedGame(code)).state!;
  for (let i = 0; i < turns && !state.result && !stop(state); i++) {
    if (visit) await visit();
    await until('the person idle', () => person.idle);
    const { alarm } = await stored(code);
    // The alarm also fires by itself (the bots' live times are seconds of real time), so the game may
    // have ended since the last look; then the alarm read above is the room's expiry, and firing it
    // with the clock moved there would delete the room. The state is read after the alarm: if the
    // game still runs now, it ran when the alarm was read.
    state = (await storedGame(code)).state!;
    if (state.result || stop(state)) break;
    expect(alarm).not.toBeNull();
    await setClock(code, alarm!);
    await runDurableObjectAlarm(stubOf(code));
    state = (await storedGame(code)).state!;
  }
  return state;
}
