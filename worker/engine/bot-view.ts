// The part of a seat's view that the heuristic bots read (worker/engine/bots/), for the simulator, which
// hands a bot its view at every decision: building the whole view (every seat's way out, vote and
// absence, the step's queue, the result) was a quarter of a heuristic game's cost, for fields no bot reads.
// Each field is exactly the same field of viewFor's view of that seat (test/engine/bot-view.test.ts):
// a projection of the seat's view, so it tells the bot nothing its player would not know.
import { cardId } from './cards.ts';
import { gameMemo } from './log-reading.ts';
import { hasGodView, seesPointers, viewerLog, type ViewerLog } from './view.ts';
import type { GameState, Seat, SeatView, StepView, View } from './types.ts';

/** A seat as a bot reads it: the fields of its SeatView that the bots read, nothing else. */
export type BotSeatView = Pick<SeatView, 'seat' | 'alive' | 'mate' | 'pointer' | 'holds'>;

/**
 * What the bots read of a seat's view: every View is one (a room's bots read viewFor's whole view);
 * `botSeatView` builds only these fields. A bot that needs another field adds it here and there.
 */
export interface BotView extends Pick<View, 'ruleset' | 'round'> {
  me?: Pick<NonNullable<View['me']>, 'seat' | 'role' | 'cards'>;
  seats: readonly BotSeatView[];
  step: Pick<StepView, 'kind'>;
  log: readonly View['log'][number][];
}

/** A viewer's last seats as the bots read them: given again, the same objects, while none changed. */
interface KeptSeats {
  seats: BotSeatView[];
}

// By game (the log's first entry), then by viewer (the seat; negative with god view): one viewer's seats never reach another's.
const keptSeats = gameMemo<Map<number, KeptSeats>>();

/** One step's kind as a bot reads it (read-only, one object per kind). */
const STEP_KINDS = new Map<StepView['kind'], Pick<StepView, 'kind'>>();

function stepKind(kind: StepView['kind']): Pick<StepView, 'kind'> {
  let step = STEP_KINDS.get(kind);
  if (!step) STEP_KINDS.set(kind, (step = Object.freeze({ kind })));
  return step;
}

/**
 * Seat `seat`'s view of `state` as the bots read it (BotView): each field as viewFor gives it. The log is
 * the seat's own log list, not a copy (as the room's views share it), so it is the seat's log only until
 * the game's next change: for a caller that reads the view at once and lets it go (the simulator).
 */
export function botSeatView(state: GameState, seat: Seat): BotView {
  const god = hasGodView(state, { kind: 'seat', seat });
  const read = viewerLog(state, god, seat);
  const cards = state.cards;
  const me: NonNullable<BotView['me']> = { seat, role: state.roles[seat - 1]! };
  if (cards) me.cards = [0, 1].map((i) => ({ role: cards[cardId(seat, i as 0 | 1) - 1]!, down: state.cardDown![cardId(seat, i as 0 | 1) - 1] !== 0 }));
  return { ruleset: state.setup.ruleset, round: state.round, me, seats: botSeats(state, god, seat, read), step: stepKind(state.step.kind), log: read.entries };
}

const NO_CARDS: ReadonlySet<number> = new Set();

/** Every seat as the bots read it, as seatViews (view.ts) gives those fields; the last list again when no seat changed. */
function botSeats(state: GameState, god: boolean, me: Seat, read: ViewerLog): BotSeatView[] {
  const byViewer = keptSeats.ofLog(state.log, () => new Map());
  const key = god ? -1 - me : me;
  let kept = byViewer.get(key);
  if (!kept) byViewer.set(key, (kept = { seats: [] }));
  const twoCards = state.cards !== undefined;
  // As seatViews: dual's knowledge card by card, another ruleset's night team; neither with god view.
  const knows = !god && twoCards ? read.knows : null;
  const killerCards = knows?.killer ?? NO_CARDS;
  const mates = !god && !twoCards ? read.mates : null;
  const step = state.step;
  const pointers = step.kind === 'call' && seesPointers(state, god, me) ? step.pointers : null;
  const n = state.roles.length;
  const last = kept.seats;
  let seats: BotSeatView[] | null = last.length === n ? null : new Array<BotSeatView>(n);
  for (let i = 0; i < n; i++) {
    const seat = i + 1;
    const alive = state.alive[i]!;
    let mate: true | undefined;
    let holds: BotSeatView['holds'];
    if (mates) mate = seat !== me && mates.has(seat) ? true : undefined;
    else if (knows) {
      holds = seat === me ? undefined : knows.holds.get(seat);
      // A card this viewer knows to be a killer's marks its holder a mate (never the viewer itself, nor the judge, whose cards are not shown).
      const known = seat !== me && state.judgeSeat !== seat && (killerCards.has(cardId(seat, 0)) || killerCards.has(cardId(seat, 1)));
      if (holds || known) mate = true;
    }
    const pointing = pointers !== null && seat in pointers;
    const pointer = pointing ? pointers[seat] : undefined;
    const was = last[i];
    if (was && was.seat === seat && was.alive === alive && was.mate === mate && was.holds === holds && ('pointer' in was) === pointing && was.pointer === pointer) {
      if (seats) seats[i] = was;
      continue;
    }
    if (!seats) seats = last.slice(0, i);
    const view: BotSeatView = { seat, alive };
    if (mate) view.mate = true;
    if (pointing) view.pointer = pointer;
    if (holds) view.holds = holds;
    seats[i] = view;
  }
  if (!seats) return last;
  kept.seats = seats;
  return seats;
}
