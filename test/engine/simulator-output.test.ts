// The simulator's output for fixed seeds, for every ruleset at its fewest, middle and most
// players, against the committed test/engine/simulator-output.expected.json: speed work on the
// engine must leave every game byte-identical. A rule change that moves games on purpose regenerates the file with
//   npm run test:simulator-update
// and the diff of the expected file shows which rulesets and player counts it moved.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RULESETS, type RulesetId } from '../../worker/engine/index.ts';
import { playRandomGame, simulate } from '../../worker/engine/simulate.ts';

const GAMES = 20;
const SEED = 'fixed';

/** The summary `npm run simulate` prints, plus a digest of every game's full log and result. */
function outputOf(ruleset: RulesetId, players: number) {
  const { options: _options, ...summary } = simulate({ ruleset, players, games: GAMES, seed: SEED });
  const digest = createHash('sha256');
  // Game i of a run is dealt from `${seed}:${i}` (worker/engine/simulate.ts).
  for (let i = 0; i < GAMES; i++) {
    const { state } = playRandomGame({ ruleset, players, seed: `${SEED}:${i}` }, `${SEED}:${i}:bots`);
    digest.update(JSON.stringify({ log: state.log, result: state.result })).update('\n');
  }
  return { ...summary, logsSha256: digest.digest('hex') };
}

describe('the simulator with fixed seeds', () => {
  it('plays the same games as the committed expected output, for every ruleset at three table sizes', async () => {
    const output: Record<string, Record<number, unknown>> = {};
    for (const id of Object.keys(RULESETS) as RulesetId[]) {
      const { minPlayers, maxPlayers } = RULESETS[id];
      output[id] = {};
      for (const n of new Set([minPlayers, Math.round((minPlayers + maxPlayers) / 2), maxPlayers])) output[id][n] = outputOf(id, n);
    }
    // One line per ruleset and player count, so a diff names what moved.
    const lines = Object.entries(output).map(([id, counts]) => `"${id}": {\n${Object.entries(counts).map(([n, o]) => `  "${n}": ${JSON.stringify(o)}`).join(',\n')}\n}`);
    await expect(`{\n${lines.join(',\n')}\n}\n`).toMatchFileSnapshot('./simulator-output.expected.json');
  }, 120_000);
});
