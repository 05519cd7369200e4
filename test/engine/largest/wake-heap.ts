// Run as `node --expose-gc test/engine/largest/wake-heap.ts [characters a message | bound]`: builds the largest game (largest-game.ts),
// stores it as a room does (the state without its log in one row, each log entry a JSON row), then
// measures a wake in a heap of its own: parsing it all back, and a fresh device's whole view (a
// spectator's and a seat's). Prints one line of JSON with the figures.
import { viewFor } from '../../../worker/engine/index.ts';
import { logText, viewText } from '../../../worker/engine/view-text.ts';
import type { GameState, LogEntry } from '../../../worker/engine/index.ts';
import { filledToTheBound, largestGame, spentOf } from './largest-game.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

// `bound`: the 500-character game with every budget then filled to its last message and character.
const mode = process.argv[2] ?? '500';
const played = largestGame(mode === 'bound' ? 500 : Number(mode));
const actions = played.actions;
const state = mode === 'bound' ? filledToTheBound(played.state) : played.state;
const { log, ...rest } = state;
const stateRow = JSON.stringify(rest);
const rows = log.map((e) => JSON.stringify(e));
const storedBytes = Buffer.byteLength(stateRow) + rows.reduce((n, r) => n + Buffer.byteLength(r), 0);
const spent = spentOf(played.state);

gc();
const floor = process.memoryUsage().heapUsed;
let peak = floor;
const sample = () => (peak = Math.max(peak, process.memoryUsage().heapUsed));
// The wake: as worker/room/storage.ts loadGame does, the state row and every entry row parsed back.
const woken = JSON.parse(stateRow) as GameState;
woken.log = rows.map((r) => JSON.parse(r) as LogEntry);
sample();
// A fresh device's whole view: the frame a spectator and a seat get on arrival.
const frames: Record<string, number> = {};
for (const [name, viewer] of [['spectator', { kind: 'spectator' }], ['seat', { kind: 'seat', seat: 1 }], ['judge', { kind: 'judge' }]] as const) {
  const view = viewFor(woken, viewer);
  const text = `{"type":"game","view":${viewText(view).slice(0, -1)},"log":${logText(view.log)}}}`;
  frames[name] = Buffer.byteLength(text);
  sample();
}
gc();
const retained = process.memoryUsage().heapUsed - floor;

console.log(
  JSON.stringify({
    entries: log.length,
    actions,
    rounds: state.round,
    messagesMax: Math.max(...spent.messages),
    charsMax: Math.max(...spent.chars),
    charsAll: spent.chars.reduce((a, b) => a + b, 0),
    storedBytes,
    wakePeakBytes: peak - floor,
    wakeRetainedBytes: retained,
    frameBytes: frames,
  }),
);
