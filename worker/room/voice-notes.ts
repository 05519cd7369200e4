// Voice notes in the room: a seat's recorded speech, uploaded before the `say` that carries it, kept
// in R2 under `<code>/<game>/<note id>`, and fetched back only by viewers whose view holds the
// `said` entry that names it. The room decides (the seat's token, the room's voice setting and pace,
// whether the seat may speak now, its uploads not yet sent, the room's budget); the Worker only moves
// the bytes (worker/voice-notes.ts). The room's alarm sweeps what no speech carries once its turn is
// over (worker/room/clock.ts).
import { legalActions, viewFor, type GameState, type Seat, type Viewer } from '../engine/index.ts';
import { VOICE_NOTE_MAX_BYTES } from '../protocol-voice.ts';
import { refuse, type Refusal, type RoomCore } from './context.ts';
import { identify } from './identity.ts';
import type { RoomRow } from './storage.ts';

/** The audio a page may upload: MediaRecorder's Opus in WebM, or MP4/AAC where the browser only has that. */
export const VOICE_NOTE_TYPES = ['audio/webm', 'audio/mp4'] as const;
/** One of VOICE_NOTE_TYPES. */
export type VoiceNoteType = (typeof VOICE_NOTE_TYPES)[number];
/** Uploads one seat may hold in one turn that no `say` carries yet: a send that failed, tried again twice. */
export const MAX_PENDING_NOTES = 3;
/**
 * The bytes of notes one room keeps in R2 (docs/rules-decisions.md O20): a long 20-seat game holds
 * under 160 speeches, 2 minutes at 32 kbit/s are 480 KB, so about 77 MB; this leaves room for MP4/AAC
 * at twice the rate and for an open day's several notes.
 */
export const ROOM_NOTE_BYTES = 200_000_000;

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
// schema step is needed: every room reads it only through here). A note's `step` is its turn's key
// until the sweep after that turn, then '' for a note a speech carries (kept) and the row is gone
// for one none does. `bytes` came later: a table made before gets it here, its old notes counted 0.
// Whether the table is there is remembered per instance, so the alarm's arming asks once.
const tableThere = new WeakMap<RoomCore, boolean>();

function notes(core: RoomCore): SqlStorage {
  const sql = core.ctx.storage.sql;
  if (tableThere.get(core)) return sql;
  sql.exec(`CREATE TABLE IF NOT EXISTS voice_notes (id TEXT PRIMARY KEY, game INTEGER NOT NULL, seat INTEGER NOT NULL, step TEXT NOT NULL, at INTEGER NOT NULL, bytes INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID`);
  try {
    sql.exec(`SELECT bytes FROM voice_notes LIMIT 0`);
  } catch {
    sql.exec(`ALTER TABLE voice_notes ADD COLUMN bytes INTEGER NOT NULL DEFAULT 0`);
  }
  tableThere.set(core, true);
  return sql;
}

/** The notes' table if this room has one (it never makes one). */
function notesIfAny(core: RoomCore): SqlStorage | null {
  if (!tableThere.has(core)) {
    const found = core.ctx.storage.sql.exec(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'voice_notes'`).toArray().length > 0;
    if (!found) tableThere.set(core, false);
    else notes(core);
  }
  return tableThere.get(core) ? core.ctx.storage.sql : null;
}

/** The step a note belongs to: a note is used in the step it was recorded in, or not at all. */
function stepKey(game: GameState): string {
  const step = game.step;
  return JSON.stringify([game.round, step.kind, 'seat' in step ? step.seat : 0, 'purpose' in step ? step.purpose : '']);
}

/** The turn whose notes are not swept yet: the current step's key; '' once the game is over or before any (every turn is over). */
function openTurn(game: GameState | null): string {
  return game && !game.result ? stepKey(game) : '';
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
  const sql = notes(core);
  const turn = stepKey(game!);
  const said = saidNotes(game!);
  const pending = sql.exec<NoteRow>(`SELECT id FROM voice_notes WHERE game = ? AND seat = ? AND step = ?`, room.gameNo, who.seat, turn).toArray().filter((r) => !said.has(r.id));
  if (pending.length >= MAX_PENDING_NOTES) return refuse(429, 'voice/too-many-pending', `you already uploaded ${MAX_PENDING_NOTES} voice notes this turn that no speech carries: send one, or type`);
  const kept = sql.exec<{ n: number }>(`SELECT COALESCE(SUM(bytes), 0) AS n FROM voice_notes`).one().n;
  if (kept + bytes.byteLength > ROOM_NOTE_BYTES) return refuse(409, 'voice/room-full', 'this room holds as many voice notes as it may: type your speech instead');
  const id = noteId();
  // The row first (the checks above count it at once, even while the bucket is written); gone again if the bucket refused.
  sql.exec(`INSERT INTO voice_notes (id, game, seat, step, at, bytes) VALUES (?, ?, ?, ?, ?, ?)`, id, room.gameNo, who.seat, turn, core.now(), bytes.byteLength);
  try {
    await core.env.VOICE_NOTES.put(noteKey(room.code, room.gameNo, id), bytes, { httpMetadata: { contentType: kind }, customMetadata: { seat: String(who.seat) } });
  } catch (e) {
    sql.exec(`DELETE FROM voice_notes WHERE id = ?`, id);
    throw e;
  }
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
  if (saidNotes(game!).has(note)) return refuse(409, 'voice/note-used', 'this voice note was already sent');
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

/** When the room's alarm should sweep notes (now: a turn some note was uploaded in is over), or null. */
export function notesSweepDue(core: RoomCore, room: RoomRow): number | null {
  const sql = notesIfAny(core);
  if (!sql) return null;
  const open = openTurn(core.loadGame());
  const found = sql.exec(`SELECT 1 FROM voice_notes WHERE step != '' AND (game != ? OR step != ?) LIMIT 1`, room.gameNo, open).toArray();
  return found.length ? core.now() : null;
}

/**
 * The alarm's sweep: every upload whose turn (or game) is over and that no speech carries is deleted,
 * from the bucket first, then its row (a recording never sent is nobody's to hear); a note a speech
 * carries is kept and marked swept. Run again, it finds nothing: the alarm may ring twice.
 */
export async function sweepNotes(core: RoomCore, room: RoomRow): Promise<void> {
  const sql = notesIfAny(core);
  if (!sql) return;
  const game = core.loadGame();
  const rows = sql.exec<NoteRow>(`SELECT id, game, seat, step FROM voice_notes WHERE step != '' AND (game != ? OR step != ?)`, room.gameNo, openTurn(game)).toArray();
  if (!rows.length) return;
  const said = game ? saidNotes(game) : new Set<string>();
  const gone = rows.filter((r) => r.game !== room.gameNo || !said.has(r.id));
  if (gone.length) await core.env.VOICE_NOTES.delete(gone.map((r) => noteKey(room.code, r.game, r.id)));
  core.store.transaction(() => {
    for (const r of rows) {
      if (gone.includes(r)) sql.exec(`DELETE FROM voice_notes WHERE id = ?`, r.id);
      else sql.exec(`UPDATE voice_notes SET step = '' WHERE id = ?`, r.id);
    }
  });
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

/** The notes this game's speeches carry. */
function saidNotes(game: GameState): Set<string> {
  const ids = new Set<string>();
  for (const e of game.log) if (e.event.type === 'said' && e.event.voice) ids.add(e.event.voice.note);
  return ids;
}

// 16 characters of [0-9a-z] from 80 random bits: unguessable, and safe in a key and a URL.
function noteId(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => (b % 36).toString(36)).join('');
}
