// A local load run: R rooms with 12 bot sockets each play classic games against `wrangler dev`.
// For each action it measures the time from sending it to the last of the room's 12 views that
// show it, and it reads the runtime's CPU time from /proc to give CPU milliseconds per action.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { PROTOCOL, SEAT_TOKEN_PREFIX, type ServerFrame } from '../../worker/protocol.ts';
import type { LegalAction, View } from '../../worker/engine/index.ts';

export interface LoadFigures {
  rooms: number;
  socketsPerRoom: number;
  actions: number;
  gamesFinished: number;
  p50Ms: number;
  p99Ms: number;
  cpuMsPerAction: number | null;
}

const PORT = 8797;
const BASE = `http://127.0.0.1:${PORT}`;

/** Starts `wrangler dev` on its own port and state folder, and waits until it answers. */
async function startServer(): Promise<ChildProcess> {
  const state = '/tmp/tianhei-load-state';
  rmSync(state, { recursive: true, force: true });
  const child = spawn('wrangler', ['dev', '--port', String(PORT), '--ip', '127.0.0.1', '--persist-to', state, '--log-level', 'error'], {
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  for (let i = 0; i < 120; i++) {
    await sleep(500);
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
  }
  stopServer(child);
  throw new Error('wrangler dev did not start within 60 s');
}

function stopServer(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
}

/** CPU time (ms) used so far by every workerd process on this machine. */
function workerdCpuMs(): number | null {
  let total = 0;
  let found = false;
  const tick = 100; // USER_HZ on Linux
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes('workerd') || !cmd.includes(String(PORT))) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / tick;
      found = true;
    } catch {
      // the process ended meanwhile
    }
  }
  return found ? total : null;
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${BASE}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface Bot {
  seat: number;
  ws: WebSocket;
  view: View | null;
  gameFrames: number;
  /** Ids of this bot's actions the room answered, with the error code if it refused. */
  answers: Map<string, string | null>;
}

function openBot(code: string, seat: number, token: string): Promise<Bot> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${PORT}/api/rooms/${code}/ws`, [PROTOCOL, SEAT_TOKEN_PREFIX + token]);
    const bot: Bot = { seat, ws, view: null, gameFrames: 0, answers: new Map() };
    ws.addEventListener('open', () => resolve(bot));
    ws.addEventListener('error', () => reject(new Error(`socket ${code}/${seat} failed`)));
    ws.addEventListener('message', (e) => {
      const frame = JSON.parse(String(e.data)) as ServerFrame;
      if (frame.type === 'game') {
        bot.view = frame.view;
        bot.gameFrames++;
      } else if (frame.type === 'ack') {
        bot.answers.set(frame.id, null);
      } else if (frame.type === 'error' && frame.id) {
        bot.answers.set(frame.id, frame.code);
      }
    });
  });
}

function randomOf<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

/** A move from the bot's own legal actions, as the random policy would choose it. */
function chooseMove(legal: LegalAction[]): Record<string, unknown> | null {
  for (const action of legal) {
    // A pointer, once placed, stays: the call closes when every member has one.
    if (action.type === 'point' && action.current === null) return { type: 'point', target: action.targets.length ? randomOf(action.targets) : 0 };
    if (action.type === 'vote') return { type: 'vote', target: action.targets.length ? randomOf(action.targets) : 0 };
    if (action.type === 'pass') return { type: 'pass' };
    if (action.type === 'open-eyes') return { type: 'open-eyes', choice: randomOf(action.choices) };
  }
  return null;
}

/** Plays one room's game to the end, one action in flight at a time; returns each action's latency. */
async function playRoom(latencies: number[], deadline: number): Promise<boolean> {
  const { code, hostToken } = await post<{ code: string; hostToken: string }>('/api/rooms', { ruleset: 'classic' });
  const bots: Bot[] = [];
  for (let i = 0; i < 12; i++) {
    const joined = await post<{ seat: number; token: string }>(`/api/rooms/${code}/join`, { name: `bot${i + 1}`, ...(i === 0 ? { hostToken } : {}) });
    bots.push(await openBot(code, joined.seat, joined.token));
  }
  let id = 0;
  bots[0]!.ws.send(JSON.stringify({ type: 'host', id: `h${id++}`, move: { type: 'start' } }));
  while (Date.now() < deadline) {
    await sleep(5);
    if (bots.some((b) => b.view === null)) continue;
    if (bots[0]!.view!.result) break;
    const actor = bots.find((b) => chooseMove(b.view!.legal));
    if (!actor) continue;
    const before = bots.map((b) => b.gameFrames);
    const started = performance.now();
    const actionId = `a${id++}`;
    const move = chooseMove(actor.view!.legal);
    actor.ws.send(JSON.stringify({ type: 'act', id: actionId, move }));
    while (!actor.answers.has(actionId) && Date.now() < deadline) await sleep(1);
    const refused = actor.answers.get(actionId);
    if (refused) throw new Error(`seat ${actor.seat}: action refused with ${refused}`);
    // The room sends its views before the ack; delivered means every socket has a newer view.
    while (bots.some((b, i) => b.gameFrames === before[i]) && Date.now() < deadline) await sleep(1);
    latencies.push(performance.now() - started);
  }
  const finished = bots[0]!.view?.result != null;
  for (const b of bots) b.ws.close();
  return finished;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

/** Runs `rooms` rooms at once for at most `seconds`, and returns the figures. */
export async function benchLoad(rooms = 4, seconds = 90): Promise<LoadFigures> {
  const server = await startServer();
  try {
    const latencies: number[] = [];
    const cpuBefore = workerdCpuMs();
    const deadline = Date.now() + seconds * 1000;
    const results = await Promise.all(Array.from({ length: rooms }, () => playRoom(latencies, deadline)));
    const cpuAfter = workerdCpuMs();
    latencies.sort((a, b) => a - b);
    return {
      rooms,
      socketsPerRoom: 12,
      actions: latencies.length,
      gamesFinished: results.filter(Boolean).length,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      cpuMsPerAction: cpuBefore !== null && cpuAfter !== null && latencies.length > 0 ? Math.round(((cpuAfter - cpuBefore) / latencies.length) * 100) / 100 : null,
    };
  } finally {
    stopServer(server);
  }
}
