// A view as JSON text, byte for byte what JSON.stringify gives: the parts views share by reference
// (kept seat views, a state's step view and result, the game's options, numbered log entries) are
// stringified once and their text reused, since the room writes a frame for every viewer after every change.
import type { LogEntry, SeatView, View } from './types.ts';

// The text of a view part that views share by reference (a seat view kept between views, a state's
// step view and result, the game's options): stringified once, not once per viewer per change.
// Views are read-only, so a part's text stays true for as long as the part lives.
const partTexts = new WeakMap<object, string>();

function partText(part: object): string {
  let text = partTexts.get(part);
  if (text === undefined) partTexts.set(part, (text = JSON.stringify(part)));
  return text;
}

/**
 * `JSON.stringify({ ...view, log: undefined })`, byte for byte: the keys in buildView's order, the
 * shared parts from their kept text, the viewer and its own seat written out (one shape each outside
 * `dual`), and only `legal` stringified: one call per viewer, not one per part.
 * `plain`: the state's plain seats as text, when the view's seats are mostly those (see seatsFromPlain).
 * (A key added to the view must be added here: test/engine/view-json.test.ts compares the two.)
 */
export function viewText(v: View, plain?: PlainSeatsText): string {
  const viewer = v.viewer.kind === 'seat' ? `{"kind":"seat","seat":${v.viewer.seat}}` : `{"kind":"${v.viewer.kind}"}`;
  const me = v.me ? `,"me":${meText(v.me)}` : '';
  const result = v.result ? partText(v.result) : 'null';
  return `{"ruleset":"${v.ruleset}","options":${partText(v.options)},"players":${v.players},"round":${v.round},"phase":"${v.phase}","paused":${v.paused},"commitment":"${v.commitment}","viewer":${viewer},"god":${v.god}${me},"seats":${plain ? seatsFromPlain(v.seats, plain) : seatsText(v.seats)},"step":${partText(v.step)},"legal":${JSON.stringify(v.legal)},"result":${result}}`;
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
function meText(me: NonNullable<View['me']>): string {
  if (me.cards || me.side) return JSON.stringify(me);
  return `{"seat":${me.seat},"role":"${me.role}","alive":${me.alive}${me.ballot === undefined ? '' : `,"ballot":${me.ballot}`}}`;
}

function seatsText(seats: SeatView[]): string {
  let text = '';
  for (const seat of seats) text += `,${partText(seat)}`;
  return `[${text.slice(1)}]`;
}

/** A state's plain seats (worker/engine/view.ts plainSeats) as one text, and where each seat's text ends in it. */
export interface PlainSeatsText {
  seats: readonly SeatView[];
  /** The seats' texts joined by commas, without the brackets. */
  text: string;
  ends: number[];
}

/** The plain seats' text, made once per state for all its viewers. */
export function plainSeatsText(seats: readonly SeatView[]): PlainSeatsText {
  const ends: number[] = [];
  let text = '';
  for (const seat of seats) {
    text += text ? `,${partText(seat)}` : partText(seat);
    ends.push(text.length);
  }
  return { seats, text, ends };
}

/**
 * `seatsText(seats)` for a viewer whose seats are the plain ones but a few (its own, its mates', the
 * pointers it sees): runs of plain seats are cut from the plain text, and only the others are looked up.
 */
function seatsFromPlain(seats: SeatView[], plain: PlainSeatsText): string {
  if (seats.length !== plain.seats.length) return seatsText(seats);
  let text = '[';
  // Where the plain text not yet written starts: at a seat's text, or at the comma before it.
  let from = 0;
  for (let i = 0; i < seats.length; i++) {
    if (seats[i] === plain.seats[i]) continue;
    const start = i === 0 ? 0 : plain.ends[i - 1]! + 1;
    text += `${plain.text.slice(from, start)}${partText(seats[i]!)}`;
    from = plain.ends[i]!;
  }
  return `${text}${plain.text.slice(from)}]`;
}
