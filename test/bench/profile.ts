// `npm run bench:profile`: a CPU profile of the room under load. Starts the room's `wrangler dev`
// with an inspector, samples workerd's JavaScript through the DevTools protocol while R rooms of
// S sockets play, and prints the functions with the most self time (and writes the .cpuprofile,
// which Chrome's DevTools open). Flags: --rooms R, --sockets S, --seconds T, --port P, --inspector-port P,
// --target bare (the bare object instead, to hold the room's profile against the floor's).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { benchLoad, startServer, stopServer, WARM_UP_SECONDS } from './load.ts';
import { workerDevtools, printSelfTime, type Profile } from './devtools.ts';

const { values: args } = parseArgs({
  options: {
    rooms: { type: 'string', default: '20' },
    sockets: { type: 'string', default: '12' },
    seconds: { type: 'string', default: '15' },
    port: { type: 'string', default: '8797' },
    'inspector-port': { type: 'string', default: '9239' },
    target: { type: 'string', default: 'room' },
  },
});

const inspectorPort = Number(args['inspector-port']);
const target = args.target === 'bare' ? 'bare' : 'room';
const server = await startServer(target, Number(args.port), inspectorPort);
try {
  const call = await workerDevtools(inspectorPort);
  await call('Profiler.enable');
  await call('Profiler.setSamplingInterval', { interval: 200 });
  // Seating the rooms (joins, upgrades) and the JIT's first compiles (load.ts WARM_UP_SECONDS) are not
  // what an action costs: the rooms play unmeasured first, and only the play after is sampled.
  await benchLoad(server, Number(args.rooms), Number(args.sockets), WARM_UP_SECONDS);
  const figures = await benchLoad(server, Number(args.rooms), Number(args.sockets), Number(args.seconds), () => call('Profiler.start'));
  const { profile } = (await call('Profiler.stop')) as { profile: Profile };
  writeFileSync(`/tmp/tianhei-${target}.cpuprofile`, JSON.stringify(profile));
  console.log(JSON.stringify({ load: figures }));
  printSelfTime(profile, figures.actions);
} finally {
  stopServer(server);
}
