// A memo of the last few states asked about (legal actions, seat facts, step views): pure, no clock.

/**
 * Memos of the last few states asked about, by identity. A state is never changed in place and is
 * asked about many times in a row (every viewer's view of one change, a simulator's policies), then
 * mostly never again. Not a WeakMap: keyed by every new state, a WeakMap cost about as much as the
 * work it saved, and its young entries were copied and promoted by the collector (see GameMemo).
 */
export class StateMemo<K extends object, T> {
  private readonly keys: (K | undefined)[];
  private readonly memos: (T | undefined)[];
  private next = 0;

  constructor(kept: number) {
    this.keys = new Array<K | undefined>(kept).fill(undefined);
    this.memos = new Array<T | undefined>(kept).fill(undefined);
  }

  /** The memo of `state`, if kept. */
  get(state: K): T | undefined {
    const i = this.keys.indexOf(state);
    return i < 0 ? undefined : this.memos[i];
  }

  /** The memo of `state`, made by `make` when not kept (pushing out the state kept longest). */
  of(state: K, make: () => T): T {
    const i = this.keys.indexOf(state);
    if (i >= 0) return this.memos[i]!;
    const memo = make();
    this.keys[this.next] = state;
    this.memos[this.next] = memo;
    this.next = (this.next + 1) % this.keys.length;
    return memo;
  }
}
