// A reconnect sends only what was missed (docs/protocol.md, "Resync"): a client that holds the first
// n entries of its log (checked by their tag) gets the view with the entries after them, in
// its own numbering; a client that holds something the room no longer matches gets the whole view.
import { describe, expect, it } from 'vitest';
import { logTag, type ServerFrame } from '../../worker/protocol.ts';
import { Client, readCards, seatedRoom, storedGame } from './helpers.ts';

type GameFrame = Extract<ServerFrame, { type: 'game' }>;
type Entry = GameFrame['view']['log'][number];
/** The socket's log as a client keeps it: each frame's entries after its first `logFrom`. */
function logOf(c: Client): Entry[] {
  let log: Entry[] = [];
  for (const f of c.of('game')) log = [...log.slice(0, f.logFrom), ...f.view.log];
  return log;
}
const haveQuery = (log: Entry[]) => `?log=${log.length}&tag=${logTag(log)}`;
const seenCount = (c: Client) => logOf(c).filter((e) => e.event.type === 'seen').length;

describe('resync after a dropped connection', () => {
  it('a seat that reconnects holding its log gets only the entries it missed, numbered as before; a spectator too', async () => {
    const { room, seats, clients } = await seatedRoom(8, 'classic', { spectators: true });
    const spectator = await Client.open(room.code);
    expect(await clients[0]!.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
    await clients[4]!.waitFor('game');
    // Seat 5 drops after three seats have looked at their cards, the spectator too.
    for (const c of clients.slice(0, 3)) await c.request({ type: 'act', id: 'seen', move: { type: 'seen' } });
    await clients[4]!.waitFor('game', () => seenCount(clients[4]!) === 3);
    const held = logOf(clients[4]!);
    await spectator.waitFor('game', () => seenCount(spectator) === 3);
    const watched = logOf(spectator);
    clients[4]!.close();
    spectator.close();
    await readCards(clients.filter((_, i) => i > 2 && i !== 4));

    const back = await Client.open(room.code, seats[4]!.token, haveQuery(held));
    const first = await back.waitFor('game');
    const fresh = await Client.open(room.code, seats[4]!.token);
    const whole = await fresh.waitFor('game');
    expect(whole.logFrom).toBe(0);
    expect(first.logFrom).toBe(held.length);
    // The missed entries, numbered on from the held ones, and the rest of the view as a fresh one has it.
    expect(whole.view.log.slice(0, held.length)).toEqual(held);
    expect(first.view.log).toEqual(whole.view.log.slice(held.length));
    expect(first.view.log[0]!.seq).toBe(held.length + 1);
    expect({ ...first.view, log: [] }).toEqual({ ...whole.view, log: [] });
    // The frame is smaller by the held entries' text (about; their commas and the logFrom digits aside).
    expect(JSON.stringify(whole).length - JSON.stringify(first).length).toBeGreaterThan(JSON.stringify(held).length - 20);

    const watching = await Client.open(room.code, undefined, haveQuery(watched));
    expect((await watching.waitFor('game')).logFrom).toBe(watched.length);

    // `sync` with what the socket holds: nothing missed, no entries.
    const from = back.frames.length;
    const now = logOf(fresh);
    back.send({ type: 'sync', have: { log: now.length, tag: logTag(now) } });
    const synced = await back.waitFor('game', () => true, from);
    expect(synced.logFrom).toBe(now.length);
    expect(synced.view.log).toEqual([]);
    for (const c of [...clients, back, fresh, watching]) c.close();
  });

  it('a log the room does not match (a wrong tag, more entries than there are, another seat\'s log) gets the whole view', async () => {
    const { room, seats, clients } = await seatedRoom(8, 'classic');
    expect(await clients[0]!.request({ type: 'host', id: 'go', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'go' });
    await readCards(clients);
    await clients[1]!.waitFor('game', (f) => f.view.step.kind === 'call');
    await clients[2]!.waitFor('game', (f) => f.view.step.kind === 'call');
    expect((await storedGame(room.code)).state!.step.kind).toBe('call');
    const mine = logOf(clients[1]!);
    const n = mine.length;
    // Seat 3's own log diverges from seat 2's where their cards were dealt.
    const other = logOf(clients[2]!);
    for (const query of [`?log=${n}&tag=zzz`, `?log=${n + 50}&tag=${logTag(mine)}`, `?log=${n}&tag=${logTag(other)}`, `?log=${n}&tag=${logTag(mine.slice(1))}`, '?log=-1&tag=x', '?log=2.5&tag=x', '?log=1&tag=%3Cscript%3E']) {
      const c = await Client.open(room.code, seats[1]!.token, query);
      const frame = await c.waitFor('game');
      expect(frame.logFrom, query).toBe(0);
      expect(frame.view.log).toHaveLength(n);
      c.close();
    }
    for (const c of clients) c.close();
  });
});
