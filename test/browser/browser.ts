// Shared by the browser tests and their global setup: where the app runs and how Chromium starts.
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/**
 * `wrangler dev` for the browser tests listens here (not 8787, so `npm run dev` can keep running),
 * and the 'browser-light' project's 10 ports above; E2E_PORT moves both, so two checkouts on one
 * machine can run their browser tests at once.
 */
export const PORT = Number(process.env.E2E_PORT ?? 8796);
/**
 * Debian's Chromium; Playwright's own browser download is never used. Pages run in Debian's build of
 * Chromium's headless shell (package chromium-headless-shell, the same Chromium without the desktop
 * browser around it): measured on a browser file of eight pages, it took about half the CPU of the
 * full browser in headless mode (55 against 96 CPU-seconds), and the browser files are CPU-bound on
 * 2 cores. The full browser is kept for what the shell lacks: showing notifications (push.test.ts).
 */
export const CHROMIUM = { shell: '/usr/bin/chromium-headless-shell', full: '/usr/bin/chromium' } as const;

declare module 'vitest' {
  interface ProvidedContext {
    baseURL: string;
    /** A file the global setup writes when the project's server will not answer, saying why. */
    serverTrouble: string;
  }
}

/** Whether the server at `base` answers its health check. */
export async function serverAnswers(base: string): Promise<boolean> {
  try {
    const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * A client address of its own for one test device (a browser context or a socket bot), sent as
 * CF-Connecting-IP, which `wrangler dev` keeps when a request carries it. The room's per-address
 * limits on creating, joining (30 joins a minute) and opening sockets then count each device apart, as they count real
 * phones, instead of every file's seats and bots as one address. Random in 198.18.0.0/15 (benchmarking).
 */
export function deviceAddress(): string {
  const n = Math.floor(Math.random() * 2 ** 17);
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * A Node WebSocket from an address of its own (undici's WebSocket takes headers beside the
 * subprotocols): the room also limits socket upgrades per address (60 a minute), and a file's bots
 * would otherwise all come from 127.0.0.1.
 */
export function addressedSocket(url: string, protocols: string[], address = deviceAddress()): WebSocket {
  return new WebSocket(url, { protocols, headers: { 'CF-Connecting-IP': address } } as unknown as string[]);
}

/** Headers for a test's own JSON calls to the API, from an address of their own. */
export function apiHeaders(): Record<string, string> {
  return { 'content-type': 'application/json', 'CF-Connecting-IP': deviceAddress() };
}

/**
 * Chromium processes this worker has started, by kind and flags. The browser projects keep their
 * modules from file to file (isolate: false), so the files a worker runs in turn share one Chromium:
 * starting one cost about 0.6 CPU-seconds, for each of some forty files.
 */
const started = new Map<string, Promise<Browser>>();

/**
 * Headless Debian Chromium, as root in a container: no sandbox, no GPU, nothing phoning home; `extra`:
 * more flags (a fake microphone). The file gets a browser of its own to the eye: its contexts are
 * its own devices, and its `close()` closes them (not the Chromium the worker's next file will use).
 */
export async function launch(kind: keyof typeof CHROMIUM = 'shell', extra: string[] = []): Promise<Browser> {
  const key = [kind, ...extra].join(' ');
  let shared = await started.get(key)?.catch(() => undefined);
  if (!shared?.isConnected()) {
    const starting = start(kind, extra);
    started.set(key, starting);
    shared = await starting;
  }
  return fileBrowser(shared);
}

/**
 * Closes every shared Chromium. A script run on its own (the bench's phone half) must call it: the
 * shared browser outlives each caller's close(), and a running Chromium keeps Node from exiting.
 */
export async function closeSharedBrowsers(): Promise<void> {
  const all = [...started.values()];
  started.clear();
  await Promise.all(all.map((b) => b.then((browser) => browser.close()).catch(() => {})));
}

function start(kind: keyof typeof CHROMIUM, extra: string[]): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM[kind],
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic', ...extra],
  });
}

/** One file's view of the worker's Chromium: contexts with addresses of their own, and a close() that closes only them. */
function fileBrowser(shared: Browser): Browser {
  const mine = new Set<BrowserContext>();
  return new Proxy(shared, {
    get(target, prop) {
      // Every context is a device with an address of its own (see deviceAddress).
      if (prop === 'newContext') {
        return async (options: Parameters<Browser['newContext']>[0] = {}) => {
          const context = await target.newContext({ ...options, extraHTTPHeaders: { 'CF-Connecting-IP': deviceAddress(), ...options.extraHTTPHeaders } });
          mine.add(context);
          context.once('close', () => mine.delete(context));
          return context;
        };
      }
      if (prop === 'close') return async () => void (await Promise.all([...mine].map((c) => c.close().catch(() => {}))));
      if (prop === 'newPage') throw new Error('open a page in a context of its own (browser.newContext), so the file closes it');
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
