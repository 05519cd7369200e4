// Voice notes for games over days (docs/protocol.md, "Voice notes"): in an async room with voice on,
// the seat whose turn it is uploads its recorded speech, then sends the `say` that carries it; the
// note is stored in R2 under the room's prefix and served only to viewers whose view holds that
// speech; everything else is refused, a seat holds at most a few uploads no speech carries, the room
// keeps a budget of bytes, an upload never sent is swept by the room's alarm when its turn is over
// (docs/rules-decisions.md O20), and every note goes with the room.
import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ROOM_TTL_MS, type ClientFrame } from '../../worker/protocol.ts';
import { VOICE_NOTE_MAX_BYTES } from '../../worker/protocol-voice.ts';
import { MAX_PENDING_NOTES, ROOM_NOTE_BYTES } from '../../worker/room/voice-notes.ts';
import type { Room } from '../../worker/room/room.ts';
import { Bot, api, codeOf, seatedRoom, setClock, sleep, stubOf, until } from './helpers.ts';
import { newSubscription } from './push-receiver.ts';
import { endpointFor, open, pushService, subscribe } from './push-service.ts';

/** A few bytes that start as a WebM file does (its EBML header), as MediaRecorder's Opus recording. */
function webm(size = 4_000): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + 7) & 0xff;
  bytes.set([0x1a, 0x45, 0xdf, 0xa3], 0);
  return bytes;
}

/** An MP4 (AAC) recording's start: a box size, then `ftyp`. */
function mp4(size = 4_000): Uint8Array<ArrayBuffer> {
  const bytes = webm(size);
  bytes.set([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70], 0);
  return bytes;
}

