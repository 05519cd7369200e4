// The home page's first paint on a throttled phone (CPU 4× slower through the DevTools protocol, a
// slow 4G link): prints FCP and the JavaScript the first screen fetched. Printed, never asserted on
// time (the machine is shared); the bytes are asserted against the budget (≤ 20 KB gzipped).
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch } from './browser.ts';
import { PHONE } from './pages.ts';

let browser: Browser;
beforeAll(async () => (browser = await launch()));
afterAll(async () => browser?.close());

it('the home page paints first on a throttled phone with at most 20 KB of gzipped JavaScript', async () => {
  const base = inject('baseURL');
  const runs: number[] = [];
  let js: { url: string; gz: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const context = await browser.newContext({ ...PHONE, baseURL: base, locale: 'en-US' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    // Slow 4G as DevTools defines it: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up.
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 94_000 });
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto('/');
    await page.locator('[data-testid=create]').waitFor();
    // The paint entry is queued once the frame is presented, which on a busy machine can come after the
    // page's button is found: wait for it (up to 10 s) rather than read it at once (-1 in one CI run).
    const fcp = await page.evaluate(
      () =>
        new Promise<number>((done) => {
          new PerformanceObserver((list) => {
            const entry = list.getEntriesByName('first-contentful-paint')[0];
            if (entry) done(entry.startTime);
          }).observe({ type: 'paint', buffered: true });
          setTimeout(() => done(-1), 10_000);
        }),
    );
    runs.push(Math.round(fcp));
    // wrangler dev serves uncompressed: gzip what the page fetched, as a CDN would send it.
    js = await Promise.all(scripts.map(async (url) => ({ url: new URL(url).pathname, gz: gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length })));
    await context.close();
  }
  const total = js.reduce((n, f) => n + f.gz, 0);
  console.log(`first screen (home, phone, CPU 4×, slow 4G): FCP ${runs.join(' / ')} ms; JavaScript ${total} B gzipped in ${js.length} file(s): ${js.map((f) => `${f.url} ${f.gz} B`).join(', ')}`);
  expect(runs.every((r) => r > 0), 'a first contentful paint happened').toBe(true);
  expect(total).toBeLessThanOrEqual(20 * 1024);
});
