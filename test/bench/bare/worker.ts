// The bare Durable Object the room is measured against: per action it writes one SQLite row and
// sends one 1.5 KB frame to each socket, then the ack — the platform's floor for what the room
// does (authenticate, engine, storage, views). A bench fixture only; never deployed.
// The frame is view-shaped JSON that changes a little per action, as a room's frames do: workerd
// deflates every frame for a client that offers permessage-deflate (browsers and the bench's
// sockets do), and a frame of one repeated letter compressed for next to nothing (perf at 1 × 16:
// 0.26 ms of deflate per action against 0.94 for this frame and 0.92 for the room's).
import { DurableObject } from 'cloudflare:workers';

interface BareEnv {
  BARE: DurableObjectNamespace<Bare>;
}

const OPTIONS = { finalTie: 'peaceful-night', outsidePkMustVote: true, civilianWipeout: 'killers-win', surrender: 'team', outSeeAll: false };
const COMMITMENT = '0ba52ce100da4c9ef5088f4eadded1c09a4216530de3eac364d3e5ba2b4b7d10';
const AT = 1_800_000_000_000;

/** Action `n`'s frame: about the size and the make of a day ballot's frame in a 16-seat classic room (a mark, the tally and the log move). */
function frameOf(n: number): string {
  const seats = Array.from({ length: 16 }, (_, i) => (i === 2 ? { seat: 3, alive: false, out: { how: 'voted', round: 1 } } : { seat: i + 1, alive: true, voted: (i + n) % 3 === 0 }));
  const step = { kind: 'ballot', purpose: 'exile', candidates: [2, 5, 9], mustVote: false, ballotsIn: n % 16, voters: 15, endsAt: AT + n };
  const log = [
    { seq: 2 * n, at: AT + n, round: 2, to: 'all', event: { type: 'ballot-cast', seat: (n % 16) + 1 } },
    { seq: 2 * n + 1, at: AT + n, round: 2, to: 'all', event: { type: 'ballot-cast', seat: ((n + 5) % 16) + 1 } },
  ];
  const view = { ruleset: 'classic', options: OPTIONS, players: 16, round: 2, phase: 'day', paused: false, commitment: COMMITMENT, viewer: { kind: 'seat', seat: 1 }, god: false, me: { seat: 1, role: 'civilian', alive: true }, seats, step, legal: [{ type: 'vote', targets: [2, 5, 9], current: null }], result: null, log };
  return JSON.stringify({ type: 'game', view, logFrom: 2 * n - 1 });
}

/** One room of the floor: hibernating sockets, one row, one frame each. */
export class Bare extends DurableObject<BareEnv> {
  constructor(ctx: DurableObjectState, env: BareEnv) {
    super(ctx, env);
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS state (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL, last TEXT NOT NULL)`);
  }

  override async fetch(): Promise<Response> {
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (typeof message !== 'string') return;
    const { id } = JSON.parse(message) as { id: string };
    const row = this.ctx.storage.sql.exec<{ n: number }>(`SELECT n FROM state WHERE id = 1`).toArray()[0];
    const n = (row?.n ?? 0) + 1;
    this.ctx.storage.sql.exec(`INSERT OR REPLACE INTO state (id, n, last) VALUES (1, ?, ?)`, n, message);
    const frame = frameOf(n);
    for (const socket of this.ctx.getWebSockets()) socket.send(frame);
    ws.send(JSON.stringify({ type: 'ack', id }));
  }
}

export default {
  /** GET /rooms/<name>/ws opens a socket on that room's object; /health answers for startup. */
  fetch(request: Request, env: BareEnv): Response | Promise<Response> {
    const path = new URL(request.url).pathname;
    if (path === '/health') return new Response('ok');
    const room = /^\/rooms\/([\w-]+)\/ws$/.exec(path)?.[1];
    if (!room || request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return new Response('not found', { status: 404 });
    return env.BARE.get(env.BARE.idFromName(room)).fetch(request);
  },
} satisfies ExportedHandler<BareEnv>;
