// `npx node --no-warnings scripts/unfinished-seeds.ts <ruleset> <players> <games> [seed] [good] [killers] [from]`
// (OPTIONS='{"autoJudge":true}' in the environment: the ruleset's options.)
// Plays games as `npm run simulate` deals them (game i from `${seed}:${i}`) and prints the seeds of those that never end
// (and of those a refused bot move stopped): the games to replay in a test, as test/engine/bots-ends.test.ts does.
import { playGame, type PolicyName } from '../worker/engine/simulate.ts';

const [ruleset = 'dual', players = '12', games = '1000', seed = '1', good = 'heuristic', killers = 'heuristic', from = '0'] = process.argv.slice(2);
const options = JSON.parse(process.env.OPTIONS ?? '{}') as Record<string, unknown>;
const policies = { good: good as PolicyName, killers: killers as PolicyName };
const found: string[] = [];
const crashed: string[] = [];
const started = performance.now();
for (let i = Number(from); i < Number(from) + Number(games); i++) {
  try {
    const game = playGame({ ruleset, players: Number(players), options, seed: `${seed}:${i}` }, `${seed}:${i}:bots`, policies);
    if (!game.state.result) found.push(`${seed}:${i}`);
  } catch (error) {
    crashed.push(`${seed}:${i} ${(error as Error).message.slice(0, 60)}`);
  }
}
process.stdout.write(`${JSON.stringify({ ruleset, players: Number(players), games: Number(games), from: Number(from), seed, options, policies, unfinished: found, crashed, seconds: Math.round((performance.now() - started) / 1000) })}\n`);
