// RULES.md 8 in a room: "Each participant draws two cards"; "The participant holding the big joker
// is the judge: they do not play … Online, this participant becomes the room's human judge with
// the god view"; votes weigh one per living card. The room seats players + 1.
import { describe, expect, it } from 'vitest';
import { runDurableObjectAlarm } from 'cloudflare:test';
import { winningSeats } from '../../worker/engine/index.ts';
import { Bot, seatedRoom, setClock, sleep, stubOf, storedGame, until } from './helpers.ts';

describe('a dual room', () => {
  it('seats 8 players plus the judge, makes the big joker the judge, and plays to the end', async () => {
    const { room, seats, clients, host } = await seatedRoom(9, 'dual');
    const lobby = await host.waitFor('room', (f) => f.room.seats.length === 9);
    // Counted in seats: 8–16 players plus the big joker's holder.
    expect([lobby.room.minPlayers, lobby.room.maxPlayers]).toEqual([9, 17]);
    // The lobby can say "8 players + 1 judge seat".
    expect(lobby.room.judgeSeats).toBe(1);
    const bots = clients.map((c, i) => new Bot(c, seats[i]!.seat));
    for (const b of bots) b.enabled = false;
    expect(await host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
    // The big joker's holder is the room's judge for this game: they narrate, nobody else does.
    await until('first views', () => bots.every((b) => b.view !== null));
    const judging = bots.find((b) => b.view!.god)!;
    const judgeRoom = await judging.client.waitFor('room', (f) => f.room.status === 'playing');
    expect(judgeRoom.room.you.judge).toBe(true);
    expect(await judging.client.request({ type: 'host', id: 'n', move: { type: 'narrate', text: 'Cards down, eyes closed' } })).toEqual({ type: 'ack', id: 'n' });
    const other = bots.find((b) => !b.view!.god && b.seat !== 1)!;
    expect(await other.client.request({ type: 'host', id: 'n2', move: { type: 'narrate', text: 'hi' } })).toMatchObject({ type: 'error', code: 'room/not-judge' });
    for (const b of bots) {
      b.enabled = true;
      b.maybeAct();
    }
    // Calls of cards that are down still open and close at their deadline (no timing leak): when the
    // bots have nothing to do, move the room's clock to the step's deadline and run its alarm.
    for (let i = 0; i < 400 && !bots.every((b) => b.view?.result != null); i++) {
      const acted = bots.reduce((n, b) => n + b.acted, 0);
      await sleep(40);
      if (bots.reduce((n, b) => n + b.acted, 0) !== acted || !bots.every((b) => b.idle)) continue;
      const step = bots.find((b) => b.view)!.view!.step;
      if (!('endsAt' in step) || step.endsAt === null) continue;
      await setClock(room.code, step.endsAt);
      await runDurableObjectAlarm(stubOf(room.code));
    }
    await until('game over', () => bots.every((b) => b.view?.result != null), 5_000);

    const state = (await storedGame(room.code)).state!;
    expect(state.setup.players).toBe(8);
    expect(state.alive).toHaveLength(9);
    const judge = state.judgeSeat;
    expect(judge).toBeGreaterThan(0);
    // The judge's frames carried the god view from the deal on; the others' did not.
    const judgeBot = bots[judge - 1]!;
    expect(judgeBot.views[0]!.view.god).toBe(true);
    for (const b of bots) if (b.seat !== judge) expect(b.views[0]!.view.god).toBe(false);
    // The judge never acted as a player, and scores go to the seats that won (by their cards).
    expect(judgeBot.acted).toBe(0);
    const over = await host.waitFor('room', (f) => f.room.status === 'over');
    expect(over.room.seats.filter((s) => s.score === 1).map((s) => s.seat)).toEqual(winningSeats(state));
    expect(winningSeats(state)).not.toContain(judge);
    for (const c of clients) c.close();
  }, 60_000);
});
