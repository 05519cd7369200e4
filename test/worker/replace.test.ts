// "Prods and replacements": a seat that missed two steps is absent; the host opens a
// one-time replacement link; a new person enters a name and plays on with everything the seat knew
// (its card, its night results, its history); the table is told "#5 Kim replaces Lee" and the old
// player's away mark goes; the old token is refused, saying why. A bot's seat is taken back the same way.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { pendingSeats, type GameState } from '../../worker/engine/index.ts';
import { absentSeats } from '../../worker/engine/absent.ts';
import { REPLACE_LINK_MS } from '../../worker/room/limits.ts';
import type { Room } from '../../worker/room/room.ts';
import { Client, codeOf, createRoom, join, readCards, redeem, replaceLink, seatedRoom, setClock, socketRefusal, storedGame, stubOf, until, upgrade } from './helpers.ts';

/** Lets the clock run out on the current step and the alarm carry the game on. */
async function passDeadline(code: string): Promise<GameState> {
  const step = (await storedGame(code)).state!.step as { endsAt: number };
  await setClock(code, step.endsAt);
  await runDurableObjectAlarm(stubOf(code));
  return (await storedGame(code)).state!;
}

/**
 * An async classic table of 8 and a spectator, where the police (not the host) checked a killer on
 * night 1 and then missed its day speech and its vote: absent (docs/rules-decisions.md O5).
 */
