// A person's speech carries the same structured claim a bot's does (RULES.md 3, the day's speeches:
// a player may say anything; the claim is the part bots read): the socket's frame keeps every field
// of it for the engine to judge, and the room's bots weigh it as they weigh one another's.
import { describe, expect, it } from 'vitest';
import { createGame, type GameState, type Seat } from '../../worker/engine/index.ts';
import type { SeatMove } from '../../worker/protocol.ts';
import { renderClaim } from '../../worker/engine/bots/claims.ts';
import { Bot, storedGame, until, type Client } from './helpers.ts';
import { personAndBots, runByAlarms } from './room-bots-helpers.ts';

/** The first seed from `prefix-1`, `prefix-2`, … whose deal of `players` gives seat 1 `role`. */
function seedWhere(prefix: string, ruleset: 'classic' | 'doctor', players: number, test: (roles: readonly string[]) => boolean, from = 1): { seed: string; n: number } {
  for (let n = from; n < from + 500; n++) {
    const created = createGame({ ruleset, players, seed: `${prefix}-${n}`, at: 0 });
    if (created.ok && test(created.state.roles)) return { seed: `${prefix}-${n}`, n };
  }
  throw new Error(`no seed gives seat 1 the card wanted in ${ruleset}`);
}

let ids = 0;
const send = (client: Client, move: Extract<Parameters<Client['request']>[0], { type: 'act' }>['move']) => client.request({ type: 'act', id: `me-${++ids}`, move });
const saidBy = (s: GameState, seat: Seat) => s.log.flatMap((e) => (e.event.type === 'said' && e.event.seat === seat ? [e.event] : []));

