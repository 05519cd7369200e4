// Bundle sizes: the client's gzipped JavaScript, chunk by chunk and for the home page's first screen
// (and each language's strings), and the Worker's
// bundle as `wrangler deploy --dry-run` builds it.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface SizeFigures {
  clientJsGzipBytes: number;
  clientJsFiles: number;
  /** Every chunk, by name without its hash: the home page's and each lazily loaded screen's. */
  clientJsChunksGzipBytes: Record<string, number>;
  /** What the home page loads before its first paint: the entry script and its modulepreloads. */
  homeJsGzipBytes: number;
  clientCssGzipBytes: number;
  stringsGzipBytesPerLanguage: Record<string, number>;
  workerBundleBytes: number;
  workerBundleGzipBytes: number;
}

function gz(path: string): number {
  return gzipSync(readFileSync(path), { level: 9 }).length;
}

/** Builds the client and a dry-run Worker bundle, and measures both. */
export function benchSizes(): SizeFigures {
  execFileSync('vite', ['build', '--logLevel', 'error'], { stdio: 'inherit' });
  const assets = 'dist/client/assets';
  const files = readdirSync(assets);
  const js = files.filter((f) => f.endsWith('.js'));
  const css = files.filter((f) => f.endsWith('.css'));
  const strings: Record<string, number> = {};
  for (const f of readdirSync('dist/client/strings')) strings[f.replace('.json', '')] = gz(join('dist/client/strings', f));

  const chunks: Record<string, number> = {};
  for (const f of js) chunks[f.replace(/-[\w-]{8}\.js$/, '')] = gz(join(assets, f));
  // The first screen's scripts are the ones index.html names; the rest arrive by dynamic import.
  const html = readFileSync('dist/client/index.html', 'utf8');
  const first = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);

  const out = '/tmp/tianhei-dry-run';
  rmSync(out, { recursive: true, force: true });
  execFileSync('wrangler', ['deploy', '--dry-run', '--outdir', out], { stdio: 'ignore', env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } });
  const bundle = readdirSync(out).filter((f) => f.endsWith('.js'));
  return {
    clientJsGzipBytes: js.reduce((n, f) => n + gz(join(assets, f)), 0),
    clientJsFiles: js.length,
    clientJsChunksGzipBytes: chunks,
    homeJsGzipBytes: first.reduce((n, f) => n + gz(join(assets, f)), 0),
    clientCssGzipBytes: css.reduce((n, f) => n + gz(join(assets, f)), 0),
    stringsGzipBytesPerLanguage: strings,
    workerBundleBytes: bundle.reduce((n, f) => n + statSync(join(out, f)).size, 0),
    workerBundleGzipBytes: bundle.reduce((n, f) => n + gz(join(out, f)), 0),
  };
}
