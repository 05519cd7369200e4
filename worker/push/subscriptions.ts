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

/** The room's push subscriptions (one SQLite table of the room's storage). */
export class PushStore {
  private readonly sql: SqlStorage;

  constructor(sql: SqlStorage) {
    this.sql = sql;
  }

  /** Every subscription, seat first; empty for a room nobody subscribed in (one cheap query per change). */
  all(): SubscriptionRow[] {
    return this.sql
      .exec<{ seat: number; endpoint: string; p256dh: string; auth: string; lang: string }>(
        `SELECT seat, endpoint, p256dh, auth, lang FROM push_subscriptions ORDER BY seat, created`,
      )
      .toArray()
      .map((r) => ({ seat: r.seat, endpoint: r.endpoint, p256dh: r.p256dh, auth: r.auth, lang: r.lang as Lang }));
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
    return true;
  }

  /** Removes a device's subscription, only from the seat that owns it. */
  unsubscribe(seat: Seat, endpoint: string): void {
    this.sql.exec(`DELETE FROM push_subscriptions WHERE seat = ? AND endpoint = ?`, seat, endpoint);
  }

  /** The push service said this subscription is gone (404/410). */
  remove(endpoint: string): void {
    this.sql.exec(`DELETE FROM push_subscriptions WHERE endpoint = ?`, endpoint);
  }

  /** The deadline whose one-hour reminder went out already, so a repeated alarm sends it once. */
  remindedFor(): number | null {
    const row = this.sql.exec<{ value: string }>(`SELECT value FROM meta WHERE key = 'push_reminded'`).toArray()[0];
    return row ? Number(row.value) : null;
  }

  markReminded(endsAt: number): void {
    this.sql.exec(`INSERT OR REPLACE INTO meta (key, value) VALUES ('push_reminded', ?)`, String(endsAt));
  }
}
