// The room's own fields tell nothing the rules hide (docs/protocol.md, "Side channels"): an away mark
// and the room's expiry move only with what the whole table reads, and no link gives a player of the
// game a view beyond their seat's (invitations are made in the lobby and end with their game).
import { describe, expect, it } from 'vitest';
import { pendingSeats } from '../../worker/engine/index.ts';
import { ROOM_TTL_MS, type ServerFrame } from '../../worker/protocol.ts';
import { Client, api, atNightOne, codeOf, createRoom, join, joinAsJudge, redeem, seatedRoom, setClock, sleep, storedGame } from './helpers.ts';

type RoomFrame = Extract<ServerFrame, { type: 'room' }>;

/** The room frame a socket gets when it asks again (`sync`). */
async function synced(c: Client): Promise<RoomFrame['room']> {
  const from = c.frames.length;
  c.send({ type: 'sync' });
  return (await c.waitFor('room', () => true, from)).room;
}

/** A classic table of 8 at the killers' call of night 1, a spectator watching, the roles read from the store. */
async function atKillersCall(extra: Record<string, unknown> = {}) {
  const { table, spectator, state } = await atNightOne(extra);
  const seatsOf = (role: string) => state.roles.flatMap((r, i) => (r === role ? [i + 1] : []));
  return { ...table, spectator, killers: seatsOf('killer'), civilians: seatsOf('civilian'), state };
}

describe('an away mark is public only when made or ended in public (docs/rules-decisions.md O17)', () => {
  it('a killer marked away who points and talks at night keeps the mark: no room frame reaches anyone, and the expiry does not move', async () => {
    const t = await atKillersCall({ pace: { preset: 'async' } });
    const [killer, mate] = t.killers as [number, number];
    const civilian = t.clients[t.civilians[0]! - 1]!;
    const now = Date.now() + 60_000;
    await setClock(t.room.code, now);
    const until = now + 24 * 3_600_000;
    expect(await t.clients[killer - 1]!.request({ type: 'host', id: 'away', move: { type: 'away', until } })).toEqual({ type: 'ack', id: 'away' });
    await t.spectator.waitFor('room', (f) => f.room.seats[killer - 1]!.away === until);
    const before = await synced(t.spectator);

    const counts = () => [t.spectator, civilian].map((c) => c.of('room').length);
    const was = counts();
    // Seven seconds later the killer points (the call stays open: the mate has not) and talks to the team.
    await setClock(t.room.code, now + 7_000);
    expect(await t.clients[killer - 1]!.request({ type: 'act', id: 'p', move: { type: 'point', target: t.civilians[0]! } })).toEqual({ type: 'ack', id: 'p' });
    expect(await t.clients[killer - 1]!.request({ type: 'act', id: 'c', move: { type: 'team-chat', text: 'this one' } })).toEqual({ type: 'ack', id: 'c' });
    await t.clients[mate - 1]!.waitFor('game', (f) => f.view.log.some((e) => e.event.type === 'team-chat'));
    await sleep(50);
    expect(counts()).toEqual(was);

    const after = await synced(t.spectator);
    expect(after.seats[killer - 1]!.away).toBe(until);
    expect(after.expiresAt).toBe(before.expiresAt);
    // The killer's own phone still shows the mark too: being back is said in public ("I'm back").
    expect((await synced(t.clients[killer - 1]!)).seats[killer - 1]!.away).toBe(until);
    expect(await t.clients[killer - 1]!.request({ type: 'host', id: 'back', move: { type: 'away', until: null } })).toEqual({ type: 'ack', id: 'back' });
    await t.spectator.waitFor('room', (f) => f.room.seats[killer - 1]!.away === undefined);
    for (const c of [...t.clients, t.spectator]) c.close();
  });

  it('a seat whose vote is made public by the ballot\'s tally is back from then on, not before', async () => {
    const t = await atKillersCall({ pace: { preset: 'async' } });
    const play = (seat: number, id: string, move: Record<string, unknown>) => t.clients[seat - 1]!.request({ type: 'act', id, move } as never);
    // Night 1: the killers kill a civilian, the police check anyone; the day's speeches are passed.
    const victim = t.civilians[0]!;
    for (const k of t.killers) expect(await play(k, `k${k}`, { type: 'point', target: victim })).toMatchObject({ type: 'ack' });
    let state = (await storedGame(t.room.code)).state!;
    for (let i = 0; i < 40 && state.step.kind !== 'ballot'; i++) {
      const seat = pendingSeats(state)[0]!;
      const move = state.step.kind === 'call' ? { type: 'point', target: t.killers[0]! } : { type: 'pass' };
      expect(await play(seat, `m${i}`, move)).toMatchObject({ type: 'ack' });
      state = (await storedGame(t.room.code)).state!;
    }
    expect(state.step).toMatchObject({ kind: 'ballot' });
    const voter = (state.step as { voters: number[] }).voters.find((s) => !t.killers.includes(s))!;
    const until = Date.now() + 48 * 3_600_000;
    expect(await t.clients[voter - 1]!.request({ type: 'host', id: 'away', move: { type: 'away', until } })).toEqual({ type: 'ack', id: 'away' });
    await t.spectator.waitFor('room', (f) => f.room.seats[voter - 1]!.away === until);
    expect(await play(voter, 'v', { type: 'vote', target: t.killers[0]! })).toMatchObject({ type: 'ack' });
    const voteIsPublic = (await storedGame(t.room.code)).state!.log.some((e) => e.event.type === 'voted' && e.event.seat === voter && e.to === 'all');
    if (!voteIsPublic) {
      await sleep(50);
      expect((await synced(t.spectator)).seats[voter - 1]!.away).toBe(until);
    }
    // Everyone else votes: the tally is public, and so is the voter's being back.
    for (const s of (state.step as { voters: number[] }).voters) if (s !== voter) await play(s, `v${s}`, { type: 'vote', target: t.killers[0]! });
    await t.spectator.waitFor('room', (f) => f.room.seats[voter - 1]!.away === undefined);
    for (const c of [...t.clients, t.spectator]) c.close();
  });
});

