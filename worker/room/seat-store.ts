// The places of a room and their credentials: the seats (people and bots), the human judge, each
// place's token hash, the one-time links into a place and the retired tokens of people let go.
import type { Seat } from '../engine/index.ts';
import { nameKey } from '../names.ts';
import type { BotState } from './bots.ts';
import { RoomRowStore, type SeatRecord } from './room-row-store.ts';
import { JUDGE_PLACE, TABLE_PLACE, type InviteKind, type JudgeRow, type Place, type RetiredWhy, type SeatRow } from './rows.ts';

/** The token hash a bot seat holds instead of a person's: no token hashes to it (a SHA-256 in base64url has no colon). */
const BOT_TOKEN = 'bot:';

/** The seats, the judge and their tokens and links, over the room row's store. */
export class SeatStore extends RoomRowStore {
  // ---------------------------------------------------------------- seats

  seats(): SeatRow[] {
    return this.seatRows().map((r) => ({ seat: r.seat, name: r.name, tokenHash: r.token_hash, score: r.score, host: r.host === 1, bot: r.bot === null ? null : (JSON.parse(r.bot) as BotState) }));
  }

  /** The seats' rows as stored (remembered; callers get fresh objects from `seats` and `bots`). */
  protected seatRows(): SeatRecord[] {
    return (this.remembered.seats ??= this.sql.exec<SeatRecord>(`SELECT seat, name, token_hash, score, host, bot FROM seats ORDER BY seat`).toArray());
  }

  /** Every write to the seats goes through here, so the remembered rows are read again. */
  protected seatsChanged(): void {
    this.remembered.seats = undefined;
  }

  /**
   * The bot seats and what the room keeps for each. Asked two or three times per change (the bots'
   * schedule, the alarm, presence), and a bot's memory grows over a game: each row's text is parsed
   * once and the parse kept until that text changes (a bot's state is never changed in place:
   * worker/room/changes.ts stores a new one), so callers share read-only states in a map of their own.
   */
  bots(): Map<Seat, BotState> {
    const kept = (this.remembered.bots ??= new Map());
    const bots = new Map<Seat, BotState>();
    for (const r of this.seatRows()) {
      if (r.bot === null) continue;
      let parsed = kept.get(r.seat);
      if (parsed?.text !== r.bot) kept.set(r.seat, (parsed = { text: r.bot, bot: JSON.parse(r.bot) as BotState }));
      bots.set(r.seat, parsed.bot);
    }
    return bots;
  }

  /** Seats a bot (lobby); it holds no token. */
  addBotSeat(seat: Seat, name: string, bot: BotState): void {
    this.seatsChanged();
    this.sql.exec(
      `INSERT INTO seats (seat, name, name_key, token_hash, score, host, bot) VALUES (?, ?, ?, ?, 0, 0, ?)`,
      seat,
      name,
      nameKey(name),
      BOT_TOKEN + crypto.randomUUID(),
      JSON.stringify(bot),
    );
  }

  /** A person's seat goes to a bot: their token stops working and their devices' notifications stop. */
  makeBot(seat: Seat, bot: BotState): void {
    this.seatsChanged();
    this.sql.exec(`UPDATE seats SET token_hash = ?, bot = ? WHERE seat = ?`, BOT_TOKEN + crypto.randomUUID(), JSON.stringify(bot), seat);
    this.sql.exec(`DELETE FROM push_subscriptions WHERE seat = ?`, seat);
    this.remembered.push = undefined;
  }

  /** Stores a bot's memory and schedule. */
  saveBot(seat: Seat, bot: BotState): void {
    const text = JSON.stringify(bot);
    this.sql.exec(`UPDATE seats SET bot = ? WHERE seat = ? AND bot IS NOT NULL`, text, seat);
    // The remembered rows are never handed out: the bot's row is brought up to date in place.
    const row = this.remembered.seats?.find((r) => r.seat === seat);
    if (row && row.bot !== null) row.bot = text;
  }

  seatByToken(tokenHash: string): Seat | null {
    return this.seatRows().find((r) => r.token_hash === tokenHash)?.seat ?? null;
  }

