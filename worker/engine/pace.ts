// Deadlines for each kind of waiting step: a live table plays in minutes, an async one over days.
import type { Pace } from './types.ts';

const SECOND = 1000;
/** Milliseconds in a minute, for the presets and limits. */
export const MINUTE = 60 * SECOND;
/** Milliseconds in an hour, for the presets and limits. */
export const HOUR = 60 * MINUTE;

/** The room's two presets (RULES.md 11): `live` for everyone present, `async` for phases of hours. */
export const PACE_PRESETS: Record<'live' | 'async', Pace> = {
  live: { call: 60 * SECOND, eyes: 45 * SECOND, lastWords: 60 * SECOND, speech: 90 * SECOND, ballot: 45 * SECOND },
  async: { call: 12 * HOUR, eyes: 12 * HOUR, lastWords: 6 * HOUR, speech: 4 * HOUR, ballot: 24 * HOUR },
};

/** Bounds on a custom deadline: long enough to act on a phone, short enough that a game ends. */
export const PACE_LIMITS = { min: 10 * SECOND, max: 7 * 24 * HOUR };

/**
 * The reading step's deadline (RULES.md 11 "Reading the cards", decision O3): a quarter of the
 * call deadline, at least 15 s and at most 1 h. The live preset gives 15 s, the async preset 1 h;
 * it only delays night 1, whose calls then get their whole deadline.
 */
export function readingMs(pace: Pace): number {
  return Math.min(Math.max(pace.call / 4, 15 * SECOND), HOUR);
}

// The two checks of a clock-time close (day-close.ts) live here: the room's schemas use them, and the
// home page carries this module anyway.
/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/** Whether `time` is a 24-hour "HH:MM". */
export function isClockTime(time: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(time);
}