describe('the room\'s expiry moves only with public entries', () => {
  it('a spectator reads the same expiresAt before and after a killer\'s team chat, and a later one once a public step opens', async () => {
    const t = await atKillersCall();
    const now = Date.now() + 120_000;
    await setClock(t.room.code, now);
    const before = (await synced(t.spectator)).expiresAt;
    await setClock(t.room.code, now + 3_000);
    const [killer, mate] = t.killers as [number, number];
    expect(await t.clients[killer - 1]!.request({ type: 'act', id: 'c', move: { type: 'team-chat', text: '7?' } })).toEqual({ type: 'ack', id: 'c' });
    expect(await t.clients[killer - 1]!.request({ type: 'act', id: 'p', move: { type: 'point', target: t.civilians[0]! } })).toEqual({ type: 'ack', id: 'p' });
    expect((await synced(t.spectator)).expiresAt).toBe(before);
    // The mate's pointer closes the call: the next call opens in public, and the room lives from then.
    await setClock(t.room.code, now + 9_000);
    expect(await t.clients[mate - 1]!.request({ type: 'act', id: 'p2', move: { type: 'point', target: t.civilians[0]! } })).toEqual({ type: 'ack', id: 'p2' });
    await t.spectator.waitFor('game', (f) => f.view.step.kind === 'call' && f.view.step.call === 'police');
    expect((await synced(t.spectator)).expiresAt).toBe(now + 9_000 + ROOM_TTL_MS);
    for (const c of [...t.clients, t.spectator]) c.close();
  });
});

