// The room alone in the story test's busy ballot: 16 socket bots play its long `classic`
// game (peaceful nights, 8–8 ballots, one line per speech) to day 9 under `wrangler dev`; then seat 1
// votes, the other 15 vote at once, and the clock runs from the last vote sent to the closing frame
// (the tally) at seat 1's socket. The same burst against the bare Durable Object (test/bench/bare/: one
// row written and one frame to each of 16 sockets per message) is the platform's floor on this machine.
// No browser: what a phone adds is test/bench/client-ballot.ts. Printed, never asserted.
// BENCH_PROFILE=<file.cpuprofile> samples workerd's JavaScript during the room's bursts (every 100 µs),
// writes the profile and prints the functions with the most self time.
import { writeFileSync } from 'node:fs';
import { PROTOCOL, SEAT_TOKEN_PREFIX, type ServerFrame, type CreateRoomResponse, type JoinResponse } from '../../worker/protocol.ts';
import { readFrame } from '../read-frame.ts';
import type { LegalAction, View } from '../../worker/engine/index.ts';
import { startServer, stopServer } from './load.ts';
import { addressedSocket } from '../browser/browser.ts';
import { longGameMove, split } from './long-game.ts';
import { printSelfTime, workerDevtools, type Profile } from './devtools.ts';
import { beforeRun, gatedRatio, loadNow, type Gate } from './quiet.ts';

const N = 16;
/** The long game's days before the measured one. */
export const DAYS = 8;

export const until = async (ok: () => boolean, what: string, ms = 120_000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** What the long game's bots hold back: the votes (for the busy ballot's burst), or every move from a view `stillAt` names on. */
export interface Hold {
  holdVotes: boolean;
  stillAt?: (v: View) => boolean;
}

/** One seat of the long game (long-game.ts) over the room's WebSocket; `holdVotes` keeps the votes for the burst. */
export class Bot {
  ws!: WebSocket;
  view: View | null = null;
  ballotsAt = 0;
  entries = 0;
  pending = false;
  n = 0;
  /** The days this seat said its line on. */
  said = new Set<number>();
  readonly seat: number;
  readonly token: string;
  readonly table: Hold;
  /** Called with every frame this socket gets, before the bot decides. */
  onFrame: ((f: ServerFrame) => void) | null = null;
  constructor(seat: number, token: string, table: Hold) {
    this.seat = seat;
    this.token = token;
    this.table = table;
  }
  open(url: string): Promise<void> {
    this.ws = addressedSocket(url, [PROTOCOL, SEAT_TOKEN_PREFIX + this.token]);
    this.ws.onmessage = (e) => {
      const frame = readFrame(String(e.data), this.view);
      if (frame) this.receive(frame);
    };
    return new Promise((ok) => (this.ws.onopen = () => ok()));
  }
  send(move: object): void {
    this.pending = true;
    this.ws.send(JSON.stringify({ type: 'act', id: `${this.seat}-${++this.n}`, move }));
  }
  private receive(f: ServerFrame): void {
    if (f.type === 'game') {
      if (f.view.log.some((e) => e.event.type === 'ballots')) this.ballotsAt = performance.now();
      this.entries = f.logFrom === 0 ? f.view.log.length : this.entries + f.view.log.length;
      this.view = f.view;
    }
    if (f.type === 'ack' || f.type === 'error') this.pending = false;
    this.onFrame?.(f);
    if (f.type === 'error' && f.code === 'protocol/rate-limited') return void setTimeout(() => this.decide(), 1000);
    this.decide();
  }
  decide(): void {
    const v = this.view;
    if (!v || v.result || this.pending || this.table.stillAt?.(v)) return;
    const move = longGameMove(v.legal, v.step, v.round, this.seat, this.said.has(v.round));
    if (!move || (move.type === 'vote' && this.table.holdVotes)) return;
    if (move.type === 'say') this.said.add(v.round);
    this.send(move);
  }
  vote(): void {
    this.send({ type: 'vote', target: split(this.seat, (this.view!.legal.find((a) => a.type === 'vote') as Extract<LegalAction, { type: 'vote' }>).targets) });
  }
}

