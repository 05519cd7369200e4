// The voice's test probe (window.tianheiVoice, client/voice-link.ts) is in the browser tests' copy of
// the client only: the production page (dist/client, what a deploy serves) carries none of it, and
// every other chunk, the first screen among them, is the same size in both builds.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** Each built script of `dir` by its name without the content hash (`voice-bar`), with its bytes. */
function scripts(dir: string): Map<string, Buffer> {
  const assets = join(ROOT, dir, 'assets');
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  return new Map(files.map((f) => [f.replace(/-[\w-]{8}\.js$/, ''), readFileSync(join(assets, f))]));
}

it('the production build carries no test probe; the tests’ build does, in the voice’s chunk only', () => {
  const prod = scripts('dist/client');
  const e2e = scripts('dist/client-e2e');
  expect([...prod.keys()].sort()).toEqual([...e2e.keys()].sort());
  const probed = (m: Map<string, Buffer>) => [...m].filter(([, text]) => text.includes('tianheiVoice')).map(([name]) => name);
  expect(probed(prod)).toEqual([]);
  expect(probed(e2e)).toEqual(['voice-bar']);
  // The rest is byte for byte the same size (only the chunks' hashed names differ).
  for (const [name, text] of prod) if (name !== 'voice-bar') expect(text.length, name).toBe(e2e.get(name)!.length);
  console.log(`voice chunk: ${prod.get('voice-bar')!.length} bytes in production, ${e2e.get('voice-bar')!.length} with the probe; first screen (index) ${prod.get('index')!.length} bytes in both`);
});