async function absentPolice() {
  for (let tries = 0; ; tries++) {
    const { room, seats, clients, host } = await seatedRoom(8, 'classic', { pace: { preset: 'async' }, spectators: true });
    const spectator = await Client.open(room.code);
    expect(await host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toMatchObject({ type: 'ack' });
    await readCards(clients);
    const dealt = (await storedGame(room.code)).state!;
    const police = dealt.roles.indexOf('police') + 1;
    const killer = dealt.roles.indexOf('killer') + 1;
    if (police === 1 && tries < 6) {
      for (const c of [...clients, spectator]) c.close();
      continue;
    }
    // Night 1 (RULES.md 3): the killers kill a civilian; the police check a killer.
    const victim = dealt.roles.findIndex((r, i) => r === 'civilian' && i + 1 !== police) + 1;
    for (const [call, target] of [['killers', victim], ['police', killer]] as const) {
      const now = (await storedGame(room.code)).state!;
      expect(now.step).toMatchObject({ kind: 'call', call });
      for (const seat of pendingSeats(now)) expect(await clients[seat - 1]!.request({ type: 'act', id: `${call}-${seat}`, move: { type: 'point', target } })).toMatchObject({ type: 'ack' });
    }
    // Nobody comes back by day: each step closes at its deadline, until the police is absent.
    let state = (await storedGame(room.code)).state!;
    for (let i = 0; i < 10 && !absentSeats(state.log).has(police); i++) state = await passDeadline(room.code);
    expect(absentSeats(state.log).has(police)).toBe(true);
    expect(state.alive[police - 1]).toBe(true);
    return { room, seats, clients, host, spectator, police, killer };
  }
}

describe('a replacement takes an absent seat over', () => {
  it('through the host’s one-time link: same card and night result, a new name, the table told, the old token refused', async () => {
    const { room, seats, clients, host, spectator, police, killer } = await absentPolice();
    const old = clients[police - 1]!;
    await until('the absent mark', () => old.of('game').at(-1)!.view.seats[police - 1]!.absent === true);
    // The seat's whole view as its player has it now.
    const from = old.frames.length;
    old.send({ type: 'sync' });
    const before = (await old.waitFor('game', (f) => f.logFrom === 0, from)).view;
    // What the seat knew: its card and its own police check (RULES.md 3, a night result for the police only).
    expect(before.me?.role).toBe('police');
    const check = before.log.find((e) => e.event.type === 'checked');
    expect(check?.event).toMatchObject({ target: killer, answer: 'killers' });
    // The old player marks themself away: the mark is theirs, not the newcomer's.
    const awayUntil = (await storedGame(room.code)).state!.log.at(-1)!.at + 24 * 3_600_000;
    expect(await old.request({ type: 'host', id: 'aw', move: { type: 'away', until: awayUntil } })).toEqual({ type: 'ack', id: 'aw' });
    await spectator.waitFor('room', (f) => f.room.seats[police - 1]!.away === awayUntil);
    const link = await replaceLink(host, police, 'r1');
    expect(link).toMatchObject({ place: police, replace: true });
    expect(link.expiresAt).toBeGreaterThan(Date.now() + REPLACE_LINK_MS - 60_000);
    // The link goes to the host alone.
    for (const c of [...clients.slice(1), spectator]) expect(c.of('invite')).toEqual([]);
    // Same name rules as joining: a name someone here has is refused, and the link stays usable.
    expect(await codeOf(await redeem(room.code, link.token, 'player 3'))).toBe('room/name-taken');
    expect(await codeOf(await redeem(room.code, link.token, '\u200b'))).toBe('name/invisible');

    const res = await redeem(room.code, link.token, ' Kim ');
    expect(res.status).toBe(200);
    const taken = (await res.json()) as { seat: number; judge: boolean; token: string };
    expect(taken).toMatchObject({ seat: police, judge: false });
    // The old player: signed out with the reason, and refused with it from then on.
    await until('the old player signed out', () => old.closed !== null);
    expect(old.closed!.code).toBe(4403);
    expect(old.of('error').map((e) => e.code)).toContain('room/replaced');
    expect(await socketRefusal(await upgrade(room.code, seats[police - 1]!.token))).toEqual({ status: 101, code: 'room/replaced', close: 4403 });
    // It works once.
    expect(await codeOf(await redeem(room.code, link.token, 'Lee'))).toBe('auth/bad-invite');

    const kim = await Client.open(room.code, taken.token);
    const now = (await kim.waitFor('game')).view;
    expect(now.me).toMatchObject({ seat: police, role: 'police', alive: true });
    // Everything the seat's view held is still there, in the same order, then the notice.
    expect(now.log.slice(0, before.log.length)).toEqual(before.log);
    expect(now.log.find((e) => e.event.type === 'checked')?.event).toEqual(check!.event);
    expect(now.seats[police - 1]!.absent).toBeUndefined();
    // "#n Kim replaces Player n": the log keeps whom Kim replaces, so earlier entries stay theirs.
    const notice = { to: 'all', event: { type: 'replaced', seat: police, name: 'Kim', was: `Player ${police}` } };
    expect(now.log.at(-1)).toMatchObject(notice);
    // Every view tells the table "#n is now played by Kim"; the room shows the new name.
    for (const c of [...clients.filter((c) => c !== old), spectator]) {
      await until('the notice', () => c.of('game').some((f) => f.view.log.some((e) => e.event.type === 'replaced')));
      expect(c.of('game').flatMap((f) => f.view.log).filter((e) => e.event.type === 'replaced')).toEqual([expect.objectContaining(notice)]);
      const r = await c.waitFor('room', (f) => f.room.seats[police - 1]!.name === 'Kim');
      expect(r.room.seats[police - 1]).toMatchObject({ seat: police, name: 'Kim' });
      // The old player's away mark went with them.
      expect(r.room.seats[police - 1]!.away).toBeUndefined();
    }
    // Kim plays on: at the next police call the check is Kim's, and its answer comes to Kim.
    let state = (await storedGame(room.code)).state!;
    for (let i = 0; i < 4 && !pendingSeats(state).includes(police); i++) state = await passDeadline(room.code);
    expect(state.step).toMatchObject({ kind: 'call', call: 'police' });
    const other = state.roles.findIndex((r, i) => r === 'killer' && i + 1 !== killer && state.alive[i]) + 1;
    expect(await kim.request({ type: 'act', id: 'check-2', move: { type: 'point', target: other || killer } })).toMatchObject({ type: 'ack' });
    // The answer comes at dawn (a confirm or the call's deadline closes the call).
    const checks = () => kim.of('game').flatMap((f) => f.view.log).filter((e) => e.event.type === 'checked');
    for (let i = 0; i < 3 && checks().length < 2; i++) await passDeadline(room.code);
    await until('the second check', () => checks().length === 2);
    expect(checks()[1]!.event).toMatchObject({ target: other || killer, answer: 'killers' });
    for (const c of [...clients, spectator, kim]) c.close();
  }, 30_000);

  it('only the host, only a living seat not the host’s own, only during a game; the link lapses', async () => {
    const { room, clients, host } = await seatedRoom(8, 'classic', { pace: { preset: 'async' } });
    expect(await host.request({ type: 'host', id: 'lobby', move: { type: 'replace-seat', seat: 2 } })).toMatchObject({ type: 'error', code: 'room/no-game' });
    expect(await host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toMatchObject({ type: 'ack' });
    expect(await clients[1]!.request({ type: 'host', id: 'x', move: { type: 'replace-seat', seat: 3 } })).toMatchObject({ type: 'error', code: 'room/not-host' });
    expect(await host.request({ type: 'host', id: 'own', move: { type: 'replace-seat', seat: 1 } })).toMatchObject({ type: 'error', code: 'room/is-host' });
    expect(await host.request({ type: 'host', id: 'none', move: { type: 'replace-seat', seat: 9 } })).toMatchObject({ type: 'error', code: 'room/seat-unknown' });
    const link = await replaceLink(host, 2, 'r2');
    await setClock(room.code, link.expiresAt!);
    expect(await codeOf(await redeem(room.code, link.token, 'Kim'))).toBe('auth/replace-expired');
    // The seat is still its player's.
    expect(clients[1]!.closed).toBeNull();
    for (const c of clients) c.close();
  });
});

describe('a person takes a bot’s seat back', () => {
  it('the replacement link stops the bot; the person plays on with the bot’s card', async () => {
    const room = await createRoom({ ruleset: 'classic', pace: { preset: 'async' } });
    const ann = await join(room.code, 'Ann', room.hostToken);
    const host = await Client.open(room.code, ann.token);
    expect(await host.request({ type: 'host', id: 'fill', move: { type: 'fill-bots', lang: 'ko' } })).toMatchObject({ type: 'ack' });
    await host.waitFor('room', (f) => f.room.seats.length === 8);
    expect(await host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toMatchObject({ type: 'ack' });
    const role = (await storedGame(room.code)).state!.roles[2];
    const botName = host.of('room').at(-1)!.room.seats[2]!.name;

    const link = await replaceLink(host, 3, 'r3');
    const res = await redeem(room.code, link.token, 'Kim');
    expect(res.status).toBe(200);
    const kim = await Client.open(room.code, ((await res.json()) as { token: string }).token);
    expect((await kim.waitFor('game')).view.me).toMatchObject({ seat: 3, role });
    const seat3 = (await host.waitFor('room', (f) => f.room.seats[2]?.name === 'Kim')).room.seats[2]!;
    expect(seat3.bot).toBeUndefined();
    expect(botName).not.toBe('Kim');
    // The room no longer plays seat 3: it is not among the bots, and the bots' alarm leaves it alone.
    const bots = await runInDurableObject(stubOf(room.code), (_r: Room, ctx: DurableObjectState) =>
      ctx.storage.sql.exec<{ seat: number }>('SELECT seat FROM seats WHERE bot IS NOT NULL ORDER BY seat').toArray().map((r) => r.seat),
    );
    expect(bots).toEqual([2, 4, 5, 6, 7, 8]);
    const state = (await storedGame(room.code)).state!;
    expect(state.log.at(-1)!).toMatchObject({ to: 'all', event: { type: 'replaced', seat: 3, name: 'Kim', was: botName } });
    host.close();
    kim.close();
  });
});
