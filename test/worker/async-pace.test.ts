// "Open async days", the room's side: a day that closes at the host's local clock time, the
// pace switched mid-game from the next step on, and a scheduled start with its hour-before notice.
// The room's clock is moved with setClock and its one alarm fired with runDurableObjectAlarm.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PACE_PRESETS, type GameState } from '../../worker/engine/index.ts';
import type { RoomView } from '../../worker/protocol.ts';
import type { BotState } from '../../worker/room/bots.ts';
import type { Room } from '../../worker/room/room.ts';
import { Client, readCards, seatedRoom, setClock, storedGame, stubOf, until } from './helpers.ts';
import { newSubscription } from './push-receiver.ts';
import { endpointFor, open, pushService, subscribe } from './push-service.ts';

const H = 3_600_000;
/**
 * Test clocks lie ahead of the real one (an alarm set in the past would fire by itself): a whole
 * hour at least a day from now, and noon UTC the day before Madrid's next spring change (the last
 * Sunday of March, 02:00 → 03:00), so the night crosses it.
 */
const SOON = Math.ceil((Date.now() + 24 * H) / H) * H;
function beforeSpringChange(): number {
  for (let y = new Date().getUTCFullYear(); ; y++) {
    const sunday = 31 - new Date(Date.UTC(y, 2, 31)).getUTCDay();
    const at = Date.UTC(y, 2, sunday - 1, 12);
    if (at > SOON) return at;
  }
}

/** Lets the room's clock reach the current step's deadline and fires its alarm. */
async function passDeadline(code: string): Promise<GameState> {
  const { state } = await storedGame(code);
  await setClock(code, (state!.step as { endsAt: number }).endsAt);
  await runDurableObjectAlarm(stubOf(code));
  return (await storedGame(code)).state!;
}

/** The wall clock of `ms` in `zone`, "HH:MM". */
const wall = (ms: number, zone: string) => new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);

/** The room as its latest room frame showed it to this client. */
const roomOf = (c: Client): RoomView => (c.frames.filter((f) => f.type === 'room').at(-1) as { room: RoomView }).room;

async function alarmAt(code: string): Promise<number | null> {
  return runInDurableObject(stubOf(code), (_r: Room, ctx: DurableObjectState) => ctx.storage.getAlarm());
}

