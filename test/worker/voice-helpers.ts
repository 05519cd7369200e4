// What the voice's worker tests share: moving a room's game on by its deadlines, and a table whose
// every seat, human judge and spectator joined the voice.
import { runDurableObjectAlarm } from 'cloudflare:test';
import { expect } from 'vitest';
import type { GameState, Seat } from '../../worker/engine/index.ts';
import type { VoiceRoute } from '../../worker/protocol.ts';
import { Client, createRoom, join, redeem, setClock, storedGame, stubOf, until } from './helpers.ts';

/** Lets the room's clock reach the current step's deadline and fires its alarm. */
export async function passDeadline(code: string): Promise<GameState> {
  const { state } = await storedGame(code);
  await setClock(code, (state!.step as { endsAt: number }).endsAt);
  await runDurableObjectAlarm(stubOf(code));
  return (await storedGame(code)).state!;
}

/** Deadlines pass until the step is `kind` (nobody acts: a peaceful night, then the day). */
export async function passUntil(code: string, kind: GameState['step']['kind']): Promise<GameState> {
  let state = (await storedGame(code)).state!;
  for (let i = 0; i < 8 && state.step.kind !== kind; i++) state = await passDeadline(code);
  expect(state.step.kind).toBe(kind);
  return state;
}

/** One socket in the voice: who it is (a seat, the judge, a spectator) and its peer name. */
export interface Member {
  name: string;
  seat: Seat | null;
  c: Client;
  peer: string;
}

/** The socket joins the voice; its first `voice` frame names its peer. */
export async function joinVoice(name: string, seat: Seat | null, c: Client): Promise<Member> {
  const from = c.frames.length;
  c.send({ type: 'voice-join', on: true });
  const frame = await c.waitFor('voice', () => true, from);
  return { name, seat, c, peer: frame.route.peer };
}

/** The last route a socket got. */
export const routeOf = (m: Member): VoiceRoute => m.c.of('voice').at(-1)!.route;

/** A classic table of 8 with voice on, spectators and a human judge; everyone joins the voice in the lobby. */
export async function voiceTable(extra: Record<string, unknown> = {}) {
  const room = await createRoom({ ruleset: 'classic', voice: 'on', spectators: true, humanJudge: true, ...extra });
  const seats = [];
  for (let i = 1; i <= 8; i++) seats.push(await join(room.code, `P${i}`, i === 1 ? room.hostToken : undefined));
  const clients = await Promise.all(seats.map((s) => Client.open(room.code, s.token)));
  // The judge's place, by the host's one-time link.
  const host = clients[0]!;
  const inv = host.frames.length;
  expect(await host.request({ type: 'host', id: 'inv', move: { type: 'invite', place: 'judge' } })).toEqual({ type: 'ack', id: 'inv' });
  const redeemed = (await (await redeem(room.code, host.of('invite', inv)[0]!.token, 'Judge')).json()) as { token: string };
  const judge = await Client.open(room.code, redeemed.token);
  const spectator = await Client.open(room.code);
  const members = [
    ...(await Promise.all(clients.map((c, i) => joinVoice(`seat ${i + 1}`, i + 1, c)))),
    await joinVoice('judge', null, judge),
    await joinVoice('spectator', null, spectator),
  ];
  return { room, seats, judgeToken: redeemed.token, clients, host: clients[0]!, judge, spectator, members };
}

/** The human judge's socket. */
export const isJudge = (m: Member) => m.name === 'judge';
/** The spectator's socket. */
export const isSpectator = (m: Member) => m.name === 'spectator';

/** The game has started and the first speech's routes reached everyone: the speaker's member. */
export async function atFirstSpeech(room: { code: string }, host: Client, members: Member[]): Promise<Member> {
  expect(await host.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
  const state = await passUntil(room.code, 'speech');
  await until('every route of the speech', () => members.every((m) => routeOf(m).mode === 'speech'));
  return members.find((m) => m.seat === (state.step as { seat: Seat }).seat)!;
}
