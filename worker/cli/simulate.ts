// `npm run simulate -- --ruleset <id> --players <n> --games <k> --seed <s> [--option name=value ...]
//   [--good random|heuristic] [--killers random|heuristic] [--warm-up <k>] [--tactics chosen|today]` (--warm-up: k games of their own seed
//   played first and left out of the figures, so the time per game does not count the JIT's compiling)
// Prints one JSON object on stdout; bad arguments exit non-zero with one line that says what is allowed.
// `npm run simulate -- --table [--games <k>] [--seed <s>]` prints the balance table of docs/balance.md;
// `npm run simulate -- --cost [--games <k>] [--runs <r>]` the heuristic policy's cost in steady state (docs/balance.md);
// `npm run simulate -- --people [--games <k>] [--seed <s>] [--parts fairness,claims,words]` a passive person's seat fairness, a person's
//   police claim heard, and what the bots do with a person's words by day (docs/balance.md); --parts prints only those tables.
// `npm run simulate -- --tune [--games <k>] [--seed <s>] [--rulesets a,b] [--players <n>]` chooses the bots' tactics by self-play (docs/balance.md).
import { parseArgs } from 'node:util';
import { RULESETS, checkPlayers, isRulesetId, resolveOptions, type RulesetId } from '../engine/index.ts';
import { balanceTable, costTable, cpuMs, renderBalanceTable, renderCostTable } from './balance.ts';
import { simulate, type PolicyName } from '../engine/simulate.ts';
import { claimsHeard, renderPeople, seatFairness } from './measures.ts';
import { backedPoliceOut, falsePoliceHeard, hunchHeard, renderPersonWords } from './person-measures.ts';
import { work } from '../engine/bots/scores.ts';
import { renderTune, tune } from './tune.ts';
import { TODAY } from '../engine/bots/tactics.ts';

function die(message: string): never {
  process.stderr.write(`simulate: ${message}\n`);
  process.exit(2);
}

function policy(name: string, value: string | undefined): PolicyName {
  if (value === 'random' || value === 'heuristic') return value;
  die(`--${name} must be random or heuristic, not "${value}"`);
}

type Args = ReturnType<typeof parseCli>;

/** The --people tables, in the order printed. */
const ALL_PARTS = 'fairness,claims,words';

