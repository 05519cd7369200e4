// `npm run simulate -- --ruleset <id> --players <n> --games <k> --seed <s> [--option name=value ...]`
// Prints one JSON object on stdout; bad arguments exit non-zero with one line that says what is allowed.
import { parseArgs } from 'node:util';
import { RULESETS, checkPlayers, isRulesetId, resolveOptions } from '../engine/index.ts';
import { simulate } from '../engine/simulate.ts';

function die(message: string): never {
  process.stderr.write(`simulate: ${message}\n`);
  process.exit(2);
}

function main(): void {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        ruleset: { type: 'string', default: 'classic' },
        players: { type: 'string' },
        games: { type: 'string', default: '1000' },
        seed: { type: 'string', default: '1' },
        option: { type: 'string', multiple: true, default: [] },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    die(`${(error as Error).message}; usage: --ruleset <${Object.keys(RULESETS).join('|')}> --players <n> --games <k> --seed <s> [--option name=value ...]`);
  }
  const args = parsed.values;
  const ruleset = args.ruleset!;
  if (!isRulesetId(ruleset)) die(`unknown ruleset "${ruleset}"; allowed: ${Object.keys(RULESETS).join(', ')}`);
  const rules = RULESETS[ruleset];
  if (args.players === undefined) die(`--players is required; ${ruleset} seats ${rules.minPlayers} to ${rules.maxPlayers}`);
  const players = Number(args.players);
  const games = Number(args.games);
  if (!Number.isInteger(games) || games < 1 || games > 10_000_000) die(`--games must be a whole number from 1 to 10000000, not "${args.games}"`);
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
  const seed = /^\d+$/.test(args.seed!) ? Number(args.seed) : args.seed!;

  const started = performance.now();
  const summary = simulate({ ruleset, players, games, seed, options: given });
  const seconds = (performance.now() - started) / 1000;
  const { actions: _actions, ...rest } = summary;
  process.stdout.write(`${JSON.stringify({ ...rest, options: given, gamesPerSecond: Math.round(games / seconds) })}\n`);
}

main();
