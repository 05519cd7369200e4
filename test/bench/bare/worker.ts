// The bare Durable Object the room is measured against: per action it writes one SQLite row and
// sends one 1.5 KB frame to each socket, then the ack — the platform's floor for what the room
// does (authenticate, engine, storage, views). A bench fixture only; never deployed.
import { DurableObject } from 'cloudflare:workers';

interface BareEnv {
  BARE: DurableObjectNamespace<Bare>;
}

/** About the size of a mid-game view frame of a 12-seat classic room. */
const PADDING = 'x'.repeat(1450);

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
    const frame = JSON.stringify({ type: 'game', n, padding: PADDING });
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
