// Makes the upgrade fixtures of one build: checks the commit out in a worktree under /tmp, installs
// it, runs the fixture generator (test/worker/upgrade/make-fixtures.ts) there in that build's workerd
// and writes its four rooms to test/worker/upgrade/fixtures/schema<N>-<commit>-<kind>.json.
// Usage: npm run fixtures:upgrade -- <commit> [--keep]   (--keep leaves the worktree for another run)
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const project = join(import.meta.dirname, '..');
const here = join(project, 'test/worker/upgrade');
const args = process.argv.slice(2);
const commit = args.find((a) => !a.startsWith('--'));
if (!commit) {
  console.error('usage: npm run fixtures:upgrade -- <commit> [--keep]');
  process.exit(2);
}

function run(cmd: string, argv: string[], cwd: string): string {
  const r = spawnSync(cmd, argv, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } });
  if (r.status !== 0) {
    console.error(r.stdout);
    throw new Error(`${cmd} ${argv.join(' ')} failed in ${cwd}`);
  }
  return r.stdout;
}

const build = run('git', ['rev-parse', '--short=7', `${commit}^{commit}`], project).trim();
const tree = `/tmp/tianhei-build-${build}`;
if (!existsSync(tree)) {
  run('git', ['worktree', 'add', '--detach', tree, build], project);
  console.log(`npm ci in ${tree}`);
  run('npm', ['ci', '--no-audit', '--no-fund'], tree);
}

// The generator and its format go in as a test of the old tree; the old tree's helpers and code do the rest.
const target = join(tree, 'test/worker/upgrade');
mkdirSync(target, { recursive: true });
copyFileSync(join(here, 'room-dump.ts'), join(target, 'room-dump.ts'));
copyFileSync(join(here, 'make-fixtures.ts'), join(target, 'make-fixtures.test.ts'));
const out = join(target, 'out');
rmSync(out, { recursive: true, force: true });
console.log(`generating in ${tree}`);
console.log(run('npx', ['vitest', 'run', '--project', 'worker', 'test/worker/upgrade/make-fixtures.test.ts', '--update'], tree));

const fixtures = join(here, 'fixtures');
mkdirSync(fixtures, { recursive: true });
for (const file of readdirSync(out).filter((f) => f.endsWith('.json')).sort()) {
  const dump = JSON.parse(readFileSync(join(out, file), 'utf8'));
  dump.build = build;
  const name = `schema${dump.schema}-${build}-${dump.kind}.json`;
  writeFileSync(join(fixtures, name), JSON.stringify(dump, null, 1) + '\n');
  console.log(`wrote test/worker/upgrade/fixtures/${name}`);
}
if (!args.includes('--keep')) run('git', ['worktree', 'remove', '--force', tree], project);
