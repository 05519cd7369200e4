import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { testVapidVars } from './scripts/vapid.ts';
import HeaviestFirst from './test/sequencer.ts';

/** Browser files that draw one page and mostly wait: see the 'browser-light' project. */
const LIGHT_BROWSER_FILES = ['test/browser/room-bots.test.ts', 'test/browser/push.test.ts', 'test/browser/away-webhook.test.ts', 'test/browser/dusk.test.ts', 'test/browser/table-centre.test.ts', 'test/browser/onlookers.test.ts', 'test/browser/lobby-lines.test.ts', 'test/browser/face-down.test.ts', 'test/browser/claim-composer.test.ts', 'test/browser/team-call-hint.test.ts', 'test/browser/screen-reader.test.ts', 'test/browser/replay-phone.test.ts', 'test/browser/speeches-heard.test.ts', 'test/browser/resync-phone.test.ts', 'test/browser/phone-screens.test.ts', 'test/browser/voice-done.test.ts', 'test/browser/voice-idle-words.test.ts', 'test/browser/voice-offers.test.ts', 'test/browser/probe-build.test.ts'];

/** Browser files that measure the phone: see the 'browser-alone' project. */
const ALONE_BROWSER_FILES = ['test/browser/busy-ballot.test.ts'];

export default defineConfig({
  test: {
    // Project-level passWithNoTests is not allowed; root-level covers an empty test/engine/.
    passWithNoTests: true,
    // Vitest's default is one worker fewer than the cores: on 2 cores that is one. Here one more than
    // the cores, for the engine and worker files; the browser files run after them, two at a time
    // (beside the CPU-bound engine files, pages could not answer a tap within seconds).
    maxWorkers: availableParallelism() + 1,
    reporters: ['default', './test/slowest-files.ts'],
    // Each project's heaviest files start first (test/sequencer.ts).
    sequence: { sequencer: HeaviestFirst },
    projects: [
      {
        // Pure rules engine: plain Node, no Workers runtime, fast.
        test: {
          name: 'engine',
          environment: 'node',
          // The engine is pure (no module state a file could leave behind), so a worker keeps its modules
          // from file to file instead of importing the engine afresh for each of ~40 files.
          isolate: false,
          include: ['test/engine/**/*.test.ts'],
          // Seeded-game checks take seconds of CPU on an idle core and share two cores with the other
          // files: the default 5 s failed them on a loaded machine (a limit, not a measurement).
          testTimeout: 120_000,
        },
      },
      {
        // Runs inside workerd with the real wrangler.toml bindings (DO, assets).
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            // A VAPID key pair for this run, so the rooms send pushes (to the tests' own push service).
            // A TURN key too, so rooms may choose "relay only"; the rooms' TURN API is the tests' own (turnFetch).
            miniflare: { bindings: { ...testVapidVars(), TURN_KEY_ID: 'test-turn-key', TURN_KEY_API_TOKEN: 'test-turn-token' } },
          }),
        ],
        test: {
          name: 'worker',
          // Every file plays in rooms of its own (fresh codes), so one runtime serves the files in turn:
          // importing the worker afresh for each file took 40 of the project's 54 s.
          isolate: false,
          include: ['test/worker/**/*.test.ts'],
          // A whole game over sockets takes ~1 s alone, but these files share the cores with the
          // engine's property files: the default 5 s was too close.
          testTimeout: 20_000,
        },
      },
      {
        // Browser files that mostly wait (the room's own bots act at human delays; a push to arrive)
        // and draw one or two pages: they run beside the engine and worker files, each with a server of its
        // own (the global setup puts it 10 ports above the other). Measured on 2 cores: room-bots
        // ~13 CPU-seconds over ~30 s, push ~9 over ~15 s.
        test: {
          name: 'browser-light',
          environment: 'node',
          // Each file opens browser contexts and rooms of its own (on the worker's one Chromium, launch in
          // test/browser/browser.ts); a worker keeps the modules (playwright-core, the protocol, the client's
          // helpers) from file to file instead of importing them afresh.
          isolate: false,
          include: LIGHT_BROWSER_FILES,
          globalSetup: ['test/browser/global-setup.ts'],
          setupFiles: ['test/browser/server-ready.ts'],
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Real headless Chromium (Debian's, driven by playwright-core) against `wrangler dev`, which
        // the global setup starts on its own port with fresh storage. Each file plays in rooms of its
        // own (its own Durable Objects), after the engine and worker files (a group of its own), three
        // files at a time: they mostly wait (bots at human delays, timers, animations), and two at a
        // time left the cores half idle for the group's two and a half minutes (a whole run averaged
        // one busy core of two); four kept both cores busy but each page slower, and the group, run
        // alone back to back, took 157 s and 299 CPU-s at four, 146 s and 264 CPU-s at three.
        test: {
          name: 'browser',
          environment: 'node',
          // As in 'browser-light': each file's contexts and rooms are its own; the modules stay loaded.
          isolate: false,
          include: ['test/browser/**/*.test.ts'],
          exclude: [...LIGHT_BROWSER_FILES, ...ALONE_BROWSER_FILES],
          globalSetup: ['test/browser/global-setup.ts'],
          setupFiles: ['test/browser/server-ready.ts'],
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The busy ballot (fifteen votes at once at day 9) on the phone alone (a stand-in serves the room's frames: no wrangler), after
        // every other file and by itself: its figures are the phone's, not a neighbouring browser file's.
        test: {
          name: 'browser-alone',
          environment: 'node',
          include: ALONE_BROWSER_FILES,
          sequence: { groupOrder: 2 },
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
