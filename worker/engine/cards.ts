// `dual` (RULES.md 8): two cards per seat, cards as lives. Card arithmetic, the night's resolution
// card by card, votes by living cards and who wins when a seat holds cards of both camps.
import type { DawnOutcome } from './dawn-rules.ts';
import type { CardId, CardRef, Camp, Call, GameState, Result, Role, Seat, SeatSide } from './types.ts';

/** Card id of a seat's left (0) or right (1) card. */
export function cardId(seat: Seat, index: 0 | 1): CardId {
  return (seat - 1) * 2 + index + 1;
}

/** The seat holding a card. */
export function seatOfCard(card: CardId): Seat {
  return (card + 1) >> 1;
}

/** Which of its seat's two cards a card is: 0 left, 1 right. */
export function indexOfCard(card: CardId): 0 | 1 {
  return ((card - 1) & 1) as 0 | 1;
}

/** A card as the view names it: its seat and side. */
export function refOf(card: CardId): CardRef {
  return { seat: seatOfCard(card), card: indexOfCard(card) };
}

/** Whether a card is in play and not laid down. */
export function cardUp(state: GameState, card: CardId): boolean {
  return state.cardDown?.[card - 1] === 0;
}

/** The face of a card. */
export function faceOf(state: GameState, card: CardId): Role {
  return state.cards![card - 1]!;
}

/** The living cards of a seat (0, 1 or 2): its votes. */
export function upCards(state: GameState, seat: Seat): CardId[] {
  return ([0, 1] as const).map((i) => cardId(seat, i)).filter((c) => cardUp(state, c));
}

/** Every living card with this face. */
export function upCardsOf(state: GameState, role: Role): CardId[] {
  const out: CardId[] = [];
  state.cards?.forEach((r, i) => {
    if (r === role && state.cardDown![i] === 0) out.push(i + 1);
  });
  return out;
}

/** The camp a card plays for: the undercover is "a special kind of killer". */
export function cardCamp(role: Role): Camp {
  return role === 'killer' || role === 'undercover' ? 'killers' : 'good';
}

/** The police's answer on a card: the killer and the undercover answer "killer". */
export function cardAnswer(role: Role): Camp {
  return cardCamp(role);
}

const CALL_FACE: Partial<Record<Call, Role>> = {
  butterfly: 'butterfly',
  killers: 'killer',
  doctor: 'doctor',
  police: 'police',
  'secret-police': 'secret-police',
};

/** The cards that act at a call: living cards of its face (a secret police card only while its shot is unspent). */
export function actingCards(state: GameState, call: Call): CardId[] {
  const face = CALL_FACE[call];
  if (!face) return [];
  const cards = upCardsOf(state, face);
  return call === 'secret-police' ? cards.filter((c) => state.powers?.shots?.[c] === undefined) : cards;
}

/**
 * The calls whose actor may not aim at a card of their own seat (decision, docs/rules-decisions.md V6):
 * the butterfly, the police and the secret police. The killers and the doctor may aim at any living card.
 */
const NO_OWN_SEAT: readonly Call[] = ['butterfly', 'police', 'secret-police'];

/** Whether `actor` (a card) may aim at `target` at this call. */
export function mayAim(state: GameState, call: Call, actor: CardId, target: CardId): boolean {
  if (!cardUp(state, target) || !state.alive[seatOfCard(target) - 1]) return false;
  if (NO_OWN_SEAT.includes(call) && seatOfCard(target) === seatOfCard(actor)) return false;
  return true;
}

/**
 * RULES.md 8, items 5, 6, 8, 9: the butterfly's taken card voids kills aimed at it and dies with the
 * butterfly card; a taken killer, doctor or secret police card does nothing; each killer card kills one
 * card; a secret police card whose shot is unspent (or spent this night: the killers act first) cannot
 * be killed by the killers; the doctor's save keeps a killed card; a shot kills a killer or undercover card.
 */
