// `npm run bench:profile`: a CPU profile of the room under load. Starts the room's `wrangler dev`
// with an inspector, samples workerd's JavaScript through the DevTools protocol while R rooms of
// S sockets play, and prints the functions with the most self time (and writes the .cpuprofile,
// which Chrome's DevTools open). Flags: --rooms R, --sockets S, --seconds T, --port P, --inspector-port P.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { benchLoad, startServer, stopServer } from './load.ts';

const { values: args } = parseArgs({
  options: {
    rooms: { type: 'string', default: '20' },
    sockets: { type: 'string', default: '12' },
    seconds: { type: 'string', default: '15' },
    port: { type: 'string', default: '8797' },
    'inspector-port': { type: 'string', default: '9239' },
  },
});

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A minimal DevTools protocol client: one socket, numbered calls. */
async function devtools(url: string): Promise<(method: string, params?: object) => Promise<any>> {
  // The inspector proxy of `wrangler dev` wants an Origin; undici's WebSocket takes headers here.
  const ws = new WebSocket(url, { headers: { origin: new URL(url).origin.replace('ws:', 'http:') } } as unknown as string[]);
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve);
    ws.addEventListener('error', reject);
  });
  let next = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  ws.addEventListener('message', (e) => {
    const msg = JSON.parse(String(e.data)) as { id?: number; result?: unknown };
    if (msg.id !== undefined) waiting.get(msg.id)?.(msg.result);
  });
  return (method, params = {}) =>
    new Promise((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
}

const inspectorPort = Number(args['inspector-port']);
const server = await startServer('room', Number(args.port), inspectorPort);
try {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as { webSocketDebuggerUrl: string; title?: string }[];
  const call = await devtools(targets[0]!.webSocketDebuggerUrl);
  await call('Profiler.enable');
  await call('Profiler.setSamplingInterval', { interval: 200 });
  // Seating the rooms (joins, upgrades) is not what an action costs: sample only the play.
  const figures = await benchLoad(server, Number(args.rooms), Number(args.sockets), Number(args.seconds), () => call('Profiler.start'));
  const { profile } = (await call('Profiler.stop')) as { profile: Profile };
  writeFileSync('/tmp/tianhei-room.cpuprofile', JSON.stringify(profile));
  console.log(JSON.stringify({ load: figures }));
  // Self time per function: samples landing in each node, summed by function and place.
  const byNode = new Map<number, number>();
  profile.samples.forEach((id, i) => byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + (byNode.get(node.id) ?? 0));
  }
  const total = [...byFunction.values()].reduce((a, b) => a + b, 0);
  const idle = [...byFunction].filter(([k]) => k.startsWith('(idle)')).reduce((a, [, v]) => a + v, 0);
  console.log(`busy ${((total - idle) / 1000).toFixed(0)} ms of ${(total / 1000).toFixed(0)} ms sampled; ${(((total - idle) / 1000) / Math.max(1, figures.actions)).toFixed(3)} ms JS per action`);
  for (const [key, us] of [...byFunction].filter(([k]) => !k.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    console.log(`${(us / 1000).toFixed(1).padStart(9)} ms ${((100 * us) / (total - idle)).toFixed(1).padStart(5)}%  ${key}`);
  }
} finally {
  stopServer(server);
}