describe('a person\'s claim reaches the engine whole', () => {
  it('suspect, a power role\'s night acts and a reason arrive in the log as sent', async () => {
    // A doctor's claim: "As a doctor: night 1, I saved #3. I suspect #4. #4 voted against #5, killed that night."
    const claim: NonNullable<Extract<SeatMove, { type: 'say' }>['claim']> = { role: 'doctor', acts: [{ night: 1, seat: 3 }], suspect: 4, why: { kind: 'voted-victim', seat: 4, other: 5 } };
    let from = 1;
    for (let attempt = 0; attempt < 5; attempt++) {
      // Any card will do (a claim may lie); the speech only needs seat 1 to speak after night 1.
      const { seed, n } = seedWhere('form', 'doctor', 8, () => true, from);
      from = n + 1;
      const { room, client } = await personAndBots('async', 'doctor', seed);
      const person = new Bot(client, 1);
      person.enabled = false;
      expect(await client.request({ type: 'host', id: 'start', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'start' });
      let spoke = false;
      const state = await runByAlarms(room.code, person, () => spoke, 300, async () => {
        if (person.view?.legal.some((a) => a.type === 'seen')) await send(client, { type: 'seen' });
        if (!person.view?.legal.some((a) => a.type === 'say') || person.view.round < 1) return;
        expect(await send(client, { type: 'say', text: 'Trust me.', claim })).toMatchObject({ type: 'ack' });
        spoke = true;
      });
      client.close();
      if (!spoke) continue;
      expect(saidBy(state, 1)).toEqual([{ type: 'said', seat: 1, text: 'Trust me.', claim }]);
      return;
    }
    throw new Error('seat 1 never spoke after night 1 in five deals');
  }, 60_000);

  it('a claim of the wrong form is refused by the frame\'s schema before the engine reads it', async () => {
    const { client } = await personAndBots('async', 'doctor');
    const bad: unknown[] = [
      { suspect: 2.5 },
      { suspect: 0 },
      { role: 'doctor', acts: [] },
      { role: 'doctor', acts: [{ night: 0, seat: 3 }] },
      { role: 'doctor', acts: [{ night: 1 }] },
      { suspect: 4, why: { kind: 'looked-shifty', seat: 4, other: 5 } },
      { suspect: 4, why: { kind: 'voted-victim', seat: 4.5 } },
      { suspect: 4, contest: { seat: 5 } },
    ];
    for (const c of bad) {
      // A frame that fails its schema is answered with an error and no id: nothing of it was read.
      const from = client.frames.length;
      client.send(JSON.stringify({ type: 'act', id: `bad-${++ids}`, move: { type: 'say', text: 'x', claim: c } }));
      const error = await client.waitFor('error', () => true, from);
      expect(error, JSON.stringify(c)).toMatchObject({ code: 'protocol/bad-frame', message: expect.stringMatching(/^move\.claim/) });
    }
    client.close();
  });
});

/**
 * Async classic, the person (seat 1) holds a police card: reads it, points the police's check at a
 * killer (the test knows the deal; a player would be guessing), then on day 1 speaks: the claim from
 * the composer, or (`withClaim` false) the same words with no claim, which bots cannot read; then
 * votes the seat named. `silentMate`: seat 2 is a person who never comes (the police teammate when the
 * deal makes it one, so no bot knows the check). The day-1 ballots of the good bots, or null when the person did not get to
 * claim a checked killer (killed on night 1, or the team's check fell on a good seat).
 */
async function policeDay1(seed: string, withClaim: boolean, silentMate = false) {
  const { room, client } = await personAndBots('async', 'classic', seed, silentMate ? ['Bea'] : []);
  const person = new Bot(client, 1);
  person.enabled = false;
  expect(await client.request({ type: 'host', id: 'start', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'start' });
  await until('the first view', () => person.view !== null);
  expect(person.view!.seats[0]!.role).toBe('police');
  let killer: Seat | null = null;
  let voted = false;
  const state = await runByAlarms(room.code, person, (s) => s.log.some((e) => e.event.type === 'ballots' && e.event.purpose === 'day'), 400, async () => {
    const legal = person.view!.legal;
    if (legal.some((a) => a.type === 'seen')) await send(client, { type: 'seen' });
    const point = legal.find((a) => a.type === 'point' && a.call === 'police' && a.current === null);
    if (point?.type === 'point') {
      const game = (await storedGame(room.code)).state!;
      const target = point.targets.find((t) => game.roles[t - 1] === 'killer');
      if (target) await send(client, { type: 'point', target });
    }
    if (legal.some((a) => a.type === 'confirm')) await send(client, { type: 'confirm' });
    const checked = person.log.flatMap((e) => (e.event.type === 'checked' && e.event.answer === 'killers' ? [e.event.target] : []))[0];
    if (killer === null && checked && legal.some((a) => a.type === 'say')) {
      // "I am police; I checked #K: killer", as the composer sends it.
      const claim = { role: 'police' as const, checks: [{ seat: checked, camp: 'killers' as const }] };
      expect(await send(client, { type: 'say', text: renderClaim(claim, 'en'), ...(withClaim ? { claim } : {}) })).toMatchObject({ type: 'ack' });
      killer = checked;
    }
    if (!voted && killer !== null && legal.some((a) => a.type === 'vote')) {
      expect(await send(client, { type: 'vote', target: killer })).toMatchObject({ type: 'ack' });
      voted = true;
    }
  });
  client.close();
  if (killer === null) return null;
  const ballots = state.log.flatMap((e) => (e.event.type === 'ballots' && e.event.purpose === 'day' ? e.event.ballots : []));
  const people = silentMate ? [1, 2] : [1];
  const goodBot = (seat: Seat) => !people.includes(seat) && state.roles[seat - 1] !== 'killer';
  const good = ballots.filter((b) => goodBot(b.seat));
  // What the good bots said they would vote, in their day-1 speeches.
  const saidVotes = state.log.flatMap((e) => (e.event.type === 'said' && goodBot(e.event.seat) && e.round === 1 ? [e.event.claim?.vote] : []));
  // Whether another seat (the bot police teammate, who read the same check) claimed the same result.
  const echoed = state.log.some((e) => e.event.type === 'said' && e.event.seat !== 1 && e.event.claim?.checks?.some((c) => c.seat === killer && c.camp === 'killers'));
  return { killer, good: good.length, onKiller: good.filter((b) => b.target === killer).length, saidKiller: saidVotes.filter((x) => x === killer).length, echoed };
}

describe('the room\'s bots hear a person\'s claim', () => {
  it('async classic: the person is the police, checks a killer, claims it on day 1, and most good bots vote that seat', async () => {
    let from = 1;
    for (let attempt = 0; attempt < 8; attempt++) {
      const { seed, n } = seedWhere('heard', 'classic', 8, (roles) => roles[0] === 'police', from);
      from = n + 1;
      const heard = await policeDay1(seed, true);
      if (!heard) continue;
      console.log(`claims heard (deal ${seed}): ${heard.onKiller} of ${heard.good} good bots voted the checked killer #${heard.killer}`);
      expect(heard.good).toBeGreaterThan(0);
      expect(heard.onKiller * 2).toBeGreaterThan(heard.good);
      return;
    }
    throw new Error('no deal in eight let the police person live to claim a checked killer');
  }, 120_000);

  it('the claim moves them, not the words: with the other police a person who never comes, the words alone move fewer bots', async () => {
    // The room's bot police would read the same check and claim it too; here no bot knows it.
    let from = 1;
    for (let attempt = 0; attempt < 8; attempt++) {
      const { seed, n } = seedWhere('alone', 'classic', 8, (roles) => roles[0] === 'police' && roles[1] === 'police', from);
      from = n + 1;
      const heard = await policeDay1(seed, true, true);
      if (!heard) continue;
      const unheard = (await policeDay1(seed, false, true))!;
      console.log(`claims heard (deal ${seed}, no bot police): with the claim ${heard.saidKiller} good bots said they would vote the checked killer #${heard.killer} and ${heard.onKiller} of ${heard.good} did; the same words without it, ${unheard.saidKiller} said so and ${unheard.onKiller} of ${unheard.good} did`);
      expect(heard.echoed || unheard.echoed).toBe(false);
      // The claim moves what they say; a killer may still counter-claim police after them (the game's own contest of
      // claims, two killers backing each other) and turn their ballots, so the ballots are only no fewer.
      expect(heard.saidKiller).toBeGreaterThan(unheard.saidKiller);
      expect(heard.onKiller).toBeGreaterThanOrEqual(unheard.onKiller);
      return;
    }
    throw new Error('no deal in eight let the police person live to claim a checked killer');
  }, 120_000);
});

describe('the room\'s bots do not follow a bare hunch', () => {
  it('async classic 8: a person who says only "I will vote #X" and votes X draws at most a quarter of the good bots\' day-1 ballots, over eight deals', async () => {
    let good = 0;
    let onX = 0;
    for (let n = 1; n <= 8; n++) {
      const { room, client } = await personAndBots('async', 'classic', `hunch-${n}`);
      const person = new Bot(client, 1);
      person.enabled = false;
      expect(await client.request({ type: 'host', id: 'start', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'start' });
      let x: Seat = 0;
      let voted = false;
      const state = await runByAlarms(room.code, person, (s) => s.log.some((e) => e.event.type === 'ballots' && e.event.purpose === 'day'), 400, async () => {
        const view = person.view!;
        const legal = view.legal;
        if (legal.some((a) => a.type === 'seen')) await send(client, { type: 'seen' });
        const point = legal.find((a) => a.type === 'point' && a.current === null);
        if (point?.type === 'point') await send(client, { type: 'point', target: point.targets.find((t) => t !== 1) ?? 0 });
        if (legal.some((a) => a.type === 'confirm')) await send(client, { type: 'confirm' });
        if (x === 0 && view.round === 1 && legal.some((a) => a.type === 'say')) {
          // The first living seat after the person's own: a seat number, not a reason.
          x = view.seats.find((s) => s.seat !== 1 && s.alive)!.seat;
          const claim = { vote: x };
          expect(await send(client, { type: 'say', text: renderClaim(claim, 'en'), claim })).toMatchObject({ type: 'ack' });
        }
        if (!voted && x !== 0 && legal.some((a) => a.type === 'vote')) {
          expect(await send(client, { type: 'vote', target: x })).toMatchObject({ type: 'ack' });
          voted = true;
        }
      });
      client.close();
      if (x === 0) continue;
      for (const e of state.log) {
        if (e.event.type !== 'ballots' || e.event.purpose !== 'day' || e.round !== 1) continue;
        for (const b of e.event.ballots) {
          if (b.seat === 1 || state.roles[b.seat - 1] === 'killer') continue;
          good++;
          if (b.target === x) onX++;
        }
      }
    }
    console.log(`a bare hunch in the room: ${onX} of ${good} good bots' day-1 ballots on the seat named`);
    expect(good).toBeGreaterThan(20);
    expect(onX / good).toBeLessThanOrEqual(0.25);
  }, 180_000);
});
