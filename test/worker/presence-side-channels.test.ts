// Presence tells nothing of the night (docs/protocol.md, "Presence"). In an async game the room pushes
// only the seats a night call names (docs/rules/README.md, "Playing online"), so a phone that opens the room at night is a called
// role's: if the others saw it come and go, the table would read the night's roles off the seat plates.
// This is the probe's scenario: over three nights of a `doctor` game every called seat opens the room as
// a pushed player would, acts and leaves, while a spectator, a civilian who stays at the table and the
// human judge watch what the room tells them.
import { describe, expect, it } from 'vitest';
import { pendingSeats, type GameState, type Seat, type View } from '../../worker/engine/index.ts';
import { stepKey } from '../../worker/engine/owed.ts';
import type { ClientFrame, ServerFrame } from '../../worker/protocol.ts';
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { RoomStore } from '../../worker/room/storage.ts';
import { Client, atNightOne, createRoom, join, redeem, setClock, sleep, storedGame, stubOf, until } from './helpers.ts';

type Move = Extract<ClientFrame, { type: 'act' }>['move'];
type RoomFrame = Extract<ServerFrame, { type: 'room' }>['room'];

/** The seats a client's screen shows connected: its last room frame with every presence frame after it merged in, as the page does. */
function shownConnected(c: Client): Seat[] {
  let room: RoomFrame | null = null;
  let on: Seat[] = [];
  for (const f of c.frames) {
    if (f.type === 'room') {
      room = f.room;
      on = f.room.seats.filter((s) => s.connected).map((s) => s.seat);
    } else if (f.type === 'presence' && room) on = f.connected;
  }
  return on;
}

/** The room as a spectator who opens it now is told (a hostile page may look as often as it likes). */
async function peek(code: string): Promise<RoomFrame> {
  const c = await Client.open(code);
  const room = (await c.waitFor('room')).room;
  c.close();
  return room;
}

/** The seats the room has seen go during this night (worker/room/presence-shown.ts). */
const dozed = (code: string) => runInDurableObject(stubOf(code), (_room: unknown, ctx: DurableObjectState) => new RoomStore(ctx.storage).dozed());

const atNight = (s: GameState) => !s.result && (s.step.kind === 'call' || s.step.kind === 'eyes');

/** One seat's move from its own view: the killers and the doctor go for `victim` (so nobody dies at night), the day is passed and the ballot left blank. */
function choose(view: View, victim: Seat): Move | null {
  const has = (type: string) => view.legal.some((a) => a.type === type);
  if (has('seen')) return { type: 'seen' };
  if (has('confirm')) return { type: 'confirm' };
  const point = view.legal.find((a) => a.type === 'point');
  if (point?.type === 'point' && point.current === null) {
    const target = point.targets.includes(victim) ? victim : (point.targets.find((t) => view.seats[t - 1]?.role !== view.me?.role) ?? 0);
    return { type: 'point', target };
  }
  if (has('pass')) return { type: 'pass' };
  if (has('vote')) return { type: 'vote', target: 0 };
  return null;
}

