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

/** Readings by the log's first entry (one game), then by the caller's key (a viewer, a seat). */
export type Readings<E extends object, R> = WeakMap<E, Map<string | number, R>>;

/**
 * The reading of the whole `log` under `key`, brought up to date: the one kept from the last call
 * when `log` extends the log it read (the same entry object where it stopped), else a fresh one
 * (kept in its place unless the log is shorter than the one kept).
 * `readEntry` returns nothing; it folds one entry (at index `at` of the log) into the reading, in log order.
 */
export function readOnward<E extends object, R extends Reading<E>>(
  readings: Readings<E, R>,
  log: readonly E[],
  key: string | number,
  fresh: () => R,
  readEntry: (reading: R, entry: E, at: number) => void,
): R {
  const first = log[0];
  if (first === undefined) return fresh();
  let byKey = readings.get(first);
  if (!byKey) readings.set(first, (byKey = new Map()));
  let r = byKey.get(key);
  // An older state's log (a room compares the views before and after a change): read it apart, keeping the longer reading.
  if (r && r.read > log.length) r = fresh();
  else if (!r || (r.read > 0 && log[r.read - 1] !== r.last)) byKey.set(key, (r = fresh()));
  for (let i = r.read; i < log.length; i++) readEntry(r, log[i]!, i);
  r.read = log.length;
  r.last = log[log.length - 1];
  return r;
}
