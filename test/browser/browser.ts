// Shared by the browser tests and their global setup: where the app runs and how Chromium starts.
import { chromium, type Browser } from 'playwright-core';

/**
 * `wrangler dev` for the browser tests listens here (not 8787, so `npm run dev` can keep running);
 * E2E_PORT moves it, so two checkouts on one machine can run their browser tests at once.
 */
export const PORT = Number(process.env.E2E_PORT ?? 8796);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
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
