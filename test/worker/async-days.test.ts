// Async play, the whole thing at once: twelve friends play an async `classic` game over days (RULES.md 3,
// 11). Nothing drives it but the room's own alarm and the players' phones: each seat looks in for a
// moment every 8 simulated hours, at a time of day of its own, does what its own view's `legal`
// offers, and goes. Along the way: the prods at 50 % and 90 % of each step reach exactly the seats that
// still owe it; a police player who vanishes after night 1 is marked absent after two missed steps
// (docs/rules-decisions.md O5) and replaced through the host's link with the seat's card and night
// result, the old token refused (O13); the open days take speeches in any order and the ballot opens
// when the last speaker is done (RULES.md 11 "Open days in async pace", O4).
//
// The scenario: the deal is one fixed seed (the same game every run); the killers go for civilians,
// and nobody votes for or kills the vanished seat before it is replaced, so it lives to be taken over.
// Everything else is each player's own choice among what its view offers, from a seeded random.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { pendingSeats, viewFor, type GameState, type Seat, type View } from '../../worker/engine/index.ts';
import { JWT_LIFETIME_S } from '../../worker/push/web-push.ts';
import type { ClientFrame, PushPayload } from '../../worker/protocol.ts';
import { stepKey } from '../../worker/engine/owed.ts';
import type { Room } from '../../worker/room/room.ts';
import { RoomStore } from '../../worker/room/storage.ts';
import { Client, redeem, rng, seatedRoom, sleep, socketRefusal, storedGame, stubOf, upgrade } from './helpers.ts';
import { newSubscription, type TestSubscription } from './push-receiver.ts';
import { endpointFor, open, pushService, subscribe, type Delivery } from './push-service.ts';

const H = 3_600_000;
const DAY = 24 * H;
/** Ahead of the real clock, so no alarm of the room fires by itself. */
const T0 = Math.ceil((Date.now() + DAY) / H) * H;
/** Each player looks in once every 8 hours… */
const PERIOD = 8 * H;
/** …at a time of its own: the twelve seats spread over the period, not in seat order (13 s past, never on an alarm's second). */
const firstLook = (seat: Seat) => T0 + ((seat * 5) % 12) * (PERIOD / 12) + 13_000;
const SEED = 'async-days-soak-1';
const LANGS = ['en', 'es', 'ko', 'zh-CN'] as const;

type Move = Extract<ClientFrame, { type: 'act' }>['move'];

interface Player {
  seat: Seat;
  name: string;
  token: string;
  sub: TestSubscription;
  next: number;
  gone: boolean;
  random: () => number;
}

/** When a push was sent, to the second: its VAPID token expires a fixed time after. */
function sentAt(d: Delivery): number {
  const jwt = /t=([\w-]+)\.([\w-]+)\./.exec(d.headers.get('authorization')!)![2]!;
  const claims = JSON.parse(atob(jwt.replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number };
  return (claims.exp - JWT_LIFETIME_S) * 1000;
}

/** The room's stored state (as a fresh store reads it back) and its alarm, in one look. */
async function look(code: string): Promise<{ state: GameState; alarm: number | null }> {
  return runInDurableObject(stubOf(code), async (_room: Room, ctx: DurableObjectState) => {
    return { state: new RoomStore(ctx.storage).loadGame()!, alarm: await ctx.storage.getAlarm() };
  });
}

/**
 * One player's choice from its own view's `legal`: read the card, point (killers at a civilian, the
 * scenario's `prey`), speak once then say done, vote for someone else (never for `spared`).
 */
function choose(p: Player, view: View, spoke: boolean, prey: ReadonlySet<Seat>, spared: ReadonlySet<Seat>): Move | null {
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(p.random() * xs.length)]!;
  const has = (type: string) => view.legal.find((a) => a.type === type);
  const mate = (t: Seat) => view.seats[t - 1]?.role !== undefined && view.seats[t - 1]?.role === view.me?.role;
  if (has('seen')) return { type: 'seen' };
  const confirm = has('confirm');
  if (confirm) return { type: 'confirm' };
  const point = view.legal.find((a) => a.type === 'point');
  if (point?.type === 'point' && point.current === null) {
    const wanted = point.targets.filter((t) => !mate(t) && !spared.has(t) && (point.call !== 'killers' || prey.has(t)));
    const targets = wanted.length > 0 ? wanted : point.targets;
    return { type: 'point', target: targets.length > 0 ? pick(targets) : 0 };
  }
  if (has('say') && !spoke) return { type: 'say', text: `Seat ${p.seat}, round ${view.round}: I have my doubts about someone.` };
  if (has('pass')) return { type: 'pass' };
  const vote = has('vote');
  if (vote?.type === 'vote') {
    const wanted = vote.targets.filter((t) => t !== p.seat && !spared.has(t) && !mate(t));
    const targets = wanted.length > 0 ? wanted : vote.targets.filter((t) => t !== p.seat);
    return { type: 'vote', target: targets.length > 0 ? pick(targets) : vote.canAbstain ? 0 : vote.targets[0]! };
  }
  return null;
}

