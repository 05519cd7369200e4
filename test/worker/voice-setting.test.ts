// The room's voice setting: the host's choice at creation and in the lobby, shown to everyone in the
// room; face to face the table talks out loud, so voice stays off there; rooms stored before the
// setting existed read as off.
import { describe, expect, it } from 'vitest';
import { createRoom, join, Client } from './helpers.ts';

/** The room frame a fresh socket of this seat gets. */
async function roomOf(code: string, token: string) {
  const c = await Client.open(code, token);
  const frame = await c.waitFor('room');
  c.close();
  return frame.room;
}

describe('the voice setting', () => {
  it('is off unless the host turns it on, and the host may change it in the lobby', async () => {
    const plain = await createRoom({ ruleset: 'classic' });
    const ann = await join(plain.code, 'Ann', plain.hostToken);
    expect((await roomOf(plain.code, ann.token)).voice).toBe('off');

    const room = await createRoom({ ruleset: 'classic', voice: 'relay' });
    const host = await join(room.code, 'Bo', room.hostToken);
    const guest = await join(room.code, 'Cy');
    expect((await roomOf(room.code, guest.token)).voice).toBe('relay');
    const c = await Client.open(room.code, host.token);
    expect(await c.request({ type: 'host', id: 'v', move: { type: 'configure', ruleset: 'classic', voice: 'on' } })).toEqual({ type: 'ack', id: 'v' });
    expect((await roomOf(room.code, guest.token)).voice).toBe('on');
    // A configure that does not name the voice keeps it.
    expect(await c.request({ type: 'host', id: 'k', move: { type: 'configure', ruleset: 'raw' } })).toEqual({ type: 'ack', id: 'k' });
    expect((await roomOf(room.code, guest.token)).voice).toBe('on');
    c.close();
  });

  it('stays off in a room played face to face, whatever the host asks', async () => {
    const room = await createRoom({ ruleset: 'classic', table: true, voice: 'on' });
    const host = await join(room.code, 'Ann', room.hostToken);
    expect((await roomOf(room.code, host.token)).voice).toBe('off');
    const c = await Client.open(room.code, host.token);
    await c.request({ type: 'host', id: 'v', move: { type: 'configure', ruleset: 'classic', voice: 'relay' } });
    expect((await roomOf(room.code, host.token)).voice).toBe('off');
    // Leaving face-to-face play lets the host turn voice on.
    await c.request({ type: 'host', id: 'w', move: { type: 'configure', ruleset: 'classic', table: false, voice: 'relay' } });
    expect((await roomOf(room.code, host.token)).voice).toBe('relay');
    c.close();
  });

  it('refuses a value it does not know', async () => {
    const res = await (await import('./helpers.ts')).api('/api/rooms', { json: { ruleset: 'classic', voice: 'loud' } });
    expect(res.status).toBe(400);
  });
});
