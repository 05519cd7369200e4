import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { testVapidVars } from './scripts/vapid.ts';

/**
 * The browser files in two chains that run beside each other (and beside the engine and worker
 * files), each chain one file at a time against its own `wrangler dev`: the first chain lists its
 * files, the second takes every other one (a new file lands there). Balanced by their times.
 */
const BROWSER_CHAINS: { name: string; files: string[] | 'rest' }[] = [
  { name: 'browser', files: ['story', 'table-flow', 'table-mode', 'push', 'first-paint', 'room-bots'] },
  { name: 'browser-2', files: 'rest' },
];
const chainFile = (f: string) => `test/browser/${f}.test.ts`;

/** A vitest project running one chain of browser files: real headless Chromium (Debian's, driven by playwright-core) against `wrangler dev`, which the global setup starts on the chain's own port with fresh storage. */
function browserProject(chain: (typeof BROWSER_CHAINS)[number]) {
  const listed = BROWSER_CHAINS.flatMap((c) => (c.files === 'rest' ? [] : c.files.map(chainFile)));
  return {
    test: {
      name: chain.name,
      environment: 'node',
      include: chain.files === 'rest' ? ['test/browser/**/*.test.ts'] : chain.files.map(chainFile),
      exclude: chain.files === 'rest' ? listed : [],
      globalSetup: ['test/browser/global-setup.ts'],
      // Each file plays in rooms of its own (its own Durable Objects), one file at a time per chain.
      fileParallelism: false,
      testTimeout: 180_000,
      hookTimeout: 60_000,
    },
  };
}

export default defineConfig({
  test: {
    // Project-level passWithNoTests is not allowed; root-level covers an empty test/engine/.
    passWithNoTests: true,
    // Vitest's default is one worker fewer than the cores: on 2 cores that is one. Here every core
    // runs engine and worker files, and two more workers run the two browser chains beside them: those
    // mostly wait on sockets and pages, and no browser test waits on a deadline it could miss under load.
    maxWorkers: availableParallelism() + 2,
    reporters: ['default', './test/slowest-files.ts'],
    projects: [
      {
        // Pure rules engine: plain Node, no Workers runtime, fast.
        test: {
          name: 'engine',
          environment: 'node',
          include: ['test/engine/**/*.test.ts'],
        },
      },
      {
        // Runs inside workerd with the real wrangler.toml bindings (DO, assets).
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            // A VAPID key pair for this run, so the rooms send pushes (to the tests' own push service).
            miniflare: { bindings: testVapidVars() },
          }),
        ],
        test: {
          name: 'worker',
          include: ['test/worker/**/*.test.ts'],
          // A whole game over sockets takes ~1 s alone, but these files share the cores with the
          // engine's property files: the default 5 s was too close.
          testTimeout: 20_000,
        },
      },
      ...BROWSER_CHAINS.map(browserProject),
    ],
  },
});
