// The room's store: every query on its SQLite tables, in layers (room-row-store.ts: the room row,
// `meta`, the alarm; seat-store.ts: the places and their tokens; here: the game, its log and the
// applied action ids). All writes are synchronous; the caller wraps each change in one
// `transaction` so a change is stored whole or not at all. The stored format is schema.ts's.
import type { GameState, LogEntry, Seat } from '../engine/index.ts';
import type { ActionSpace } from './rows.ts';
import { SeatStore } from './seat-store.ts';

export { ACTIVITY_GRAIN_MS } from './room-row-store.ts';
export { SCHEMA_VERSION } from './schema.ts';
export * from './rows.ts';

/** The part of a game's state stored apart, written when a game starts and not on every move. */
export type FixedPart = Pick<GameState, 'setup' | 'roles' | 'deck' | 'commitment'>;

/** A statement binds at most 100 values on the platform: 33 log entries of three. */
const EVENTS_PER_INSERT = 33;

/** How many applied action ids the room remembers for dedupe. */
export const KEEP_ACTION_IDS = 500;

/** Everything the room stores: the game and its log, and the action ids it has applied, over the seats' store. */
export class RoomStore extends SeatStore {
  // ---------------------------------------------------------------- game

  /** The stored game with its log rebuilt from the events table, or null before the first game. */
  loadGame(): GameState | null {
    const row = this.sql.exec<{ game_no: number; fixed: string | null; state: string }>(`SELECT game_no, fixed, state FROM game WHERE id = 1`).toArray()[0];
    if (!row) return null;
    // The fixed part's keys come first in a state (createGame), so the merge keeps the state's key order.
    // A row written before schema 10 holds the whole state in `state` (`fixed` null) until its next write.
    const fixed = row.fixed === null ? null : (JSON.parse(row.fixed) as FixedPart);
    const state = (fixed ? { ...fixed, ...JSON.parse(row.state) } : JSON.parse(row.state)) as GameState;
    state.log = this.sql
      .exec<{ json: string }>(`SELECT json FROM events WHERE game_no = ? ORDER BY seq`, row.game_no)
      .toArray()
      .map((r) => JSON.parse(r.json) as LogEntry);
    this.remembered.fixed = fixed ? { gameNo: row.game_no, setup: state.setup, roles: state.roles, deck: state.deck, commitment: state.commitment } : undefined;
    return state;
  }

  /**
   * Stores the state (without its log) and appends the new log entries. The part of a state no move
   * changes (its setup, roles, deck and commitment: about half its text) is written only when it is
   * not the part stored already (the engine replaces a part it changes, never edits it in place, so
   * the same objects are the same part); a move writes the rest, in the same one row.
   */
  saveGame(gameNo: number, state: GameState, newEvents: readonly LogEntry[]): void {
    const { log: _log, setup, roles, deck, commitment, ...rest } = state;
    const kept = this.remembered.fixed;
    if (kept && kept.gameNo === gameNo && kept.setup === setup && kept.roles === roles && kept.deck === deck && kept.commitment === commitment) {
      this.sql.exec(`UPDATE game SET state = ? WHERE id = 1`, JSON.stringify(rest));
    } else {
      const fixed: FixedPart = { setup, roles, deck, commitment };
      this.sql.exec(`INSERT OR REPLACE INTO game (id, game_no, fixed, state) VALUES (1, ?, ?, ?)`, gameNo, JSON.stringify(fixed), JSON.stringify(rest));
      this.remembered.fixed = { gameNo, ...fixed };
    }
    this.appendEvents(gameNo, newEvents);
  }

  /** The new log entries, in as few statements as the platform's bound parameters allow (one row each). */
  private appendEvents(gameNo: number, entries: readonly LogEntry[]): void {
    for (let from = 0; from < entries.length; from += EVENTS_PER_INSERT) {
      const batch = entries.slice(from, from + EVENTS_PER_INSERT);
      const values: (number | string)[] = [];
      for (const e of batch) values.push(gameNo, e.seq, JSON.stringify(e));
      this.sql.exec(`INSERT INTO events (game_no, seq, json) VALUES ${batch.map(() => '(?, ?, ?)').join(', ')}`, ...values);
    }
  }

  /** A new game replaces the old one: its events and applied ids go. */
  newGame(gameNo: number, state: GameState): void {
    this.remembered.applied = undefined;
    this.sql.exec(`DELETE FROM events`);
    this.sql.exec(`DELETE FROM actions`);
    this.saveGame(gameNo, state, state.log);
  }

  // ---------------------------------------------------------------- dedupe

  /** Whether this seat's move of this kind (`act` or `host`) with this id was applied already. */
  applied(seat: Seat, space: ActionSpace, id: string): boolean {
    return this.appliedIds().has(`${seat}:${space}:${id}`);
  }

  /** Remembers an applied id (the window keeps the last KEEP_ACTION_IDS); one row written per id. */
  recordApplied(seat: Seat, space: ActionSpace, id: string): void {
    const ids = this.appliedIds();
    const key = `${seat}:${space}:${id}`;
    // The ids in memory are the table's (read once per wake, rolled back with a failed change), so
    // the table needs no unique index of its own: an id already there is not written again.
    if (ids.has(key)) return;
    const added = this.sql.exec<{ n: number }>(`INSERT INTO actions (seat, space, id) VALUES (?, ?, ?) RETURNING n`, seat, space, id).one();
    ids.set(key, added.n);
    // Numbers only grow (the newest row's n + 1: only the oldest rows are deleted), so the ids past
    // the window are those numbered up to n - KEEP_ACTION_IDS.
    if (added.n <= KEEP_ACTION_IDS) return;
    this.sql.exec(`DELETE FROM actions WHERE n <= ?`, added.n - KEEP_ACTION_IDS);
    for (const [k, n] of ids) {
      if (n > added.n - KEEP_ACTION_IDS) break;
      ids.delete(k);
    }
  }

  /** The applied ids the table holds, read once per wake and kept in step with every write. */
  private appliedIds(): Map<string, number> {
    if (!this.remembered.applied) {
      const rows = this.sql.exec<{ n: number; seat: number; space: string; id: string }>(`SELECT n, seat, space, id FROM actions ORDER BY n`).toArray();
      this.remembered.applied = new Map(rows.map((r) => [`${r.seat}:${r.space}:${r.id}`, r.n]));
    }
    return this.remembered.applied;
  }
}
