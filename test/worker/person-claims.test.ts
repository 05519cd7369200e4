// A person's speech carries the same structured claim a bot's does (RULES.md 3, the day's speeches:
// a player may say anything; the claim is the part bots read): the socket's frame keeps every field
// of it for the engine to judge, and the room's bots weigh it as they weigh one another's.
import { describe, expect, it } from 'vitest';
import { createGame, type GameState, type Seat } from '../../worker/engine/index.ts';
import type { SeatMove } from '../../worker/protocol.ts';
import { Bot, type Client } from './helpers.ts';
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
      { suspect: 4, why: { kind: 'voted-victim', seat: 4 } },
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
