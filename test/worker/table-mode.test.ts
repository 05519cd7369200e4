// Table mode: the table screen is a spectator admitted by its own one-time link. It gets
// exactly a spectator's frames (never more), gets in with spectators off, and only in a room
// played face to face.
import { describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../worker/protocol.ts';
import { api, Bot, Client, seatedRoom, socketRefusal, until, upgrade } from './helpers.ts';

/** The host asks for a table link and the table screen redeems it: its token. */
async function tableToken(code: string, host: Client): Promise<string> {
  const from = host.frames.length;
  host.send({ type: 'host', id: `table-link-${from}`, move: { type: 'invite', place: 'table' } });
  const link = await host.waitFor('invite', (f) => f.place === 'table', from);
  const res = await api(`/api/rooms/${code}/join`, { method: 'POST', json: { invite: link.token } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { seat: null; judge: boolean; token: string; table?: true };
  expect(body).toMatchObject({ seat: null, judge: false, table: true });
  return body.token;
}

const games = (c: Client) => c.of('game').map((f: Extract<ServerFrame, { type: 'game' }>) => f);

describe('the table screen of a room played face to face', () => {
  it('with spectators on, every game frame the table screen receives equals a spectator’s, to game over', async () => {
    const { room, seats, clients, host } = await seatedRoom(8, 'classic', { spectators: true, table: true });
    const table = await Client.open(room.code, await tableToken(room.code, host));
    const spectator = await Client.open(room.code);
    const roomFrame = await table.waitFor('room');
    expect(roomFrame.room.you).toEqual({ seat: null, host: false, judge: false, table: true });
    expect(roomFrame.room.table).toBe(true);
    const bots = clients.map((c, i) => new Bot(c, seats[i]!.seat));
    expect(await host.request({ type: 'host', id: 'start', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'start' });
    await until('game over', () => bots.every((b) => b.view?.phase === 'over') && games(table).at(-1)?.view.phase === 'over' && games(spectator).at(-1)?.view.phase === 'over', 20_000);
    expect(games(table).length).toBeGreaterThan(10);
    expect(games(table)).toEqual(games(spectator));
    for (const f of games(table).slice(0, -1)) expect(f.view.viewer).toEqual({ kind: 'spectator' });
    // It watches: a move from it is refused like a spectator's.
    const answer = await table.request({ type: 'act', id: 'sneak', move: { type: 'pass' } });
    expect(answer).toMatchObject({ type: 'error', code: 'room/spectator' });
  });

  it('with spectators off the table screen still gets in by its token, and a plain spectator does not', async () => {
    const { room, host } = await seatedRoom(8, 'classic', { spectators: false, table: true });
    const token = await tableToken(room.code, host);
    expect((await socketRefusal(await upgrade(room.code))).close).toBe(4401);
    const table = await Client.open(room.code, token);
    await table.waitFor('room');
    // A newer table link signs the old screen out.
    await tableToken(room.code, host);
    await until('the old table screen closed', () => table.closed !== null);
    expect(table.closed!.code).toBe(4403);
  });

  it('a room not played face to face has no table link', async () => {
    const { host } = await seatedRoom(8, 'classic', { spectators: false });
    const answer = await host.request({ type: 'host', id: 'no-table', move: { type: 'invite', place: 'table' } });
    expect(answer).toMatchObject({ type: 'error', code: 'room/not-table' });
  });
});
