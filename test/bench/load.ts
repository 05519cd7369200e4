// Local load runs against `wrangler dev`: the room (worker/) and the bare Durable Object
// (test/bench/bare/, the platform's floor) side by side. R rooms with S sockets each; one action in
// flight per room. Like with like: an action's clock stops at the last of its frames, its ack or a
// game frame at any socket of its room. The room sends a viewer a frame only when that viewer's view
// changed (a killer's pointer reaches the killers alone), so the bench cannot wait for a frame at
// every socket; both servers send an action's frames before its ack, so the frames that arrive in the
// same turn of the event loop as the ack are the action's, and the clock stops at the last of them.
// Throughput counts actions only: the room's bots answer every step at once (the card-reading step,
// a lone actor's confirm), and `idleShare` reports the share of time a room had nobody to act (a step
// waiting for its deadline; none in `classic`, which runs no empty calls), so a wait would show there
// instead of passing for a slow room.
// CPU milliseconds per action come from /proc: every process of the `wrangler dev` run (workerd and
// wrangler's own Node process), so the two targets are charged alike, but esbuild's: wrangler keeps
// esbuild watching the sources, and its watcher polls every file of the bundle's graph, busy or idle
// (idle, 14.5 ms/s for the room's few hundred files against 10 for the bare object's one: a cost by
// the second, of the dev server, that no deployed room pays). It is printed apart
// (`bundlerMsPerAction`). Each shape's runs start warm (WARM_UP_SECONDS below): the figure is the
// steady state, not the JIT's first compiles.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { FRAME_WINDOW_MS, MAX_FRAMES_PER_WINDOW, PROTOCOL, SEAT_TOKEN_PREFIX, patchedView, type ServerFrame } from '../../worker/protocol.ts';
import type { LegalAction, View } from '../../worker/engine/index.ts';
import { addressedSocket } from '../browser/browser.ts';

export type Target = 'room' | 'bare';

export interface LoadFigures {
  target: Target;
  rooms: number;
  socketsPerRoom: number;
  seconds: number;
  actions: number;
  actionsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  cpuMsPerAction: number | null;
  /** Actions whose ack did not arrive within ACTION_TIMEOUT_MS (left out of the latencies). */
  timedOut: number;
  /** The share of the rooms' time in which nobody could act (a step waiting for its deadline). */
  idleShare: number;
  /** Bytes of frame text the sockets received per action, all sockets of a room together (before the wire's deflate). */
  bytesPerAction: number;
  /** CPU ms per action of wrangler's esbuild watcher, left out of cpuMsPerAction (see above). */
  bundlerMsPerAction: number | null;
}

export interface Server {
  target: Target;
  port: number;
  child: ChildProcess;
}

const ACTION_TIMEOUT_MS = 5000;

/**
 * Seconds a server plays a shape, unmeasured, before that shape's runs (run.ts, profile.ts). workerd
 * compiles the room's code on background threads (Maglev, then TurboFan) as its games reach new
 * paths, and the CPU figure counts every thread of the process: at 1 × 16 (perf, a loaded machine),
 * compiling was 1–5% of a fresh room's CPU in each 5 s of its first 30 s and under 1.5% after, and
 * 0.8% of the bare object's, which has next to no code. A room's long-lived isolate compiles once.
 */
export const WARM_UP_SECONDS = 30;
/** The room allows MAX_FRAMES_PER_WINDOW frames per socket per window; the bots stay under it. */
const SENDS_PER_WINDOW = MAX_FRAMES_PER_WINDOW - 2;

/**
 * Starts `wrangler dev` for a target on its own port and state folder, and waits until it answers;
 * `configFile` runs another build of the target (test/bench/counted/: the room with its SQL counted).
 */
