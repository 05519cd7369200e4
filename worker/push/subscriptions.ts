// The room's push subscriptions: each belongs to one seat, is read only by the room's own sender,
// and never appears in any frame. The table is created by the room's schema migration (storage.ts).
import type { Seat } from '../engine/index.ts';
import type { Lang } from '../protocol.ts';

/** Devices one seat may subscribe; more would only let one player make the room send more. */
export const MAX_DEVICES_PER_SEAT = 8;

/** One device's push subscription, owned by a seat. */
export interface SubscriptionRow {
  seat: Seat;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: Lang;
}

/**
 * What a PushStore remembers between frames, so a change reads no subscriptions from SQLite (the
 * room's store holds it, and forgets it with a failed change or its own writes to the table).
 */
export interface PushMemo {
  rows?: readonly SubscriptionRow[];
  /** The deadline whose reminder went out (null: none); undefined: read it. */
  reminded?: number | null;
}

/** The room's push subscriptions (one SQLite table of the room's storage). */
export class PushStore {
  private readonly sql: SqlStorage;
  private readonly memo: () => PushMemo;

  /** `memo`: where the rows are remembered (by default nowhere: every call reads SQLite). */
  constructor(sql: SqlStorage, memo: () => PushMemo = () => ({})) {
    this.sql = sql;
    this.memo = memo;
  }

  /** Every subscription, seat first; empty for a room nobody subscribed in (read once, then remembered). */
  all(): readonly SubscriptionRow[] {
    return (this.memo().rows ??= this.sql
      .exec<{ seat: number; endpoint: string; p256dh: string; auth: string; lang: string }>(
        `SELECT seat, endpoint, p256dh, auth, lang FROM push_subscriptions ORDER BY seat, created`,
      )
      .toArray()
      .map((r) => ({ seat: r.seat, endpoint: r.endpoint, p256dh: r.p256dh, auth: r.auth, lang: r.lang as Lang })));
  }

  /** Adds (or moves to this seat, or refreshes) one device's subscription; false when the seat has its fill of devices. */
  subscribe(row: SubscriptionRow, now: number): boolean {
    const mine = this.sql.exec(`SELECT 1 FROM push_subscriptions WHERE seat = ? AND endpoint <> ?`, row.seat, row.endpoint).toArray().length;
    if (mine >= MAX_DEVICES_PER_SEAT) return false;
    this.sql.exec(
      `INSERT OR REPLACE INTO push_subscriptions (endpoint, seat, p256dh, auth, lang, created) VALUES (?, ?, ?, ?, ?, ?)`,
      row.endpoint,
      row.seat,
      row.p256dh,
      row.auth,
      row.lang,
      now,
    );
    this.memo().rows = undefined;
    return true;
  }

  /** Removes a device's subscription, only from the seat that owns it. */
  unsubscribe(seat: Seat, endpoint: string): void {
    this.sql.exec(`DELETE FROM push_subscriptions WHERE seat = ? AND endpoint = ?`, seat, endpoint);
    this.memo().rows = undefined;
  }

  /** The push service said this subscription is gone (404/410). */
  remove(endpoint: string): void {
    this.sql.exec(`DELETE FROM push_subscriptions WHERE endpoint = ?`, endpoint);
    this.memo().rows = undefined;
  }

  /** The deadline whose one-hour reminder went out already, so a repeated alarm sends it once. */
  remindedFor(): number | null {
    const memo = this.memo();
    if (memo.reminded === undefined) {
      const row = this.sql.exec<{ value: string }>(`SELECT value FROM meta WHERE key = 'push_reminded'`).toArray()[0];
      memo.reminded = row ? Number(row.value) : null;
    }
    return memo.reminded;
  }

  markReminded(endsAt: number): void {
    this.sql.exec(`INSERT OR REPLACE INTO meta (key, value) VALUES ('push_reminded', ?)`, String(endsAt));
    this.memo().reminded = endsAt;
  }
}