export function dualDawn(state: GameState): DawnOutcome {
  const aims = state.night.aims ?? {};
  const up = (c: CardId | 0 | undefined): c is CardId => c !== undefined && c !== 0 && cardUp(state, c);
  const butterflyCard = Object.keys(aims.butterfly ?? {}).map(Number)[0];
  const taken = butterflyCard !== undefined ? aims.butterfly![butterflyCard] : 0;
  const isTaken = (c: CardId) => up(taken) && c === taken;
  const immune = (c: CardId) => {
    if (faceOf(state, c) !== 'secret-police') return false;
    const spent = state.powers?.shots?.[c];
    return spent === undefined || spent === state.round;
  };

  const killed: CardId[] = [];
  const voided: CardId[] = [];
  for (const [by, target] of Object.entries(aims.killers ?? {})) {
    if (!up(target) || isTaken(Number(by))) continue;
    if (isTaken(target) || immune(target)) {
      if (!voided.includes(target)) voided.push(target);
    } else if (!killed.includes(target)) killed.push(target);
  }
  const saves = new Set<CardId>();
  for (const [by, target] of Object.entries(aims.doctor ?? {})) if (up(target) && !isTaken(Number(by))) saves.add(target);
  const saved = killed.filter((c) => saves.has(c));
  const down = killed.filter((c) => !saves.has(c));
  // The butterfly card dies: the card it holds dies with it (a killers' death: saved or immune, it lives).
  if (butterflyCard !== undefined && up(taken) && down.includes(butterflyCard) && !down.includes(taken)) {
    if (saves.has(taken)) saved.push(taken);
    else if (immune(taken)) voided.push(taken);
    else down.push(taken);
  }
  const shot: CardId[] = [];
  for (const [by, target] of Object.entries(aims['secret-police'] ?? {})) {
    if (!up(target) || isTaken(Number(by))) continue;
    shot.push(target);
    if (cardCamp(faceOf(state, target)) === 'killers' && !down.includes(target)) down.push(target);
  }

  // Seats whose last card goes down are out, in the order their cards went down.
  const out: Seat[] = [];
  for (const c of down) {
    const seat = seatOfCard(c);
    if (!out.includes(seat) && upCards(state, seat).every((own) => down.includes(own))) out.push(seat);
  }
  // docs/rules-decisions.md V15: the killers' victim is a seat their kill put out (its last card down by it).
  const victim = out.find((seat) => killed.some((c) => seatOfCard(c) === seat && down.includes(c))) ?? 0;
  return {
    out,
    victim,
    cardsDown: down,
    notes: [
      {
        to: [],
        event: {
          type: 'night-cards',
          taken: up(taken) ? refOf(taken) : null,
          killed: killed.map(refOf),
          voided: voided.map(refOf),
          saved: saved.map(refOf),
          shot: shot.map(refOf),
          down: down.map(refOf),
        },
      },
    ],
    muted: [],
  };
}

/** RULES.md 8.11: all killer and undercover cards down → good; all police and secret police down → killers; both → draw. */
export function dualWin(state: GameState): Result | null {
  const killers = upCardsOf(state, 'killer').length + upCardsOf(state, 'undercover').length;
  const police = upCardsOf(state, 'police').length + upCardsOf(state, 'secret-police').length;
  // (decision, as 3.0 and 4.0) both conditions at one resolution: a draw.
  if (killers === 0 && police === 0) return { winner: 'draw', reason: 'both-sides-out' };
  if (killers === 0) return { winner: 'good', reason: 'all-killer-cards-down' };
  if (police === 0) return { winner: 'killers', reason: 'all-police-cards-down' };
  return null;
}

/**
 * (decisions V17, V18) A secret police card's shot counts only while it could lay a card down: unused,
 * and a killer or undercover card still up at another seat (it never aims at its own seat, and a shot
 * at any other card lays nothing down). A shot that can hit nothing must not keep the game from its
 * stalemate for ever.
 */
function shotLeft(state: GameState, card: CardId): boolean {
  if (state.powers?.shots?.[card] !== undefined) return false;
  const holder = seatOfCard(card);
  const hittable = (c: CardId) => seatOfCard(c) !== holder && seatOfCard(c) !== state.judgeSeat;
  return upCardsOf(state, 'killer').some(hittable) || upCardsOf(state, 'undercover').some(hittable);
}

/**
 * (decision, docs/rules-decisions.md V9) A table that can no longer lay a card down: no killer card up
 * (the undercover cannot kill), no secret police shot left, and three rounds without a card going down,
 * the last ending with nobody voted out. The game is a draw.
 */
export function dualStalemate(state: GameState): Result | null {
  if (upCardsOf(state, 'killer').length > 0) return null;
  if (upCardsOf(state, 'secret-police').some((c) => shotLeft(state, c))) return null;
  if (state.round - (state.lastDownRound ?? 0) < 3) return null;
  return { winner: 'draw', reason: 'stalemate' };
}

/**
 * Which side a seat plays for now, and why (decision, RULES.md 8.11, docs/rules-decisions.md V13): its
 * cards' camp when both agree; holding both camps, the camp of the card still up; both up, the killers;
 * both down, the card that went down last (the killers when both went down together). `card` is the
 * card that decides, where one does. Null for the judge's seat.
 */
export function seatSide(state: GameState, seat: Seat): SeatSide | null {
  if (state.judgeSeat === seat) return null;
  const [a, b] = [cardId(seat, 0), cardId(seat, 1)];
  const ca = cardCamp(faceOf(state, a));
  const cb = cardCamp(faceOf(state, b));
  if (ca === cb) return { camp: ca, why: 'one-camp' };
  const da = state.cardDown![a - 1]!;
  const db = state.cardDown![b - 1]!;
  if (da === 0 && db === 0) return { camp: 'killers', why: 'both-up' };
  if (da === 0) return { camp: ca, why: 'card-up', card: 0 };
  if (db === 0) return { camp: cb, why: 'card-up', card: 1 };
  if (da === db) return { camp: 'killers', why: 'together' };
  return da > db ? { camp: ca, why: 'last-down', card: 0 } : { camp: cb, why: 'last-down', card: 1 };
}

/** The camp a seat ends the game with: its side (see seatSide). */
export function seatCamp(state: GameState, seat: Seat): Camp | null {
  return seatSide(state, seat)?.camp ?? null;
}

/** The seats that won: every seat whose end camp is the winner (nobody in a draw). */
export function dualWinners(state: GameState, result: Result): Seat[] {
  if (result.winner === 'draw') return [];
  const out: Seat[] = [];
  for (let seat = 1; seat <= state.alive.length; seat++) if (seatCamp(state, seat) === result.winner) out.push(seat);
  return out;
}
