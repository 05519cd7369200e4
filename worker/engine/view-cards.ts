// `dual`: what a viewer knows of the seats' two cards each (learnt from the log entries addressed to
// it), and how it sees a card; view.ts, the choke point, builds the seat views from these.
import { cardId } from './cards.ts';
import type { Camp, CardId, CardView, GameState, LogEntry, Seat } from './types.ts';

/** `dual`: what a seat has learnt of other seats' cards, from the log entries addressed to it. */
export interface CardKnowledge {
  /** Killer cards: from the killers' team call (its `cards`) and the killer pointers and choices (`by`, `hand`). */
  killer: Set<CardId>;
  /** The viewer's own police checks, by card. */
  checked: Map<CardId, Camp>;
  /** What it knows of a seat but not of which card: the undercover (the killers), a seat at the police call. */
  holds: Map<Seat, 'undercover' | 'police'>;
}

/** Knows nothing yet. */
export function emptyKnowledge(): CardKnowledge {
  return { killer: new Set(), checked: new Map(), holds: new Map() };
}

/** Folds one log entry addressed to `me` into what it knows card by card (team calls are early; a partial update still needs them). */
export function learnCards(k: CardKnowledge, e: LogEntry, me: Seat): void {
  const ev = e.event;
  if (ev.type === 'team' && ev.team === 'killers') {
    for (const c of ev.cards ?? []) k.killer.add(cardId(c.seat, c.card));
    if (ev.undercover !== undefined) k.holds.set(ev.undercover, 'undercover');
  } else if (ev.type === 'team' && ev.team === 'police') {
    for (const s of ev.seats) if (!k.holds.has(s)) k.holds.set(s, 'police');
  } else if ((ev.type === 'pointed' || ev.type === 'kill-chosen') && ev.hand !== undefined) {
    // Another seat's card pointer reaches a viewer only at the killers' call (docs/rules-decisions.md V8).
    const by = ev.type === 'pointed' ? ev.seat : ev.by;
    if (by !== undefined && by !== me) k.killer.add(cardId(by, ev.hand));
  } else if (ev.type === 'checked' && ev.answer && ev.card !== undefined && ev.target) {
    k.checked.set(cardId(ev.target, ev.card), ev.answer);
  }
}

/** One card as the viewer knows it: its face if `open`, else only what the viewer learnt of this very card. */
export function cardView(state: GameState, card: CardId, open: boolean, knows: CardKnowledge | null): CardView {
  const view: CardView = { down: state.cardDown![card - 1] !== 0 };
  if (open) view.role = state.cards![card - 1]!;
  else if (knows?.killer.has(card)) view.known = 'killer';
  const checked = !open && knows?.checked.get(card);
  if (checked) view.checked = checked;
  return view;
}

/**
 * `dual`: everything a seat view's cards say to this viewer, as one number (two views of a seat with the
 * same number and the same other facts are alike): whether the seat is the judge and shows its cards,
 * whether their faces are open, and per card whether it is down, known for a killer card and what a check said.
 */
export function dualCardsKey(state: GameState, seat: Seat, god: boolean, me: Seat | 0, knows: CardKnowledge | null): number {
  const judge = state.judgeSeat === seat;
  const open = god || seat === me;
  let key = 1 | (judge ? 2 : 0) | (!judge || god ? 4 : 0) | (open ? 8 : 0);
  for (let k = 0; k < 2; k++) {
    const card = cardId(seat, k as 0 | 1);
    const bits = (state.cardDown![card - 1] !== 0 ? 1 : 0) | (!open && knows?.killer.has(card) ? 2 : 0) | (open ? 0 : CHECKED_BITS[knows?.checked.get(card) ?? 'none']);
    key |= bits << (4 + 4 * k);
  }
  const holds = seat === me ? undefined : knows?.holds.get(seat);
  return key | (holds === undefined ? 0 : holds === 'undercover' ? 1 << 12 : 2 << 12);
}

const CHECKED_BITS: Record<Camp | 'none', number> = { none: 0, good: 4, killers: 8 };
