// Bots in rooms: the host seats bots in the lobby; they live in the room's Durable Object,
// act through its one alarm at a human pace from their own seat's view, never for a person, and
// their schedule is stored with the game so a restart keeps it.
import { evictDurableObject, runDurableObjectAlarm } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { RULESETS, apply, createGame, exportRecord, replay, viewFor, type Action, type Seat } from '../../worker/engine/index.ts';
import { heuristicMove, type BotMemory } from '../../worker/engine/bots/policy.ts';
import { makeRandom } from '../../worker/engine/random.ts';
import { stepKey } from '../../worker/engine/owed.ts';
import { absentSeats } from '../../worker/engine/absent.ts';
import { BOT_NAMES, botDueAt, botName, fillTarget, firstDue, nextDue, reschedule, type BotState } from '../../worker/room/bots.ts';
import { checkName } from '../../worker/names.ts';
import { LANGS } from '../../worker/protocol.ts';
import { Bot, Client, api, createRoom, join, setClock, socketRefusal, storedGame, stubOf, until, upgrade } from './helpers.ts';
import { personAndBots, runByAlarms, stored } from './room-bots-helpers.ts';

describe('bots in a room', () => {
  it('the lobby fills to the smallest legal table with named, marked bots; bots can be removed', async () => {
    const { client, lobby } = await personAndBots();
    // classic seats 8 to 16: one person, so 7 bots; each has its own name and the bot mark.
    expect(lobby.seats.map((s) => s.bot === true)).toEqual([false, true, true, true, true, true, true, true]);
    expect(new Set(lobby.seats.map((s) => s.name)).size).toBe(8);
    // A bot is always at the table.
    expect(lobby.seats.filter((s) => s.bot).every((s) => s.connected)).toBe(true);
    // The table is legal: "fill" has nothing to add; one more bot still can be added, and removed.
    expect(await client.request({ type: 'host', id: 'fill2', move: { type: 'fill-bots', lang: 'en' } })).toMatchObject({ type: 'error', code: 'room/table-legal' });
    expect(await client.request({ type: 'host', id: 'add', move: { type: 'add-bot', lang: 'ko' } })).toEqual({ type: 'ack', id: 'add' });
    const nine = await client.waitFor('room', (f) => f.room.seats.length === 9);
    expect(nine.room.seats[8]!.bot).toBe(true);
    expect(nine.room.seats[8]!.name).toMatch(/^\p{Script=Hangul}+$/u);
    expect(await client.request({ type: 'host', id: 'rm', move: { type: 'remove-seat', seat: 9 } })).toEqual({ type: 'ack', id: 'rm' });
    await client.waitFor('room', (f) => f.room.seats.length === 8);
    client.close();
  });

  it('one person and 7 bots play classic to game over by the alarm alone; each bot acts only for its own seat', async () => {
    const { room, client } = await personAndBots();
    const person = new Bot(client, 1);
    expect(await client.request({ type: 'host', id: 'start', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'start' });
    await until('the first view', () => person.view !== null);
    // Every bot owes "I have seen my card": each has its own time in the live band, well before the deadline.
    const first = await stored(room.code);
    const reading = (await storedGame(room.code)).state!.step as { endsAt: number };
    const dues = Object.values(first.bots).map((b) => b.due!.at);
    expect(dues).toHaveLength(7);
    expect(new Set(dues).size).toBeGreaterThan(1);
    for (const at of dues) expect(at).toBeLessThan(reading.endsAt);
    expect(first.alarm).toBe(Math.min(...dues));
    const state = await runByAlarms(room.code, person, () => false);
    expect(state.result).not.toBeNull();
    await until('the person sees game over', () => person.view?.result != null);
    // Bots spoke with claims, rendered in their language; the person (who only passes) never said anything.
    const said = state.log.flatMap((e) => (e.event.type === 'said' ? [e.event] : []));
    expect(said.length).toBeGreaterThan(0);
    expect(said.every((e) => e.seat !== 1 && e.claim !== undefined && /^(I am|As police|I vote)/.test(e.text))).toBe(true);
    // Every move of seat 1 is one the person's socket sent: no bot moved for it.
    const mine = state.log.filter((e) => e.event.type === 'voted' && e.event.seat === 1).length;
    expect(mine).toBeLessThanOrEqual(person.acted);
    expect(person.errors).toEqual([]);
    const over = await client.waitFor('room', (f) => f.room.status === 'over');
    expect(over.room.seats.filter((s) => s.bot)).toHaveLength(7);
    client.close();
  }, 60_000);

  it('a bot never acts for a person: a silent person misses their steps at the deadline', async () => {
    const { room, client } = await personAndBots();
    const person = new Bot(client, 1);
    person.enabled = false;
    expect(await client.request({ type: 'host', id: 'start', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'start' });
    // Until the first ballot is counted: the person's reading and ballot close only at their deadlines.
    const state = await runByAlarms(room.code, person, (s) => s.log.some((e) => e.event.type === 'ballots'));
    const ballots = state.log.flatMap((e) => (e.event.type === 'ballots' ? e.event.ballots : []));
    const mine = ballots.find((b) => b.seat === 1);
    if (state.alive[0]) expect(mine).toMatchObject({ seat: 1, target: 0, missed: true });
    // The bots all voted in time.
    expect(ballots.filter((b) => b.seat !== 1).every((b) => !b.missed)).toBe(true);
    expect(state.log.some((e) => e.event.type === 'seen' && (e.event as { seat: number }).seat === 1)).toBe(false);
    client.close();
  }, 60_000);

  it('the bots’ schedule survives a restart of the Durable Object mid-game', async () => {
    const { room, client } = await personAndBots();
    const person = new Bot(client, 1);
    expect(await client.request({ type: 'host', id: 'start', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'start' });
    let state = await runByAlarms(room.code, person, (s) => s.round >= 2);
    await until('the person idle', () => person.idle);
    person.enabled = false;
    const before = await stored(room.code);
    const game = (await storedGame(room.code)).dump;
    await evictDurableObject(stubOf(room.code));
    const after = await stored(room.code);
    // Same alarm, same bots with the same memories and due times, same game.
    expect(after).toEqual(before);
    expect((await storedGame(room.code)).dump).toBe(game);
    // Firing early does nothing: no bot is due before its time, no deadline has passed.
    await setClock(room.code, after.alarm! - 1);
    expect(await runDurableObjectAlarm(stubOf(room.code))).toBe(true);
    expect((await storedGame(room.code)).dump).toBe(game);
    expect((await stored(room.code)).bots).toEqual(before.bots);
    person.enabled = true;
    person.maybeAct();
    state = await runByAlarms(room.code, person, () => false);
    expect(state.result).not.toBeNull();
    client.close();
  }, 60_000);
});

describe('an absent seat goes to a bot', () => {
  /** A room of the host, one more person (who never acts) and 6 bots, played until that person is absent or out. */
  async function untilAbsent() {
    const room = await createRoom({ ruleset: 'classic' });
    const host = await join(room.code, 'Ann', room.hostToken);
    const other = await join(room.code, 'Bea');
    const client = await Client.open(room.code, host.token);
    const gone = await Client.open(room.code, other.token);
    expect(await client.request({ type: 'host', id: 'fill', move: { type: 'fill-bots', lang: 'es' } })).toEqual({ type: 'ack', id: 'fill' });
    await client.waitFor('room', (f) => f.room.seats.length === 8);
    const person = new Bot(client, 1);
    expect(await client.request({ type: 'host', id: 'start', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'start' });
    await until('the first view', () => person.view !== null);
    // Seat 2 has missed nothing yet: it is not the host's to give away.
    expect(await client.request({ type: 'host', id: 'early', move: { type: 'hand-to-bot', seat: 2, lang: 'es' } })).toMatchObject({ type: 'error', code: 'game/not-absent' });
    const state = await runByAlarms(room.code, person, (s) => !s.alive[1] || absentSeats(s.log).has(2));
    return { room, client, gone, person, other, state };
  }

  it('the host hands an absent seat to a bot: same number and card, bot mark, the person signed out, the log says so', async () => {
    let found = await untilAbsent();
    // Seat 2 may be killed before it is absent: then play another table.
    for (let i = 0; i < 4 && !(found.state.alive[1] && !found.state.result); i++) {
      found.client.close();
      found = await untilAbsent();
    }
    const { room, client, gone, person, other, state } = found;
    expect(absentSeats(state.log).has(2)).toBe(true);
    // Only an absent seat: a bot seat or the host's own are refused too.
    expect(await client.request({ type: 'host', id: 'h3', move: { type: 'hand-to-bot', seat: 3, lang: 'es' } })).toMatchObject({ type: 'error', code: 'room/is-bot' });
    expect(await client.request({ type: 'host', id: 'h1', move: { type: 'hand-to-bot', seat: 1, lang: 'es' } })).toMatchObject({ type: 'error', code: 'room/is-host' });
    const role = state.roles[1];
    expect(await client.request({ type: 'host', id: 'h2', move: { type: 'hand-to-bot', seat: 2, lang: 'es' } })).toEqual({ type: 'ack', id: 'h2' });
    await until('the person signed out', () => gone.closed !== null);
    expect(gone.of('error').some((e) => e.code === 'room/handed-to-bot')).toBe(true);
    const seats = await client.waitFor('room', (f) => f.room.seats[1]!.bot === true);
    expect(seats.room.seats[1]).toMatchObject({ seat: 2, name: 'Bea', bot: true });
    const after = (await storedGame(room.code)).state!;
    expect(after.roles[1]).toBe(role);
    expect(after.log.at(-1)!).toMatchObject({ to: 'all', event: { type: 'handed-to-bot', seat: 2 } });
    // The old token opens nothing any more, and says why.
    expect(await socketRefusal(await upgrade(room.code, other.token))).toMatchObject({ code: 'room/handed-to-bot', close: 4403 });
    const end = await runByAlarms(room.code, person, () => false);
    expect(end.result).not.toBeNull();
    // The record replays: the hand-over is part of the game's story.
    expect(replay(exportRecord(end))).toEqual({ ok: true, state: expect.anything() });
    client.close();
  }, 60_000);
});

describe('a person takes a bot seat back', () => {
  it('only through the host\'s one-time seat link: redeeming it makes the seat a person\'s', async () => {
    const { room, client } = await personAndBots();
    const from = client.frames.length;
    expect(await client.request({ type: 'host', id: 'inv', move: { type: 'invite', place: 3 } })).toEqual({ type: 'ack', id: 'inv' });
    const link = client.of('invite', from)[0]!;
    const res = await api(`/api/rooms/${room.code}/join`, { json: { invite: link.token } });
    expect(res.status).toBe(200);
    const taken = (await res.json()) as { seat: number; token: string };
    expect(taken.seat).toBe(3);
    const seats = await client.waitFor('room', (f) => f.room.seats[2]!.bot === undefined, from);
    expect(seats.room.seats.filter((s) => s.bot)).toHaveLength(6);
    expect(Object.keys((await stored(room.code)).bots).map(Number)).not.toContain(3);
    const back = await Client.open(room.code, taken.token);
    expect((await back.waitFor('room')).room.you.seat).toBe(3);
    back.close();
    client.close();
  });
});

describe('when bots act and how many to seat (worker/room/bots.ts)', () => {
  const bot = (at: number | null): BotState => ({ lang: 'en', memory: {}, due: at === null ? null : { key: 'k', at } });

  it('live bots think 2–12 s, async bots minutes, always well before the step closes; the same game draws the same', () => {
    const now = 1_000_000;
    for (let seat = 1; seat <= 20; seat++) {
      const live = botDueAt('seed', seat, `1|speech|day:${seat}`, 'live', now, now + 90_000) - now;
      expect(live).toBeGreaterThanOrEqual(2_000);
      expect(live).toBeLessThanOrEqual(12_000);
      const slow = botDueAt('seed', seat, '1|open-day|day:1,2', 'async', now, now + 4 * 3_600_000) - now;
      expect(slow).toBeGreaterThanOrEqual(60_000);
      expect(slow).toBeLessThanOrEqual(600_000);
      // The shortest custom deadline (10 s): a bot acts within its first 15 %.
      const short = botDueAt('seed', seat, '2|ballot|day::', 'live', now, now + 10_000) - now;
      expect(short).toBeLessThanOrEqual(1_500);
      expect(botDueAt('seed', seat, '2|ballot|day::', 'live', now, now + 10_000) - now).toBe(short);
    }
    expect(botDueAt('a', 3, 'k', 'live', now, now + 90_000)).not.toBe(botDueAt('b', 3, 'k', 'live', now, now + 90_000));
  });

  it('"fill" seats the smallest legal table at least as large as the seats taken', () => {
    expect(fillTarget('classic', {}, 1)).toBe(8);
    expect(fillTarget('classic', {}, 9)).toBe(9);
    expect(fillTarget('butterfly', {}, 3)).toBe(11);
    // dual seats one more than its players: the big joker's holder judges.
    expect(fillTarget('dual', {}, 1)).toBe(9);
    expect(fillTarget('raw', {}, 9)).toBeNull();
  });

  it('bot names are ordinary first names of the room language, unique in the room and valid names', () => {
    for (const lang of LANGS) {
      for (const name of BOT_NAMES[lang]) expect(checkName(name)).toEqual({ ok: true, name });
      const taken = new Set<string>();
      for (let i = 0; i < 25; i++) taken.add(botName(lang, (n) => taken.has(n), `s${i}`));
      expect(taken.size).toBe(25);
    }
    expect(botName('en', (n) => BOT_NAMES.en.includes(n), 'x')).toMatch(/^\p{L}+ 2$/u);
  });

  it('the alarm wakes for the earliest bot; the earliest due bot moves first, ties by seat', () => {
    const bots = new Map<Seat, BotState>([[1, bot(null)], [2, bot(500)], [3, bot(300)], [4, bot(300)]]);
    expect(nextDue(bots.values())).toBe(300);
    expect(firstDue(bots, 299)).toBeNull();
    expect(firstDue(bots, 300)).toBe(3);
    expect(nextDue([bot(null)])).toBeNull();
  });

  it('the schedule asks only the legal actions: a bot is due exactly when its policy has a move, keyed by the step its view shows', () => {
    // Seeded games of every ruleset played by the heuristic bots: at every change, every seat.
    let checked = 0;
    let owing = 0;
    for (const ruleset of ['classic', 'butterfly', 'dual', 'infernal', 'runoff'] as const) {
      const created = createGame({ ruleset, players: RULESETS[ruleset].minPlayers, seed: `due-${ruleset}`, at: 0 });
      if (!created.ok) throw new Error(created.message);
      let state = created.state;
      const memories = new Map<Seat, BotMemory>();
      const random = makeRandom(`due-${ruleset}:bots`);
      for (let changes = 0; !state.result && changes < 2000; changes++) {
        let next: Action | null = null;
        for (let seat = 1; seat <= state.alive.length; seat++) {
          const view = viewFor(state, { kind: 'seat', seat });
          const move = heuristicMove(view, random, memories.get(seat) ?? {});
          const due = reschedule(state, seat, { lang: 'en', memory: memories.get(seat) ?? {}, due: null }, 'live', 0);
          expect(due === null, `${ruleset} seat ${seat} at ${stepKey(view)}`).toBe(move.action === null);
          if (due) {
            expect(due.key).toBe(stepKey(view));
            owing++;
          }
          checked++;
          if (move.action && !next) {
            next = { ...move.action, at: 0 } as Action;
            memories.set(seat, move.memory);
          }
        }
        const result = apply(state, next ?? { type: 'deadline', at: 'endsAt' in state.step && state.step.endsAt !== null ? state.step.endsAt : 0 });
        expect(result.ok).toBe(true);
        state = result.state;
      }
      expect(state.result, `${ruleset} ends`).not.toBeNull();
    }
    expect(checked).toBeGreaterThan(1000);
    expect(owing).toBeGreaterThan(200);
    expect(checked - owing).toBeGreaterThan(200);
  });
});

