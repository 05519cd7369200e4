// "Room webhook (optional)": "The host may give the room an incoming-webhook URL
// (Discord/Slack-compatible JSON). The room posts public announcements only (game start, dawn
// results, verdicts, game over) there, in the room's language. The URL is stored in the room and
// never sent to clients." The hook here is the room's own `hookFetch`, replaced inside the object.
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { T } from '../../client/strings.ts';
import type { Room } from '../../worker/room/room.ts';
import { postAnnouncement, webhookRefusal } from '../../worker/room/webhook.ts';
import { Bot, Client, createRoom, join, storedGame, stubOf, until } from './helpers.ts';

const SECRET_PATH = '/api/webhooks/1234567890/s3cr3t-t0ken';
const HOOK = `https://discord.com${SECRET_PATH}`;

interface Post {
  url: string;
  body: { content: string; text: string; allowed_mentions: { parse: string[] } };
}

/** A chat service for one room: records each post and answers `status` (0: the network fails). */
async function hook(code: string, status: () => number = () => 204): Promise<Post[]> {
  const posts: Post[] = [];
  await runInDurableObject(stubOf(code), (room: Room) => {
    room.hookFetch = async (request: Request) => {
      posts.push({ url: request.url, body: (await request.json()) as Post['body'] });
      const answer = status();
      if (answer === 0) throw new Error('the chat service is unreachable');
      return new Response('nope', { status: answer });
    };
  });
  return posts;
}

