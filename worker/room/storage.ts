// The room's store: every query on its SQLite tables, in layers (room-row-store.ts: the room row,
// `meta`, the alarm; seat-store.ts: the places and their tokens; here: the game, its log, its prod
// plan and the applied action ids). All writes are synchronous; the caller wraps each change in one
// `transaction` so a change is stored whole or not at all. The stored format is schema.ts's.
import type { GameState, LogEntry, Seat } from '../engine/index.ts';
import { replayable, replayJournal } from './journal.ts';
import type { ProdPlan } from './prods.ts';
import type { ActionSpace, Dedupe } from './rows.ts';
import { SeatStore } from './seat-store.ts';

export { ACTIVITY_GRAIN_MS } from './room-row-store.ts';
export { SCHEMA_VERSION } from './schema.ts';
export * from './rows.ts';

/** The part of a game's state stored apart, written when a game starts and not on every move. */
export type FixedPart = Pick<GameState, 'setup' | 'roles' | 'deck' | 'commitment'>;

/** A statement binds at most 100 values on the platform: 25 log entries of four. */
const EVENTS_PER_INSERT = 25;

/** How many applied action ids the room remembers for dedupe, besides those its game's log names. */
export const KEEP_ACTION_IDS = 500;

/** The most log entries a move leaves after the stored state (a wake replays them): past it, the state is written again. */
export const JOURNAL_MAX = 32;

/** The state but its log and fixed part, as stored in the game row (made only when that row is written: most moves only journal). */
function movingText(state: GameState): string {
  const { log: _log, setup: _setup, roles: _roles, deck: _deck, commitment: _commitment, ...rest } = state;
  return JSON.stringify(rest);
}

/** An applied id as the store keys it. */
const keyOf = (seat: number, space: string, id: string) => `${seat}:${space}:${id}`;

/** Everything the room stores: the game and its log, and the action ids it has applied, over the seats' store. */
export class RoomStore extends SeatStore {
  // ---------------------------------------------------------------- game

  /** The stored game with its log rebuilt from the events table (and its journal replayed), or null before the first game. */
  loadGame(): GameState | null {
    const row = this.sql
      .exec<{ game_no: number; fixed: string | null; state: string; upto: number | null; prods: string | null }>(`SELECT game_no, fixed, state, upto, prods FROM game WHERE id = 1`)
      .toArray()[0];
    if (!row) return null;
    // The fixed part's keys come first in a state (createGame), so the merge keeps the state's key order.
    // A row written before schema 10 holds the whole state in `state` (`fixed` null) until its next write.
    const fixed = row.fixed === null ? null : (JSON.parse(row.fixed) as FixedPart);
    const stored = (fixed ? { ...fixed, ...JSON.parse(row.state) } : JSON.parse(row.state)) as GameState;
    const entries = this.sql.exec<{ json: string }>(`SELECT json FROM events WHERE game_no = ? ORDER BY seq`, row.game_no).toArray();
    // Before schema 11 a row holds the state after every entry (`upto` null).
    const upto = row.upto ?? entries.length;
    stored.log = entries.slice(0, upto).map((r) => JSON.parse(r.json) as LogEntry);
    const state = upto < entries.length ? replayJournal(stored, entries.slice(upto).map((r) => r.json)) : stored;
    this.remembered.fixed = fixed ? { gameNo: row.game_no, setup: state.setup, roles: state.roles, deck: state.deck, commitment: state.commitment } : undefined;
    // A row from before schema 11 (`upto` null) is written again at the next move, which sets it.
    this.remembered.journal = row.upto === null ? undefined : entries.length - upto;
    this.remembered.prods = row.prods ?? '';
    this.remembered.prodsParsed = undefined;
    return state;
  }

  /**
   * Stores a change to the game: its new log entries (the first names `applied`, the action id that
   * made them), and the state (without its log) with the prod plan only when the log alone would not
   * rebuild them on waking (worker/room/journal.ts): the step changed (so did the plan), the game
   * ended, the journal is long, or an entry is no input. The part of a state no move changes (its
   * setup, roles, deck and commitment: about half its text) is written only when it is not the part
   * stored already (the engine replaces a part it changes, never edits it in place, so the same
   * objects are the same part).
   */
  saveGame(gameNo: number, state: GameState, newEvents: readonly LogEntry[], plan: ProdPlan | null, applied?: Dedupe): void {
    const { setup, roles, deck, commitment } = state;
    const kept = this.remembered.fixed;
    const journal = this.remembered.journal;
    const planText = () => (plan ? JSON.stringify(plan) : '');
    if (!kept || kept.gameNo !== gameNo || kept.setup !== setup || kept.roles !== roles || kept.deck !== deck || kept.commitment !== commitment) {
      const fixed: FixedPart = { setup, roles, deck, commitment };
      const prods = planText();
      this.sql.exec(
        `INSERT OR REPLACE INTO game (id, game_no, fixed, state, upto, prods) VALUES (1, ?, ?, ?, ?, ?)`,
        gameNo,
        JSON.stringify(fixed),
        movingText(state),
        state.log.length,
        prods || null,
      );
      this.remembered.fixed = { gameNo, ...fixed };
      this.keepPlan(prods, plan);
      this.remembered.journal = 0;
    } else if (journal === undefined || plan !== this.prods() || state.result !== null || journal + newEvents.length > JOURNAL_MAX || !replayable(newEvents)) {
      const prods = planText();
      this.sql.exec(`UPDATE game SET state = ?, upto = ?, prods = ? WHERE id = 1`, movingText(state), state.log.length, prods || null);
      this.keepPlan(prods, plan);
      this.remembered.journal = 0;
    } else {
      this.remembered.journal = journal + newEvents.length;
    }
    this.appendEvents(gameNo, newEvents, applied);
  }