function upload(code: string, token: string | null, body: Uint8Array<ArrayBuffer>, type = 'audio/webm;codecs=opus'): Promise<Response> {
  return api(`/api/rooms/${code}/voice-notes`, {
    method: 'POST',
    body,
    headers: { 'Content-Type': type, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
}

function fetchNote(code: string, token: string | null, id: string): Promise<Response> {
  return api(`/api/rooms/${code}/voice-notes/${id}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

type Move = Extract<ClientFrame, { type: 'act' }>['move'];

/**
 * An 8-seat async `classic` room (speeches in turns) played by simple bots through night 1; they stop
 * as soon as a speech turn opens (the night's victim's last words), whose speaker is returned.
 */
async function atFirstSpeech(extra: Record<string, unknown> = {}) {
  const table = await seatedRoom(8, 'classic', { pace: { preset: 'async', day: 'turns' }, voice: 'on', spectators: false, ...extra });
  const bots = table.clients.map((c, i) => new Bot(c, table.seats[i]!.seat));
  for (const b of bots) {
    const inner = b.client.onFrame!;
    b.client.onFrame = (f) => {
      // Before any bot reads a speech turn: nobody passes it.
      if (f.type === 'game' && (f.view.step?.kind === 'speech' || f.view.step?.kind === 'last-words')) for (const x of bots) x.enabled = false;
      inner(f);
    };
  }
  expect(await table.host.request({ type: 'host', id: 'start', move: { type: 'start' } })).toEqual({ type: 'ack', id: 'start' });
  let speaker: Bot | undefined;
  await until('a speech turn', () => (speaker = bots.find((b) => b.view?.legal.some((a) => a.type === 'say'))) !== undefined, 20_000);
  await until('bots idle', () => bots.every((b) => b.idle));
  const seat = speaker!.seat;
  const others = bots.filter((b) => b.seat !== seat);
  return { ...table, bots, speaker: speaker!, token: table.seats[seat - 1]!.token, otherToken: table.seats[others[0]!.seat - 1]!.token, other: others[0]! };
}

async function say(bot: Bot, id: string, move: Move) {
  return bot.client.request({ type: 'act', id, move });
}

describe('a seat leaves its speech as a voice note (async room, voice on)', () => {
  it('uploads, says it, and every seat of the table fetches the same audio, kept private', async () => {
    const t = await atFirstSpeech();
    const audio = webm();
    const res = await upload(t.room.code, t.token, audio);
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(id).toMatch(/^[0-9a-z]{16}$/);
    // Stored under the room's prefix, keyed by game and note.
    expect((await env.VOICE_NOTES.list({ prefix: `${t.room.code}/` })).objects.map((o) => o.key)).toEqual([`${t.room.code}/1/${id}`]);
    // Before the speech is said, nobody's view holds it: not even the speaker's.
    expect((await fetchNote(t.room.code, t.otherToken, id)).status).toBe(403);

    expect(await say(t.speaker, 'note', { type: 'say', voice: { note: id, ms: 48_000 } })).toEqual({ type: 'ack', id: 'note' });
    await until('the speech in every view', () => t.bots.every((b) => b.log.some((e) => e.event.type === 'said' && e.event.voice?.note === id)));
    const said = t.other.log.find((e) => e.event.type === 'said')!.event;
    expect(said).toEqual({ type: 'said', seat: t.speaker.seat, text: '', voice: { note: id, ms: 48_000 } });

    for (const s of t.seats) {
      const got = await fetchNote(t.room.code, s.token, id);
      expect(got.status).toBe(200);
      expect(got.headers.get('Content-Type')).toBe('audio/webm');
      expect(got.headers.get('Cache-Control')).toBe('private, no-store');
      expect(new Uint8Array(await got.arrayBuffer())).toEqual(audio);
    }
    // The same note cannot carry a second speech.
    expect(await say(t.speaker, 'again', { type: 'say', voice: { note: id, ms: 48_000 } })).toMatchObject({ type: 'error', code: 'voice/note-used' });
  });

  it('takes MP4 (AAC) where the browser records only that, and text beside the note', async () => {
    const t = await atFirstSpeech();
    const res = await upload(t.room.code, t.token, mp4(), 'audio/mp4');
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(await say(t.speaker, 'n', { type: 'say', text: 'In short: 3 is lying.', voice: { note: id, ms: 5_000 } })).toEqual({ type: 'ack', id: 'n' });
    const got = await fetchNote(t.room.code, t.otherToken, id);
    expect(got.headers.get('Content-Type')).toBe('audio/mp4');
  });
});

describe('the push a note brings', () => {
  it('"Kim left a voice speech (0:48)": another seat\'s device is told who and how long, by the name the room knows', async () => {
    const t = await atFirstSpeech();
    const received = await pushService(t.room.code);
    const phone = await newSubscription(endpointFor('voice-note-listener'));
    expect(await subscribe(t.other.client, phone, 'en')).toEqual({ type: 'ack', id: expect.any(String) });
    const { id } = (await (await upload(t.room.code, t.token, webm())).json()) as { id: string };
    await say(t.speaker, 'n', { type: 'say', voice: { note: id, ms: 48_000 } });
    await until('the push', () => received.length === 1);
    expect((await open(received[0]!, phone)).notice).toEqual({ kind: 'voice-note', seat: t.speaker.seat, ms: 48_000, name: `Player ${t.speaker.seat}` });
  });
});

describe('who hears a note: exactly the viewers whose view holds its speech', () => {
  it('a spectator is refused (403) when the room has no spectators, and hears it when it has', async () => {
    const closed = await atFirstSpeech();
    const { id } = (await (await upload(closed.room.code, closed.token, webm())).json()) as { id: string };
    await say(closed.speaker, 'n', { type: 'say', voice: { note: id, ms: 3_000 } });
    expect((await fetchNote(closed.room.code, null, id)).status).toBe(403);
    expect(await codeOf(await fetchNote(closed.room.code, null, id))).toBe('voice/not-in-audience');
    // A token of another room names nobody here.
    const elsewhere = await seatedRoom(1);
    expect((await fetchNote(closed.room.code, elsewhere.seats[0]!.token, id)).status).toBe(403);

    const open = await atFirstSpeech({ spectators: true });
    const note = (await (await upload(open.room.code, open.token, webm())).json()) as { id: string };
    await say(open.speaker, 'n', { type: 'say', voice: { note: note.id, ms: 3_000 } });
    expect((await fetchNote(open.room.code, null, note.id)).status).toBe(200);
  });

  it('a note id the room never gave, or of another room, is refused', async () => {
    const t = await atFirstSpeech();
    expect((await fetchNote(t.room.code, t.otherToken, 'abcdefghijklmnop')).status).toBe(403);
    expect((await fetchNote(t.room.code, t.otherToken, '../x')).status).toBe(404);
    // A `say` may carry only the speaker's own upload.
    expect(await say(t.speaker, 'x', { type: 'say', voice: { note: 'abcdefghijklmnop', ms: 3_000 } })).toMatchObject({ type: 'error', code: 'voice/unknown-note' });
  });
});

describe('uploads the room refuses', () => {
  it('too big, not audio, audio whose bytes are not the container named, no token, a bad token', async () => {
    const t = await atFirstSpeech();
    expect((await upload(t.room.code, t.token, webm(VOICE_NOTE_MAX_BYTES + 1))).status).toBe(413);
    const text = await upload(t.room.code, t.token, new TextEncoder().encode('hello'), 'text/plain');
    expect(text.status).toBe(415);
    expect(await codeOf(text)).toBe('voice/bad-type');
    expect((await upload(t.room.code, t.token, mp4(), 'audio/webm')).status).toBe(415);
    expect((await upload(t.room.code, t.token, webm(), 'audio/mp4')).status).toBe(415);
    expect((await upload(t.room.code, null, webm())).status).toBe(401);
    expect((await upload(t.room.code, 'not-a-token', webm())).status).toBe(403);
    // Nothing was stored.
    expect((await env.VOICE_NOTES.list({ prefix: `${t.room.code}/` })).objects).toEqual([]);
  });

  it('from a seat whose turn it is not', async () => {
    const t = await atFirstSpeech();
    const res = await upload(t.room.code, t.otherToken, webm());
    expect(res.status).toBe(409);
    expect(await codeOf(res)).toBe('voice/not-your-turn');
  });

  it('in a room whose voice is off, and in a live room (it speaks live)', async () => {
    const off = await atFirstSpeech({ voice: 'off' });
    const a = await upload(off.room.code, off.token, webm());
    expect([a.status, await codeOf(a)]).toEqual([409, 'voice/off']);

    const live = await seatedRoom(3, 'classic', { voice: 'on' });
    const b = await upload(live.room.code, live.seats[0]!.token, webm());
    expect([b.status, await codeOf(b)]).toEqual([409, 'voice/live-room']);
  });

  it('before any game', async () => {
    const room = await seatedRoom(2, 'classic', { pace: { preset: 'async' }, voice: 'on' });
    const res = await upload(room.room.code, room.seats[0]!.token, webm());
    expect([res.status, await codeOf(res)]).toEqual([409, 'room/no-game']);
  });
});

describe('what a room keeps', () => {
  it(`a seat holds at most ${MAX_PENDING_NOTES} uploads in its turn that no speech carries`, async () => {
    const t = await atFirstSpeech();
    const ids: string[] = [];
    for (let i = 0; i < MAX_PENDING_NOTES; i++) {
      const res = await upload(t.room.code, t.token, webm());
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { id: string }).id);
    }
    const over = await upload(t.room.code, t.token, webm());
    expect([over.status, await codeOf(over)]).toEqual([429, 'voice/too-many-pending']);
    expect((await env.VOICE_NOTES.list({ prefix: `${t.room.code}/` })).objects).toHaveLength(MAX_PENDING_NOTES);
    // Sending one frees its place.
    expect(await say(t.speaker, 'n', { type: 'say', voice: { note: ids[0]!, ms: 3_000 } })).toEqual({ type: 'ack', id: 'n' });
    expect((await upload(t.room.code, t.token, webm())).status).toBe(201);
    expect((await upload(t.room.code, t.token, webm())).status).toBe(429);
  });

  it('a room keeps at most its budget of bytes in notes: beyond it, an upload is refused with a reason the page shows', async () => {
    const t = await atFirstSpeech();
    const first = (await (await upload(t.room.code, t.token, webm())).json()) as { id: string };
    await say(t.speaker, 'n', { type: 'say', voice: { note: first.id, ms: 3_000 } });
    // As if the room's earlier speeches had filled it to within 6 KB of its budget.
    await runInDurableObject(stubOf(t.room.code), (_r, state) => state.storage.sql.exec(`UPDATE voice_notes SET bytes = ?`, ROOM_NOTE_BYTES - 6_000));
    expect((await upload(t.room.code, t.token, webm(2_000))).status).toBe(201);
    const full = await upload(t.room.code, t.token, webm(5_000));
    expect([full.status, await codeOf(full)]).toEqual([409, 'voice/room-full']);
    expect((await env.VOICE_NOTES.list({ prefix: `${t.room.code}/` })).objects).toHaveLength(2);
  });
});

describe('a room stored before notes had sizes', () => {
  it('keeps its notes table, gains the column, and takes uploads (its old notes count nothing)', async () => {
    const t = await atFirstSpeech();
    await runInDurableObject(stubOf(t.room.code), (_r, state) => {
      const sql = state.storage.sql;
      sql.exec(`CREATE TABLE voice_notes (id TEXT PRIMARY KEY, game INTEGER NOT NULL, seat INTEGER NOT NULL, step TEXT NOT NULL, at INTEGER NOT NULL) WITHOUT ROWID`);
      sql.exec(`INSERT INTO voice_notes (id, game, seat, step, at) VALUES ('oldnote000000000', 1, 1, '', 0)`);
    });
    expect((await upload(t.room.code, t.token, webm())).status).toBe(201);
    const rows = await runInDurableObject(stubOf(t.room.code), (_r, state) => state.storage.sql.exec<{ id: string; bytes: number }>(`SELECT id, bytes FROM voice_notes ORDER BY bytes`).toArray());
    expect(rows).toEqual([{ id: 'oldnote000000000', bytes: 0 }, { id: expect.any(String), bytes: 4_000 }]);
  });
});

describe('notes that are gone', () => {
  it('an upload never sent in its turn is swept by the room\'s alarm once the turn is over, a said one kept; its `say` then is refused', async () => {
    const t = await atFirstSpeech();
    const said = (await (await upload(t.room.code, t.token, webm())).json()) as { id: string };
    expect(await say(t.speaker, 's', { type: 'say', voice: { note: said.id, ms: 3_000 } })).toEqual({ type: 'ack', id: 's' });
    const { id } = (await (await upload(t.room.code, t.token, webm())).json()) as { id: string };
    expect(await say(t.speaker, 'p', { type: 'pass' })).toEqual({ type: 'ack', id: 'p' });
    // The turn is over: the room's one alarm is due at once, and sweeps without any other upload.
    await runDurableObjectAlarm(stubOf(t.room.code));
    let keys: string[] = [];
    for (let i = 0; i < 100; i++) {
      keys = (await env.VOICE_NOTES.list({ prefix: `${t.room.code}/` })).objects.map((o) => o.key);
      if (keys.length === 1) break;
      await sleep(20);
    }
    expect(keys).toEqual([`${t.room.code}/1/${said.id}`]);
    const rows = await runInDurableObject(stubOf(t.room.code), (_r, state) => state.storage.sql.exec<{ id: string; step: string }>(`SELECT id, step FROM voice_notes`).toArray());
    expect(rows).toEqual([{ id: said.id, step: '' }]);
    expect((await fetchNote(t.room.code, t.otherToken, said.id)).status).toBe(200);
    expect(await say(t.speaker, 'late', { type: 'say', voice: { note: id, ms: 3_000 } })).toMatchObject({ type: 'error' });
    // The alarm rings again (a retry): nothing more goes, nothing comes back.
    await runInDurableObject(stubOf(t.room.code), (r: Room) => r.alarm());
    expect((await env.VOICE_NOTES.list({ prefix: `${t.room.code}/` })).objects.map((o) => o.key)).toEqual(keys);
  });

  it('every note goes with the room when it expires', async () => {
    const t = await atFirstSpeech();
    const { id } = (await (await upload(t.room.code, t.token, webm())).json()) as { id: string };
    await say(t.speaker, 'n', { type: 'say', voice: { note: id, ms: 3_000 } });
    expect((await env.VOICE_NOTES.list({ prefix: `${t.room.code}/` })).objects).toHaveLength(1);
    await setClock(t.room.code, Date.now() + ROOM_TTL_MS + 60_000);
    expect(await runDurableObjectAlarm(stubOf(t.room.code))).toBe(true);
    expect((await env.VOICE_NOTES.list({ prefix: `${t.room.code}/` })).objects).toEqual([]);
    expect((await fetchNote(t.room.code, t.otherToken, id)).status).toBe(410);
  });
});
