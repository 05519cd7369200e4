// The room relays the voice's signalling only between sockets the game's step lets hear each other
// (worker/engine/voice.ts): in a speech the speaker and each listener; at the killers' call the
// killers among themselves; the judge with everyone; never an out seat but in its own last words,
// never a spectator's voice, never a peer the sender may not reach (dropped without a word).
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../worker/engine/index.ts';
import { FLOOR_CAP_MS } from '../../worker/protocol.ts';
import type { Room } from '../../worker/room/room.ts';
import { seatedRoom, setClock, sleep, storedGame, stubOf, until } from './helpers.ts';
import { isJudge, isSpectator, passUntil, routeOf, voiceTable, type Member } from './voice-helpers.ts';

/**
 * Every member sends a signal to every other; each must receive exactly those from the members
 * `linked` allows (the relation is symmetric: an offer goes one way, its answer the other).
 */
async function checkRelay(members: Member[], linked: (a: Member, b: Member) => boolean): Promise<void> {
  const marks = new Map(members.map((m) => [m, m.c.frames.length]));
  for (const a of members) for (const b of members) if (a !== b) a.c.send({ type: 'voice-signal', to: b.peer, gen: routeOf(a).gen, signal: { kind: 'ice', candidate: `from ${a.name}` } });
  // A made-up peer, and the sender itself: nobody.
  for (const a of members) for (const to of ['zzzzzzzzzzzz', a.peer]) a.c.send({ type: 'voice-signal', to, gen: routeOf(a).gen, signal: { kind: 'ice', candidate: `from ${a.name}` } });
  const got = (b: Member) => b.c.of('voice-signal', marks.get(b)).map((f) => ({ from: f.from, text: f.signal.kind === 'ice' ? f.signal.candidate : '' }));
  const expected = (b: Member) => members.filter((a) => a !== b && linked(a, b));
  await until('every allowed signal', () => members.every((b) => got(b).length >= expected(b).length));
  await sleep(50);
  for (const b of members) {
    const want = expected(b).map((a) => ({ from: a.peer, text: `from ${a.name}` }));
    expect(got(b).sort((x, y) => x.text.localeCompare(y.text)), `what ${b.name} received`).toEqual(want.sort((x, y) => x.text.localeCompare(y.text)));
    // A dropped signal is dropped without a word: no error tells a page whom it may not reach.
    expect(b.c.of('error', marks.get(b)), `errors to ${b.name}`).toEqual([]);
  }
}