  nameTaken(name: string): boolean {
    const key = nameKey(name);
    return this.sql.exec(`SELECT 1 FROM seats WHERE name_key = ? UNION SELECT 1 FROM judge WHERE name_key = ?`, key, key).toArray().length > 0;
  }

  addSeat(seat: Seat, name: string, tokenHash: string, host: boolean): void {
    this.seatsChanged();
    if (host) this.clearHost();
    this.sql.exec(
      `INSERT INTO seats (seat, name, name_key, token_hash, score, host) VALUES (?, ?, ?, ?, 0, ?)`,
      seat,
      name,
      nameKey(name),
      tokenHash,
      host ? 1 : 0,
    );
  }

  // ---------------------------------------------------------------- tokens
  // A place's credential is the hash of its current token. Replacing it is the only way a token
  // stops working: every socket carries the hash it connected with, and worker/room/identity.ts
  // compares it with this row on every frame.

  /** The current token hash of a place (a seat number, or JUDGE_PLACE), or null if it is empty. */
  tokenHashOf(place: Place): string | null {
    if (place === JUDGE_PLACE) return this.judge()?.tokenHash ?? null;
    if (place === TABLE_PLACE) return this.meta('table_hash');
    return this.seatRows().find((r) => r.seat === place)?.token_hash ?? null;
  }

  /** Gives a place a new token; the old one stops working at once. */
  replaceToken(place: Place, tokenHash: string): void {
    this.seatsChanged();
    this.judgeChanged();
    if (place === JUDGE_PLACE) this.sql.exec(`UPDATE judge SET token_hash = ?`, tokenHash);
    else if (place === TABLE_PLACE) this.setMeta('table_hash', tokenHash);
    else {
      // A seat taken back from a bot through the host's link is a person's again.
      this.sql.exec(`UPDATE seats SET token_hash = ?, bot = NULL WHERE seat = ?`, tokenHash, place);
      // The signed-out devices must not go on receiving this seat's notifications.
      this.sql.exec(`DELETE FROM push_subscriptions WHERE seat = ?`, place);
      this.remembered.push = undefined;
    }
  }

  /**
   * Keeps one link of each kind per place; a newer one replaces the older of its kind, and links of
   * other kinds stay valid until one of them is used. `expires`: when it lapses (null: never).
   */
  saveInvite(place: Place, kind: InviteKind, tokenHash: string, at: number, expires: number | null = null): void {
    this.sql.exec(`DELETE FROM invites WHERE place = ? AND kind = ?`, place, kind);
    this.sql.exec(`INSERT INTO invites (token_hash, place, kind, created, expires) VALUES (?, ?, ?, ?, ?)`, tokenHash, place, kind, at, expires);
  }

  /** Uses up an invitation: the place's token changes, so every link to it goes. Returns the place, or null. */
  takeInvite(tokenHash: string): Place | null {
    const r = this.sql.exec<{ place: number }>(`SELECT place FROM invites WHERE token_hash = ?`, tokenHash).toArray()[0];
    if (!r) return null;
    this.sql.exec(`DELETE FROM invites WHERE place = ?`, r.place);
    return r.place;
  }

  /** The invitation's place, kind and when it lapses (null: never), without using it up. */
  inviteOf(tokenHash: string): { place: Place; kind: InviteKind; expires: number | null } | null {
    const r = this.sql.exec<{ place: number; kind: string; expires: number | null }>(`SELECT place, kind, expires FROM invites WHERE token_hash = ?`, tokenHash).toArray()[0];
    return r ? { place: r.place, kind: r.kind as InviteKind, expires: r.expires } : null;
  }

  /**
   * Invitations end with their game: at a start and at the end, the host's links into seats and the
   * judge's place (made in the lobby) and the replacement links go; a seat's own move link (minutes
   * long, its own place) and the table screen's link stay.
   */
  endInvitations(): void {
    this.sql.exec(`DELETE FROM invites WHERE kind = 'replace' OR (kind = 'host' AND place <> ?)`, TABLE_PLACE);
  }

