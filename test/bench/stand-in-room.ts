// A stand-in for a room, without wrangler: a small Node server serves the built client (dist/client)
// and one WebSocket at the room's address, which gets the given first frames on connecting; the
// caller sends the rest itself. For the client measured or tested alone on frames the engine built
// (Playwright's own WebSocket route delivers each frame by evaluating script in the page, which costs
// a throttled page more than the frame itself).
import { readFileSync, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import type { GameState } from '../../worker/engine/types.ts';
import type { RoomSummary, RoomView, ServerFrame } from '../../worker/protocol.ts';

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.html': 'text/html', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.webmanifest': 'application/manifest+json' };

/**
 * A room stand-in on a free port: its base URL, a send to the socket last opened, the frames the page
 * sent, a way to drop the socket, and close. With a `summary`, it answers the room's GET (the join form
 * asks it); `api` answers other GETs of the room's API by path (the live voice's ICE servers); `dist`
 * is the build it serves (the browser tests' copy, dist/client-e2e, carries the voice's test probe).
 */
export async function standInRoom(code: string, first: string[], summary?: RoomSummary, api: Record<string, unknown> = {}, dist = 'dist/client'): Promise<{ base: string; send: (text: string) => void; received: string[]; drop: () => void; close: () => void }> {
  if (!existsSync(join(dist, 'index.html'))) throw new Error('build the client first (npm run build:client)');
  let socket: ServerSocket | null = null;
  const received: string[] = [];
  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (summary && url.pathname === `/api/rooms/${code}`) return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(summary));
    if (url.pathname in api) return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(api[url.pathname]));
    if (url.pathname.startsWith('/api/')) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"stand-in"}');
    let file = join(dist, url.pathname);
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(dist, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  const wss = new WebSocketServer({ server: http, path: `/api/rooms/${code}/ws` });
  wss.on('connection', (ws) => {
    socket = ws;
    ws.on('message', (m) => received.push(String(m)));
    for (const f of first) ws.send(f);
  });
  await new Promise<void>((ok) => http.listen(0, '127.0.0.1', ok));
  return {
    base: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    send: (text) => socket!.send(text),
    received,
    drop: () => socket?.close(),
    close: () => {
      wss.close();
      http.close();
    },
  };
}

/** The room frame a stand-in sends first: the room of `state`'s game, every seat connected, seat 1 (Ann) its host and the viewer unless `change` says otherwise. */
export function roomFrame(code: string, state: GameState, change: Partial<RoomView> = {}): string {
  const n = state.setup.players;
  const room: RoomView = {
    code, ruleset: state.setup.ruleset, options: state.setup.options, pace: { preset: 'live' }, deadlines: state.setup.pace, spectators: true,
    status: state.result ? 'over' : 'playing', gameNo: 1, minPlayers: 8, maxPlayers: 20, fillTo: null, judgeSeats: 0,
    seats: Array.from({ length: n }, (_, i) => ({ seat: i + 1, name: i === 0 ? 'Ann' : i === 1 ? 'Bo' : `Bot${i + 1}`, connected: true, host: i === 0, score: 0 })),
    spectatorsWatching: 0, humanJudge: false, judge: null, table: false, voice: 'off', webhook: null, you: { seat: 1, host: true, judge: false },
    prodded: [], expiresAt: Date.now() + 86_400_000, scheduledStart: null,
    ...change,
  };
  return JSON.stringify({ type: 'room', room } satisfies ServerFrame);
}
