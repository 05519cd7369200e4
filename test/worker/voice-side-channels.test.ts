// The side-channel rule holds for voice (docs/protocol.md, "Voice"): a civilian's frames during the
// killers' call are the same, byte for byte, whether or not the killers are in the voice and
// signal each other. Two rooms deal the same cards from one seed on one clock; in one the killers
// join the voice and talk, in the other they stay out of it.
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Room } from '../../worker/room/room.ts';
import { Client, seatedRoom, setClock, sleep, stubOf, until } from './helpers.ts';
import { passDeadline } from './voice-helpers.ts';

const SEED = 'voice-side-channel';
// The clock starts a day ahead of the real one: a room's alarm set for a time already past fires at
// once, finds nothing due on the room's clock, is set again and fires again, and a deadline the test
// rings itself can find that alarm mid-run (and none to ring).
const T0 = Math.ceil((Date.now() + 86_400_000) / 60_000) * 60_000;

/** A table of 8 with voice on, dealt from SEED on a clock of its own; every seat but the killers joins the voice. */
async function table() {
  const t = await seatedRoom(8, 'classic', { voice: 'on' });
  await runInDurableObject(stubOf(t.room.code), (r: Room) => {
    r.seed = () => SEED;
  });
  await setClock(t.room.code, T0);
  return t;
}

/** Plays the night's killers' call in one room; `talk`: the killers join the voice and signal each other. What a civilian received meanwhile, as text. */
async function killersCall(talk: boolean): Promise<{ frames: string[]; voiceFrames: number }> {
  const { room, clients, host } = await table();
  expect(await host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
  const roles = async () => {
    await until('every seat\'s game', () => clients.every((c) => c.of('game').length > 0));
    return clients.map((c) => c.of('game').at(-1)!.view.me!.role);
  };
  const dealt = await roles();
  const killers = clients.filter((_, i) => dealt[i] === 'killer');
  const civilian = clients[dealt.indexOf('civilian')]!;
  const victim = dealt.lastIndexOf('civilian') + 1;
  // Everyone but the killers is in the voice before the night.
  const peers = new Map<Client, string>();
  for (const [i, c] of clients.entries()) {
    if (dealt[i] === 'killer') continue;
    c.send({ type: 'voice-join', on: true });
    peers.set(c, (await c.waitFor('voice')).route.peer);
  }
  expect((await passDeadline(room.code)).step).toMatchObject({ kind: 'call', call: 'killers' });
  await until('the civilian sees the call', () => civilian.of('game').at(-1)?.view.step.kind === 'call');
  await sleep(30);
  const mark = civilian.frames.length;
  if (talk) {
    const mates: string[] = [];
    for (const k of killers) {
      const from = k.frames.length;
      k.send({ type: 'voice-join', on: true });
      mates.push((await k.waitFor('voice', () => true, from)).route.peer);
    }
    await until('the killers hear each other', () => killers.every((k) => k.of('voice').at(-1)!.route.hear.length === 1));
    const gen = killers[0]!.of('voice').at(-1)!.route.gen;
    killers[0]!.send({ type: 'voice-signal', to: mates[1]!, gen, signal: { kind: 'offer', sdp: 'v=0 a killer offers' } });
    await killers[1]!.waitFor('voice-signal');
    killers[1]!.send({ type: 'voice-signal', to: mates[0]!, gen, signal: { kind: 'answer', sdp: 'v=0 the mate answers' } });
    // A killer naming the civilian's peer (known from a day's route) reaches nobody.
    killers[0]!.send({ type: 'voice-signal', to: peers.get(civilian)!, gen, signal: { kind: 'offer', sdp: 'v=0 hello?' } });
    await killers[0]!.waitFor('voice-signal');
  }
  for (const [i, k] of killers.entries()) expect(await k.request({ type: 'act', id: `kill-${i}`, move: { type: 'point', target: victim } })).toEqual({ type: 'ack', id: `kill-${i}` });
  await until('the police call', () => civilian.of('game').at(-1)?.view.step.kind === 'call' && (civilian.of('game').at(-1)!.view.step as { call: string }).call === 'police');
  await sleep(50);
  const own = peers.get(civilian)!;
  const frames = civilian.frames.slice(mark).map((f) => JSON.stringify(f).replaceAll(own, '<me>').replaceAll(room.code, '<room>'));
  for (const c of clients) c.close();
  return { frames, voiceFrames: civilian.of('voice', mark).length };
}

describe('the voice and the side-channel rule', () => {
  it("a civilian's frames during the killers' call are the same whether or not the killers talk in the voice", async () => {
    const silent = await killersCall(false);
    const talking = await killersCall(true);
    // The step change to the police call brought the civilian its route (silent), in both rooms alike.
    expect(silent.voiceFrames).toBe(1);
    expect(talking.frames).toEqual(silent.frames);
  });
});
