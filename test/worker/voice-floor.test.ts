// The floor's fair turns (docs/rules-decisions.md O21, O24): one voice at a time by press-to-talk, at
// most FLOOR_CAP_MS a hold; a press while the floor is held waits in line and takes the floor the
// moment it is free; a holder whose hold ran to the cap rests FLOOR_REST_MS before taking it again,
// so a player waiting goes first. The room decides all of it: a page that presses at once gains nothing.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { FLOOR_CAP_MS, FLOOR_REST_MS } from '../../worker/protocol.ts';
import type { Room } from '../../worker/room/room.ts';
import { setClock, stubOf, until } from './helpers.ts';
import { passUntil, routeOf, voiceTable, type Member } from './voice-helpers.ts';

/** A live open day (one voice at a time), every seat in the voice: its first three seats. */
async function openDayFloor() {
  const table = await voiceTable({ pace: { preset: 'live', day: 'open' } });
  expect(await table.host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
  await passUntil(table.room.code, 'open-day');
  await until('the floor routes', () => table.members.every((m) => routeOf(m).mode === 'floor'));
  return { ...table, seats: table.members as [Member, Member, Member] };
}

const alarmAt = (code: string) => runInDurableObject(stubOf(code), (_r: Room, ctx: DurableObjectState) => ctx.storage.getAlarm());

/** Sends a press (or a let-go) and waits for the socket's answer. */
async function press(m: Member, hold: boolean): Promise<void> {
  const from = m.c.of('voice').length;
  m.c.send({ type: 'voice-floor', hold });
  await until('the press is answered', () => m.c.of('voice').length > from);
}

describe('the floor’s turns', () => {
  it('A held 60 s while B waited: B takes the floor the moment A’s time runs out; A’s press at once waits out the rest', async () => {
    const { room, members, seats: [a, b] } = await openDayFloor();
    a.c.send({ type: 'voice-floor', hold: true });
    await until('a holds the floor', () => members.every((m) => routeOf(m).floor?.seat === a.seat));
    const cap = routeOf(a).floor!.until;
    await press(b, true);
    expect(routeOf(b)).toMatchObject({ talk: false, floor: { seat: a.seat } });
    // A's time runs out: the room's alarm hands the floor to B, nobody pressing again.
    expect(await alarmAt(room.code)).toBe(cap);
    await setClock(room.code, cap);
    await runDurableObjectAlarm(stubOf(room.code));
    await until('b holds the floor', () => members.every((m) => routeOf(m).floor?.seat === b.seat));
    expect(routeOf(b).talk).toBe(true);
    // A is told why it may not take the floor yet: its rest, on its own route only.
    expect(routeOf(a)).toMatchObject({ talk: false, rest: cap + FLOOR_REST_MS });
    expect(members.filter((m) => m !== a).every((m) => routeOf(m).rest === undefined)).toBe(true);
    // A presses again at once: it waits.
    await press(a, true);
    expect(routeOf(a)).toMatchObject({ talk: false, floor: { seat: b.seat }, rest: cap + FLOOR_REST_MS });
    // B lets go inside A's rest: the floor is free, and A, still resting, does not take it.
    await press(b, false);
    await until('the floor is free', () => members.every((m) => routeOf(m).floor === null));
    expect(routeOf(a).talk).toBe(false);
    // A kept its place in line: the alarm rings at the rest's end and the floor is A's.
    expect(await alarmAt(room.code)).toBe(cap + FLOOR_REST_MS);
    await setClock(room.code, cap + FLOOR_REST_MS);
    await runDurableObjectAlarm(stubOf(room.code));
    await until('a holds the floor again', () => members.every((m) => routeOf(m).floor?.seat === a.seat));
    expect(routeOf(a)).toMatchObject({ talk: true, floor: { until: cap + FLOOR_REST_MS + FLOOR_CAP_MS } });
    expect(routeOf(a).rest).toBeUndefined();
  });

  it('nobody waiting: the holder whose time ran out still rests, and another seat’s press in the rest takes the floor first', async () => {
    const { room, members, seats: [a, , c] } = await openDayFloor();
    a.c.send({ type: 'voice-floor', hold: true });
    await until('a holds the floor', () => members.every((m) => routeOf(m).floor?.seat === a.seat));
    const cap = routeOf(a).floor!.until;
    await setClock(room.code, cap);
    await runDurableObjectAlarm(stubOf(room.code));
    await until('the floor is free', () => members.every((m) => routeOf(m).floor === null));
    // A presses a second later: the floor is free, but not A's yet.
    await setClock(room.code, cap + 1_000);
    await press(a, true);
    expect(routeOf(a)).toMatchObject({ talk: false, floor: null, rest: cap + FLOOR_REST_MS });
    // C presses inside A's rest and takes the free floor at once.
    await setClock(room.code, cap + 2_000);
    c.c.send({ type: 'voice-floor', hold: true });
    await until('c holds the floor', () => members.every((m) => routeOf(m).floor?.seat === c.seat));
    // C lets go after A's rest ended: A, in line all along, takes it.
    await setClock(room.code, cap + FLOOR_REST_MS + 1_000);
    c.c.send({ type: 'voice-floor', hold: false });
    await until('a holds the floor', () => members.every((m) => routeOf(m).floor?.seat === a.seat));
    // Letting go takes a press out of the line: nobody is left in it.
    await press(a, false);
    await until('the floor is free', () => members.every((m) => routeOf(m).floor === null));
    expect(FLOOR_CAP_MS).toBe(60_000);
  });
});
