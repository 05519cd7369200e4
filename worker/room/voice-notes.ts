// Voice notes in the room: a seat's recorded speech, uploaded before the `say` that carries it, kept
// in R2 under `<code>/<game>/<note id>`, and fetched back only by viewers whose view holds the
// `said` entry that names it. The room decides (the seat's token, the room's voice setting and pace,
// whether the seat may speak now); the Worker only moves the bytes (worker/voice-notes.ts).
import { legalActions, viewFor, type GameState, type Seat, type Viewer } from '../engine/index.ts';
import { VOICE_NOTE_MAX_BYTES } from '../protocol-voice.ts';
import { refuse, type Refusal, type RoomCore } from './context.ts';
import { identify } from './identity.ts';
import type { RoomRow } from './storage.ts';

/** The audio a page may upload: MediaRecorder's Opus in WebM, or MP4/AAC where the browser only has that. */
export const VOICE_NOTE_TYPES = ['audio/webm', 'audio/mp4'] as const;
/** One of VOICE_NOTE_TYPES. */
export type VoiceNoteType = (typeof VOICE_NOTE_TYPES)[number];

interface NoteRow {
  id: string;
  game: number;
  seat: number;
  step: string;
  [key: string]: SqlStorageValue;
}

/** The note's key in the bucket: the room's prefix, the game, the id. */
export function noteKey(code: string, game: number, id: string): string {
  return `${code}/${game}/${id}`;
}

// The notes' own table, made on the first upload: a room that never records holds none (and no
// schema step is needed: it is new, and every room reads it only through here).
function notes(core: RoomCore): SqlStorage {
  const sql = core.ctx.storage.sql;
  sql.exec(`CREATE TABLE IF NOT EXISTS voice_notes (id TEXT PRIMARY KEY, game INTEGER NOT NULL, seat INTEGER NOT NULL, step TEXT NOT NULL, at INTEGER NOT NULL) WITHOUT ROWID`);
  return sql;
}

/** The step a note belongs to: a note is used in the step it was recorded in, or not at all. */
function stepKey(game: GameState): string {
  const step = game.step;
  return JSON.stringify([game.round, step.kind, 'seat' in step ? step.seat : 0, 'purpose' in step ? step.purpose : '']);
}

/** Whether the bytes start as the container the type names (an EBML header; an MP4 `ftyp` box). */
export function looksLike(type: VoiceNoteType, bytes: Uint8Array): boolean {
  if (type === 'audio/webm') return bytes.length > 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3;
  return bytes.length > 8 && String.fromCharCode(bytes[4]!, bytes[5]!, bytes[6]!, bytes[7]!) === 'ftyp';
}

/** Why this room takes no voice note now (no game, voice off, a live room), or null. */
function roomRefusal(room: RoomRow, game: GameState | null): Refusal | null {
  if (room.voice === 'off') return refuse(409, 'voice/off', 'this room’s voice is off');
  if (room.pace.preset !== 'async') return refuse(409, 'voice/live-room', 'voice notes are for games over days: a live room speaks live');
  if (room.status !== 'playing' || !game || game.result) return refuse(409, 'room/no-game', 'no game is being played');
  return null;
}

/**
 * A seat's upload: its token, a room with voice on at async pace, a seat that may speak now, an
 * audio type the bytes bear out, at most VOICE_NOTE_MAX_BYTES. Stored, then named by its new id.
 */
export async function uploadNote(core: RoomCore, tokenHash: string, type: string, body: ArrayBuffer): Promise<{ ok: true; id: string } | Refusal> {
  const room = core.roomOrRefusal();
  if ('ok' in room) return room;
  const who = identify(core.store, tokenHash);
  if (!who) return core.badToken(tokenHash);
  if (who.seat === null) return refuse(403, 'voice/not-a-seat', 'only a seat leaves a voice speech');
  const game = core.loadGame();
  const closed = roomRefusal(room, game);
  if (closed) return closed;
  if (!legalActions(game!, who.seat).some((a) => a.type === 'say')) return refuse(409, 'voice/not-your-turn', 'it is not your turn to speak');
  const bytes = new Uint8Array(body);
  if (bytes.byteLength > VOICE_NOTE_MAX_BYTES) return refuse(413, 'voice/too-big', `a voice note holds at most ${VOICE_NOTE_MAX_BYTES} bytes`);
  const kind = VOICE_NOTE_TYPES.find((t) => t === type);
  if (!kind || !looksLike(kind, bytes)) return refuse(415, 'voice/bad-type', `send the recording as ${VOICE_NOTE_TYPES.join(' or ')}`);
  sweep(core, room, game!);
  const id = noteId();
  await core.env.VOICE_NOTES.put(noteKey(room.code, room.gameNo, id), bytes, { httpMetadata: { contentType: kind }, customMetadata: { seat: String(who.seat) } });
  notes(core).exec(`INSERT INTO voice_notes (id, game, seat, step, at) VALUES (?, ?, ?, ?, ?)`, id, room.gameNo, who.seat, stepKey(game!), core.now());
  return { ok: true, id };
}

