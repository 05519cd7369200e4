// The balance table: every ruleset at three table sizes, each camp under the random or heuristic
// policy, N seeded games per cell; and the heuristic policy's cost. Lives beside the CLI (not in the
// engine) because it reads the clock and starts processes.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { RulesetId, Winner } from '../engine/index.ts';
import { simulate, type Policies } from '../engine/simulate.ts';

/** Three table sizes per ruleset: its smallest, a usual one, its largest (raw seats 6–8). */
export const TABLE_SIZES: Record<RulesetId, [number, number, number]> = {
  classic: [8, 12, 16],
  original: [10, 14, 20],
  runoff: [10, 14, 20],
  infernal: [6, 10, 16],
  raw: [6, 7, 8],
  doctor: [8, 13, 20],
  butterfly: [11, 15, 20],
  dual: [8, 12, 16],
};

export const PAIRINGS: { name: string; policies: Policies }[] = [
  { name: 'R-R', policies: { good: 'random', killers: 'random' } },
  { name: 'H-R', policies: { good: 'heuristic', killers: 'random' } },
  { name: 'R-H', policies: { good: 'random', killers: 'heuristic' } },
  { name: 'H-H', policies: { good: 'heuristic', killers: 'heuristic' } },
];

export interface BalanceRow {
  ruleset: RulesetId;
  players: number;
  /** Per pairing (good policy - killers policy): wins by result, and milliseconds per game. */
  cells: { name: string; wins: Record<Winner, number>; unfinished: number; msPerGame: number }[];
}

/** Plays every cell of the table; `done` reports each row as it finishes (the whole table takes minutes). */
export function balanceTable(games: number, seed: string | number, done: (row: BalanceRow) => void = () => {}, only?: RulesetId[]): BalanceRow[] {
  const rows: BalanceRow[] = [];
  // Warm the JIT up first (its own seed, results thrown away): else the first cell pays for compiling and its cost ratio means nothing.
  for (const { policies } of PAIRINGS) simulate({ ruleset: 'classic', players: 12, games: 50, seed: 'warm-up', policies });
  for (const ruleset of only ?? (Object.keys(TABLE_SIZES) as RulesetId[])) {
    for (const players of TABLE_SIZES[ruleset]) {
      const cells = PAIRINGS.map(({ name, policies }) => {
        const started = process.cpuUsage();
        const summary = simulate({ ruleset, players, games, seed, policies });
        return { name, wins: summary.wins, unfinished: summary.unfinished ?? 0, msPerGame: cpuMs(started) / games };
      });
      const row = { ruleset, players, cells };
      rows.push(row);
      done(row);
    }
  }
  return rows;
}

export interface CostRow {
  ruleset: RulesetId;
  players: number;
  /** CPU ms per game, the lowest of the runs: random against random, heuristic against heuristic. */
  random: number;
  heuristic: number;
}

/** Games left out before each cost figure (the JIT's compiling). */
const COST_WARM_UP = 300;

/** The simulator's command line, which the cost table runs once per figure. */
const CLI = fileURLToPath(new URL('./simulate.ts', import.meta.url));

/**
 * The heuristic policy's cost per game over the random one's, as the simulator prints it: each figure
 * is `npm run simulate`'s own CPU time per game in a process of its own (`games` games after `warmUp`
 * unrecorded ones of another seed, so the JIT's compiling is left out), the lowest of `runs` runs with the two
 * policies alternating. A process of its own, because one process's heap is shaped by what ran
 * before: after heavy heuristic games V8's young generation has grown, and random games then
 * collected their garbage at half their cost in a fresh process (the ratio went from 4× to 8×).
 */