/** A posted JSON call to the room's API, from an address of its own. */
export async function postTo<T>(base: string, path: string, body: object): Promise<T> {
  const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', 'CF-Connecting-IP': `198.18.0.${1 + Math.floor(Math.random() * 250)}` }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A spectated 16-seat room whose bots play the long game until `stop` says so (checked at every frame); its code and bots. */
export async function playLongGame(port: number, table: Hold, stop: (v: View) => boolean, pace: object = { preset: 'live' }): Promise<{ code: string; bots: Bot[] }> {
  const base = `http://127.0.0.1:${port}`;
  const made = await postTo<CreateRoomResponse>(base, '/api/rooms', { ruleset: 'classic', options: {}, pace, spectators: true });
  const bots: Bot[] = [];
  for (let s = 1; s <= N; s++) {
    const j = await postTo<JoinResponse>(base, `/api/rooms/${made.code}/join`, { name: `Bot${s}`, ...(s === 1 ? { hostToken: made.hostToken } : {}) });
    bots.push(new Bot(j.seat!, j.token, table));
  }
  await Promise.all(bots.map((b) => b.open(`${base.replace('http', 'ws')}/api/rooms/${made.code}/ws`)));
  bots[0]!.ws.send(JSON.stringify({ type: 'host', id: 'start', move: { type: 'start' } }));
  await until(() => bots.every((b) => b.view), 'the deal');
  for (const b of bots) b.decide();
  await until(() => stop(bots[0]!.view!), 'the game to reach its stop');
  return { code: made.code, bots };
}

/** Milliseconds from the last of 15 votes to the closing frame at seat 1, for `bursts` ballots of day 9. */
async function roomBursts(port: number, bursts: number, profile?: { start(): Promise<void>; stop(): Promise<void> }): Promise<{ ms: number[]; entries: number }> {
  const table: Hold = { holdVotes: false };
  const { bots } = await playLongGame(port, table, (v) => v.round > DAYS && v.phase === 'day');
  const one = bots[0]!;
  table.holdVotes = true;
  let entries = 0;
  const ms: number[] = [];
  for (let k = 0; k < bursts; k++) {
    await until(() => bots.every((b) => b.view?.step.kind === 'ballot' && b.view.step.ballotsIn === 0 && b.view.legal.some((a) => a.type === 'vote')), 'a ballot');
    await new Promise((r) => setTimeout(r, 300));
    one.vote();
    await until(() => (one.view!.step as { ballotsIn?: number }).ballotsIn === 1, 'the first vote');
    await profile?.start();
    const before = one.ballotsAt;
    let sent = 0;
    for (const b of bots.slice(1)) {
      b.vote();
      sent = performance.now();
    }
    await until(() => one.ballotsAt !== before, 'the closing frame');
    ms.push(Math.round((one.ballotsAt - sent) * 10) / 10);
    await profile?.stop();
    entries = one.entries;
  }
  for (const b of bots) b.ws.close();
  return { ms, entries };
}

/** The same bursts against the bare Durable Object: 16 sockets, 15 messages at once, the 15th frame at socket 1. */
async function bareBursts(port: number, bursts: number): Promise<number[]> {
  const url = `ws://127.0.0.1:${port}/rooms/burst/ws`;
  let frames = 0;
  const sockets = await Promise.all(
    Array.from({ length: N }, (_, i) => {
      const ws = new WebSocket(url);
      if (i === 0) ws.onmessage = (e) => void (String(e.data).includes('"game"') && frames++);
      return new Promise<WebSocket>((ok) => (ws.onopen = () => ok(ws)));
    }),
  );
  const ms: number[] = [];
  for (let k = 0; k < bursts; k++) {
    await new Promise((r) => setTimeout(r, 300));
    const start = frames;
    let sent = 0;
    let last = 0;
    sockets.slice(1).forEach((ws, i) => {
      ws.send(JSON.stringify({ id: `${k}-${i}` }));
      sent = performance.now();
    });
    await until(() => frames - start >= N - 1 && (last ||= performance.now()) > 0, 'the bare frames');
    ms.push(Math.round((last - sent) * 10) / 10);
  }
  for (const ws of sockets) ws.close();
  return ms;
}

/** The room's and the bare object's bursts, each under its own `wrangler dev`. */
export async function benchRoomBallot(port: number, barePort: number, bursts = 3, gate: Gate = { waitSeconds: 0, override: false }): Promise<{ entries: number; roomMs: number[]; bareMs: number[]; roomLoadBefore: number; bareLoadBefore: number; loadAfter: number }> {
  const file = process.env.BENCH_PROFILE;
  await beforeRun(gate);
  const roomLoadBefore = loadNow();
  const inspectorPort = port + 1000;
  const room = await startServer('room', port, file ? inspectorPort : undefined);
  let result;
  try {
    let profile;
    if (file) {
      const call = await workerDevtools(inspectorPort);
      await call('Profiler.enable');
      await call('Profiler.setSamplingInterval', { interval: 100 });
      const profiles: Profile[] = [];
      profile = { start: () => call('Profiler.start'), stop: async () => void profiles.push(((await call('Profiler.stop')) as { profile: Profile }).profile) };
      result = await roomBursts(port, bursts, profile);
      profiles.forEach((p, i) => writeFileSync(`${file}.${i}`, JSON.stringify(p)));
      for (const p of profiles) printSelfTime(p, N - 1);
    } else result = await roomBursts(port, bursts);
  } finally {
    stopServer(room);
  }
  await beforeRun(gate);
  const bareLoadBefore = loadNow();
  const bare = await startServer('bare', barePort);
  try {
    const bareMs = await bareBursts(barePort, bursts);
    return { entries: result.entries, roomMs: result.ms, bareMs, roomLoadBefore, bareLoadBefore, loadAfter: loadNow() };
  } finally {
    stopServer(bare);
  }
}

/** Runs the bench and prints its JSON line and its summary (`npm run bench`, or this file alone). */
export async function printRoomBallot(port: number, barePort: number, bursts: number, gate?: Gate): Promise<void> {
  const f = await benchRoomBallot(port, barePort, bursts, gate);
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
  console.log(JSON.stringify({ roomBallot: f }));
  console.log(
    `room busy ballot (16 seats, day ${DAYS + 1}, ${f.entries} log entries at seat 1): last of 15 votes → closing frame at a socket, ` +
      `room median ${med(f.roomMs)} ms, bare object median ${med(f.bareMs)} ms; ` +
      gatedRatio([{ target: 'room', loadBefore: f.roomLoadBefore }, { target: 'bare', loadBefore: f.bareLoadBefore }], gate ?? { waitSeconds: 0, override: false }, () => `room/bare ${(med(f.roomMs) / med(f.bareMs)).toFixed(2)}×`),
  );
}

if (import.meta.main) await printRoomBallot(8799, 8800, Number(process.argv[2] ?? 3));
