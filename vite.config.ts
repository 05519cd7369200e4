import { defineConfig, type Plugin } from 'vite';
import { LANGS, RULES, T } from './client/strings.ts';
import { SECURITY_HEADERS } from './worker/guards.ts';
import { rulesPages } from './scripts/rules-pages.ts';

// The client's strings live in one table (client/strings.ts); each phone needs one language only.
// This writes dist/client/strings/<lang>.json per language, so the JavaScript carries no strings.
function stringsPerLanguage(): Plugin {
  return {
    name: 'tianhei-strings',
    generateBundle() {
      LANGS.forEach((lang, i) => {
        const t = Object.fromEntries(Object.entries(T).map(([k, row]) => [k, row[i]]));
        const rules = Object.fromEntries(Object.entries(RULES).map(([k, row]) => [k, row[i]]));
        this.emitFile({ type: 'asset', fileName: `strings/${lang}.json`, source: JSON.stringify({ t, rules }) });
      });
    },
  };
}

// Static assets do not pass through the Worker: Workers static assets read their headers from a
// `_headers` file, written here from the same table the Worker uses for its own answers.
function securityHeadersFile(): Plugin {
  return {
    name: 'tianhei-headers',
    generateBundle() {
      const lines = Object.entries(SECURITY_HEADERS).map(([k, v]) => `  ${k}: ${v}`);
      this.emitFile({ type: 'asset', fileName: '_headers', source: ['/*', ...lines, ''].join('\n') });
    },
  };
}

// The full rules of every version (docs/rules/) as static pages at /rules/, which the in-app rules
// sheet links to: served by the deploy's own assets, so they work offline and on any self-hosted deploy.
function rulesPagesFromDocs(): Plugin {
  return {
    name: 'tianhei-rules-pages',
    generateBundle() {
      const docs = new URL('./docs', import.meta.url).pathname;
      for (const p of rulesPages(docs)) this.emitFile({ type: 'asset', fileName: `rules/${p.fileName}`, source: p.html });
    },
  };
}

// Client-only build; the Worker is bundled by wrangler, not Vite. `--mode e2e` is the browser tests'
// copy (dist/client-e2e, served by their `wrangler dev`): the same page plus the voice's test probe
// (client/voice-link.ts), which the production build (dist/client) leaves out.
export default defineConfig(({ mode }) => ({
  root: 'client',
  plugins: [stringsPerLanguage(), securityHeadersFile(), rulesPagesFromDocs()],
  define: { __VOICE_PROBE__: JSON.stringify(mode === 'e2e') },
  // No polyfill: every browser that runs this client supports modulepreload or ignores it harmlessly.
  build: { outDir: mode === 'e2e' ? '../dist/client-e2e' : '../dist/client', emptyOutDir: true, modulePreload: { polyfill: false } },
  // Vite 8 transforms with Oxc (the `esbuild` option is deprecated); Preact's automatic JSX runtime
  // needs no Babel preset.
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
}));