export function costTable(games: number, runs: number, done: (row: CostRow) => void = () => {}, only?: RulesetId[], warmUp = COST_WARM_UP): CostRow[] {
  const rows: CostRow[] = [];
  for (const ruleset of only ?? (Object.keys(TABLE_SIZES) as RulesetId[])) {
    for (const players of TABLE_SIZES[ruleset]) {
      const time = (policy: 'random' | 'heuristic', seed: number) => {
        const args = ['--no-warnings', CLI, '--ruleset', ruleset, '--players', String(players), '--games', String(games), '--seed', String(seed), '--good', policy, '--killers', policy, '--warm-up', String(warmUp)];
        return (JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' })) as { cpuMsPerGame: number }).cpuMsPerGame;
      };
      const row: CostRow = { ruleset, players, random: Infinity, heuristic: Infinity };
      for (let run = 1; run <= runs; run++) {
        row.random = Math.min(row.random, time('random', run));
        row.heuristic = Math.min(row.heuristic, time('heuristic', run));
      }
      rows.push(row);
      done(row);
    }
  }
  return rows;
}

/** The cost table as Markdown, with its command. */
export function renderCostTable(rows: CostRow[], games: number, runs: number, warmUp = COST_WARM_UP): string {
  const lines = [
    `Command: \`npm run simulate -- --cost --games ${games} --runs ${runs}\` (the simulator's CPU ms per game, each in a process of its own: ${games} games after ${warmUp} left out, the lowest of ${runs} alternating runs; target ≤ 6×).`,
    '',
    '| ruleset | players | CPU ms/game R-R | CPU ms/game H-H | cost |',
    '|---|---|---|---|---|',
  ];
  for (const r of rows) lines.push(`| ${r.ruleset} | ${r.players} | ${r.random.toFixed(2)} | ${r.heuristic.toFixed(2)} | ${(r.heuristic / r.random).toFixed(1)}× |`);
  return `${lines.join('\n')}\n`;
}

/** CPU milliseconds since `started`: on a shared machine wall time measures the neighbours, not the bots. */
export function cpuMs(started: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

const pct = (n: number, games: number): number => Math.round((n / games) * 1000) / 10;

/** The table as Markdown: good-side win % per pairing (draws in brackets), the two measured gains, and the cost. */
export function renderBalanceTable(rows: BalanceRow[], games: number, seed: string | number): string {
  const lines = [
    `Command: \`npm run simulate -- --table --games ${games} --seed ${seed}\` (${games} games per cell; good side wins %, draws % in brackets).`,
    'R-H = random good against heuristic killers, and so on. "good gain" = H-R minus R-R good wins (target ≥ 15 points);',
    '"killers gain" = H-H minus H-R killers wins (target ≥ 10 points); "cost" = CPU ms per game of H-H over R-R',
    '(the heuristic policy\'s cost ratio; target ≤ 6×; CPU times vary from run to run on a shared machine).',
    '',
    '| ruleset | players | R-R | H-R | R-H | H-H | good gain | killers gain | CPU ms/game R-R | CPU ms/game H-H | cost |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const cell = (name: string) => row.cells.find((c) => c.name === name)!;
    const show = (name: string) => {
      const c = cell(name);
      return `${pct(c.wins.good, games)}${c.wins.draw ? ` (${pct(c.wins.draw, games)})` : ''}${c.unfinished ? ` [${c.unfinished} unfinished]` : ''}`;
    };
    const goodGain = pct(cell('H-R').wins.good - cell('R-R').wins.good, games);
    const killersGain = pct(cell('H-H').wins.killers - cell('H-R').wins.killers, games);
    const rr = cell('R-R').msPerGame;
    const hh = cell('H-H').msPerGame;
    lines.push(
      `| ${row.ruleset} | ${row.players} | ${show('R-R')} | ${show('H-R')} | ${show('R-H')} | ${show('H-H')} | ${goodGain >= 0 ? '+' : ''}${goodGain} | ${killersGain >= 0 ? '+' : ''}${killersGain} | ${rr.toFixed(2)} | ${hh.toFixed(2)} | ${(hh / rr).toFixed(1)}× |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