describe('a 12-player async classic game over days, driven by alarms and short visits', () => {
  it('plays from the start to game over across at least 5 simulated days', async () => {
    const { room, seats, clients, host } = await seatedRoom(12, 'classic', { pace: { preset: 'async' } });
    const code = room.code;
    await runInDurableObject(stubOf(code), (r: Room) => {
      r.seed = () => SEED;
    });
    const received = await pushService(code);
    const players: Player[] = [];
    for (const [i, s] of seats.entries()) {
      const sub = await newSubscription(endpointFor(`soak-${s.seat}`));
      // "Notify me", once per device, in the player's language.
      expect(await subscribe(clients[i]!, sub, LANGS[i % 4])).toMatchObject({ type: 'ack' });
      players.push({ seat: s.seat, name: `Player ${s.seat}`, token: s.token, sub, next: firstLook(s.seat), gone: false, random: rng(s.seat * 7919) });
    }
    // The room's clock is the test's: moved by assigning `clock` (setClock's way, without a call per move).
    let clock = T0;
    await runInDurableObject(stubOf(code), (r: Room) => {
      r.now = () => clock;
    });
    expect(await host.request({ type: 'host', id: 'start', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'start' });
    for (const c of clients) c.close();

    let { state, alarm } = await look(code);
    const dealt = state.roles;
    // RULES.md 3: 12 players, 3 police, 3 killers, 6 civilians.
    expect(dealt.filter((r) => r === 'police')).toHaveLength(3);
    expect(dealt.filter((r) => r === 'killer')).toHaveLength(3);
    const prey = new Set(dealt.flatMap((r, i) => (r === 'civilian' ? [i + 1] : [])));
    // The police player who vanishes after night 1 (not the host: the host opens the replacement).
    const vanishing = dealt.findIndex((r, i) => r === 'police' && i > 0) + 1;
    const spared = new Set<Seat>([vanishing]);

    let step = { key: stepKey(state), opened: T0, endsAt: (state.step as { endsAt: number | null }).endsAt };
    /** Each alarm that fell at 50 % or 90 % of a step, with the seats that still owed the step. */
    const prods: { at: number; share: number; owing: Seat[]; until: number }[] = [];
    /** Each alarm an hour before a step closed. */
    const hourBefore: { at: number; owing: Seat[]; until: number }[] = [];
    /** Open days whose ballot opened on the last speaker's "done", before the deadline. */
    const openDays: { at: number; endsAt: number; speakers: Seat[]; said: Seat[] }[] = [];
    let replacedAt: number | null = null;
    let markedForHost = false;
    let oldView: View | null = null;
    let visits = 0;
    let alarms = 0;

    /** After each event: note when the game's step changed (a prod's share is counted from there). */
    const track = (next: GameState) => {
      const key = stepKey(next);
      if (key !== step.key) step = { key, opened: clock, endsAt: (next.step as { endsAt: number | null }).endsAt };
      state = next;
    };

    const fireAlarm = async (at: number) => {
      const before = state;
      const owing = pendingSeats(before);
      clock = at;
      await runDurableObjectAlarm(stubOf(code));
      alarms++;
      if (step.endsAt !== null) {
        for (const share of [0.5, 0.9]) {
          if (Math.abs(at - (step.opened + share * (step.endsAt - step.opened))) < 1000) prods.push({ at, share, owing, until: step.endsAt });
        }
        if (at === step.endsAt - H) hourBefore.push({ at, owing, until: step.endsAt });
      }
      ({ state, alarm } = await look(code));
      track(state);
    };

    /** The host hands the absent seat to a new person through a replacement link; returns Kim. */
    const replace = async (hostClient: Client): Promise<Player> => {
      const old = players.find((p) => p.seat === vanishing)!;
      // Everything the seat knew, as its own view shows it now.
      oldView = viewFor((await storedGame(code)).state!, { kind: 'seat', seat: vanishing });
      const from = hostClient.frames.length;
      expect(await hostClient.request({ type: 'host', id: 'replace', move: { type: 'replace-seat', seat: vanishing } })).toEqual({ type: 'ack', id: 'replace' });
      const link = hostClient.of('invite', from).find((f) => f.id === 'replace')!;
      expect(link).toMatchObject({ place: vanishing, replace: true });
      const res = await redeem(code, link.token, 'Kim');
      expect(res.status).toBe(200);
      const taken = (await res.json()) as { seat: number; token: string };
      expect(taken.seat).toBe(vanishing);
      // The old token is refused from now on, saying why.
      expect(await socketRefusal(await upgrade(code, old.token))).toEqual({ status: 101, code: 'room/replaced', close: 4403 });
      replacedAt = clock;
      spared.clear();
      const kim: Player = { seat: vanishing, name: 'Kim', token: taken.token, sub: await newSubscription(endpointFor('soak-kim')), next: clock + 1000, gone: false, random: rng(4242) };
      players.push(kim);
      return kim;
    };

    /** A player opens the room, does what its view offers, and closes it again. */
    const visit = async (p: Player) => {
      clock = p.next;
      p.next += PERIOD;
      visits++;
      const c = await Client.open(code, p.token);
      let view = (await c.waitFor('game')).view;
      if (p.name === 'Kim' && oldView) {
        // Kim's seat is the vanished player's: the same card, the whole history it had, its night-1 check, then the notice.
        const before: View = oldView;
        expect(view.me).toMatchObject({ seat: vanishing, role: 'police', alive: true });
        expect(view.log.slice(0, before.log.length)).toEqual(before.log);
        expect(before.log.some((e) => e.event.type === 'checked')).toBe(true);
        expect(view.log.at(-1)).toMatchObject({ to: 'all', event: { type: 'replaced', seat: vanishing, name: 'Kim' } });
        expect(view.seats[vanishing - 1]!.absent).toBeUndefined();
        expect(await subscribe(c, p.sub, 'ko')).toMatchObject({ type: 'ack' });
        oldView = null;
      }
      const was = state;
      let spoke = false;
      let moved = false;
      for (let n = 0; n < 8; n++) {
        const move = choose(p, view, spoke, prey, spared);
        if (!move) break;
        if (move.type === 'say') spoke = true;
        moved = true;
        const id = `v${visits}-${n}`;
        expect(await c.request({ type: 'act', id, move }), `seat ${p.seat} ${JSON.stringify(move)}`).toEqual({ type: 'ack', id });
        view = c.of('game').at(-1)!.view;
      }
      // The police player who vanishes: answers night 1's police call, then never comes back.
      if (p.seat === vanishing && p.name !== 'Kim' && view.step.kind === 'call' && view.legal.some((a) => a.type === 'point' && a.current !== null)) p.gone = true;
      if (p.seat === 1) {
        if ((c.of('room').at(-1)?.room.prodded ?? []).includes(vanishing) && replacedAt === null) markedForHost = true;
        if (replacedAt === null && view.seats[vanishing - 1]!.absent) {
          players.find((q) => q.seat === vanishing)!.gone = true;
          const kim = await replace(c);
          c.close();
          ({ state, alarm } = await look(code));
          track(state);
          return visit(kim);
        }
      }
      c.close();
      // A look that changed nothing leaves the game and the alarm as they were.
      if (!moved) return;
      ({ state, alarm } = await look(code));
      // An open day closed by the last speaker's "done": the ballot opens at once, before the deadline.
      if (was.step.kind === 'open-day' && was.step.purpose === 'day' && state.step.kind === 'ballot') {
        const full = (await storedGame(code)).state!;
        const speakers = was.step.speakers;
        const said = full.log.flatMap((e) => (e.at >= step.opened && e.event.type === 'said' && speakers.includes(e.event.seat) ? [e.event.seat] : []));
        openDays.push({ at: clock, endsAt: was.step.endsAt!, speakers: was.step.speakers, said });
      }
      track(state);
    };

    while (!state.result) {
      expect(clock - T0, 'the game should be over within three weeks').toBeLessThan(21 * DAY);
      const looking = players.filter((p) => !p.gone && (state.alive[p.seat - 1] || p.seat === 1));
      const next = looking.reduce((a, b) => (b.next < a.next ? b : a));
      if (alarm !== null && alarm <= next.next) await fireAlarm(alarm);
      else await visit(next);
    }
    const span = clock - T0;

    // A real game by the rules: a result, reached over at least five simulated days.
    const final = (await storedGame(code)).state!;
    expect(final.result).not.toBeNull();
    expect(span).toBeGreaterThanOrEqual(5 * DAY);
    expect(final.log.filter((e) => e.event.type === 'ballots').length).toBeGreaterThanOrEqual(3);

    // The vanished seat was absent, replaced, and played on by Kim to the end.
    expect(replacedAt).not.toBeNull();
    expect(markedForHost).toBe(true);
    const beforeKim = final.log.filter((e) => e.at <= replacedAt!);
    expect(beforeKim.some((e) => e.event.type === 'passed' && e.event.seat === vanishing && e.event.missed)).toBe(true);
    expect(beforeKim.some((e) => e.event.type === 'ballots' && e.event.ballots.some((b) => b.seat === vanishing && b.missed))).toBe(true);

    // Open days: at least one closed on the last "done", with the speeches in an order of the players' own.
    expect(openDays.length).toBeGreaterThan(0);
    for (const d of openDays) {
      expect(d.at).toBeLessThan(d.endsAt);
      expect([...d.said].sort((a, b) => a - b)).toEqual([...d.speakers].sort((a, b) => a - b));
    }
    expect(openDays.some((d) => d.said.join() !== d.speakers.join())).toBe(true);

    // Every push, decrypted as each device would; reminders sorted by when they were sent.
    for (let n = -1; n !== received.length; await sleep(30)) n = received.length;
    const byEndpoint = new Map(players.map((p) => [p.sub.endpoint, p.sub]));
    const opened = await Promise.all(received.map(async (d) => ({ at: sentAt(d), endpoint: d.endpoint, payload: (await open(d, byEndpoint.get(d.endpoint)!)) as PushPayload })));
    const reminders = opened.filter((o) => o.payload.notice.kind === 'reminder');
    const sentBetween = (at: number) => reminders.filter((o) => Math.floor(o.at / 1000) === Math.floor(at / 1000));
    // The prods: each at 50 % or 90 % of its step, to exactly the seats that still owed it, once.
    expect(prods.filter((p) => p.share === 0.5 && p.owing.length > 0).length).toBeGreaterThanOrEqual(3);
    expect(prods.filter((p) => p.share === 0.9 && p.owing.length > 0).length).toBeGreaterThanOrEqual(3);
    for (const p of [...prods, ...hourBefore]) {
      const sent = sentBetween(p.at);
      expect(sent.map((o) => o.payload.seat).sort((a, b) => a - b), `reminders at ${(p.at - T0) / H} h`).toEqual([...p.owing].sort((a, b) => a - b));
      for (const o of sent) expect(o.payload.notice).toMatchObject({ kind: 'reminder', until: p.until });
    }
    // No other reminder went out; the vanished seat's old device heard nothing after the replacement.
    expect(reminders.length).toBe([...prods, ...hourBefore].reduce((n, p) => n + p.owing.length, 0));
    expect(opened.filter((o) => o.endpoint === endpointFor(`soak-${vanishing}`) && o.at > replacedAt!)).toEqual([]);
    // The vanished seat was prodded in the open day it missed, at both shares.
    const missedDay = prods.filter((p) => p.owing.includes(vanishing) && p.at < replacedAt!);
    expect(new Set(missedDay.map((p) => p.share))).toEqual(new Set([0.5, 0.9]));
    // Everyone was told the game began and ended (Kim on the new device).
    const told = (kind: string) => new Set(opened.filter((o) => o.payload.notice.kind === kind).map((o) => o.endpoint));
    expect(told('start').size).toBe(12);
    expect(told('over')).toEqual(new Set(players.filter((p) => !p.gone).map((p) => p.sub.endpoint)));
    console.log(`async soak: ${(span / DAY).toFixed(2)} simulated days, ${visits} visits, ${alarms} alarms, ${prods.length} prods, ${received.length} pushes, ${final.result!.winner} won`);
  }, 60_000);
});