/** Eight seats, the host first; seat 2's player picked a name that would ping a whole channel. */
async function table() {
  const room = await createRoom({ ruleset: 'classic', spectators: true });
  const names = ['Host', '@everyone <!channel>', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8'];
  const seats = [];
  for (const [i, name] of names.entries()) seats.push(await join(room.code, name, i === 0 ? room.hostToken : undefined));
  const clients = await Promise.all(seats.map((s) => Client.open(room.code, s.token)));
  return { room, seats, clients, host: clients[0]! };
}

const hostMove = (c: Client, id: string, move: Record<string, unknown>) => c.request({ type: 'host', id, move } as never);

describe('the room webhook', () => {
  it('only the host sets it, https to a public host name; the table sees the host name, never the URL', async () => {
    const { room, clients, host } = await table();
    for (const bad of ['http://discord.com/api/webhooks/1/x', 'https://127.0.0.1/hook', 'https://[::1]/hook', 'https://localhost/hook', 'https://printer.local/x', 'https://intranet/x', 'https://a:b@discord.com/x', 'https://discord.com:8443/x', 'not a url']) {
      expect(await hostMove(host, `bad-${bad}`, { type: 'webhook', url: bad, lang: 'en' }), bad).toMatchObject({ type: 'error', code: 'room/bad-webhook' });
    }
    expect(await hostMove(clients[3]!, 'w', { type: 'webhook', url: HOOK, lang: 'en' })).toMatchObject({ type: 'error', code: 'room/not-host' });
    const from = clients[5]!.frames.length;
    expect(await hostMove(host, 'w', { type: 'webhook', url: HOOK, lang: 'ko' })).toEqual({ type: 'ack', id: 'w' });
    const shown = await clients[5]!.waitFor('room', (f) => f.room.webhook !== null, from);
    expect(shown.room.webhook).toEqual({ host: 'discord.com', lang: 'ko' });
    const spectator = await Client.open(room.code);
    await spectator.waitFor('room');
    for (const c of [...clients, spectator]) expect(JSON.stringify(c.frames)).not.toContain('s3cr3t');

    // Removed with null.
    expect(await hostMove(host, 'off', { type: 'webhook', url: null, lang: 'ko' })).toEqual({ type: 'ack', id: 'off' });
    await host.waitFor('room', (f) => f.room.webhook === null);
    for (const c of [...clients, spectator]) c.close();
  });

  it('posts one message per public event group, in the room’s language, with no role, pointer or mention', async () => {
    const { room, seats, clients, host } = await table();
    const posts = await hook(room.code);
    expect(await hostMove(host, 'w', { type: 'webhook', url: HOOK, lang: 'ko' })).toEqual({ type: 'ack', id: 'w' });
    const bots = clients.map((c, i) => new Bot(c, seats[i]!.seat));
    expect(await hostMove(host, 'go', { type: 'start' })).toEqual({ type: 'ack', id: 'go' });
    await until('game over', () => bots.every((b) => b.view?.phase === 'over'), 20_000);
    await until('the game-over post', () => posts.some((p) => p.body.content.includes('게임 종료')));
    const state = (await storedGame(room.code)).state!;

    for (const p of posts) {
      expect(p.url).toBe(HOOK);
      // Discord reads `content`, Slack `text`: the same words; no mention may ping anyone.
      expect(p.body.text).toBe(p.body.content);
      expect(p.body.allowed_mentions).toEqual({ parse: [] });
      expect(p.body.content.startsWith(`톈헤이 · ${room.code}\n`)).toBe(true);
      expect(p.body.content).not.toContain('@everyone');
      expect(p.body.content).not.toContain('<!channel>');
    }
    expect(posts[0]!.body.content).toBe(`톈헤이 · ${room.code}\n새 게임 시작: ${T.rs_classic[3]}, 플레이어 8명.`);
    // One post per dawn, and each verdict's ballots once.
    const count = (type: string) => state.log.filter((e) => e.event.type === type).length;
    expect(posts.filter((p) => p.body.content.includes('날이 밝았습니다')).length).toBe(count('dawn'));
    expect(posts.map((p) => p.body.content.split(`${T.ballots[3]}: `).length - 1).reduce((a, b) => a + b, 0)).toBe(count('ballots'));
    expect(posts.at(-1)!.body.content).toContain('게임 종료');
    // Between the start (whose ruleset name says "police") and the end, nothing names a role (classic
    // announces none), a night call, a pointer or a check.
    const secrets = ['killer', 'police', 'civilian', 'e_pointed', 'e_kill', 'checkKiller', 'checkGood', 'call_killers', 'call_police'] as const;
    for (const p of posts.slice(1, -1)) for (const k of secrets) expect(p.body.content, k).not.toContain(T[k][3].replace(/\{\d\}/g, '').trim().slice(0, 4));
    // The one-line shape of a seat is the table's own: "#2" with its name, isolated.
    expect(posts.some((p) => p.body.content.includes('@\u200beveryone ‹!channel›'))).toBe(true);
    for (const c of clients) c.close();
  });

  it('a hook that answers 500 or cannot be reached changes nothing in the game', async () => {
    const { room, seats, clients, host } = await table();
    let answer = 500;
    const posts = await hook(room.code, () => answer);
    expect(await hostMove(host, 'w', { type: 'webhook', url: HOOK, lang: 'en' })).toEqual({ type: 'ack', id: 'w' });
    expect(await hostMove(host, 'go', { type: 'start' })).toEqual({ type: 'ack', id: 'go' });
    await until('the start post', () => posts.length === 1);
    answer = 0;
    // Every seat reads its card; the game moves on to night 1 as it would without a hook.
    const bots = clients.map((c, i) => new Bot(c, seats[i]!.seat));
    await until('game over', () => bots.every((b) => b.view?.phase === 'over'), 20_000);
    await until('the game-over post', () => posts.some((p) => p.body.content.includes('Game over')));
    expect((await storedGame(room.code)).state!.result).not.toBeNull();
    // The hook stays set: each announcement tried again.
    expect(posts.length).toBeGreaterThan(2);
    expect(host.of('room').at(-1)!.room.webhook).toEqual({ host: 'discord.com', lang: 'en' });
    for (const c of clients) c.close();
  });

  it('refuses names that end in a dot, single-label names and the special-use suffixes; public names pass', () => {
    const refused = [
      'https://localhost./x',
      'https://printer.lan./x',
      'https://metadata.google.internal./x',
      'https://kube-dns.kube-system.svc.cluster.local./x',
      'https://discord.com./api/webhooks/1/x',
      'https://intranet/x',
      'https://intranet./x',
      'https://printer.lan/x',
      'https://nas.local/x',
      'https://metadata.google.internal/x',
      'https://router.home.arpa/x',
      'https://app.localhost/x',
      'https://kube-dns.kube-system.svc/x',
      'https://api.default.svc.cluster.local/x',
      'https://wiki.corp/x',
    ];
    for (const url of refused) expect(webhookRefusal(url), url).not.toBeNull();
    for (const url of ['https://discord.com/api/webhooks/1/x', 'https://hooks.slack.com/services/T/B/x', 'https://chat.example.org/hook', 'https://svc.example.com/x', 'https://local.example.com/x']) expect(webhookRefusal(url), url).toBeNull();
  });

  it('a trailing-dot local name is refused as a move too', async () => {
    const { clients, host } = await table();
    for (const bad of ['https://localhost./x', 'https://printer.lan./x', 'https://api.svc/x']) {
      expect(await hostMove(host, `bad-${bad}`, { type: 'webhook', url: bad, lang: 'en' }), bad).toMatchObject({ type: 'error', code: 'room/bad-webhook' });
    }
    for (const c of clients) c.close();
  });

  it('never follows a redirect: a 307 from the hook is a failed post, and nothing is re-posted where it points', async () => {
    const { room, clients, host } = await table();
    const INSIDE = 'http://127.0.0.1:8080/private/admin';
    const sent: { url: string; redirect: string; body: string }[] = [];
    await runInDurableObject(stubOf(room.code), (r: Room) => {
      // The network as fetch() sees it: the hook answers 307; a request that follows redirects is
      // posted again, body and all, to the Location (fetch's own rule for 307 and 308).
      r.hookFetch = async (request: Request) => {
        const body = await request.text();
        sent.push({ url: request.url, redirect: request.redirect, body });
        if (request.url === INSIDE) return new Response('admin');
        const answer = new Response(null, { status: 307, headers: { Location: INSIDE } });
        if (request.redirect !== 'follow') return answer;
        sent.push({ url: INSIDE, redirect: request.redirect, body });
        return new Response('admin');
      };
    });
    expect(await hostMove(host, 'w', { type: 'webhook', url: HOOK, lang: 'en' })).toEqual({ type: 'ack', id: 'w' });
    expect(await hostMove(host, 'go', { type: 'start' })).toEqual({ type: 'ack', id: 'go' });
    await until('the start post', () => sent.length >= 1);
    await new Promise((done) => setTimeout(done, 50));
    expect(sent.map((s) => s.url)).toEqual([HOOK]);
    expect(sent[0]!.redirect).toBe('manual');
    for (const c of clients) c.close();
  });

  it('a post counts as delivered only on a 2xx answer: 3xx, 4xx, 5xx and a failed network are failures', async () => {
    const hookOf = { url: HOOK, lang: 'en' as const };
    const answering = (status: number) => async () => new Response(null, { status, ...(status >= 300 && status < 400 ? { headers: { Location: 'https://example.org/' } } : {}) });
    expect(await postAnnouncement(hookOf, 'hello', answering(204))).toBe(true);
    expect(await postAnnouncement(hookOf, 'hello', answering(200))).toBe(true);
    for (const status of [301, 302, 303, 307, 308, 400, 404, 500]) expect(await postAnnouncement(hookOf, 'hello', answering(status)), String(status)).toBe(false);
    expect(await postAnnouncement(hookOf, 'hello', async () => Promise.reject(new Error('unreachable')))).toBe(false);
  });
});
