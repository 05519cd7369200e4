// Readings of a log kept between calls. A game's log only grows (apply appends; a copy shares the
// entries), so whatever is worked out from its first n entries stays true: the next call reads only
// the entries added since. A bot decides many times per game and every view reads its log, so this
// turns a game's cost from (decisions × log length) into (log length). Pure memoisation: a reading
// gives exactly what reading the whole log again would.

/** What a reading keeps besides its own fields: how many entries it has read, and the last of them. */
export interface Reading<E> {
  read: number;
  last: E | undefined;
}

/**
 * How many games' memos are kept: the game being played, and others a caller alternates with (a test's
 * fresh copy of a state, a watched view, the rooms that share one isolate). A game pushed out is only
 * read again from its start the next time it is asked about.
 */
const GAMES_KEPT = 32;

/**
 * Memos of the games asked about last, by the event of their log's first entry (one game: a viewer's numbered copy
 * of an entry shares the entry's event, so the views and the bots' readings of a game share its key), held until newer games
 * push them out or forgetGame drops them. Not a WeakMap: a young-generation collection keeps every value of
 * a WeakMap alive until the next full collection, so a simulator's finished games were copied and promoted
 * in bulk (a fifth of a heuristic game's cost went to collecting them).
 */
export class GameMemo<T> {
  private firsts: object[] = [];
  private memos: T[] = [];

  /** The memo of the game whose log starts with `first`, if kept. */
  find(first: object): T | undefined {
    for (let i = this.firsts.length - 1; i >= 0; i--) if (this.firsts[i] === first) return this.memos[i];
    return undefined;
  }

  /** Keeps `memo` for the game whose log starts with `first` (not kept yet), pushing the oldest game out when full. */
  add(first: object, memo: T): T {
    this.firsts.push(first);
    this.memos.push(memo);
    if (this.firsts.length > GAMES_KEPT) {
      this.firsts.shift();
      this.memos.shift();
    }
    return memo;
  }

  /** The memo of the game with this log, made by `make` the first time (a log with no entry gets one of its own, kept nowhere). */
  ofLog(log: readonly { event: object }[], make: () => T): T {
    const game = gameKey(log);
    if (game === undefined) return make();
    return this.find(game) ?? this.add(game, make());
  }

  /** Drops the game whose log starts with `first`. */
  drop(first: object): void {
    const i = this.firsts.indexOf(first);
    if (i < 0) return;
    this.firsts.splice(i, 1);
    this.memos.splice(i, 1);
  }
}

const memos: GameMemo<unknown>[] = [];

/** A new kind of memo by game, dropped with the others by forgetGame. */
export function gameMemo<T>(): GameMemo<T> {
  const memo = new GameMemo<T>();
  memos.push(memo);
  return memo;
}

/** The key of the game with this log (or of any viewer's log of it): its first entry's event. */
export function gameKey(log: readonly { event: object }[]): object | undefined {
  return log[0]?.event;
}

/** Drops every memo of the game with this log (the simulator, once a game is over: nobody will ask about it again). */
export function forgetGame(log: readonly { event: object }[]): void {
  const key = gameKey(log);
  if (key) for (const memo of memos) memo.drop(key);
}

/** Readings by game (gameKey), then by the caller's key (a viewer, a seat). */
export type Readings<R> = GameMemo<Map<string | number, R>>;

/**
 * The reading of the whole `log` under `key`, brought up to date: the one kept from the last call
 * when `log` extends the log it read (the same entry object where it stopped), else a fresh one
 * (kept in its place unless the log is shorter than the one kept).
 * `readEntry` returns nothing; it folds one entry (at index `at` of the log) into the reading, in log order.
 */
export function readOnward<E extends { event: object }, R extends Reading<E>>(
  readings: Readings<R>,
  log: readonly E[],
  key: string | number,
  fresh: (log: readonly E[], key: string | number) => R,
  readEntry: (reading: R, entry: E, at: number) => void,
): R {
  const r = readingAt(readings, log, key, fresh);
  for (let i = r.read; i < log.length; i++) readEntry(r, log[i]!, i);
  return readThrough(r, log);
}

/**
 * readOnward in two halves, for a caller that reads the new entries in its own loop (a call it makes
 * directly can be inlined; a function handed to readOnward cannot): the reading under `key` as kept
 * (or fresh), to be read from entry `r.read` on and then passed to readThrough.
 */
export function readingAt<E extends { event: object }, R extends Reading<E>>(readings: Readings<R>, log: readonly E[], key: string | number, fresh: (log: readonly E[], key: string | number) => R): R {
  const byKey = readings.ofLog(log, () => new Map());
  let r = byKey.get(key);
  // An older state's log (a room compares the views before and after a change): read it apart, keeping the longer reading.
  if (r && r.read > log.length) r = fresh(log, key);
  else if (!r || (r.read > 0 && log[r.read - 1] !== r.last)) byKey.set(key, (r = fresh(log, key)));
  return r;
}

/** Marks `r` as having read all of `log` (readingAt's second half). */
export function readThrough<E, R extends Reading<E>>(r: R, log: readonly E[]): R {
  r.read = log.length;
  r.last = log[log.length - 1];
  return r;
}