export async function startServer(target: Target, port: number, inspectorPort?: number, configFile?: string): Promise<Server> {
  const state = stateFolder(target, port);
  rmSync(state, { recursive: true, force: true });
  const file = configFile ?? (target === 'bare' ? 'test/bench/bare/wrangler.toml' : undefined);
  const config = file ? ['--config', file] : [];
  if (inspectorPort !== undefined) config.push('--inspector-port', String(inspectorPort));
  const child = spawn('wrangler', ['dev', ...config, '--port', String(port), '--ip', '127.0.0.1', '--persist-to', state, '--log-level', 'error'], {
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const server = { target, port, child };
  const health = target === 'bare' ? '/health' : '/api/health';
  for (let i = 0; i < 240; i++) {
    await sleep(500);
    try {
      if ((await fetch(`http://127.0.0.1:${port}${health}`)).ok) return server;
    } catch {
      // not up yet
    }
  }
  stopServer(server);
  throw new Error(`wrangler dev (${target}) did not start within 120 s`);
}

/** Where a target's `wrangler dev` on this port keeps its Durable Objects' SQLite files. */
export function stateFolder(target: Target, port: number): string {
  return `/tmp/tianhei-bench-${target}-${port}`;
}

export function stopServer(server: Server): void {
  try {
    process.kill(-server.child.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
}

/** CPU time (ms) used so far by the server's process group: wrangler and its workerd, and apart, wrangler's esbuild. */
function serverCpuMs(server: Server): { server: number; bundler: number } | null {
  let total = 0;
  let bundler = 0;
  let found = false;
  const tick = 100; // USER_HZ on Linux
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      if (Number(fields[2]) !== server.child.pid) continue;
      const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / tick;
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === 'esbuild') bundler += ms;
      else total += ms;
      found = true;
    } catch {
      // the process ended meanwhile
    }
  }
  return found ? { server: total, bundler } : null;
}

// ---------------------------------------------------------------- one room's sockets

interface Bot {
  seat: number;
  ws: WebSocket;
  view: View | null;
  /** The room's status from its last room frame (the room, not the bare object). */
  status?: 'lobby' | 'playing' | 'over';
  frames: number;
  /** When this socket sent its recent frames, to stay under the room's rate limit. */
  sent: number[];
}

interface Waiting {
  id: string;
  /** When the last frame of this action (a game frame at any socket, or the ack) arrived. */
  last: number;
  acked: boolean;
  done: (error?: Error) => void;
}

/** The sockets of one room and the action in flight. */
class Table {
  readonly bots: Bot[] = [];
  /** Characters of every frame this table's sockets received. */
  received = 0;
  private waiting: Waiting | null = null;
  private next = 0;

  /** Opens one socket; `protocols` are the WebSocket subprotocols to offer. */
  open(url: string, seat: number, protocols: string[]): Promise<Bot> {
    return new Promise((resolve, reject) => {
      // A device of its own: the room limits socket upgrades per address.
      const ws = addressedSocket(url, protocols);
      const bot: Bot = { seat, ws, view: null, frames: 0, sent: [] };
      ws.addEventListener('open', () => {
        this.bots.push(bot);
        resolve(bot);
      });
      ws.addEventListener('error', () => reject(new Error(`socket ${url} (${seat}) failed`)));
      ws.addEventListener('message', (e) => {
        const text = String(e.data);
        this.received += text.length;
        this.receive(bot, JSON.parse(text) as ServerFrame | { type: 'game'; view?: undefined });
      });
    });
  }

  private receive(bot: Bot, frame: ServerFrame | { type: 'game'; view?: undefined }): void {
    const w = this.waiting;
    if (frame.type === 'room') bot.status = frame.room.status;
    if (frame.type === 'game' || frame.type === 'patch') {
      if (frame.type === 'patch') bot.view = bot.view && patchedView(bot.view, frame);
      else if (frame.view) bot.view = frame.view;
      bot.frames++;
      if (w) w.last = performance.now();
    } else if (frame.type === 'ack' && w?.id === frame.id && !w.acked) {
      w.acked = true;
      w.last = performance.now();
      // Both servers send an action's frames before its ack: the frames already on their way are
      // read in this same turn of the event loop, before the check phase.
      setImmediate(() => w.done());
    } else if (frame.type === 'error' && w && frame.id === w.id) {
      return w.done(new Error(`seat ${bot.seat}: action refused with ${frame.code}`));
    }
  }

  /** Sends one frame from `bot` and resolves with its latency in ms, or null if it timed out. */
  async act(bot: Bot, frame: Record<string, unknown>): Promise<number | null> {
    const now = Date.now();
    bot.sent = bot.sent.filter((t) => now - t < FRAME_WINDOW_MS + 500);
    if (bot.sent.length >= SENDS_PER_WINDOW) await sleep(bot.sent[0]! + FRAME_WINDOW_MS + 500 - now);
    bot.sent.push(Date.now());
    const id = `a${this.next++}`;
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    let waiting: Waiting | undefined;
    const settled = new Promise<boolean>((resolve, reject) => {
      waiting = this.waiting = { id, last: started, acked: false, done: (error) => (error ? reject(error) : resolve(true)) };
      timer = setTimeout(() => resolve(false), ACTION_TIMEOUT_MS);
    });
    bot.ws.send(JSON.stringify({ ...frame, id }));
    try {
      return (await settled) ? waiting!.last - started : null;
    } finally {
      clearTimeout(timer);
      this.waiting = null;
    }
  }

  close(): void {
    for (const b of this.bots) b.ws.close();
  }
}

// ---------------------------------------------------------------- the two targets

export interface Driver {
  /** The room's code (the room target only). */
  code?: string;
  /** The next action of this room, or null when nobody can act right now. */
  next(): { bot: Bot; frame: Record<string, unknown> } | null;
  table: Table;
}

/**
 * Each bench client posts from an address of its own (CF-Connecting-IP, which `wrangler dev` keeps):
 * the room limits new rooms and joins per address, and 20 rooms a minute from one address is over it.
 */
async function post<T>(base: string, path: string, body: unknown): Promise<T> {
  const address = `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'CF-Connecting-IP': address }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function randomOf<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

/** A move from the bot's own legal actions, as the random policy would choose it. */
function chooseMove(legal: LegalAction[]): Record<string, unknown> | null {
  for (const action of legal) {
    // The card-reading step before night 1, and a lone actor's confirm (D15): neither waits for its deadline.
    if (action.type === 'seen') return { type: 'seen' };
    if (action.type === 'confirm') return { type: 'confirm' };
    // A pointer, once placed, stays: the call closes when every member has one.
    if (action.type === 'point' && action.current === null) return { type: 'point', target: action.targets.length ? randomOf(action.targets) : 0 };
    if (action.type === 'vote') return { type: 'vote', target: action.targets.length ? randomOf(action.targets) : 0 };
    if (action.type === 'pass') return { type: 'pass' };
    if (action.type === 'open-eyes') return { type: 'open-eyes', choice: randomOf(action.choices) };
  }
  return null;
}

/** A classic room of `sockets` seated bots; the host starts it, and plays again when it ends. */
export async function roomDriver(port: number, sockets: number): Promise<Driver> {
  const base = `http://127.0.0.1:${port}`;
  const { code, hostToken } = await post<{ code: string; hostToken: string }>(base, '/api/rooms', { ruleset: 'classic' });
  const table = new Table();
  for (let i = 0; i < sockets; i++) {
    const joined = await post<{ seat: number; token: string }>(base, `/api/rooms/${code}/join`, { name: `bot${i + 1}`, ...(i === 0 ? { hostToken } : {}) });
    await table.open(`ws://127.0.0.1:${port}/api/rooms/${code}/ws`, joined.seat, [PROTOCOL, SEAT_TOKEN_PREFIX + joined.token]);
  }
  const host = table.bots[0]!;
  return {
    code,
    table,
    next() {
      if (host.status === 'lobby') return { bot: host, frame: { type: 'host', move: { type: 'start' } } };
      if (host.status === 'over') return { bot: host, frame: { type: 'host', move: { type: 'play-again' } } };
      if (table.bots.some((b) => b.view === null)) return null;
      for (const bot of table.bots) {
        const move = chooseMove(bot.view!.legal);
        if (move) return { bot, frame: { type: 'act', move } };
      }
      return null;
    },
  };
}

/** The bare object: any socket acts; every action is the same row and frame. */
async function bareDriver(port: number, sockets: number): Promise<Driver> {
  const name = `r${Math.random().toString(36).slice(2)}`;
  const table = new Table();
  for (let i = 0; i < sockets; i++) await table.open(`ws://127.0.0.1:${port}/rooms/${name}/ws`, i + 1, []);
  return { table, next: () => ({ bot: randomOf(table.bots), frame: { type: 'act' } }) };
}

/** Plays until the deadline; returns the actions that timed out and the ms this room had nothing to do. */
async function play(driver: Driver, latencies: number[], deadline: number): Promise<{ timedOut: number; idleMs: number }> {
  let timedOut = 0;
  let idleMs = 0;
  while (Date.now() < deadline) {
    const action = driver.next();
    if (!action) {
      const from = performance.now();
      await sleep(5);
      idleMs += performance.now() - from;
      continue;
    }
    const ms = await driver.table.act(action.bot, action.frame);
    if (ms === null) timedOut++;
    else latencies.push(ms);
  }
  return { timedOut, idleMs };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

/**
 * Runs `rooms` rooms of `sockets` sockets at once against a started server for `seconds`;
 * `ready` runs once every room is seated, just before the clock starts.
 */
export async function benchLoad(server: Server, rooms: number, sockets: number, seconds: number, ready?: () => Promise<void>): Promise<LoadFigures> {
  const make = server.target === 'room' ? roomDriver : bareDriver;
  const drivers = await Promise.all(Array.from({ length: rooms }, () => make(server.port, sockets)));
  try {
    await ready?.();
    const latencies: number[] = [];
    for (const d of drivers) d.table.received = 0;
    const cpuBefore = serverCpuMs(server);
    const started = Date.now();
    const played = await Promise.all(drivers.map((d) => play(d, latencies, started + seconds * 1000)));
    const elapsed = (Date.now() - started) / 1000;
    const cpuAfter = serverCpuMs(server);
    latencies.sort((a, b) => a - b);
    const perAction = (part: 'server' | 'bundler') => (cpuBefore && cpuAfter && latencies.length > 0 ? Math.round(((cpuAfter[part] - cpuBefore[part]) / latencies.length) * 100) / 100 : null);
    return {
      target: server.target,
      rooms,
      socketsPerRoom: sockets,
      seconds: Math.round(elapsed * 10) / 10,
      actions: latencies.length,
      actionsPerSecond: Math.round(latencies.length / elapsed),
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      cpuMsPerAction: perAction('server'),
      bundlerMsPerAction: perAction('bundler'),
      timedOut: played.reduce((a, p) => a + p.timedOut, 0),
      idleShare: Math.round((played.reduce((a, p) => a + p.idleMs, 0) / (rooms * elapsed * 1000)) * 1000) / 1000,
      bytesPerAction: latencies.length ? Math.round(drivers.reduce((a, d) => a + d.table.received, 0) / latencies.length) : 0,
    };
  } finally {
    for (const d of drivers) d.table.close();
  }
}
