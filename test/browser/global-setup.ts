// Starts `wrangler dev` for the browser tests on its own port, with a fresh storage folder, and
// stops its whole process group afterwards. It serves the tests' copy of the client (dist/client-e2e),
// which must be built first (`npm run build:client`; `npm test` runs it in `pretest`), and Debian's
// Chromium must be installed.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { testVapidVars } from '../../scripts/vapid.ts';
import { CHROMIUM, PORT, serverAnswers } from './browser.ts';

const ROOT = resolve(import.meta.dirname, '../..');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Each browser project has its own server: 'browser-light' runs at the same time as the others' files.
  const port = PORT + (project.name === 'browser-light' ? 10 : 0);
  const baseURL = `http://127.0.0.1:${port}`;
  const healthy = () => serverAnswers(baseURL);
  for (const path of Object.values(CHROMIUM)) {
    if (!existsSync(path)) throw new Error(`${path} is missing: run \`apt-get install -y chromium chromium-headless-shell\` (the browser tests use Debian's Chromium)`);
  }
  // The tests' copy of the client: the production page plus the voice's test probe (vite.config.ts).
  if (!existsSync(join(ROOT, 'dist/client-e2e/index.html'))) throw new Error('dist/client-e2e is missing: run `npm run build:client` (npm test does it in pretest)');
  if (await healthy()) throw new Error(`port ${port} already answers: stop whatever runs on ${baseURL} before the browser tests`);

  const state = mkdtempSync(join(tmpdir(), 'tianhei-e2e-'));
  // Push is on, with a key pair for this run only, so the room offers "notify me".
  const vars = Object.entries(testVapidVars()).flatMap(([k, v]) => ['--var', `${k}:${v}`]);
  let output = '';
  let child: ChildProcess | null = null;
  let exited: number | null = null;
  let stopped = false;

  /** Starts the server and waits until it answers; writes `trouble` when it will not. */
  const start = async (trouble: string) => {
    if (stopped) return;
    const server = spawn(
      join(ROOT, 'node_modules/.bin/wrangler'),
      ['dev', '--port', String(port), '--ip', '127.0.0.1', '--assets', 'dist/client-e2e', '--persist-to', state, '--show-interactive-dev-session=false', '--log-level', 'warn', ...vars],
      {
        cwd: ROOT,
        // Its own process group, so teardown stops wrangler and workerd together.
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1', CI: 'true' },
      },
    );
    child = server;
    const keep = (b: Buffer) => (output = (output + b.toString()).slice(-4000));
    server.stdout!.on('data', keep);
    server.stderr!.on('data', keep);
    server.on('exit', (code) => (exited = code ?? -1));
    const end = Date.now() + 60_000;
    while (!stopped && !(await healthy())) {
      // A build error does not stop `wrangler dev` (it waits for the files to change): say so at once.
      const why = exited !== null ? `exited with ${exited}` : /Build failed/.test(output) ? 'the Worker did not build' : Date.now() > end ? 'timed out' : '';
      if (why) {
        if (!stopped) writeFileSync(trouble, `wrangler dev did not answer on ${baseURL}/api/health (${why}):\n${output}`);
        return;
      }
      await sleep(200);
    }
  };

  const stop = async () => {
    stopped = true;
    const pid = child?.pid;
    if (pid && exited === null) {
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {}
      for (let i = 0; i < 50 && exited === null; i++) await sleep(100);
      if (exited === null) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {}
      }
    }
    rmSync(state, { recursive: true, force: true });
  };

  // The server is not waited for here: every project's files wait for their global setups, and the
  // engine's files need no server (two servers starting kept them waiting 6–9 s with a core idle).
  // Each browser file waits for its server instead (test/browser/server-ready.ts), which fails with
  // what went wrong, kept in `serverTrouble`: the wrangler output of a server that exited or did not build.
  // The projects' servers start one after the other: two `wrangler dev` starting at once picked the
  // same port for workerd's internal socket ("Address already in use").
  project.provide('baseURL', baseURL);
  const trouble = join(state, 'trouble.txt');
  project.provide('serverTrouble', trouble);
  const starts = globalThis as { [SERVER_STARTS]?: Promise<void> };
  starts[SERVER_STARTS] = (starts[SERVER_STARTS] ?? Promise.resolve()).then(() => start(trouble));
  return stop;
}

/** The servers' starts in this vitest process, one after the other (each project's setup may load this module afresh, so the chain lives on globalThis). */
const SERVER_STARTS = Symbol.for('tianhei.e2e.serverStarts');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
