import { defineConfig } from 'vite';

// Client-only build; the Worker is bundled by wrangler, not Vite.
export default defineConfig({
  root: 'client',
  build: { outDir: '../dist/client', emptyOutDir: true },
  // Vite 8 transforms with Oxc (the `esbuild` option is deprecated); Preact's automatic JSX runtime
  // needs no Babel preset.
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
});
