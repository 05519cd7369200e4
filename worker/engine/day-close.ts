// The day's clock-time close of an async pace (docs/rules-decisions.md O10): "the day
// closes at 21:00, Europe/Madrid". A module of its own, apart from pace.ts, so the home page (which
// imports the pace presets) does not carry the time-zone arithmetic.
import { HOUR, MINUTE, isClockTime, isTimeZone } from './pace.ts';

/** A day window that closes at a clock time in a time zone: "the day closes at 21:00, Europe/Madrid". */
export interface DayClose {
  /** Local wall-clock time, 24-hour "HH:MM". */
  time: string;
  /** IANA time zone name, e.g. "Europe/Madrid". */
  zone: string;
}

/**
 * The shortest day window a clock-time close gives (docs/rules-decisions.md O10): a day that opens
 * less than this before the chosen time closes at that time on the next day instead.
 */
export const MIN_CLOCK_DAY_MS = 6 * HOUR;

/** Why a clock-time close is unusable, or null. */
export function dayCloseRefusal(close: DayClose): string | null {
  if (!isClockTime(close.time)) return `the day's closing time must be HH:MM (24 hours), not "${close.time}"`;
  if (!isTimeZone(close.zone)) return `unknown time zone "${close.zone}"`;
  return null;
}

/** The wall-clock fields of instant `ms` in `zone`. */
function wallClock(ms: number, zone: string): { y: number; mo: number; d: number; h: number; mi: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { y: get('year'), mo: get('month'), d: get('day'), h: get('hour'), mi: get('minute') };
}

/** How far `zone` is ahead of UTC at instant `ms`, in ms (whole minutes). */
function offsetAt(ms: number, zone: string): number {
  const w = wallClock(ms, zone);
  return Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi) - Math.floor(ms / MINUTE) * MINUTE;
}

/**
 * The instant the wall clock in `zone` shows `h:mi` on local date y-mo-d. A time the clocks skip
 * (spring forward) comes out as the same distance past the jump (02:30 → 03:30); a time shown twice
 * (fall back) is its first showing.
 */
function instantOf(y: number, mo: number, d: number, h: number, mi: number, zone: string): number {
  const naive = Date.UTC(y, mo - 1, d, h, mi);
  // Zones change their offset at most once in two days: the offsets a day before and after are the two candidates.
  const before = naive - offsetAt(naive - 24 * HOUR, zone);
  const after = naive - offsetAt(naive + 24 * HOUR, zone);
  const shows = (t: number) => {
    const w = wallClock(t, zone);
    return w.h === h && w.mi === mi;
  };
  const matching = [before, after].filter(shows);
  return matching.length > 0 ? Math.min(...matching) : before;
}

/**
 * When a day window that opens at `at` closes under `close`: the first time the zone's clock shows
 * `close.time` at least MIN_CLOCK_DAY_MS after `at`. Pure: Intl's zone rules, no clock of its own.
 */
export function dayClosesAt(at: number, close: DayClose): number {
  const [h, mi] = close.time.split(':').map(Number) as [number, number];
  const earliest = at + MIN_CLOCK_DAY_MS;
  const local = wallClock(earliest, close.zone);
  // Today in the zone (at the earliest moment), then the next local days until one is late enough.
  for (let day = 0; day < 3; day++) {
    const t = instantOf(local.y, local.mo, local.d + day, h, mi, close.zone);
    if (t >= earliest) return t;
  }
  return earliest;
}
