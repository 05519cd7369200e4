import { DurableObject } from 'cloudflare:workers';

// Placeholder room: proves SQLite-backed DO storage works end to end.
export class Room extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Runs on every cold start; IF NOT EXISTS makes it idempotent.
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)');
  }

  override async fetch(_request: Request): Promise<Response> {
    const row = this.ctx.storage.sql
      .exec<{ n: number }>(
        'INSERT INTO counter (id, n) VALUES (1, 1) ON CONFLICT(id) DO UPDATE SET n = n + 1 RETURNING n',
      )
      .one();
    return Response.json({ count: row.n });
  }
}