describe('presence says nothing at night (docs/protocol.md, "Presence")', () => {
  it('over three async nights a spectator and a civilian see no called seat come or go; the seat itself and the judge see the truth; dawn publishes it', async () => {
    const room = await createRoom({ ruleset: 'doctor', spectators: true, humanJudge: true, pace: { preset: 'async' } });
    const seats: { seat: Seat; token: string }[] = [];
    for (let i = 1; i <= 12; i++) seats.push(await join(room.code, `Player ${i}`, i === 1 ? room.hostToken : undefined));
    const clients = await Promise.all(seats.map((s) => Client.open(room.code, s.token)));
    // The human judge joins through the host's link.
    const invite = clients[0]!.frames.length;
    expect(await clients[0]!.request({ type: 'host', id: 'inv', move: { type: 'invite', place: 'judge' } })).toEqual({ type: 'ack', id: 'inv' });
    const link = clients[0]!.of('invite', invite).find((f) => f.id === 'inv')!.token;
    const judge = await Client.open(room.code, ((await (await redeem(room.code, link, 'Judge')).json()) as { token: string }).token);
    const spectator = await Client.open(room.code);
    expect(await clients[0]!.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
    const roles = (await storedGame(room.code)).state!.roles;
    const civilians = roles.flatMap((r, i) => (r === 'civilian' ? [i + 1] : []));
    // One civilian stays at the table all along; another is there at dusk and leaves in the night.
    const [watcher, leaver, victim] = civilians as [Seat, Seat, Seat];
    // Everyone looks at the card; then all but the two civilians put their phones away (before night 1).
    for (const [i, c] of clients.entries()) if (i + 1 !== watcher) expect(await c.request({ type: 'act', id: `seen${i}`, move: { type: 'seen' } })).toMatchObject({ type: 'ack' });
    for (const [i, c] of clients.entries()) if (i + 1 !== watcher && i + 1 !== leaver) c.close();
    const table = clients[watcher - 1]!;
    expect(await table.request({ type: 'act', id: 'seenW', move: { type: 'seen' } })).toMatchObject({ type: 'ack' });
    await until('night 1 reaches the spectator', () => spectator.of('game').at(-1)?.view.step.kind === 'call');
    await sleep(30);

    /** Opens the room as seat `seat` would from a push, makes its moves while it owes any, and (unless `stay`) closes it. */
    const visit = async (seat: Seat, stay = false, open?: Client, present?: () => Promise<void>): Promise<Client> => {
      const c = open ?? (seat === watcher ? table : await Client.open(room.code, seats[seat - 1]!.token));
      await c.waitFor('game');
      let view = c.of('game').at(-1)!.view;
      // The seat's own screen shows it connected, and the judge sees it come.
      if (c !== table) expect(c.of('room')[0]!.room.seats[seat - 1]!.connected).toBe(true);
      await until('the judge sees the seat', () => shownConnected(judge).includes(seat));
      await present?.();
      // The seat does what it owes in this step only: a night's last actor does not stay for the day.
      const step = stepKey((await storedGame(room.code)).state!);
      for (let n = 0; n < 4; n++) {
        const move = choose(view, victim);
        if (!move) break;
        const from = c.frames.length;
        expect(await c.request({ type: 'act', id: `a${seat}-${Math.random()}`, move })).toMatchObject({ type: 'ack' });
        const state = (await storedGame(room.code)).state!;
        if (stepKey(state) !== step || !pendingSeats(state).includes(seat)) break;
        view = c.of('game', from).at(-1)?.view ?? view;
      }
      if (!stay && seat !== watcher && !open) {
        c.close();
        await until('the judge sees the seat go', () => !shownConnected(judge).includes(seat) || seat === leaver);
      }
      return c;
    };

    const named = { byPresence: 0, calls: 0 };
    /** Each call during which an observer was told something: a presence frame, a seat shown differently, the expiry moved. */
    const told: { round: number; call: string; frames: number[]; shown: boolean; expiry: boolean }[] = [];
    const observers = [spectator, table];
    let lingering: Client | null = null;
    let wasNight = true;
    for (let guard = 0; guard < 200; guard++) {
      const state = (await storedGame(room.code)).state!;
      if (state.result || state.round > 3) break;
      if (wasNight && !atNight(state)) {
        // At dawn the table learns who left in the night, but not who looked in and stayed.
        await sleep(30);
        const doctor = roles.indexOf('doctor') + 1;
        for (const c of observers) {
          expect(shownConnected(c)).not.toContain(leaver);
          expect(shownConnected(c)).toContain(watcher);
          if (lingering) expect(shownConnected(c)).not.toContain(doctor);
        }
        expect(shownConnected(judge)).toEqual(lingering ? [watcher, doctor].sort((a, b) => a - b) : [watcher]);
        if (lingering) break;
      }
      wasNight = atNight(state);
      const owing = pendingSeats(state);
      if (owing.length === 0) {
        // A call nobody answers (an empty or spent role's) lasts until its deadline (docs/rules-decisions.md D11).
        await setClock(room.code, (state.step as { endsAt: number }).endsAt);
        await runDurableObjectAlarm(stubOf(room.code));
        continue;
      }
      if (!atNight(state)) {
        // The doctor looks in first, so that it is gone when night falls (the last seat to act is there at dusk).
        const doctor = roles.indexOf('doctor') + 1;
        for (const seat of [...owing].sort((a, b) => Number(b === doctor) - Number(a === doctor))) await visit(seat);
        continue;
      }
      // A night call: what each observer shows, and the room a spectator opening it now is told, before the called seats look in.
      const shown = observers.map((c) => shownConnected(c));
      const before = await peek(room.code);
      const frames = observers.map((c) => c.of('presence').length);
      named.calls++;
      const call = state.step.kind === 'call' ? state.step.call : 'eyes';
      let expiryMoved = false;
      // While a called seat is here (its call still open), a newcomer is told the same seats and expiry as before.
      const present = async () => {
        const now = await peek(room.code);
        expiryMoved ||= now.expiresAt !== before.expiresAt || now.seats.map((x) => x.connected).join() !== before.seats.map((x) => x.connected).join();
      };
      for (const seat of owing) {
        // In night 3 the doctor leaves the phone open until the day.
        const stay = state.round === 3 && call === 'doctor';
        const c = await visit(seat, stay, undefined, present);
        if (stay) lingering = c;
      }
      // The night's leaver goes in night 1's first call, as anyone may fall asleep.
      if (state.round === 1 && named.calls === 1) clients[leaver - 1]!.close();
      await sleep(30);
      // Neither observer was told anything: no presence frame, the same seats shown, the same expiry.
      const seen = observers.map((c, i) => c.of('presence').slice(frames[i]).some((f) => owing.some((s) => f.connected.includes(s) && !shown[i]!.includes(s))));
      if (seen[0]) named.byPresence++;
      const still = (await storedGame(room.code)).state!;
      if (expiryMoved || (atNight(still) && still.round === state.round)) {
        const moreFrames = observers.map((c, i) => c.of('presence').length - frames[i]!);
        const shownMoved = observers.some((c, i) => shownConnected(c).join() !== shown[i]!.join());
        if (moreFrames.some((n) => n > 0) || shownMoved || expiryMoved) told.push({ round: state.round, call, frames: moreFrames, shown: shownMoved, expiry: expiryMoved });
      }
    }
    // Three nights' calls, none of them named by a spectator.
    expect(named.calls).toBe(10);
    expect(told).toEqual([]);
    expect(named.byPresence).toBe(0);
    expect(lingering).not.toBeNull();
    // The doctor who stayed past dawn is shown at the next public step, with whoever the day brought.
    const doctor = roles.indexOf('doctor') + 1;
    const state = (await storedGame(room.code)).state!;
    for (const seat of pendingSeats(state)) await visit(seat, false, seat === doctor ? lingering! : undefined);
    await until('the doctor is shown once the next step opens', () => shownConnected(spectator).includes(doctor));
    for (const c of [judge, spectator, table, lingering!, ...clients]) c.close();
  });

  it('in a live game a phone that drops and reconnects for its call tells the table nothing until dawn', async () => {
    const { table, spectator, state } = await atNightOne();
    const killer = state.roles.indexOf('killer') + 1;
    const civilian = state.roles.indexOf('civilian') + 1;
    await until('the spectator sees night 1', () => spectator.of('game').at(-1)?.view.step.kind === 'call');
    const frames = spectator.of('presence').length;
    // A civilian's phone sleeps; a killer's drops and is picked up again for the killers' call.
    table.clients[civilian - 1]!.close();
    table.clients[killer - 1]!.close();
    // The room has seen the killer's phone go (a reconnect that beats the close is no drop at all).
    for (let i = 0; i < 500 && !(await dozed(table.room.code)).includes(killer); i++) await sleep(5);
    const back = await Client.open(table.room.code, table.seats[killer - 1]!.token);
    expect((await back.waitFor('room')).room.seats[killer - 1]!.connected).toBe(true);
    await sleep(50);
    expect(spectator.of('presence').length).toBe(frames);
    expect((await peek(table.room.code)).seats.every((s) => s.connected)).toBe(true);
    // Dawn comes with the night's deadlines: the table learns the civilian left; the killer never looked gone.
    for (let i = 0; i < 6; i++) {
      const now = (await storedGame(table.room.code)).state!;
      if (!atNight(now)) break;
      await setClock(table.room.code, Math.max(Date.now(), (now.step as { endsAt: number }).endsAt));
      await runDurableObjectAlarm(stubOf(table.room.code));
    }
    await until('dawn tells the table who left', () => !shownConnected(spectator).includes(civilian));
    // A phone that dropped in the night is shown gone at dawn whatever came after, as the civilian's is:
    // the killer's, picked up again for its call, looks like any phone that slept.
    expect(shownConnected(spectator)).not.toContain(killer);
    expect(spectator.of('presence', frames).slice(0, -1).every((f) => f.connected.includes(killer))).toBe(true);
    for (const c of [...table.clients, back, spectator]) c.close();
  });

  it('at dawn the night\'s last caller, still up after its call, is shown gone like everyone who went to bed', async () => {
    const { table, spectator, state } = await atNightOne({ pace: { preset: 'async' } });
    const of = (role: string) => state.roles.flatMap((r, i) => (r === role ? [i + 1] : []));
    const [killers, police, civilians] = [of('killer'), of('police'), of('civilian')];
    const watcher = civilians[0]!;
    await until('the spectator sees night 1', () => spectator.of('game').at(-1)?.view.step.kind === 'call');
    // Everyone was at the table at dusk; all but one civilian go to bed.
    expect(shownConnected(spectator)).toHaveLength(8);
    for (const c of table.clients.filter((_, i) => i + 1 !== watcher)) c.close();
    /** A called seat's phone answers its push: it opens the room, points, and (unless it is the last) goes. */
    const answer = async (seat: number, target: number, stay: boolean) => {
      const c = await Client.open(table.room.code, table.seats[seat - 1]!.token);
      await c.waitFor('game');
      expect(await c.request({ type: 'act', id: `p${seat}`, move: { type: 'point', target } })).toMatchObject({ type: 'ack' });
      if (!stay) c.close();
      return c;
    };
    for (const k of killers) await answer(k, civilians[1]!, false);
    const last = police.at(-1)!;
    let up: Client | null = null;
    for (const p of police) {
      const c = await answer(p, killers[0]!, p === last);
      if (p === last) up = c;
    }
    await until('dawn', () => spectator.of('game').at(-1)?.view.step.kind !== 'call');
    await sleep(50);
    // The one phone still open at dawn is the last caller's: the table is not told so.
    expect(shownConnected(spectator)).toEqual([watcher]);
    expect(shownConnected(table.clients[watcher - 1]!)).toEqual([watcher]);
    for (const c of [...table.clients, up!, spectator]) c.close();
  });
});
