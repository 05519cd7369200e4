import { describe, expect, it } from 'vitest';
import { replay, viewFor, type GameRecord, type View } from '../../worker/engine/index.ts';
import { Bot, Client, api, storedGame, seatedRoom, until } from './helpers.ts';

const TEAM_SECRETS = new Set(['pointed', 'checked', 'kill-chosen', 'team', 'team-chat', 'surrender-wish']);

/** What a seat may see before game over: its own card and its team, nothing else. */
function checkSeatView(view: View, seat: number): void {
  expect(view.viewer).toEqual({ kind: 'seat', seat });
  expect(view.me?.seat).toBe(seat);
  if (view.result || view.god) return;
  const role = view.me!.role;
  for (const s of view.seats) {
    if (s.seat === seat) expect(s.role).toBe(role);
    else if (s.role !== undefined) {
      // Only a teammate's role is known, and only to killers or police.
      expect(role).not.toBe('civilian');
      expect(s.mate).toBe(true);
      expect(s.role).toBe(role);
    }
    if (role === 'civilian') expect(s.pointer).toBeUndefined();
  }
  for (const e of view.log) {
    if (e.to !== 'all') expect(e.to).toContain(seat);
    if (e.event.type === 'card') expect(e.event.seat).toBe(seat);
    if (role === 'civilian') expect(TEAM_SECRETS.has(e.event.type), JSON.stringify(e)).toBe(false);
  }
}

function checkSpectatorView(view: View): void {
  expect(view.viewer).toEqual({ kind: 'spectator' });
  expect(view.me).toBeUndefined();
  expect(view.legal).toEqual([]);
  if (view.result) return;
  for (const s of view.seats) expect(s.role).toBeUndefined();
  for (const e of view.log) expect(e.to).toBe('all');
}

describe('a whole classic game over WebSockets', () => {
  it('plays 8 bots to game over; every frame is its own viewer’s view', async () => {
    const { room, seats, clients, host } = await seatedRoom(8, 'classic', { spectators: true });
    const spectator = await Client.open(room.code);
    const bots = clients.map((c, i) => new Bot(c, seats[i]!.seat));

    expect(await host.request({ type: 'host', id: 'start', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'start' });
    await until('game over for every bot', () => bots.every((b) => b.view?.phase === 'over') && spectator.of('game').at(-1)?.view.phase === 'over', 20_000);

    const { state } = await storedGame(room.code);
    expect(state?.result).not.toBeNull();
    for (const bot of bots) {
      expect(bot.acted).toBeGreaterThan(0);
      for (const { view } of bot.views) checkSeatView(view, bot.seat);
      // Roles are revealed at the end, and the last frame is exactly viewFor the final state.
      const last = bot.views.at(-1)!;
      expect(last.logFrom).toBe(0);
      expect(last.view.seats.every((s) => s.role !== undefined)).toBe(true);
      expect(last.view).toEqual(viewFor(state!, { kind: 'seat', seat: bot.seat }));
      // The log built by appending updates is exactly the seat's share of the stored log.
      const mine = state!.log.filter((e) => e.to === 'all' || e.to.includes(bot.seat)).map((e, i) => ({ ...e, seq: i + 1 }));
      const before = bot.logBeforeOver!;
      expect(before.length).toBeGreaterThan(0);
      expect(before).toEqual(mine.slice(0, before.length));
    }
    const spectated = spectator.of('game');
    expect(spectated.length).toBeGreaterThan(0);
    for (const f of spectated) checkSpectatorView(f.view);
    expect(spectated.at(-1)!.view).toEqual(viewFor(state!, { kind: 'spectator' }));

    // Scores: every seat of the winning camp got a point (none on a draw), and the room says "over".
    const roomFrame = await host.waitFor('room', (f) => f.room.status === 'over');
    const winner = state!.result!.winner;
    const expected = state!.roles.map((r) => (winner !== 'draw' && (r === 'killer' ? 'killers' : 'good') === winner ? 1 : 0));
    expect(roomFrame.room.seats.map((s) => s.score)).toEqual(expected);

    // The finished game's record is everyone's, as JSON, and replays to the same log.
    const recordRes = await api(`/api/rooms/${room.code}/record`);
    expect(recordRes.status).toBe(200);
    const record = (await recordRes.json()) as GameRecord;
    const replayed = replay(record);
    expect(replayed.ok && replayed.state.log).toEqual(state!.log);

    // Play again: back to the lobby with the same seats and scores; the host starts the next game.
    for (const bot of bots) bot.enabled = false;
    const from = host.frames.length;
    expect(await host.request({ type: 'host', id: 'again', move: { type: 'play-again' } })).toEqual({ type: 'ack', id: 'again' });
    const lobby = await host.waitFor('room', (f) => f.room.status === 'lobby', from);
    expect(lobby.room.gameNo).toBe(1);
    expect(lobby.room.seats.map((s) => s.score)).toEqual(expected);
    expect(await host.request({ type: 'host', id: 'again2', move: { type: 'play-again' } })).toMatchObject({ type: 'error', code: 'room/not-over' });
    expect(await host.request({ type: 'host', id: 'next', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'next' });
    const again = await host.waitFor('room', (f) => f.room.gameNo === 2, from);
    expect(again.room.status).toBe('playing');
    expect(again.room.seats.map((s) => s.score)).toEqual(expected);
    const fresh = await host.waitFor('game', (f) => f.view.phase !== 'over', from);
    expect(fresh.logFrom).toBe(0);
    // While a game runs its record stays secret.
    expect(((await (await api(`/api/rooms/${room.code}/record`)).json()) as { error: { code: string } }).error.code).toBe('room/game-running');
    const next = await storedGame(room.code);
    expect(next.state!.setup.previousFirstVictim ?? 0).toBe(state!.firstVictim);
    for (const c of [...clients, spectator]) c.close();
    // A whole game over WebSockets (the card reading and the confirms included) needs seconds on a busy machine.
  }, 30_000);
});
