// A socket the room lets go leaves the voice at once (docs/protocol.md, "Voice"): when the host
// gives a seat to a replacement mid-speech, the peers linked with its old socket get their routes
// without it there and then (not at the next step), it gets a last route that hears nobody, and no
// signal passes to or from it any more; peers that were never linked with it hear nothing of it.
// The floor of an open day is free again when its holder's socket is let go or closes.
import { describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../worker/protocol.ts';
import { redeem, replaceLink, sleep, until } from './helpers.ts';
import { atFirstSpeech, isJudge, passUntil, routeOf, voiceTable, type Member } from './voice-helpers.ts';

/** Whether `m`'s last route still names `peer`, as a voice it hears or one that hears it. */
const names = (m: Member, peer: string) => routeOf(m).hear.some((h) => h.peer === peer) || routeOf(m).heardBy.includes(peer);

/** The host gives `m`'s seat to a newcomer, Kim; `m`'s socket is let go. */
async function replace(room: { code: string }, host: Member['c'], m: Member): Promise<void> {
  const link = await replaceLink(host, m.seat!, `replace-${m.seat}`);
  expect((await redeem(room.code, link.token, 'Kim')).status).toBe(200);
  await until('the old socket is closed', () => m.c.closed !== null);
}

describe('a socket let go leaves the voice at once', () => {
  it('a listener replaced mid-speech: the speaker and the judge are told at once, nobody else; no signal passes to or from its old socket', async () => {
    const { room, host, members } = await voiceTable();
    const speaker = await atFirstSpeech(room, host, members);
    // A listener that is not the host's seat: linked with the speaker and the judge only.
    const gone = members.find((m) => m.seat !== null && m.seat !== 1 && m !== speaker)!;
    const linked = members.filter((m) => m === speaker || isJudge(m));
    expect(linked.every((m) => names(m, gone.peer))).toBe(true);
    const marks = new Map(members.map((m) => [m, m.c.frames.length]));
    await replace(room, host, gone);
    await until('the linked peers are told', () => linked.every((m) => !names(m, gone.peer)));
    // Its last frames: a route that hears nobody, then the room's word that its seat was given away.
    const last = gone.c.frames.slice(marks.get(gone)).filter((f) => f.type === 'voice' || f.type === 'error');
    expect(last).toEqual([
      { type: 'voice', route: { peer: gone.peer, gen: routeOf(speaker).gen, mode: 'silent', talk: false, hear: [], heardBy: [], floor: null } },
      expect.objectContaining({ type: 'error', code: 'room/replaced' }) as ServerFrame,
    ]);
    await sleep(30);
    for (const m of members.filter((o) => o !== gone && !linked.includes(o))) expect(m.c.of('voice', marks.get(m)), `${m.name} hears nothing of it`).toEqual([]);
    // A signal for the old socket reaches nobody, and one from it (a page that ignores the close) neither.
    const after = new Map(members.map((m) => [m, m.c.frames.length]));
    for (const m of linked) m.c.send({ type: 'voice-signal', to: gone.peer, gen: routeOf(m).gen, signal: { kind: 'offer', sdp: 'v=0 still there?' } });
    try {
      for (const m of linked) gone.c.send({ type: 'voice-signal', to: m.peer, gen: routeOf(speaker).gen, signal: { kind: 'offer', sdp: 'v=0 still here' } });
    } catch {
      // The socket is closed on this end too: nothing can be sent.
    }
    // The speaker's own signal to the judge still passes: the relay is alive.
    speaker.c.send({ type: 'voice-signal', to: linked.find(isJudge)!.peer, gen: routeOf(speaker).gen, signal: { kind: 'bye' } });
    await linked.find(isJudge)!.c.waitFor('voice-signal', () => true, after.get(linked.find(isJudge)!));
    await sleep(30);
    for (const m of members) {
      const got = m.c.of('voice-signal', after.get(m));
      expect(got, `signals to ${m.name}`).toEqual(isJudge(m) ? [{ type: 'voice-signal', from: speaker.peer, gen: routeOf(speaker).gen, signal: { kind: 'bye' } }] : []);
    }
  });

  it('the floor is free again when its holder is replaced, and when its holder’s socket closes', async () => {
    const { room, host, members } = await voiceTable({ pace: { preset: 'live', day: 'open' } });
    expect(await host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
    await passUntil(room.code, 'open-day');
    await until('the floor routes', () => members.every((m) => routeOf(m).mode === 'floor'));
    const [, a, b] = members as [Member, Member, Member];
    a.c.send({ type: 'voice-floor', hold: true });
    await until('a holds the floor', () => members.every((m) => routeOf(m).floor?.seat === a.seat));
    await replace(room, host, a);
    const stay = members.filter((m) => m !== a);
    await until('everyone learns the floor is free', () => stay.every((m) => routeOf(m).floor === null));
    b.c.send({ type: 'voice-floor', hold: true });
    await until('b holds the floor', () => stay.every((m) => routeOf(m).floor?.seat === b.seat));
    b.c.close();
    const rest = stay.filter((m) => m !== b);
    await until('everyone learns the floor is free again', () => rest.every((m) => routeOf(m).floor === null && !names(m, b.peer)));
  });
});
