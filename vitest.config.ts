import { defineConfig } from 'vitest/config';
import { cloudflareTest } from '@cloudflare/vitest-plugin';

export default defineConfig({
  test: {
    // Project-level passWithNoTests is not allowed; root-level covers an empty test/engine/.
    passWithNoTests: true,
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
        plugins: [cloudflareTest({ wrangler: { configPath: './wrangler.toml' } })],
        test: {
          name: 'worker',
          include: ['test/worker/**/*.test.ts'],
        },
      },
    ],
  },
});