describe('no link gives a player of the game a view beyond their seat\'s', () => {
  const invite = (c: Client, id: string, place: 'judge' | 'table' | number) => c.request({ type: 'host', id, move: { type: 'invite', place } });
  const inviteToken = (c: Client, id: string) => c.of('invite').find((f) => f.id === id)!.token;

  it('the host token holds one place: a host who plays cannot also take the judge\'s place, nor a host who judges a seat', async () => {
    const playing = await createRoom({ ruleset: 'classic', humanJudge: true });
    await join(playing.code, 'Ann', playing.hostToken);
    const asJudge = await api(`/api/rooms/${playing.code}/join`, { json: { name: 'Judge Ann', as: 'judge', hostToken: playing.hostToken } });
    expect(await codeOf(asJudge)).toBe('room/host-has-place');

    const judging = await createRoom({ ruleset: 'classic', humanJudge: true });
    await joinAsJudge(judging.code, 'Judge Li', judging.hostToken);
    const asSeat = await api(`/api/rooms/${judging.code}/join`, { json: { name: 'Li', hostToken: judging.hostToken } });
    expect(await codeOf(asSeat)).toBe('room/host-has-place');
  });

  it('during a game the host cannot make a link into a seat or the judge\'s place (the table screen\'s link stays)', async () => {
    const t = await atKillersCall({ humanJudge: false, table: true });
    expect(await invite(t.host, 'seat', 5)).toMatchObject({ type: 'error', code: 'room/not-lobby' });
    expect(await invite(t.host, 'seat1', 1)).toMatchObject({ type: 'error', code: 'room/not-lobby' });
    expect(await invite(t.host, 'table', 'table')).toEqual({ type: 'ack', id: 'table' });
    for (const c of [...t.clients, t.spectator]) c.close();
  });

  it('in dual the big joker\'s seat (the judge) is never a place to invite: links into seats are the lobby\'s, before the deal', async () => {
    const { room, clients, host } = await seatedRoom(9, 'dual');
    expect(await host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
    const judgeSeat = (await storedGame(room.code)).state!.judgeSeat;
    expect(judgeSeat).toBeGreaterThan(0);
    expect(await invite(host, 'joker', judgeSeat)).toMatchObject({ type: 'error', code: 'room/not-lobby' });
    expect(host.of('invite')).toEqual([]);
    for (const c of clients) c.close();
  });

  it('a judge link made in the lobby and a seat link left unused stop working when the game starts', async () => {
    const table = await seatedRoom(8, 'classic', { humanJudge: true });
    expect(await invite(table.host, 'j', 'judge')).toEqual({ type: 'ack', id: 'j' });
    const judgeRes = await redeem(table.room.code, inviteToken(table.host, 'j'), 'Judge Ko');
    expect(judgeRes.status).toBe(200);
    expect(await invite(table.host, 's', 5)).toEqual({ type: 'ack', id: 's' });
    const seatLink = inviteToken(table.host, 's');
    expect(await invite(table.host, 'j2', 'judge')).toEqual({ type: 'ack', id: 'j2' });
    const judgeLink = inviteToken(table.host, 'j2');
    expect(await table.host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
    expect(await codeOf(await redeem(table.room.code, seatLink))).toBe('auth/bad-invite');
    expect(await codeOf(await redeem(table.room.code, judgeLink))).toBe('auth/bad-invite');
    for (const c of table.clients) c.close();
  });

  it('an unused replacement link ends with its game; a seat\'s own move link and the host\'s replacement link for it both work until one is used', async () => {
    const t = await atKillersCall();
    const host = t.host;
    const seat = t.civilians.find((s) => s !== 1)!;
    const link = async (c: Client, id: string, move: Record<string, unknown>) => {
      expect(await c.request({ type: 'host', id, move } as never)).toEqual({ type: 'ack', id });
      return inviteToken(c, id);
    };
    const replacement = await link(host, 'r1', { type: 'replace-seat', seat });
    const moveLink = await link(t.clients[seat - 1]!, 'm1', { type: 'move-device' });
    // Both are valid: the replacement is used, and the seat's token (and its other link) change with it.
    const taken = await redeem(t.room.code, replacement, 'Kim');
    expect(taken.status, await taken.clone().text()).toBe(200);
    expect(await codeOf(await redeem(t.room.code, moveLink))).toBe('auth/bad-invite');

    // A replacement link nobody used dies with the game: the host ejects both killers, the game ends.
    const other = t.civilians.find((s) => s !== 1 && s !== seat)!;
    const unused = await link(host, 'r2', { type: 'replace-seat', seat: other });
    for (const k of t.killers) expect(await host.request({ type: 'host', id: `e${k}`, move: { type: 'eject', seat: k } })).toEqual({ type: 'ack', id: `e${k}` });
    expect((await storedGame(t.room.code)).state!.result).not.toBeNull();
    expect(await host.request({ type: 'host', id: 'again', move: { type: 'play-again' } })).toEqual({ type: 'ack', id: 'again' });
    expect(await codeOf(await redeem(t.room.code, unused, 'Lee'))).toBe('auth/bad-invite');
    for (const c of [...t.clients, t.spectator]) c.close();
  });

  it('a seat\'s own move link still works after the host makes a replacement link for that seat', async () => {
    const t = await atKillersCall();
    const seat = t.civilians.find((s) => s !== 1)!;
    expect(await t.clients[seat - 1]!.request({ type: 'host', id: 'm', move: { type: 'move-device' } })).toEqual({ type: 'ack', id: 'm' });
    const moveLink = inviteToken(t.clients[seat - 1]!, 'm');
    expect(await t.host.request({ type: 'host', id: 'r', move: { type: 'replace-seat', seat } })).toEqual({ type: 'ack', id: 'r' });
    const moved = await redeem(t.room.code, moveLink);
    expect(moved.status, await moved.clone().text()).toBe(200);
    // The seat moved to its player's other device: the replacement link is for a place whose token changed.
    expect(await codeOf(await redeem(t.room.code, inviteToken(t.host, 'r'), 'Kim'))).toBe('auth/bad-invite');
    for (const c of [...t.clients, t.spectator]) c.close();
  });
});