/**
 * Why this seat may not send a `say` carrying this note (null: it may): the room still takes notes,
 * the note is this seat's upload of this game's current step, and no speech carries it yet.
 */
export function sayNoteRefusal(core: RoomCore, room: RoomRow, seat: Seat, note: string): Refusal | null {
  const game = core.loadGame();
  const closed = roomRefusal(room, game);
  if (closed) return closed;
  const row = notes(core).exec<NoteRow>(`SELECT id, game, seat, step FROM voice_notes WHERE id = ?`, note).toArray()[0];
  if (!row || row.seat !== seat || row.game !== room.gameNo) return refuse(404, 'voice/unknown-note', 'upload the voice note first');
  if (row.step !== stepKey(game!)) return refuse(409, 'voice/stale-note', 'this voice note was recorded for an earlier turn');
  if (noteIsSaid(game!, note)) return refuse(409, 'voice/note-used', 'this voice note was already sent');
  return null;
}

/**
 * Where a viewer may fetch a note from: the bucket key, when the viewer's view holds the speech
 * that names it (the table, and spectators in a room that has them); 403 otherwise, so nobody
 * learns of a note before its speech is said, nor hears one from outside its audience.
 */
export function noteAccess(core: RoomCore, tokenHash: string | undefined, id: string): { ok: true; key: string } | Refusal {
  const room = core.roomOrRefusal();
  if ('ok' in room) return room;
  const game = core.loadGame();
  let viewer: Viewer;
  if (tokenHash === undefined) {
    if (!room.spectators) return refuse(403, 'voice/not-in-audience', 'this room has no spectators: sign in with your seat');
    viewer = { kind: 'spectator' };
  } else {
    const who = identify(core.store, tokenHash);
    if (!who) return core.badToken(tokenHash);
    viewer = who.seat !== null ? { kind: 'seat', seat: who.seat } : who.judge ? { kind: 'judge' } : { kind: 'spectator' };
  }
  const row = game ? notes(core).exec<NoteRow>(`SELECT id, game, seat, step FROM voice_notes WHERE id = ?`, id).toArray()[0] : undefined;
  if (!game || !row || row.game !== room.gameNo || !viewFor(game, viewer).log.some((e) => e.event.type === 'said' && e.event.voice?.note === id)) {
    return refuse(403, 'voice/not-in-audience', 'this voice note is not in your view of the game');
  }
  return { ok: true, key: noteKey(room.code, row.game, id) };
}

/**
 * Deletes the uploads no speech carries whose step (or game) is over: a recording the seat never
 * sent is nobody's to hear. Run at each upload (the room is awake and writing then); what is left
 * when the room ends goes with the room's prefix (deleteRoomNotes).
 */
function sweep(core: RoomCore, room: RoomRow, game: GameState): void {
  const sql = notes(core);
  const current = stepKey(game);
  const stale = sql
    .exec<NoteRow>(`SELECT id, game, seat, step FROM voice_notes`)
    .toArray()
    .filter((r) => r.game !== room.gameNo || (r.step !== current && !noteIsSaid(game, r.id)));
  if (!stale.length) return;
  for (const r of stale) sql.exec(`DELETE FROM voice_notes WHERE id = ?`, r.id);
  core.ctx.waitUntil(core.env.VOICE_NOTES.delete(stale.map((r) => noteKey(room.code, r.game, r.id))));
}

/** Deletes every note of the room (its whole prefix in the bucket), when the room itself is deleted. */
export async function deleteRoomNotes(bucket: R2Bucket, code: string): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: `${code}/`, ...(cursor ? { cursor } : {}) });
    if (page.objects.length) await bucket.delete(page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}

function noteIsSaid(game: GameState, id: string): boolean {
  return game.log.some((e) => e.event.type === 'said' && e.event.voice?.note === id);
}

// 16 characters of [0-9a-z] from 80 random bits: unguessable, and safe in a key and a URL.
function noteId(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => (b % 36).toString(36)).join('');
}
