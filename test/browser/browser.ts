// Shared by the browser tests and their global setup: where the app runs and how Chromium starts.
import { chromium, type Browser } from 'playwright-core';

/**
 * `wrangler dev` for the first chain of browser tests listens here (not 8787, so `npm run dev` can
 * keep running), the second chain on the next port; E2E_PORT moves them, so two checkouts on one
 * machine can run their browser tests at once.
 */
export const PORT = Number(process.env.E2E_PORT ?? 8796);

/** The port of a browser project's `wrangler dev`: `browser` on PORT, `browser-<n>` on PORT + n - 1. */
export function portOf(project: string): number {
  const n = Number(/-(\d+)$/.exec(project)?.[1] ?? 1);
  return PORT + n - 1;
}
/** Debian's Chromium; Playwright's own browser download is never used. */
export const CHROMIUM = '/usr/bin/chromium';

declare module 'vitest' {
  interface ProvidedContext {
    baseURL: string;
  }
}

/** Headless Debian Chromium, as root in a container: no sandbox, no GPU, nothing phoning home. */
export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}
