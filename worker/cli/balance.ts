// The balance table: every ruleset at three table sizes, each camp under the random or heuristic
// policy, N seeded games per cell. Lives beside the CLI (not in the engine) because it reads the clock.
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
    '(the heuristic policy\'s cost ratio; target ≤ 5×; CPU times vary from run to run on a shared machine).',
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
