import { Hono } from 'hono';

// The runtime finds Durable Object classes among the main module's exports.
export { Room } from './room/room.ts';

const app = new Hono<{ Bindings: Env }>();

app.get('/api/health', (c) => c.json({ ok: true }));

// One Durable Object per room code: all state of a game lives in that object.
app.all('/api/rooms/:code/*', (c) => {
  const stub = c.env.ROOMS.getByName(c.req.param('code').toUpperCase());
  return stub.fetch(c.req.raw);
});

export default app;
