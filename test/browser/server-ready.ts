// Before each browser file: its project's `wrangler dev` answers. The global setup starts the server
// without waiting for it (test/browser/global-setup.ts), so the engine's files start at once; the
// first browser files wait here, the rest find it up with one request.
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, inject } from 'vitest';
import { serverAnswers } from './browser.ts';

/** Servers found up by this worker (a worker keeps its modules from file to file). */
const up = new Set<string>();

beforeAll(async () => {
  const base = inject('baseURL');
  if (up.has(base)) return;
  const trouble = inject('serverTrouble');
  for (const end = Date.now() + 90_000; !(await serverAnswers(base)); ) {
    if (existsSync(trouble)) throw new Error(readFileSync(trouble, 'utf8'));
    if (Date.now() > end) throw new Error(`wrangler dev did not answer on ${base}/api/health within 90 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
  up.add(base);
}, 100_000);
