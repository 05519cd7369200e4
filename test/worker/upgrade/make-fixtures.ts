// The upgrade fixtures' generator: plays four rooms in THIS build and writes each room Durable
// Object's whole SQLite, alarm and tokens (./room-dump.ts) to ./out/<kind>.json. It is not one of
// the project's tests: scripts/upgrade-fixtures.ts copies it (as make-fixtures.test.ts) with
// room-dump.ts into an old build's tree and runs it there, in that build's workerd, on that build's
// code. So it uses only what every build since schema 6 has: the test helpers, the room's `now`,
// the protocol's moves. How to run it: test/worker/upgrade/README.md.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { expect, it } from 'vitest';
import type { GameState, View } from '../../../worker/engine/index.ts';
import type { Room } from '../../../worker/room/room.ts';
import { SCHEMA_VERSION } from '../../../worker/room/storage.ts';
import { Bot, Client, createRoom, join, readCards, redeem, seatedRoom, sleep, storedGame, stubOf, until } from '../helpers.ts';
import { dumpSql, type DumpKind, type RoomDump } from './room-dump.ts';

type Tokens = RoomDump['tokens'];

/** Reads the room out of its Durable Object and writes ./out/<kind>.json (vitest's file snapshot, run with -u). */
async function dump(kind: DumpKind, code: string, tokens: Tokens): Promise<void> {
  const taken = await runInDurableObject(stubOf(code), async (room: Room, ctx: DurableObjectState) => ({
    dumpedAt: room.now(),
    alarm: await ctx.storage.getAlarm(),
    ...dumpSql(ctx.storage.sql),
  }));
  const fixture: RoomDump = { schema: SCHEMA_VERSION, build: '', kind, code, dumpedAt: taken.dumpedAt, alarm: taken.alarm, tokens, statements: taken.statements, rows: taken.rows };
  await expect(JSON.stringify(fixture, null, 1) + '\n').toMatchFileSnapshot(`./out/${kind}.json`);
}

/** Moves the room's clock to `at` and lets it run on from there (a stopped clock would bring each alarm the platform fires straight back). */
async function clockFrom(code: string, at: number): Promise<void> {
  await runInDurableObject(stubOf(code), (room: Room) => {
    const offset = at - Date.now();
    room.now = () => Date.now() + offset;
  });
}

/** Waits until no socket bot has a move in flight and no frame has come for a while. */
async function settle(bots: Bot[], clients: Client[]): Promise<void> {
  let seen = -1;
  for (;;) {
    await until('the seats idle', () => bots.every((b) => b.idle));
    const frames = clients.reduce((n, c) => n + c.frames.length, 0);
    if (frames === seen) return;
    seen = frames;
    await sleep(60);
  }
}

/**
 * Lets the people's bots play (as `allow` lets them) and, when they are done, moves the room's clock to
 * its alarm and fires it, so the room's own bots play too; until the stored game is as `wanted`.
 */
async function playUntil(code: string, bots: Bot[], clients: Client[], wanted: (s: GameState) => boolean): Promise<GameState> {
  for (let i = 0; i < 400; i++) {
    await settle(bots, clients);
    const state = (await storedGame(code)).state!;
    if (wanted(state)) return state;
    if (state.result) throw new Error('the game ended before the state this fixture wants');
    const { alarm, now } = await runInDurableObject(stubOf(code), async (room: Room, ctx: DurableObjectState) => ({ alarm: await ctx.storage.getAlarm(), now: room.now() }));
    // The room's expiry is no move: firing it would delete the room.
    if (alarm === null || alarm > now + 3_600_000) throw new Error(`stuck at ${JSON.stringify(state.step)}`);
    await clockFrom(code, Math.max(alarm, now));
    await runDurableObjectAlarm(stubOf(code));
  }
  throw new Error('the wanted state never came');
}

/** Each person's socket bot acts only while `allow` says so for the view it just got. */
function gate(bots: Bot[], allow: (bot: Bot, view: View) => boolean): void {
  for (const bot of bots) {
    const inner = bot.client.onFrame!;
    bot.client.onFrame = (f) => {
      if (f.type === 'game') bot.enabled = allow(bot, f.view);
      inner(f);
    };
  }
}

