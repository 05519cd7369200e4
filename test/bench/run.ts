// `npm run bench`: prints figures, never asserts on time (the machine is shared and noisy: compare
// ratios within one run). The load part runs the room and the bare Durable Object
// (test/bench/bare/) one after the other under `wrangler dev`, 1 room × 16 sockets and
// 20 rooms × 12, and prints room/bare ratios; with --runs N each figure is the median of N runs.
// What an action's latency and throughput count is in load.ts's header (only actions, the clock
// stopping at the last frame an action brings; `idleShare` shows any time a room waited on a deadline).
// Before the load part: the SQLite rows written and bytes stored by one whole 16-seat classic game
// (storage.ts). The busy ballot (fifteen votes at once at day 9) follows, in two halves: the room alone against the bare object
// (room-ballot.ts, sockets only) and the phone alone (client-ballot.ts, Chromium against recorded frames).
// Each shape's runs start warm: both servers play it unmeasured first (load.ts WARM_UP_SECONDS).
// Each load run records the 1-minute load average before and after it (quiet.ts): a room/bare ratio
// is printed only when every run behind it started at a load average ≤ 1.5, else the bench says why.
// `--sync-flood` runs only the sync flood (sync-flood.ts: a speaker's ack quiet and under 50 spectators
// sending `sync` at their frame budget); it plays a long game first, so the default run leaves it out.
// Flags: --quick (engine and sizes only), --load-only, --ballot-only, --sync-flood, --runs N, --seconds S,
// --port P (the room's wrangler dev), --bare-port P, --wait-quiet (before each run, wait until the
// load average is ≤ 1.5, at most --quiet-timeout S seconds, default 1800), --ignore-load (print the
// ratios after a busy start anyway, labelled as not a result).
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { benchEngine } from './engine.ts';
import { gatedRatio, withLoad, beforeRun, type Gate, type RunLoad } from './quiet.ts';
import { benchLoad, startServer, stopServer, WARM_UP_SECONDS, type LoadFigures, type Server } from './load.ts';
import { benchSizes } from './sizes.ts';
import { benchResync } from './resync-size.ts';
import { printRoomBallot } from './room-ballot.ts';
import { printStorage } from './storage.ts';
import { printClientBallot } from './client-ballot.ts';
import { printSyncFlood } from './sync-flood.ts';
import { closeSharedBrowsers } from '../browser/browser.ts';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'load-only': { type: 'boolean', default: false },
    'ballot-only': { type: 'boolean', default: false },
    'sync-flood': { type: 'boolean', default: false },
    runs: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '20' },
    port: { type: 'string', default: '8797' },
    'bare-port': { type: 'string', default: '8798' },
    'wait-quiet': { type: 'boolean', default: false },
    'quiet-timeout': { type: 'string', default: '1800' },
    'ignore-load': { type: 'boolean', default: false },
  },
});
const gate: Gate = { waitSeconds: args['wait-quiet'] ? Number(args['quiet-timeout']) : 0, override: args['ignore-load'] };

if (args['sync-flood']) {
  await printSyncFlood(Number(args.port), Number(args.seconds));
  process.exit(0);
}
const only = args['load-only'] || args['ballot-only'];
if (!only) {
  console.log(JSON.stringify({ engine: benchEngine() }));
  console.log(JSON.stringify({ sizes: benchSizes() }));
  console.log(JSON.stringify({ resync: benchResync() }));
}
if (!args.quick && !args['ballot-only']) {
  if (!existsSync('dist/client/index.html')) execFileSync('vite', ['build', '--logLevel', 'error'], { stdio: 'inherit' });
  await printStorage(Number(args.port));
}
if (!args.quick && !args['ballot-only']) await loadRuns(Number(args.runs), Number(args.seconds));
if (!args.quick && !args['load-only']) {
  // The client's half reads the built client; the sizes above built it (and so does the load part).
  if (!existsSync('dist/client/index.html')) execFileSync('vite', ['build', '--logLevel', 'error'], { stdio: 'inherit' });
  await printRoomBallot(Number(args.port), Number(args['bare-port']), 3 * Number(args.runs), gate);
  await printClientBallot(5 * Number(args.runs));
  await printClientBallot(5 * Number(args.runs), 'dusk');
  await closeSharedBrowsers();
}