  /** The new log entries, in as few statements as the platform's bound parameters allow (one row each); the first names `applied`. */
  private appendEvents(gameNo: number, entries: readonly LogEntry[], applied?: Dedupe): void {
    const key = applied ? keyOf(applied.seat, applied.space, applied.id) : null;
    for (let from = 0; from < entries.length; from += EVENTS_PER_INSERT) {
      const batch = entries.slice(from, from + EVENTS_PER_INSERT);
      const values: (number | string | null)[] = [];
      for (const e of batch) values.push(gameNo, e.seq, JSON.stringify(e), e === entries[0] ? key : null);
      this.sql.exec(`INSERT INTO events (game_no, seq, json, applied) VALUES ${batch.map(() => '(?, ?, ?, ?)').join(', ')}`, ...values);
    }
    if (key !== null && entries.length > 0) this.loggedIds().add(key);
  }

  /** A new game replaces the old one: its events and applied ids go. */
  newGame(gameNo: number, state: GameState, plan: ProdPlan | null): void {
    this.remembered.applied = new Map();
    this.remembered.logged = new Set();
    this.remembered.fixed = undefined;
    this.sql.exec(`DELETE FROM events`);
    this.sql.exec(`DELETE FROM actions`);
    this.saveGame(gameNo, state, state.log, plan);
  }

  // ---------------------------------------------------------------- prods

  /** The current step's automatic prods (worker/room/prods.ts), or null before the first step. */
  prods(): ProdPlan | null {
    if (this.remembered.prodsParsed === undefined) {
      const text = (this.remembered.prods ??= this.sql.exec<{ prods: string | null }>(`SELECT prods FROM game WHERE id = 1`).toArray()[0]?.prods ?? '');
      this.remembered.prodsParsed = text ? (JSON.parse(text) as ProdPlan) : null;
    }
    return this.remembered.prodsParsed;
  }

  /** A prod went out (the room's alarm): the plan alone is written, into the game row. */
  saveProds(plan: ProdPlan | null): void {
    if (plan === this.prods()) return;
    const text = plan ? JSON.stringify(plan) : '';
    if (text === this.remembered.prods) return void (this.remembered.prodsParsed = plan);
    this.sql.exec(`UPDATE game SET prods = ? WHERE id = 1`, text || null);
    this.keepPlan(text, plan);
  }

  private keepPlan(text: string, plan: ProdPlan | null): void {
    this.remembered.prods = text;
    this.remembered.prodsParsed = plan;
  }

  // ---------------------------------------------------------------- dedupe

  /** Whether this seat's move of this kind (`act` or `host`) with this id was applied already. */
  applied(seat: Seat, space: ActionSpace, id: string): boolean {
    const key = keyOf(seat, space, id);
    return this.loggedIds().has(key) || this.appliedIds().has(key);
  }

  /**
   * Remembers the applied id of a change that logged nothing (a logged move's id is its first entry's,
   * saveGame): the window keeps the last KEEP_ACTION_IDS; one row written per id.
   */
  recordApplied(seat: Seat, space: ActionSpace, id: string): void {
    const ids = this.appliedIds();
    const key = keyOf(seat, space, id);
    // The ids in memory are the table's (read once per wake, rolled back with a failed change), so
    // the table needs no unique index of its own: an id already there is not written again.
    if (ids.has(key) || this.loggedIds().has(key)) return;
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
      this.remembered.applied = new Map(rows.map((r) => [keyOf(r.seat, r.space, r.id), r.n]));
    }
    return this.remembered.applied;
  }

  /** The applied ids the log's entries name, read once per wake and kept in step with every write. */
  private loggedIds(): Set<string> {
    return (this.remembered.logged ??= new Set(this.sql.exec<{ applied: string }>(`SELECT applied FROM events WHERE applied IS NOT NULL`).toArray().map((r) => r.applied)));
  }
}