  /**
   * Before a seat's person is let go for good (replaced, handed to a bot): keeps their token's hash
   * with the reason, so that device is told why it is refused (a bot seat's stand-in hash is no token).
   */
  retireToken(seat: Seat, why: RetiredWhy): void {
    const hash = this.tokenHashOf(seat);
    if (hash === null || hash.startsWith(BOT_TOKEN)) return;
    this.sql.exec(`INSERT OR REPLACE INTO retired_tokens (token_hash, seat, why) VALUES (?, ?, ?)`, hash, seat, why);
  }

  /** Why a token that names nobody was let go, if it once held a seat of this room. */
  retired(tokenHash: string): { seat: Seat; why: RetiredWhy } | null {
    const r = this.sql.exec<{ seat: number; why: string }>(`SELECT seat, why FROM retired_tokens WHERE token_hash = ?`, tokenHash).toArray()[0];
    return r ? { seat: r.seat, why: r.why as RetiredWhy } : null;
  }

  /** A seat's new name (a replacement), kept unique like a join's. */
  renameSeat(seat: Seat, name: string): void {
    this.seatsChanged();
    this.sql.exec(`UPDATE seats SET name = ?, name_key = ? WHERE seat = ?`, name, nameKey(name), seat);
  }


  // ---------------------------------------------------------------- the human judge

  judge(): JudgeRow | null {
    if (this.remembered.judge === undefined) {
      const r = this.sql.exec<{ name: string; token_hash: string; host: number }>(`SELECT name, token_hash, host FROM judge WHERE id = 1`).toArray()[0];
      this.remembered.judge = r ? { name: r.name, tokenHash: r.token_hash, host: r.host === 1 } : null;
    }
    const judge = this.remembered.judge;
    return judge && { ...judge };
  }

  /** Every write to the judge's row goes through here, so the remembered row is read again. */
  private judgeChanged(): void {
    this.remembered.judge = undefined;
  }

  setJudge(name: string, tokenHash: string, host: boolean): void {
    this.judgeChanged();
    if (host) this.clearHost();
    this.sql.exec(`INSERT INTO judge (id, name, name_key, token_hash, host) VALUES (1, ?, ?, ?, ?)`, name, nameKey(name), tokenHash, host ? 1 : 0);
  }

  removeJudge(): void {
    this.judgeChanged();
    this.sql.exec(`DELETE FROM judge`);
    this.sql.exec(`DELETE FROM invites WHERE place = ?`, JUDGE_PLACE);
  }

  /** The host mark moves to whoever joins with the host token. */
  private clearHost(): void {
    this.seatsChanged();
    this.judgeChanged();
    this.sql.exec(`UPDATE seats SET host = 0`);
    this.sql.exec(`UPDATE judge SET host = 0`);
  }

  /** Removes a seat and renumbers the others 1..N in order; returns old seat -> new seat. */
  removeSeat(seat: Seat): Map<Seat, Seat> {
    this.seatsChanged();
    this.remembered.applied = undefined;
    this.remembered.push = undefined;
    this.sql.exec(`DELETE FROM seats WHERE seat = ?`, seat);
    this.sql.exec(`DELETE FROM push_subscriptions WHERE seat = ?`, seat);
    const moves = new Map<Seat, Seat>();
    const rest = this.sql.exec<{ seat: number }>(`SELECT seat FROM seats ORDER BY seat`).toArray();
    rest.forEach((r, i) => {
      if (r.seat !== i + 1) {
        this.sql.exec(`UPDATE seats SET seat = ? WHERE seat = ?`, i + 1, r.seat);
        // A device's notifications follow its player to the new seat number.
        this.sql.exec(`UPDATE push_subscriptions SET seat = ? WHERE seat = ?`, i + 1, r.seat);
        moves.set(r.seat, i + 1);
      }
    });
    // Applied ids and invitations belong to seat numbers; renumbered seats start with a clean slate
    // (the last game's entries keep what they logged, not who asked).
    this.remembered.logged = new Set();
    this.sql.exec(`DELETE FROM actions`);
    this.sql.exec(`UPDATE events SET applied = NULL WHERE applied IS NOT NULL`);
    this.sql.exec(`DELETE FROM invites WHERE place > 0`);
    return moves;
  }

  addScore(seats: Seat[]): void {
    this.seatsChanged();
    for (const seat of seats) this.sql.exec(`UPDATE seats SET score = score + 1 WHERE seat = ?`, seat);
  }
}
