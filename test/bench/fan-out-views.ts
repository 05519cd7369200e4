// The fan-out's view work per action, without a server: 20 classic games at once (as 20 rooms share a
// workerd isolate), each change's frame for every seat made as the room makes it (viewUpdate, viewJson).
// The changes are recorded first, then made into frames seven times over fresh copies (nothing kept
// from the last round); prints the CPU time per change, least and median of the seven, which a busy
// machine moves far less than the load bench's. Usage: npx node --no-warnings test/bench/fan-out-views.ts [seats]
import { apply, createGame, gameFrame, pendingSeats, type GameState, type Viewer } from '../../worker/engine/index.ts';
import { randomMove } from '../../worker/engine/random-policy.ts';
import { makeRandom } from '../../worker/engine/random.ts';

const ROOMS = 20;
const SEATS = Number(process.argv[2] ?? 12);

/** Room `i`'s game, fresh, with its bots' random stream. */
function fresh(i: number): { state: GameState; random: () => number; n: number; at: number } {
  const c = createGame({ ruleset: 'classic', players: SEATS, seed: `m${i}`, at: 0 });
  if (!c.ok) throw new Error(c.message);
  return { state: c.state, random: makeRandom(`m${i}:b`), n: 0, at: 0 };
}

let k = 0;
const games = Array.from({ length: ROOMS }, () => fresh(k++));
const viewers: Viewer[] = Array.from({ length: SEATS }, (_, i) => ({ kind: 'seat', seat: i + 1 }));
// The changes first (random moves, deadlines when nobody owes one), so every round makes the same frames.
const pairs: [GameState, GameState][] = [];
for (let i = 0; pairs.length < 4000; i++) {
  const g = games[i % ROOMS]!;
  const state = g.state;
  if (state.result) {
    games[i % ROOMS] = fresh(k++);
    continue;
  }
  const seat = pendingSeats(state)[0];
  const move = seat ? randomMove(state, seat, g.random, g.n++) : null;
  const action = move ?? { type: 'deadline' as const, at: (g.at = ('endsAt' in state.step && state.step.endsAt) || g.at + 1) };
  const r = apply(state, action);
  if (!r.ok) {
    games[i % ROOMS] = fresh(k++);
    continue;
  }
  if (r.events.length) pairs.push([state, r.state]);
  g.state = r.state;
}
const rounds: number[] = [];
for (let round = 0; round < 7; round++) {
  // Fresh copies each round: nothing remembered from the last round.
  const copies = structuredClone(pairs);
  const cpu0 = process.cpuUsage();
  for (const [prev, next] of copies) {
    for (const v of viewers) {
      gameFrame(prev, next, v);
    }
  }
  const cpu = process.cpuUsage(cpu0);
  rounds.push((cpu.user + cpu.system) / copies.length);
}
rounds.sort((a, b) => a - b);
console.log(`view work per action: min ${rounds[0]!.toFixed(1)} µs, median ${rounds[3]!.toFixed(1)} µs (CPU, ${pairs.length} changes × ${SEATS} seats)`);
