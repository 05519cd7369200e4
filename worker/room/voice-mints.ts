// Who may have the deploy's TURN credentials now, and how many a room mints. Each mint costs the
// deploy relay it pays for, so credentials go only to a page that is in the voice while voice
// flows: the caller's place holds an open socket of this room that joined the voice (named by its
// peer name), a game is being played, and the step links that socket with another one in the voice
// (it may hear it or be heard by it: what its own route already says). Then two caps, counted in
// the room's own table (made on the first mint): per place, and per room and hour, spectators apart
// so listeners can never use up what the seats need to renew.
import { refuse, type Refusal, type RoomCore } from './context.ts';
import type { Attachment } from './sockets.ts';
import type { RoomRow } from './storage.ts';
import { voiceTable } from './voice-route.ts';

/** One place's mints in any MINT_WINDOW_MS: a join, a renewal and two page reloads. */
export const MINTS_PER_PLACE = 4;
/** The window MINTS_PER_PLACE counts over. */
export const MINT_WINDOW_MS = 15 * 60_000;
/**
 * The seats' and judge's mints in one room per hour: as many as 21 places (20 seats and a judge) may
 * each have under MINTS_PER_PLACE, so a seat is never refused for what other seats minted (at night
 * that would tell a civilian how many sat in a team's voice); 20 seats and a judge renewing every 12
 * minutes need 105.
 */
export const ROOM_MINTS_PER_HOUR = 21 * MINTS_PER_PLACE * (3_600_000 / MINT_WINDOW_MS);
/** The spectators' mints in one room per hour, all together (each spectator is also a place). */
export const SPECTATOR_MINTS_PER_HOUR = 30;

const HOUR_MS = 3_600_000;

// The mints' own table, made on the first mint: a deploy without a TURN key never makes it.
function mints(core: RoomCore): SqlStorage {
  const sql = core.ctx.storage.sql;
  sql.exec(`CREATE TABLE IF NOT EXISTS voice_ice_mints (place TEXT NOT NULL, at INTEGER NOT NULL)`);
  return sql;
}

/** Whether a joined socket's attachment is the caller's place (`who` null: a spectator; else the same token). */
function samePlace(a: Attachment, who: Attachment | null): boolean {
  if (!who) return a.spectator && !a.table;
  if (a.credential !== who.credential) return false;
  return who.judge ? a.judge === true : a.seat === who.seat && !a.judge;
}

/**
 * Why this caller (`who` null: a spectator) may not have TURN credentials now; null: it may, and the
 * mint is counted before the TURN API is asked, so two requests at once cannot both pass the caps.
 */
export function mintRefusal(core: RoomCore, room: RoomRow, who: Attachment | null, peer: string | null): Refusal | null {
  const game = room.status === 'playing' ? core.loadGame() : null;
  if (!game || game.result) return refuse(409, 'voice/no-game', 'the relay is for a game being played: voice flows only in its steps');
  const table = voiceTable(core);
  const me = peer ? table.byPeer(peer) : undefined;
  if (!me || !samePlace(me.a, who)) return refuse(409, 'voice/not-joined', 'join the voice from a page in this room first, and name its peer (X-Voice-Peer)');
  if (table.linkedWith(me).length === 0) return refuse(409, 'voice/not-now', 'nobody in the voice hears you or is heard by you at this step');
  const place = !who ? `spectator:${me.peer}` : who.judge ? 'judge' : String(who.seat);
  const sql = mints(core);
  const now = core.now();
  sql.exec(`DELETE FROM voice_ice_mints WHERE at <= ?`, now - HOUR_MS);
  const mine = sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM voice_ice_mints WHERE place = ? AND at > ?`, place, now - MINT_WINDOW_MS).one().n;
  if (mine >= MINTS_PER_PLACE) return refuse(429, 'voice/ice-too-often', `this place had ${MINTS_PER_PLACE} relay credentials in the last 15 minutes; the ones it has still work`);
  const spectators = place.startsWith('spectator:');
  const [cap, share] = spectators ? [SPECTATOR_MINTS_PER_HOUR, `place LIKE 'spectator:%'`] : [ROOM_MINTS_PER_HOUR, `place NOT LIKE 'spectator:%'`];
  const lastHour = sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM voice_ice_mints WHERE ${share}`).one().n;
  if (lastHour >= cap) return refuse(429, 'voice/ice-room-limit', `this room had ${cap} relay credentials ${spectators ? 'for spectators ' : ''}in the last hour; try again later`);
  sql.exec(`INSERT INTO voice_ice_mints (place, at) VALUES (?, ?)`, place, now);
  return null;
}
