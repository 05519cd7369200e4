// The small kit of controls every screen draws with: a button that asks first, a step's countdown,
// the seat buttons a player picks with, and the change type of a form. It imports no screen, so any
// screen (the home page's too) may use it without pulling another in.
import type { ComponentChildren } from 'preact';
import type { Seat } from '../worker/engine/types.ts';
import { clockTime, t } from './i18n.ts';
import { now } from './state.ts';

/** A change to a form's value made from its latest value, not the one drawn: two changes before a redraw both count. */
export type Update<T> = (change: (old: T) => T) => void;

/** A button that asks before doing something that cannot be undone. */
export function ConfirmButton({ ask, onYes, class: cls, children }: { ask: string; onYes: () => void; class?: string; children: ComponentChildren }) {
  return (
    <button type="button" class={cls} onClick={() => confirm(ask) && onYes()}>
      {children}
    </button>
  );
}

/**
 * A seat (or "nobody") a player may pick, pressed while it is the pick: a screen reader says which
 * one is chosen. Every picker of seats (a night call, a ballot) draws the same button.
 */
export function SeatButton({ on, onPick, testid, seat, children }: { on: boolean; onPick: () => void; testid: string; seat?: Seat; children: ComponentChildren }) {
  return (
    <button type="button" class={on ? 'on' : ''} aria-pressed={on} onClick={onPick} data-testid={testid} data-seat={seat}>
      {children}
    </button>
  );
}

/** A time left as a clock reads it: "0:42", "12:05", "1:00:00", "2d 3:04:05". */
function clock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(h || d ? 2 : 1, '0');
  const ss = String(s % 60).padStart(2, '0');
  return `${d ? `${d}d ` : ''}${h || d ? `${h}:` : ''}${mm}:${ss}`;
}

/** Time left on a step and the local clock time it closes at ("closes Tue 21:00"). */
export function Countdown({ endsAt }: { endsAt: number | null }) {
  if (!endsAt) return null;
  // The weekday only when the deadline is not today ("closes 21:00", "closes Tue 21:00").
  const at = clockTime(endsAt, new Date(now.value).toDateString() !== new Date(endsAt).toDateString());
  const left = endsAt - now.value;
  return (
    <div class={`countdown${left < 10_000 ? ' soon' : ''}`}>
      <b>{clock(left)}</b> · {t('closes', at)}
    </div>
  );
}