async function loadRuns(runs: number, seconds: number): Promise<void> {
  // The room's wrangler dev serves the built client; build it if this checkout has none.
  if (!existsSync('dist/client/index.html')) execFileSync('vite', ['build', '--logLevel', 'error'], { stdio: 'inherit' });
  const shapes = [
    { rooms: 1, sockets: 16 },
    { rooms: 20, sockets: 12 },
  ];
  const servers: Server[] = [];
  try {
    servers.push(await startServer('room', Number(args.port)), await startServer('bare', Number(args['bare-port'])));
    for (const shape of shapes) {
      const figures: Record<string, (LoadFigures & RunLoad)[]> = { room: [], bare: [] };
      // Unmeasured: each server plays the shape first, so no run pays the JIT's first compiles (load.ts).
      for (const server of servers) await benchLoad(server, shape.rooms, shape.sockets, WARM_UP_SECONDS);
      // Alternate the targets run by run, and which goes first (room, bare, bare, room, …), so a
      // noisy neighbour or a warm cache favours neither.
      for (let run = 0; run < runs; run++) {
        for (const server of run % 2 ? [...servers].reverse() : servers) {
          await beforeRun(gate);
          const f = await withLoad(() => benchLoad(server, shape.rooms, shape.sockets, seconds));
          console.log(JSON.stringify({ load: f }));
          figures[server.target]!.push(f);
        }
      }
      const room = median(figures.room!);
      const bare = median(figures.bare!);
      console.log(
        `${shape.rooms} × ${shape.sockets}: room p50 ${room.p50Ms} / p99 ${room.p99Ms} ms, ${room.actionsPerSecond} actions/s, ${room.cpuMsPerAction} CPU ms/action (+ esbuild's watcher ${room.bundlerMsPerAction}), ${room.bytesPerAction} B/action, idle ${room.idleShare}; ` +
          `bare p50 ${bare.p50Ms} / p99 ${bare.p99Ms} ms, ${bare.actionsPerSecond} actions/s, ${bare.cpuMsPerAction} CPU ms/action (+ esbuild's watcher ${bare.bundlerMsPerAction}), ${bare.bytesPerAction} B/action`,
      );
      const runsOf = [...figures.room!, ...figures.bare!];
      console.log(
        `${shape.rooms} × ${shape.sockets}: ` +
          gatedRatio(runsOf, gate, () => `room/bare p50 ${ratio(room.p50Ms, bare.p50Ms)}×, p99 ${ratio(room.p99Ms, bare.p99Ms)}×, throughput ${ratio(room.actionsPerSecond, bare.actionsPerSecond)}×, CPU ${ratio(room.cpuMsPerAction, bare.cpuMsPerAction)}×`),
      );
    }
  } finally {
    for (const s of servers) stopServer(s);
  }
}

/** Each figure's median over the runs (runs are few: the middle one, or the lower of two). */
function median(runs: (LoadFigures & RunLoad)[]): LoadFigures {
  const mid = <K extends keyof LoadFigures>(key: K): LoadFigures[K] => {
    const sorted = runs.map((r) => r[key]).sort((a, b) => Number(a) - Number(b));
    return sorted[Math.floor((sorted.length - 1) / 2)]!;
  };
  return { ...runs[0]!, actions: mid('actions'), actionsPerSecond: mid('actionsPerSecond'), p50Ms: mid('p50Ms'), p99Ms: mid('p99Ms'), cpuMsPerAction: mid('cpuMsPerAction'), bundlerMsPerAction: mid('bundlerMsPerAction'), timedOut: mid('timedOut'), idleShare: mid('idleShare'), bytesPerAction: mid('bytesPerAction') };
}

function ratio(a: number | null, b: number | null): string {
  return a === null || b === null || b === 0 ? '?' : (a / b).toFixed(2);
}
