// What every step's panel reads of the view alike: the legal action of a kind, the latest event of a
// kind, who is muted today, and whether words are said aloud (face to face) rather than typed.
import type { LegalAction, LogEntry, Seat, View } from '../worker/engine/types.ts';
import { room } from './state.ts';

/** The viewer's legal action of one kind, if the engine offers it: a panel draws a control only for one. */
export function legal<T extends LegalAction['type']>(v: View, type: T): Extract<LegalAction, { type: T }> | undefined {
  return v.legal.find((a) => a.type === type) as Extract<LegalAction, { type: T }> | undefined;
}

/** The latest entry of one kind in the viewer's log (the log is in time order: read from its end). */
export function last<T extends LogEntry['event']['type']>(v: View, type: T): (LogEntry & { event: Extract<LogEntry['event'], { type: T }> }) | undefined {
  for (let i = v.log.length - 1; i >= 0; i--) if (v.log[i]!.event.type === type) return v.log[i] as never;
  return undefined;
}

/** Living players the forest old man muted for this day (4.0): public at dawn, over at nightfall. */
export function mutedToday(v: View): Seat[] {
  if (v.phase !== 'day') return [];
  return v.log.filter((e) => e.event.type === 'muted' && e.round === v.round).map((e) => (e.event as { seat: Seat }).seat).filter((s) => v.seats[s - 1]?.alive);
}

/** Played face to face, speeches and last words are said aloud at the table: no box to type them in. */
export function spoken(): boolean {
  return !!room.value?.table;
}

