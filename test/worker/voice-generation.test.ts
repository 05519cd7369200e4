// Every route carries its generation, named by the step (docs/protocol.md, "Voice"): every socket
// gets the same one at a step, a new step brings a new one, and a signal made under an older route
// (it travelled while the step changed, e.g. a `bye` for a connection the new step allows again) is
// dropped by the room without a word; one made under the current route passes, carrying it.
import { describe, expect, it } from 'vitest';
import { sleep } from './helpers.ts';
import { atFirstSpeech, isJudge, routeOf, voiceTable } from './voice-helpers.ts';

describe('the routes’ generation', () => {
  it('a signal made under the previous step’s route is dropped; one made under the current route passes', async () => {
    const { room, host, members } = await voiceTable();
    const judge = members.find(isJudge)!;
    // In the lobby everyone is linked with the judge, under one generation.
    const lobby = routeOf(judge).gen;
    expect(new Set(members.map((m) => routeOf(m).gen))).toEqual(new Set([lobby]));
    const speaker = await atFirstSpeech(room, host, members);
    const now = routeOf(speaker).gen;
    expect(now).not.toBe(lobby);
    expect(new Set(members.map((m) => routeOf(m).gen))).toEqual(new Set([now]));
    // The judge and the speaker were linked under both routes: only the generation tells the signals apart.
    const from = speaker.c.frames.length;
    judge.c.send({ type: 'voice-signal', to: speaker.peer, gen: lobby, signal: { kind: 'bye' } });
    judge.c.send({ type: 'voice-signal', to: speaker.peer, gen: now, signal: { kind: 'offer', sdp: 'v=0 this step' } });
    await speaker.c.waitFor('voice-signal', () => true, from);
    await sleep(30);
    expect(speaker.c.of('voice-signal', from)).toEqual([{ type: 'voice-signal', from: judge.peer, gen: now, signal: { kind: 'offer', sdp: 'v=0 this step' } }]);
    // Dropped without a word, as any signal the room does not carry.
    expect(judge.c.of('error')).toEqual([]);
  });
});
