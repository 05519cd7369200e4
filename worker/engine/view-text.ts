// A view as JSON text, byte for byte what JSON.stringify gives: the parts views share by reference
// (kept seat views, a state's step view and result, the game's options, numbered log entries) are
// stringified once and their text reused, since the room writes a frame for every viewer after every change.
import type { LogEntry, SeatView, View } from './types.ts';

// The text of a view part that views share by reference (a seat view kept between views, a state's
// step view and result, the game's options): stringified once, not once per viewer per change.
// Views are read-only, so a part's text stays true for as long as the part lives.
const partTexts = new WeakMap<object, string>();

/** The JSON text of a part views share by reference (read-only), made once for the part's life. */
export function partText(part: object): string {
  let text = partTexts.get(part);
  if (text === undefined) partTexts.set(part, (text = JSON.stringify(part)));
  return text;
}

/**
 * `JSON.stringify({ ...view, log: undefined })`, byte for byte: the keys in buildView's order, the
 * shared parts from their kept text, the viewer and its own seat written out (one shape each outside
 * `dual`), and only `legal` stringified: one call per viewer, not one per part.
 * (A key added to the view must be added here and to worker/engine/view-update.ts patchText:
 * test/engine/view-json.test.ts and test/engine/shared-frames.test.ts compare them with JSON.stringify.)
 */
export function viewText(v: View): string {
  const viewer = v.viewer.kind === 'seat' ? `{"kind":"seat","seat":${v.viewer.seat}}` : `{"kind":"${v.viewer.kind}"}`;
  const me = v.me ? `,"me":${meText(v.me)}` : '';
  const result = v.result ? partText(v.result) : 'null';
  return `{"ruleset":"${v.ruleset}","options":${partText(v.options)},"players":${v.players},"round":${v.round},"phase":"${v.phase}","paused":${v.paused},"commitment":"${v.commitment}","viewer":${viewer},"god":${v.god}${me},"seats":${seatsText(v.seats)},"step":${partText(v.step)},"legal":${JSON.stringify(v.legal)},"result":${result}}`;
}

/**
 * A view's log as JSON text, byte for byte `JSON.stringify(log)`. Viewers who read an entry at the
 * same place in their logs share its numbered copy (worker/engine/view.ts numberedCopy), so each
 * copy is stringified once, not once for every viewer the change brings it to.
 */
export function logText(log: readonly LogEntry[]): string {
  if (log.length === 0) return '[]';
  let text = partText(log[0]!);
  for (let i = 1; i < log.length; i++) text += `,${partText(log[i]!)}`;
  return `[${text}]`;
}

/** The viewer's own seat as meView makes it: written out, but `dual`'s (cards and side) stringified. */
export function meText(me: NonNullable<View['me']>): string {
  if (me.cards || me.side) return JSON.stringify(me);
  return `{"seat":${me.seat},"role":"${me.role}","alive":${me.alive}${me.ballot === undefined ? '' : `,"ballot":${me.ballot}`}}`;
}

function seatsText(seats: SeatView[]): string {
  let text = '';
  for (const seat of seats) text += `,${partText(seat)}`;
  return `[${text.slice(1)}]`;
}
