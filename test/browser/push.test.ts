// In real headless Chromium: the service worker registers when the player asks for
// notifications, a push delivered through the DevTools protocol (ServiceWorker.deliverPushMessage)
// shows a notification worded in the seat's language, and its tap handler opens the room on the
// device's seat. Without push, the tab title, the favicon and the home page's "My games" say what
// the seat owes.
// The game itself runs from Node: eight seat sockets, so the test knows which seat owes the night call.
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { CreateRoomResponse, JoinResponse, PushConfig } from '../../worker/protocol.ts';
import { readFrame } from '../read-frame.ts';
import type { View } from '../../worker/engine/index.ts';
import { apiHeaders, launch } from './browser.ts';
import { PHONE } from './pages.ts';

let browser: Browser;
let context: BrowserContext;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  // The headless shell shows no notifications: this file needs the full browser.
  browser = await launch('full');
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await browser?.close();
});

async function post<T>(base: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(base + path, { method: 'POST', headers: apiHeaders(), body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A seat's socket from Node, keeping its latest game view. */
async function seatSocket(base: string, code: string, token: string): Promise<{ latest: () => View | null; send: (frame: unknown) => void }> {
  let view: View | null = null;
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/rooms/${code}/ws`, ['tianhei.v1', `seat.${token}`]);
  sockets.push(ws);
  ws.addEventListener('message', (e) => {
    const f = readFrame(String(e.data), view);
    if (f?.type === 'game') view = f.view;
  });
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve);
    ws.addEventListener('error', reject);
  });
  return { latest: () => view, send: (frame) => ws.send(JSON.stringify(frame)) };
}

async function until<T>(what: string, get: () => T | null | undefined | false, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = get();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

it('push to the service worker shows the notice in the seat’s language; tapping opens the room on that seat; the title shows what is owed', async () => {
  const base = inject('baseURL');
  // This deploy has VAPID keys (global setup), so it offers notifications.
  const config = (await (await fetch(`${base}/api/push`)).json()) as PushConfig;
  expect(config.publicKey).toMatch(/^B[\w-]{86}$/);

  const made = await post<CreateRoomResponse>(base, '/api/rooms', { ruleset: 'classic', pace: { preset: 'async' } });
  const seats: JoinResponse[] = [];
  for (let i = 1; i <= 8; i++) seats.push(await post<JoinResponse>(base, `/api/rooms/${made.code}/join`, { name: `P${i}`, ...(i === 1 ? { hostToken: made.hostToken } : {}) }));
  const clients = await Promise.all(seats.map((s) => seatSocket(base, made.code, s.token)));
  clients[0]!.send({ type: 'host', id: 'start', move: { type: 'start' } });
  await until('every seat’s first view', () => clients.every((c) => c.latest()));
  // Night 1 opens once every seat has seen its card (RULES.md 11).
  clients.forEach((c, i) => c.send({ type: 'act', id: `seen-${i}`, move: { type: 'seen' } }));
  const views = await until('the first night call', () => (clients.every((c) => c.latest()?.step.kind === 'call') ? clients.map((c) => c.latest()!) : null));
  const called = views.find((v) => v.legal.some((a) => a.type === 'point'))!;
  const resting = views.find((v) => v.legal.length === 0 || v.legal.every((a) => a.type === 'surrender'))!;
  const seat = called.me!.seat;
  const stored = (s: number) => ({ code: made.code, seat: s, token: seats[s - 1]!.token, host: s === 1 });

  context = await browser.newContext({ ...PHONE, locale: 'es-ES' });
  await context.grantPermissions(['notifications'], { origin: base });
  await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [`tianhei.room.${made.code}`, JSON.stringify(stored(seat))]);
  const page = await context.newPage();
  // Seat tokens never travel in a URL.
  const urls: string[] = [];
  context.on('request', (r) => urls.push(r.url()));
  const cdp: CDPSession = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');

  await page.goto(`${base}/r/${made.code}`);
  await page.locator('svg.table g.me').waitFor();
  // Without permission or push, the page still says it: the title and a dot on the favicon.
  await page.waitForFunction(() => document.title.startsWith('(1) '));
  expect(await page.title()).toBe('(1) Tu llamada nocturna — Tianhei');
  // The dotted icon is encoded off the main thread (toBlob), so it follows the title a moment later.
  await page.locator('link[rel~=icon][data-owed="1"]').waitFor({ state: 'attached', timeout: 5_000 });
  // No service worker before the player asks for notifications.
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);

  // "Notify me": registers the service worker. Headless Chromium has no push service to subscribe
  // with, so the subscription itself may fail here; the worker's registration is what this checks.
  await page.locator('[data-testid=notify-me]').tap();
  const registration = await until('the service worker’s registration', () => registrations.find((r) => !r.isDeleted && r.scopeURL === `${base}/`));
  await page.waitForFunction(() => navigator.serviceWorker.ready.then((r) => r.active !== null));
  // Measured: headless Chromium refuses the subscription ("Registration failed - permission denied"),
  // and the page says so in words instead of pretending notifications are on.
  await page.waitForFunction(() => document.querySelector('[data-testid=notify-on], [data-testid=notify] .error'));
  expect(await page.locator('[data-testid=notify] .error').textContent()).toMatch(/^No se pudieron activar los avisos: /);

  const until_ = Date.UTC(2026, 11, 1, 18, 30);
  const payload = { code: made.code, seat, lang: 'es', notice: { kind: 'owe', owes: 'night-call', until: until_ } };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: base, registrationId: registration.registrationId, data: JSON.stringify(payload) });
  const shown = await pollNotifications(page);
  expect(shown.title).toBe(`Tianhei · sala ${made.code}`);
  expect(shown.body).toMatch(/^Tu llamada nocturna · hasta /);
  expect(shown.body).not.toMatch(/asesino|polic/i);
  expect(shown.data).toEqual({ code: made.code, seat, url: `/r/${made.code}` });
  // It caches nothing that could show a stale game.
  expect(await page.evaluate(() => caches.keys())).toEqual([]);

  // The tap: headless Chromium cannot click a system notification, so the worker's own tap handler
  // (openRoom) runs on the shown notification's data, with the page elsewhere. Without a real tap
  // Chromium refuses clients.openWindow (no user activation), so the test records the URL it asks
  // for and opens it as the tap would: the room, on this device's seat.
  await page.goto(`${base}/`);
  // Meanwhile the home page's "My games" says what this seat owes, asked with the token in a header.
  const mine = page.locator(`[data-testid=my-games] li[data-code="${made.code}"]`);
  await mine.waitFor();
  expect(await mine.getAttribute('data-owes')).toBe('night-call');
  expect(await mine.textContent()).toContain('Tu llamada nocturna');
  expect(urls.filter((u) => u.includes(seats[seat - 1]!.token))).toEqual([]);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const openedUrl = await worker.evaluate(async () => {
    // The worker's own globals (sw.js is a classic script: its functions live on self).
    const sw = self as unknown as {
      registration: { getNotifications(): Promise<{ data: unknown }[]> };
      clients: { openWindow(url: string): Promise<unknown> };
      openRoom(data: unknown): Promise<unknown>;
    };
    const [n] = await sw.registration.getNotifications();
    const real = sw.clients.openWindow.bind(sw.clients);
    let asked = '';
    sw.clients.openWindow = (url: string) => ((asked = url), real(url));
    await sw.openRoom(n!.data).catch(() => undefined);
    return asked;
  });
  expect(openedUrl).toBe(`${base}/r/${made.code}`);
  const opened = await context.newPage();
  await opened.goto(openedUrl);
  await opened.locator('svg.table g.me').waitFor();
  expect(Number(await opened.locator('svg.table g.me').getAttribute('data-seat'))).toBe(seat);

  // A seat that owes nothing has a plain title.
  const other = await browser.newContext({ ...PHONE, locale: 'es-ES' });
  await other.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [`tianhei.room.${made.code}`, JSON.stringify(stored(resting.me!.seat))]);
  const restingPage = await other.newPage();
  await restingPage.goto(`${base}/r/${made.code}`);
  await restingPage.locator('svg.table g.me').waitFor();
  expect(await restingPage.title()).toBe('Tianhei');
  expect(await restingPage.locator('link[rel~=icon][data-owed="1"]').count()).toBe(0);
  await other.close();
});

async function pollNotifications(page: Page): Promise<{ title: string; body: string; data: unknown }> {
  const end = Date.now() + 10_000;
  for (;;) {
    const list = await page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data as unknown })),
    );
    if (list.length > 0) return list[0]!;
    if (Date.now() > end) throw new Error('no notification was shown');
    await new Promise((r) => setTimeout(r, 100));
  }
}
