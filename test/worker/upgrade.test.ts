/// <reference types="vite/client" />
// Upgrade survival: rooms as each earlier schema (6 on) wrote them, made by running the old builds
// (test/worker/upgrade/README.md), are restored into a fresh Durable Object, woken by today's code
// (its constructor migrates the old tables), and played on over the Worker's sockets with the tokens
// the old build handed out: "storage changes keep old rooms playable", as a test. Every build's game
// stored mid-ballot and its game paused by the judge are played to their end; its game stored at night
// and its lobby are played into day 1 (`GOALS` says why that is enough).
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PACE_PRESETS, type GameState } from '../../worker/engine/index.ts';
import type { Room } from '../../worker/room/room.ts';
import { Bot, api, storedGame, until } from './helpers.ts';
import type { DumpKind } from './upgrade/room-dump.ts';
import { DAY_ONE, FIXTURES, roomClocks, THE_END, connect, isDay, open, playTo, settle, wake, type Goal, type Woken } from './upgrade/woken.ts';

// The restored rooms' alarms run on their own clocks, put back when this file ends.
roomClocks();

/**
 * How far each kind of room is played. The ballot's game (day 1, three votes cast by the old build) is
 * played to its end: the old build's state through the rest of a game, its result, the scores and the
 * end's writes on the migrated tables. So is the judge's pause (an async game with a human judge). The
 * night's game is a table like the ballot's, stored by the same build at night 1's open killers' call:
 * its own are that call, the night's close and dawn, so it is played into day 1; from there on it would
 * prove what the ballot's game proves. A lobby's game is made by today's code: what is old in it are the
 * lobby's seats, room bot and host token, which the start, the reading step and night 1 use; its end
 * would again be the ballot's, on tables migrated alike.
 */
const GOALS: Record<DumpKind, Goal> = { ballot: THE_END, 'judge-pause': THE_END, night: DAY_ONE, lobby: DAY_ONE };

const lastPause = (s: GameState) => [...s.log].reverse().find((e) => e.event.type === 'paused')!;

for (const [file, dump] of Object.entries(FIXTURES)) {
  const name = file.replace(/^.*\//, '').replace(/\.json$/, '');
  const goal = GOALS[dump.kind];
  describe(`a room written by schema ${dump.schema} (build ${dump.build}): ${dump.kind}`, () => {
    // Woken once for the two tests below: the retried move must change nothing, and the game is then played on.
    let woken: Promise<Woken> | undefined;
    const room = () => (woken ??= wake(dump));

    const applied = (dump.rows.actions ?? []) as { seat: number; space: string; id: string }[];
    const retried = [...applied].reverse().find((a) => a.space === 'act' && String(a.seat) in dump.tokens.seats);
    if (retried) {
      // Schema 9 moved the log, `meta` and the applied ids into tables that write one row each: a
      // move applied before the upgrade is still applied once, and the log and the game are as stored.
      it(`${name}: a move applied before the upgrade, sent again, is acknowledged and changes nothing`, async () => {
        const w = await room();
        const before = await storedGame(w.code);
        expect(before.state!.log.length).toBe((dump.rows.events ?? []).length);
        const client = await open(w.code, dump.tokens.seats[String(retried.seat)]!, { seat: retried.seat, judge: false });
        expect(await client.request({ type: 'act', id: retried.id, move: { type: 'point', target: 1 } })).toEqual({ type: 'ack', id: retried.id });
        expect((await storedGame(w.code)).dump).toBe(before.dump);
        client.close();
      });
    }

    it(`${name}: every token is accepted and the game is played to ${goal.what}`, async () => {
      const w = await room();
      // Day 1 is the goal only of a room stored before it: it must begin after the wake.
      if (goal === DAY_ONE) expect((await storedGame(w.code)).state?.log.some(isDay) ?? false).toBe(false);
      const { seats, judge } = await connect(w, dump);
      const bots = seats.map((c, i) => new Bot(c, Number(Object.keys(dump.tokens.seats)[i])));
      const clients = [...seats, ...(judge ? [judge] : [])];
      if (dump.kind === 'lobby') {
        // A newcomer still joins the old lobby, with the host token: the host's place moves to them.
        const res = await api(`/api/rooms/${w.code}/join`, { json: { name: 'Newcomer', hostToken: dump.tokens.host } });
        expect(res.status).toBe(200);
        const joined = (await res.json()) as { seat: number; token: string };
        const newcomer = await open(w.code, joined.token, { seat: joined.seat, judge: false });
        expect((await newcomer.waitFor('room', (f) => f.room.you.host)).room.you.host).toBe(true);
        bots.push(new Bot(newcomer, joined.seat));
        clients.push(newcomer);
        expect(await newcomer.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
      }
      if (dump.kind === 'judge-pause') {
        expect((await storedGame(w.code)).state!.pausedRemaining).not.toBeNull();
        expect(await judge!.request({ type: 'host', id: 'resume', move: { type: 'resume' } })).toEqual({ type: 'ack', id: 'resume' });
      }
      const state = await playTo(goal, w, bots, clients);
      expect(goal.reached(state)).toBe(true);
      for (const c of clients) c.close();
    });

    if (dump.kind !== 'judge-pause') return;
    // Builds before the judge's pause was logged as the judge's wrote it with no `by`: the migration to
    // schema 8 reads it, in a room whose human judge is not the host, as the judge's, and the woken room
    // sets its alarm for the failover (the old build left it at the room's expiry).
    it(`${name}: the judge's pause fails over after the longest async step (docs/rules-decisions.md O15)`, async () => {
      const w = await wake(dump);
      const { seats, judge } = await connect(w, dump);
      const bots = seats.map((c, i) => new Bot(c, Number(Object.keys(dump.tokens.seats)[i])));
      const before = (await storedGame(w.code)).state!;
      expect(before.pausedRemaining).not.toBeNull();
      const failoverAt = lastPause(before).at + Math.max(...Object.values(PACE_PRESETS.async));
      // The platform runs the alarm at its time: the room must wake by then, not at its expiry 30 days on.
      const alarm = await runInDurableObject(w.stub, (_room: Room, ctx: DurableObjectState) => ctx.storage.getAlarm());
      expect(alarm).not.toBeNull();
      expect(alarm!).toBeLessThanOrEqual(failoverAt);
      w.clock.at = failoverAt;
      expect(await runDurableObjectAlarm(w.stub)).toBe(true);
      const after = (await storedGame(w.code)).state!;
      expect(after.log.some((e) => e.event.type === 'app-judges')).toBe(true);
      expect(after.pausedRemaining).toBeNull();
      const told = await seats[0]!.waitFor('game', (f) => f.view.log.some((e) => e.event.type === 'app-judges'));
      expect(told.view.paused).toBe(false);
      // The game goes on: the seats owed the resumed step make their moves (the whole game is played above).
      await until('a move after the failover', () => bots.some((b) => b.acted > 0));
      for (const bot of bots) bot.enabled = false;
      await settle(bots);
      expect(bots.flatMap((b) => b.errors)).toEqual([]);
      for (const c of [...seats, judge!]) c.close();
    });
  });
}
