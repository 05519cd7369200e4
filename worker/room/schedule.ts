// The host's scheduled start: the room's one alarm wakes an hour before (every seat is
// told) and at the time (the game starts by itself if the seat count is in range). Pure: the room
// stores what these return in the same step as what it does, so a repeated alarm does nothing twice.
import { REMINDER_BEFORE_MS } from './notify.ts';
import type { ScheduledStart } from './storage.ts';

/** The earliest a start may be scheduled ahead, and the latest (the room would have expired). */
export const SCHEDULE_LIMITS = { min: 60_000, max: 30 * 24 * 3_600_000 };

/** Why the host may not schedule a start at `at`, or null. */
export function scheduleRefusal(at: number, now: number): string | null {
  if (at < now + SCHEDULE_LIMITS.min) return 'a scheduled start must be at least a minute ahead';
  if (at > now + SCHEDULE_LIMITS.max) return 'a scheduled start must be within 30 days';
  return null;
}

/** When the alarm must wake for the schedule: the hour-before notice, then the start; null once it was missed. */
export function scheduleAlarm(schedule: ScheduledStart | null): number | null {
  if (!schedule || schedule.missed !== undefined) return null;
  return schedule.reminded ? schedule.at : schedule.at - REMINDER_BEFORE_MS;
}

/** What is due at `now`: the start (its time came), the notice (within the hour), or nothing. */
export function scheduleDue(schedule: ScheduledStart | null, now: number): 'start' | 'remind' | null {
  if (!schedule || schedule.missed !== undefined) return null;
  if (now >= schedule.at) return 'start';
  if (!schedule.reminded && now >= schedule.at - REMINDER_BEFORE_MS) return 'remind';
  return null;
}
