// An async doctor game of 12 socket seats that go to bed at dusk and answer only their own calls
// (as a push-woken phone would), watched by a spectator's phone: what its seat dots say.
import { chromium } from 'playwright-core';
import { SocketBot, joinBot, roomSocketURL } from '/work/main/test/browser/socket-bot.ts';
const base = 'http://localhost:8787';
const res = await fetch(`${base}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, 'CF-Connecting-IP': '198.18.9.1' }, body: JSON.stringify({ ruleset: 'doctor', pace: { preset: 'async' }, spectators: true }) });
const room = (await res.json()) as { code: string; hostToken: string };
const bots: SocketBot[] = [];
for (let i = 1; i <= 12; i++) bots.push(await joinBot(base, room.code, `P${i}`, i === 1 ? room.hostToken : undefined));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en', extraHTTPHeaders: { 'CF-Connecting-IP': '198.18.9.2' } });
const page = await ctx.newPage();
await page.goto(`${base}/r/${room.code}`);
await page.locator('[data-testid=watch]').click();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// Nobody acts at night unless woken for their own call.
const atNight = (v: { step: { kind: string } }) => v.step.kind === 'call';
for (const b of bots) b.until = atNight;
bots[0]!.host({ type: 'start' });
for (let i = 0; i < 100 && bots[0]!.view?.step.kind !== 'call'; i++) await sleep(200);
const roles = bots.map((b) => b.view?.me?.role);
// At dusk everyone goes to bed.
for (const b of bots) b.close();
await sleep(1500);
console.log('roles by seat', roles.map((r, i) => `${i + 1}:${r}`).join(' '));
const dots = async () => page.locator('svg.table circle.dot').evaluateAll((els) => els.map((e) => (e.getAttribute('class')!.includes('on') ? 'o' : '.')).join(''));
const stepOf = async () => `${await page.locator('[data-testid=game]').getAttribute('data-step')}:${await page.locator('[data-testid=game]').getAttribute('data-round')}`;
const ROLE: [RegExp, string][] = [[/Secret police/, 'secret-police'], [/Killers/, 'killer'], [/Police/, 'police'], [/Doctor/, 'doctor']];
/** Each call of the night: its seats wake (open the room), act, and go back to sleep. */
async function night(n: number) {
  for (let k = 0; k < 6; k++) {
    const step = await stepOf();
    if (!step.startsWith('call')) return;
    const head = await page.locator('[data-testid=headline]').innerText();
    const role = ROLE.find(([re]) => re.test(head))?.[1];
    const woke = bots.filter((_, i) => roles[i] === role && bots[i]!.view?.seats[i]?.alive !== false);
    const before = await dots();
    for (const b of woke) {
      b.until = null;
      await b.open(roomSocketURL(base, room.code));
    }
    await sleep(1200);
    const during = await dots();
    await page.screenshot({ path: `/tmp/shots/presence-n${n}-${role}.png`, fullPage: true });
    for (let i = 0; i < 40 && (await stepOf()) === step; i++) await sleep(250);
    for (const b of woke) {
      b.until = atNight;
      b.close();
    }
    console.log(`night ${n}, ${role} call (seats ${woke.map((b) => b.seat).join(',')} woke): spectator's dots before ${before}, while awake ${during}`);
    await sleep(800);
  }
}
await night(1);
console.log('dawn 1:', await dots(), await stepOf());
// Day 1: everybody comes to play it, then goes to bed at dusk.
for (const b of bots) if (b.ws.readyState !== WebSocket.OPEN) await b.open(roomSocketURL(base, room.code));
await sleep(1500);
console.log('day 1, all came back:', await dots(), await stepOf());
for (let i = 0; i < 240 && !(await stepOf()).startsWith('call'); i++) await sleep(250);
console.log('dusk 2 (all were up for the day):', await dots(), await stepOf());
for (const b of bots) b.close();
await sleep(1500);
console.log('night 2 after all went to bed:', await dots());
await night(2);
await sleep(1500);
console.log('dawn 2:', await dots(), await stepOf());
await page.screenshot({ path: '/tmp/shots/presence-dawn2.png', fullPage: true });
await browser.close();
process.exit(0);