/** A live classic table of seven people (seat 1 the host) and one of the room's bots, in its lobby, with a socket bot per person. */
async function liveTable() {
  const room = await createRoom({ ruleset: 'classic' });
  const tokens: Tokens = { host: room.hostToken, seats: {}, judge: null };
  const clients: Client[] = [];
  const bots: Bot[] = [];
  for (let i = 1; i <= 7; i++) {
    const joined = await join(room.code, `Player ${i}`, i === 1 ? room.hostToken : undefined);
    tokens.seats[joined.seat] = joined.token;
    const client = await Client.open(room.code, joined.token);
    clients.push(client);
    bots.push(new Bot(client, joined.seat));
  }
  const host = clients[0]!;
  expect(await host.request({ type: 'host', id: 'bot', move: { type: 'add-bot', lang: 'en' } })).toEqual({ type: 'ack', id: 'bot' });
  return { code: room.code, tokens, clients, bots, host };
}

const closeAll = (clients: Client[]) => clients.forEach((c) => c.close());

it('night: a live classic game with the killers’ call open', async () => {
  const { code, tokens, clients, bots, host } = await liveTable();
  gate(bots, (_bot, view) => !view.legal.some((a) => a.type === 'point' && a.call === 'killers'));
  expect(await host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
  await playUntil(code, bots, clients, (s) => s.step.kind === 'call' && s.step.call === 'killers');
  await dump('night', code, tokens);
  closeAll(clients);
});

it('ballot: a live classic game with three votes cast in the first ballot', async () => {
  const { code, tokens, clients, bots, host } = await liveTable();
  const voters = new Set<number>();
  gate(bots, (bot, view) => {
    if (!view.legal.some((a) => a.type === 'vote')) return true;
    // Three people vote once each; the others wait.
    if (voters.has(bot.seat) || voters.size >= 3) return false;
    voters.add(bot.seat);
    return true;
  });
  expect(await host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
  await playUntil(code, bots, clients, (s) => s.step.kind === 'ballot' && Object.keys(s.step.ballots).length >= 3);
  await dump('ballot', code, tokens);
  closeAll(clients);
});

it('judge-pause: an async game paused by its human judge, who came through the host’s link', async () => {
  const { room, seats, clients, host } = await seatedRoom(8, 'classic', { humanJudge: true, pace: { preset: 'async' } });
  const from = host.frames.length;
  expect(await host.request({ type: 'host', id: 'inv', move: { type: 'invite', place: 'judge' } })).toEqual({ type: 'ack', id: 'inv' });
  const invite = host.of('invite', from).find((f) => f.id === 'inv')!.token;
  const redeemed = await redeem(room.code, invite, 'Judge Ko');
  expect(redeemed.status).toBe(200);
  const judgeToken = ((await redeemed.json()) as { token: string }).token;
  const judge = await Client.open(room.code, judgeToken);
  expect(await host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
  await readCards(clients);
  await until('night 1', () => clients.every((c) => c.of('game').some((f) => f.view.step?.kind === 'call')));
  expect(await judge.request({ type: 'host', id: 'p', move: { type: 'pause' } })).toEqual({ type: 'ack', id: 'p' });
  expect((await storedGame(room.code)).state!.pausedRemaining).not.toBeNull();
  const tokens: Tokens = { host: room.hostToken, seats: Object.fromEntries(seats.map((s) => [s.seat, s.token])), judge: judgeToken };
  await dump('judge-pause', room.code, tokens);
  closeAll([...clients, judge]);
});

it('lobby: a host, five more people and one of the room’s bots', async () => {
  const room = await createRoom({ ruleset: 'classic' });
  const tokens: Tokens = { host: room.hostToken, seats: {}, judge: null };
  for (let i = 1; i <= 6; i++) {
    const joined = await join(room.code, `Guest ${i}`, i === 1 ? room.hostToken : undefined);
    tokens.seats[joined.seat] = joined.token;
  }
  const host = await Client.open(room.code, tokens.seats['1']!);
  expect(await host.request({ type: 'host', id: 'bot', move: { type: 'add-bot', lang: 'en' } })).toEqual({ type: 'ack', id: 'bot' });
  await dump('lobby', room.code, tokens);
  host.close();
});