/** The command line, checked by parseArgs; a bad flag exits with the usage line. */
function parseCli() {
  try {
    return parseArgs({
      options: {
        ruleset: { type: 'string', default: 'classic' },
        players: { type: 'string' },
        games: { type: 'string' },
        seed: { type: 'string', default: '1' },
        option: { type: 'string', multiple: true, default: [] },
        good: { type: 'string', default: 'random' },
        killers: { type: 'string', default: 'random' },
        table: { type: 'boolean', default: false },
        cost: { type: 'boolean', default: false },
        people: { type: 'boolean', default: false },
        tune: { type: 'boolean', default: false },
        tactics: { type: 'string', default: 'chosen' },
        runs: { type: 'string', default: '2' },
        'warm-up': { type: 'string', default: '0' },
        rulesets: { type: 'string' },
        parts: { type: 'string', default: ALL_PARTS },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    die(
      `${(error as Error).message}; usage: --ruleset <${Object.keys(RULESETS).join('|')}> --players <n> --games <k> --seed <s> [--option name=value ...] [--good random|heuristic] [--killers random|heuristic] [--warm-up <k>] [--tactics chosen|today] | --table [--games <k>] [--seed <s>] [--rulesets a,b] | --cost [--games <k>] [--runs <r>] [--rulesets a,b] | --people [--games <k>] [--seed <s>] [--parts fairness,claims,words] | --tune [--games <k>] [--seed <s>] [--rulesets a,b] [--players <n>]`,
    );
  }
}

function main(): void {
  const args = parseCli();
  const games = Number(args.games ?? (args.table || args.tune ? 200 : 1000));
  const only = args.rulesets?.split(',');
  for (const r of only ?? []) if (!isRulesetId(r)) die(`unknown ruleset "${r}" in --rulesets; allowed: ${Object.keys(RULESETS).join(', ')}`);
  if (!Number.isInteger(games) || games < 1 || games > 10_000_000) die(`--games must be a whole number from 1 to 10000000, not "${args.games}"`);
  const seed = /^\d+$/.test(args.seed!) ? Number(args.seed) : args.seed!;
  if (args.cost) {
    const runs = Number(args.runs);
    if (!Number.isInteger(runs) || runs < 1 || runs > 100) die(`--runs must be a whole number from 1 to 100, not "${args.runs}"`);
    const rows = costTable(games, runs, (row) => process.stderr.write(`${row.ruleset} ${row.players}: ${(row.heuristic / row.random).toFixed(1)}×\n`), only as RulesetId[] | undefined);
    process.stdout.write(renderCostTable(rows, games, runs));
    return;
  }
  if (args.people) {
    people(args.parts!, games, seed);
    return;
  }
  if (args.tune) {
    const players = args.players === undefined ? undefined : Number(args.players);
    const rulesets = (only ?? Object.keys(RULESETS)) as RulesetId[];
    const cells = tune(games, seed, rulesets, players, (c) => process.stderr.write(`${c.ruleset} ${c.players}: free ${c.free.trial.wins.good}, held ${c.held.trial.wins.good} of ${games} good wins\n`));
    process.stdout.write(renderTune(cells, games, seed));
    return;
  }
  if (args.table) {
    const rows = balanceTable(games, seed, (row) => process.stderr.write(`${row.ruleset} ${row.players}: done\n`), only as RulesetId[] | undefined);
    process.stdout.write(renderBalanceTable(rows, games, seed));
    return;
  }
  simulateOne(args, games, seed);
}

/** The --people tables asked for: seat fairness, the police claim heard, and the person's words by day (each after the last). */
function people(asked: string, games: number, seed: string | number): void {
  const parts = asked.split(',');
  for (const p of parts) if (!ALL_PARTS.split(',').includes(p)) die(`--parts takes ${ALL_PARTS.replaceAll(',', ', ')}, not "${p}"`);
  const rows = parts.includes('fairness')
    ? [8, 12, 16].map((players) => {
        const row = seatFairness(players, games, seed);
        process.stderr.write(`fairness ${players}: done\n`);
        return row;
      })
    : [];
  const heard = parts.includes('claims') ? [false, true].map((contested) => claimsHeard(12, games, seed, contested)) : [];
  let words = '';
  if (parts.includes('words')) {
    const hunches = [hunchHeard('classic', 12, games, seed), hunchHeard('raw', 7, games, seed), hunchHeard('original', 10, games, seed)];
    process.stderr.write('hunches: done\n');
    words = renderPersonWords(hunches, heard[0] ?? claimsHeard(12, games, seed, false), falsePoliceHeard(12, games, seed), backedPoliceOut(12, games, seed));
  }
  process.stdout.write(renderPeople(rows, heard, games, seed, words, asked === ALL_PARTS ? undefined : asked));
}

/** One ruleset's games (the default command): its figures as one JSON line. */
function simulateOne(args: Args, games: number, seed: string | number): void {
  const ruleset = args.ruleset!;
  if (!isRulesetId(ruleset)) die(`unknown ruleset "${ruleset}"; allowed: ${Object.keys(RULESETS).join(', ')}`);
  const rules = RULESETS[ruleset];
  if (args.players === undefined) die(`--players is required; ${ruleset} seats ${rules.minPlayers} to ${rules.maxPlayers}`);
  const players = Number(args.players);
  const given: Record<string, string> = {};
  for (const pair of args.option!) {
    const eq = pair.indexOf('=');
    if (eq < 1) die(`--option takes name=value, not "${pair}"`);
    given[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  const options = resolveOptions(ruleset, given);
  if (!options.ok) die(options.message);
  const bad = checkPlayers(ruleset, players, options.options);
  if (bad) die(bad);
  const policies = { good: policy('good', args.good), killers: policy('killers', args.killers) };
  // The heuristic bots' tactics: the ruleset's chosen ones, or how they played before self-play chose (docs/balance.md).
  if (args.tactics !== 'chosen' && args.tactics !== 'today') die(`--tactics must be chosen or today, not "${args.tactics}"`);
  const tactics = args.tactics === 'today' ? TODAY : undefined;
  // For timing: games of their own seed played first and left out, so the JIT's compiling is not counted.
  const warmUp = Number(args['warm-up']);
  if (!Number.isInteger(warmUp) || warmUp < 0 || warmUp > 100_000) die(`--warm-up must be a whole number from 0 to 100000, not "${args['warm-up']}"`);
  if (warmUp > 0) simulate({ ruleset, players, games: warmUp, seed: `warm-up:${seed}`, options: given, policies, tactics });

  const before = { ...work };
  const started = performance.now();
  const cpu = process.cpuUsage();
  const summary = simulate({ ruleset, players, games, seed, options: given, policies, tactics });
  const ms = performance.now() - started;
  const cpuPerGame = Math.round((cpuMs(cpu) / games) * 1000) / 1000;
  const { actions: _actions, ...rest } = summary;
  // The heuristic bots' work per game, counted (the same on any machine, unlike the CPU time): see docs/balance.md "Cost".
  const botWork = Object.fromEntries(Object.entries(work).map(([k, v]) => [k, Math.round(((v - before[k as keyof typeof work]) / games) * 10) / 10]));
  const heuristic = policies.good === 'heuristic' || policies.killers === 'heuristic';
  process.stdout.write(`${JSON.stringify({ ...rest, options: given, gamesPerSecond: Math.round(games / (ms / 1000)), cpuMsPerGame: cpuPerGame, ...(heuristic ? { botWork } : {}) })}\n`);
}

main();