describe('the day closes at the host’s clock time', () => {
  for (const [zone, start] of [
    // The night crosses Madrid's spring change (29 March 2026, 02:00 → 03:00): 21:00 is then 19:00 UTC.
    ['Europe/Madrid', beforeSpringChange()],
    ['Asia/Kolkata', SOON],
  ] as const) {
    it(`an async day closes at 21:00 ${zone}, stored as an absolute time every seat sees`, async () => {
      const { room, clients, host } = await seatedRoom(8, 'classic', { pace: { preset: 'async', dayClosesAt: '21:00', timeZone: zone } });
      await setClock(room.code, start);
      expect(await host.request({ type: 'host', id: 'start', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'start' });
      let state = (await storedGame(room.code)).state!;
      let opened = start;
      for (let i = 0; i < 8 && state.step.kind !== 'open-day'; i++) {
        opened = (state.step as { endsAt: number }).endsAt;
        state = await passDeadline(room.code);
      }
      expect(state.step).toMatchObject({ kind: 'open-day', purpose: 'day' });
      const endsAt = (state.step as { endsAt: number }).endsAt;
      expect(wall(endsAt, zone)).toBe('21:00');
      expect(endsAt - opened).toBeGreaterThanOrEqual(6 * H);
      expect(endsAt - opened).toBeLessThan(30 * H);
      if (zone === 'Europe/Madrid') expect(new Date(endsAt).getUTCHours()).toBe(19);
      else expect(new Date(endsAt).toISOString().slice(11, 16)).toBe('15:30');
      const seen = await clients[3]!.waitFor('game', (f) => f.view.step.kind === 'open-day');
      expect(seen.view.step).toMatchObject({ endsAt });
      expect(await alarmAt(room.code)).toBeLessThanOrEqual(endsAt);
    });
  }

  it('refuses an unknown time zone or a clock time that is not HH:MM when the room is made', async () => {
    const { api } = await import('./helpers.ts');
    for (const pace of [{ preset: 'async', dayClosesAt: '21:00', timeZone: 'Mars/Olympus' }, { preset: 'async', dayClosesAt: '9pm', timeZone: 'Europe/Madrid' }]) {
      const res = await api('/api/rooms', { method: 'POST', json: { ruleset: 'classic', pace } });
      expect(res.status).toBe(400);
    }
  });
});

describe('the host switches the pace mid-game', () => {
  it('async → live: the open step keeps its deadline, the table is told, the next step and the bots use live pace', async () => {
    const { room, clients, host } = await seatedRoom(7, 'classic', { pace: { preset: 'async' } });
    expect(await host.request({ type: 'host', id: 'bot', move: { type: 'add-bot', lang: 'en' } })).toMatchObject({ type: 'ack' });
    await setClock(room.code, SOON);
    await host.request({ type: 'host', id: 'start', move: { type: 'start' } });
    await readCards(clients);
    // The bot reads its card after its thinking time (async: minutes): let the reading close.
    let state = await passDeadline(room.code);
    expect(state.step.kind).toBe('call');
    const t0 = (state.log.at(-1)!).at;
    const endsAt = (state.step as { endsAt: number }).endsAt;
    expect(endsAt - t0).toBe(PACE_PRESETS.async.call);

    // Only the host may switch, and only during a game.
    expect(await clients[2]!.request({ type: 'host', id: 'no', move: { type: 'set-pace', pace: { preset: 'live' } } })).toMatchObject({ type: 'error', code: 'room/not-host' });
    await setClock(room.code, t0 + H);
    expect(await host.request({ type: 'host', id: 'live', move: { type: 'set-pace', pace: { preset: 'live' } } })).toEqual({ type: 'ack', id: 'live' });
    state = (await storedGame(room.code)).state!;
    expect(state.step).toMatchObject({ kind: 'call', endsAt });
    // Every seat reads the public line, and the room shows the new pace.
    for (const c of [clients[2]!, clients[5]!]) {
      const seen = await c.waitFor('game', (f) => f.view.log.some((e) => e.event.type === 'pace-set'));
      expect(seen.view.log.find((e) => e.event.type === 'pace-set')?.event).toMatchObject({ type: 'pace-set', preset: 'live', day: 'turns' });
      await until('the room frame', () => roomOf(c).pace.preset === 'live');
      expect(roomOf(c).deadlines).toEqual(PACE_PRESETS.live);
    }

    // From the next step on: live deadlines, and the bot thinks for seconds (2–12 s; 3–20 s at a night call), not minutes.
    const botsNow = () =>
      runInDurableObject(stubOf(room.code), (_r: Room, ctx: DurableObjectState) =>
        ctx.storage.sql.exec<{ bot: string }>('SELECT bot FROM seats WHERE bot IS NOT NULL').toArray().map((r) => JSON.parse(r.bot) as BotState),
      );
    let opened = endsAt;
    state = await passDeadline(room.code);
    const next = state.step as { kind: string; endsAt: number };
    expect(next.endsAt - opened).toBeLessThanOrEqual(Math.max(PACE_PRESETS.live.call, PACE_PRESETS.live.lastWords, PACE_PRESETS.live.speech * 8));
    let due = (await botsNow())[0]!.due;
    for (let i = 0; i < 10 && !due; i++) {
      opened = (state.step as { endsAt: number }).endsAt;
      state = await passDeadline(room.code);
      due = (await botsNow())[0]!.due;
    }
    expect(due).not.toBeNull();
    expect(due!.at - opened).toBeGreaterThanOrEqual(0);
    // 2–12 s for a day's step; at a night call the call's own seeded wait, 3–20 s live (D11, O7), never async minutes.
    expect(due!.at - opened).toBeLessThanOrEqual(state.step.kind === 'call' ? 20_000 : 12_000);
  });

  it('refuses a switch in the lobby', async () => {
    const { host } = await seatedRoom(2, 'classic');
    expect(await host.request({ type: 'host', id: 'p', move: { type: 'set-pace', pace: { preset: 'async' } } })).toMatchObject({ type: 'error', code: 'room/no-game' });
  });
});

describe('a scheduled start', () => {
  it('notifies every subscribed seat an hour before, once; starts by itself at the time, once', async () => {
    const { room, clients, host } = await seatedRoom(8, 'classic');
    const received = await pushService(room.code);
    const subs = [await newSubscription(endpointFor('sched-1')), await newSubscription(endpointFor('sched-4'))];
    await subscribe(clients[0]!, subs[0]!, 'en');
    await subscribe(clients[3]!, subs[1]!, 'ko');
    const t0 = SOON;
    const at = t0 + 5 * H;
    await setClock(room.code, t0);
    expect(await clients[1]!.request({ type: 'host', id: 'x', move: { type: 'schedule-start', at } })).toMatchObject({ type: 'error', code: 'room/not-host' });
    expect(await host.request({ type: 'host', id: 'past', move: { type: 'schedule-start', at: t0 - H } })).toMatchObject({ type: 'error', code: 'room/bad-schedule' });
    expect(await host.request({ type: 'host', id: 's', move: { type: 'schedule-start', at } })).toEqual({ type: 'ack', id: 's' });
    // Everyone sees the time (each device shows it in its own time zone).
    await until('the schedule on a seat', () => roomOf(clients[5]!).scheduledStart?.at === at);
    expect(await alarmAt(room.code)).toBe(at - H);

    // An hour before: one push to each subscribed seat, in its own language; a repeated alarm sends nothing more.
    await setClock(room.code, at - H);
    await runDurableObjectAlarm(stubOf(room.code));
    await until('the reminders', () => received.length === 2);
    const notices = await Promise.all(received.map((d) => open(d, subs[d.endpoint.endsWith('sched-1') ? 0 : 1]!)));
    expect(notices.map((p) => [p.seat, p.lang, p.notice]).sort()).toEqual([
      [1, 'en', { kind: 'scheduled', at }],
      [4, 'ko', { kind: 'scheduled', at }],
    ]);
    expect(await alarmAt(room.code)).toBe(at);
    await runInDurableObject(stubOf(room.code), async (r: Room) => r.alarm());
    await new Promise((r) => setTimeout(r, 50));
    expect(received).toHaveLength(2);
    expect((await storedGame(room.code)).state).toBeNull();

    // At the time: the game starts by itself; a repeated alarm does not start another.
    await setClock(room.code, at);
    await runDurableObjectAlarm(stubOf(room.code));
    const first = await storedGame(room.code);
    expect(first.state?.setup.at).toBe(at);
    const seen = await clients[6]!.waitFor('game', (f) => f.view.step.kind === 'reading');
    expect(seen.view.me).toMatchObject({ seat: 7 });
    await until('the room shows the game', () => roomOf(clients[6]!).status === 'playing' && roomOf(clients[6]!).scheduledStart === null);
    await runInDurableObject(stubOf(room.code), async (r: Room) => r.alarm());
    expect((await storedGame(room.code)).dump).toBe(first.dump);
  });

  it('refuses to start out of range: the host is told and the room stays in the lobby', async () => {
    const { room, clients, host } = await seatedRoom(3, 'classic');
    const received = await pushService(room.code);
    const subs = [await newSubscription(endpointFor('few-1')), await newSubscription(endpointFor('few-2'))];
    await subscribe(clients[0]!, subs[0]!);
    await subscribe(clients[1]!, subs[1]!);
    const t0 = SOON;
    await setClock(room.code, t0);
    // Scheduled within the hour: the notice goes out at once (the next alarm), then the start.
    expect(await host.request({ type: 'host', id: 's', move: { type: 'schedule-start', at: t0 + 30 * 60_000 } })).toEqual({ type: 'ack', id: 's' });
    expect(await alarmAt(room.code)).toBe(t0 + 30 * 60_000 - H);
    await runDurableObjectAlarm(stubOf(room.code));
    await until('the notices', () => received.length === 2);
    await setClock(room.code, t0 + 30 * 60_000);
    await runDurableObjectAlarm(stubOf(room.code));
    await until('the host is told', () => received.length === 3);
    expect(await open(received[2]!, subs[0]!)).toMatchObject({ seat: 1, notice: { kind: 'start-missed', at: t0 + 30 * 60_000 } });
    expect((await storedGame(room.code)).state).toBeNull();
    await until('the lobby shows it', () => roomOf(clients[2]!).scheduledStart?.missed === 'room/players');
    expect(roomOf(clients[2]!)).toMatchObject({ status: 'lobby', scheduledStart: { at: t0 + 30 * 60_000, missed: 'room/players' } });
    // Missed is final: a repeated alarm tells nobody again; the host may schedule again or cancel.
    await runInDurableObject(stubOf(room.code), async (r: Room) => r.alarm());
    await new Promise((r) => setTimeout(r, 50));
    expect(received).toHaveLength(3);
    expect(await host.request({ type: 'host', id: 'c', move: { type: 'schedule-start', at: null } })).toEqual({ type: 'ack', id: 'c' });
    await until('the schedule is gone', () => roomOf(clients[2]!).scheduledStart === null);
  });
});
