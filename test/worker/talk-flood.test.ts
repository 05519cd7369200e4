// docs/rules-decisions.md O22 over a room's sockets: a killer who floods the team channel gets 30
// lines into the call and a `game/limit-reached` refusal for the next; the teammate receives those
// 30 and no more, nobody outside the team gets a frame, and a fresh device's whole view stays small.
import { describe, expect, it } from 'vitest';
import { TALK_LIMITS } from '../../worker/engine/index.ts';
import { Client, atNightOne, sleep, until } from './helpers.ts';

describe('a flood of team chat is refused past the call\'s 30 lines (O22)', () => {
  it('the 31st line is answered game/limit-reached; the mate gets 30; a civilian and a spectator get nothing', async () => {
    const { table, spectator, state } = await atNightOne();
    const [killer, mate] = state.roles.flatMap((r, i) => (r === 'killer' ? [i + 1] : [])) as [number, number];
    const civilian = table.clients[state.roles.indexOf('civilian')]!;
    const flooder = table.clients[killer - 1]!;
    const others = [civilian, spectator];
    const before = others.map((c) => c.texts.length);
    const mateBytes = table.clients[mate - 1]!.texts.reduce((n, t) => n + t.length, 0);

    for (let i = 1; i <= TALK_LIMITS.perCall; i++) {
      expect(await flooder.request({ type: 'act', id: `c${i}`, move: { type: 'team-chat', text: `line ${i} `.repeat(40).slice(0, 400) } })).toEqual({ type: 'ack', id: `c${i}` });
    }
    const refused = await flooder.request({ type: 'act', id: 'more', move: { type: 'team-chat', text: 'one more' } });
    expect(refused).toMatchObject({ type: 'error', id: 'more', code: 'game/limit-reached' });
    expect((refused as { message: string }).message).toMatch(/30/);
    // The flooder's own screen no longer offers the box.
    const last = flooder.of('game').at(-1)!;
    expect(last.view.legal.some((a) => a.type === 'team-chat')).toBe(false);

    const mateClient = table.clients[mate - 1]!;
    // A patch's log holds only its new entries: the lines the mate has are those of all its frames.
    const lines = () => new Set(mateClient.of('game').flatMap((f) => f.view.log.filter((e) => e.event.type === 'team-chat').map((e) => e.seq))).size;
    await until('the 30 lines at the mate', () => lines() === TALK_LIMITS.perCall);
    await sleep(50);
    expect(lines()).toBe(TALK_LIMITS.perCall);
    const mateGot = mateClient.texts.reduce((n, t) => n + t.length, 0) - mateBytes;
    // 30 lines of 400 characters and their frames: about 13 KB, where the unbounded channel sent ~280 KB in 42 s.
    expect(mateGot).toBeLessThan(TALK_LIMITS.perCall * 600);
    expect(others.map((c) => c.texts.length)).toEqual(before);

    // A fresh device for the mate gets the call's 30 lines once, not a flood.
    const fresh = await Client.open(table.room.code, table.seats[mate - 1]!.token);
    const whole = await fresh.waitFor('game');
    expect(whole.view.log.filter((e) => e.event.type === 'team-chat')).toHaveLength(TALK_LIMITS.perCall);
    for (const c of [...table.clients, spectator, fresh]) c.close();
  });
});