describe('the voice relay', () => {
  it('refuses voice frames in a room whose voice is off', async () => {
    const { clients } = await seatedRoom(2, 'classic');
    const c = clients[0]!;
    c.send({ type: 'voice-join', on: true });
    expect(await c.waitFor('error')).toMatchObject({ code: 'voice/off' });
    expect(c.of('voice')).toEqual([]);
  });

  it('in the lobby only the judge is heard; at a speech only the speaker talks and everyone (the spectator too) hears them', async () => {
    const { room, host, members } = await voiceTable();
    // The lobby: everyone hears the judge, nobody else.
    await checkRelay(members, (a, b) => isJudge(a) !== isJudge(b) && !(isSpectator(a) && isSpectator(b)));
    expect(await host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
    const state = await passUntil(room.code, 'speech');
    const speaker = (state.step as { seat: Seat }).seat;
    await until('every route of the speech', () => members.every((m) => routeOf(m).mode === 'speech'));
    const speakerM = members.find((m) => m.seat === speaker)!;
    for (const m of members) {
      const route = routeOf(m);
      expect(route.talk, m.name).toBe(m === speakerM || isJudge(m));
      const heard = route.hear.map((h) => h.peer).sort();
      const want = members.filter((o) => o !== m && (isJudge(o) || (o === speakerM && m !== speakerM))).map((o) => o.peer).sort();
      expect(heard, `${m.name} hears`).toEqual(want);
    }
    expect(routeOf(speakerM).heardBy.sort()).toEqual(members.filter((m) => m !== speakerM).map((m) => m.peer).sort());
    expect(routeOf(members.find(isJudge)!).hear.find((h) => h.peer === speakerM.peer)).toEqual({ peer: speakerM.peer, seat: speaker });
    // Every pair with the speaker or the judge, and none between two listeners.
    await checkRelay(members, (a, b) => isJudge(a) || isJudge(b) || a === speakerM || b === speakerM);
  });

  it("at the killers' call the killers signal each other (and the judge); a civilian naming a killer's peer reaches nobody", async () => {
    const { room, clients, members } = await voiceTable();
    await clients[0]!.request({ type: 'host', id: 'go', move: { type: 'start' } });
    await passUntil(room.code, 'call');
    await until('the killers\' call on every seat', () => clients.every((c) => c.of('game').at(-1)?.view.step.kind === 'call'));
    const killers = new Set(clients.flatMap((c, i) => (c.of('game').at(-1)!.view.me!.role === 'killer' ? [i + 1] : [])));
    expect(killers.size).toBe(2);
    const isKiller = (m: Member) => m.seat !== null && killers.has(m.seat);
    await until('the team routes', () => members.filter(isKiller).every((m) => routeOf(m).mode === 'team'));
    for (const m of members) {
      const route = routeOf(m);
      if (isKiller(m)) expect(route.hear.map((h) => h.seat).sort()).toEqual([...[...killers].filter((k) => k !== m.seat), null].sort());
      else if (!isJudge(m)) expect(route, m.name).toEqual({ peer: m.peer, gen: route.gen, mode: 'silent', talk: false, hear: [{ peer: members.find(isJudge)!.peer, seat: null, judge: true }], heardBy: [], floor: null });
    }
    await checkRelay(members, (a, b) => isJudge(a) || isJudge(b) || (isKiller(a) && isKiller(b)));
  });

  it('an out seat is heard in its own last words only; a spectator is never heard', async () => {
    const { room, clients, members } = await voiceTable();
    await clients[0]!.request({ type: 'host', id: 'go', move: { type: 'start' } });
    await passUntil(room.code, 'call');
    await until('the killers\' call on every seat', () => clients.every((c) => c.of('game').at(-1)?.view.step.kind === 'call'));
    const roles = clients.map((c) => c.of('game').at(-1)!.view.me!.role);
    const victim = roles.findIndex((r) => r === 'civilian') + 1;
    for (const [i, c] of clients.entries()) if (roles[i] === 'killer') expect(await c.request({ type: 'act', id: 'kill', move: { type: 'point', target: victim } })).toEqual({ type: 'ack', id: 'kill' });
    const words = await passUntil(room.code, 'last-words');
    expect((words.step as { seat: Seat }).seat).toBe(victim);
    const victimM = members.find((m) => m.seat === victim)!;
    await until('the last words\' routes', () => members.every((m) => routeOf(m).mode === 'speech'));
    expect(routeOf(victimM).talk).toBe(true);
    await checkRelay(members, (a, b) => isJudge(a) || isJudge(b) || a === victimM || b === victimM);
    const speech = await passUntil(room.code, 'speech');
    const speakerM = members.find((m) => m.seat === (speech.step as { seat: Seat }).seat)!;
    await until('the speech\'s routes', () => routeOf(victimM).talk === false && routeOf(speakerM).talk);
    // The out seat now only listens: linked with the speaker (it answers the speaker's offer) and the judge.
    await checkRelay(members, (a, b) => isJudge(a) || isJudge(b) || a === speakerM || b === speakerM);
    expect(routeOf(speakerM).hear.map((h) => h.peer)).toEqual([members.find(isJudge)!.peer]);
  });

  it('the open day gives the floor to one voice at a time, for at most FLOOR_CAP_MS', async () => {
    const { room, clients, members } = await voiceTable({ pace: { preset: 'live', day: 'open' } });
    await clients[0]!.request({ type: 'host', id: 'go', move: { type: 'start' } });
    await passUntil(room.code, 'open-day');
    await until('the floor routes', () => members.every((m) => routeOf(m).mode === 'floor'));
    const [a, b, c] = members as [Member, Member, Member];
    expect(routeOf(a)).toMatchObject({ talk: false, floor: null });
    // Nobody holds the floor: only the judge is heard.
    await checkRelay(members, (x, y) => isJudge(x) || isJudge(y));
    const t0 = Date.now();
    a.c.send({ type: 'voice-floor', hold: true });
    await until('the floor is taken', () => members.every((m) => routeOf(m).floor?.seat === a.seat));
    expect(routeOf(a).talk).toBe(true);
    expect(routeOf(a).floor!.until).toBeGreaterThanOrEqual(t0 + FLOOR_CAP_MS);
    // A second press waits while the floor is held: its route still names the holder.
    const before = b.c.of('voice').length;
    b.c.send({ type: 'voice-floor', hold: true });
    await until('b is answered', () => b.c.of('voice').length > before);
    expect(routeOf(b)).toMatchObject({ talk: false, floor: { seat: a.seat } });
    await checkRelay(members, (x, y) => isJudge(x) || isJudge(y) || x === a || y === a);
    // The holder lets go: the one waiting takes the floor at once; let go, the floor is free.
    a.c.send({ type: 'voice-floor', hold: false });
    await until('b holds the floor', () => members.every((m) => routeOf(m).floor?.seat === b.seat));
    b.c.send({ type: 'voice-floor', hold: false });
    await until('the floor is free', () => members.every((m) => routeOf(m).floor === null));
    c.c.send({ type: 'voice-floor', hold: true });
    await until('c holds the floor', () => members.every((m) => routeOf(m).floor?.seat === c.seat));
    // The cap: the room's one alarm is armed for it (the open day's own deadline is later), and frees the floor.
    const cap = routeOf(c).floor!.until;
    expect(await runInDurableObject(stubOf(room.code), (_r: Room, ctx: DurableObjectState) => ctx.storage.getAlarm())).toBe(cap);
    await setClock(room.code, cap);
    await runDurableObjectAlarm(stubOf(room.code));
    await until('the floor lapsed', () => members.every((m) => routeOf(m).floor === null));
    expect(routeOf(c).talk).toBe(false);
    // The holder whose cap passed is heard by nobody: only the judge is.
    await checkRelay(members, (x, y) => isJudge(x) || isJudge(y));
    expect((await storedGame(room.code)).state!.step.kind).toBe('open-day');
  });

  it('leaving the voice (or closing the socket) tells the peers linked with it, and only them', async () => {
    const { room, clients, members } = await voiceTable();
    await clients[0]!.request({ type: 'host', id: 'go', move: { type: 'start' } });
    await passUntil(room.code, 'speech');
    await until('the speech routes', () => members.every((m) => routeOf(m).mode === 'speech'));
    const speakerM = members.find((m) => routeOf(m).talk && !isJudge(m))!;
    const listener = members.find((m) => m !== speakerM && m.seat !== null)!;
    const other = members.find((m) => m !== speakerM && m !== listener && m.seat !== null)!;
    const counts = new Map(members.map((m) => [m, m.c.of('voice').length]));
    listener.c.send({ type: 'voice-join', on: false });
    await until('the speaker learns', () => !routeOf(speakerM).heardBy.includes(listener.peer));
    expect(routeOf(listener)).toMatchObject({ hear: [], heardBy: [], talk: false });
    await sleep(30);
    expect(other.c.of('voice').length).toBe(counts.get(other));
    // The speaker's socket closes: every listener learns.
    speakerM.c.close();
    await until('the listeners learn', () => !routeOf(other).hear.some((h) => h.peer === speakerM.peer));
  });

  it('voice frames have their own budget: a burst of signalling leaves the game frames alone', async () => {
    const { members } = await voiceTable();
    const [a, b] = members as [Member, Member];
    // Over the game's 40 frames in 10 s, under the voice's own budget.
    for (let i = 0; i < 100; i++) a.c.send({ type: 'voice-signal', to: b.peer, gen: routeOf(a).gen, signal: { kind: 'bye' } });
    const from = a.c.frames.length;
    a.c.send({ type: 'sync' });
    await a.c.waitFor('room', () => true, from);
    expect(a.c.of('error').filter((e) => e.code === 'protocol/rate-limited')).toEqual([]);
    // The voice's budget has its end too.
    for (let i = 0; i < 300; i++) a.c.send({ type: 'voice-signal', to: b.peer, gen: routeOf(a).gen, signal: { kind: 'bye' } });
    await a.c.waitFor('error', (e) => e.code === 'protocol/rate-limited');
  });
});
