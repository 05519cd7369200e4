// Screens for seats that hold two cards (`dual`, RULES.md 8): what the viewer knows of each card
// (never of its seat's other card), the side the viewer plays for and why, the weights of a ballot,
// the end per seat. Each part draws itself only when the view carries its data (`cards`, `side`,
// `weight`, `sides`); the engine computes knowledge and sides, this only words them.
import type { CardView, LegalAction, LogEntry, Seat, SeatSide, SeatView, View } from '../worker/engine/types.ts';
import { t } from './i18n.ts';
import { paren, roleName, who } from './log-text.ts';
import type { TableCard } from './round-table.tsx';

type Point = Extract<LegalAction, { type: 'point' }>;

/** The card-aiming pointers the viewer may use now (one per acting card). */
export function cardPoints(v: View): Point[] {
  return v.legal.filter((a): a is Point => a.type === 'point' && !!a.cards);
}

/** " (killer)", " (your check: not a killer)": what the viewer knows of this very card; empty when nothing. */
export function cardNote(c: CardView | undefined): string {
  const parts = [c?.known ? t('killer') : '', c?.checked ? t(`chk_${c.checked}`) : ''].filter(Boolean);
  return parts.length ? paren(parts.join(', ')) : '';
}

/** What the viewer knows of a seat but not of which card: " (the undercover, not which card)"; empty when nothing. */
export function seatNote(s: SeatView | undefined): string {
  return s?.holds ? paren(t(`holds_${s.holds}`)) : '';
}

/** "#3 Eli: right card (killer)" for each seat the viewer knows something of, card by card. */
export function knownList(v: View): string[] {
  const me = v.me?.seat;
  return v.seats
    .filter((s) => s.seat !== me && (s.holds || s.cards?.some((c) => c.known || c.checked)))
    .map((s) => {
      const cards = (s.cards ?? []).flatMap((c, k) => (c.known || c.checked ? [`${t(k ? 'right' : 'left')}${cardNote(c)}`] : []));
      return `${who(s.seat)}${seatNote(s)}${cards.length ? ': ' + cards.join(', ') : ''}`;
    });
}

/** A seat's cards for the table: faces and labels only while `open` (the viewer's cards turned up); aimable and aimed cards marked. */
export function tableCards(s: SeatView, open: boolean, points: Point[]): TableCard[] | undefined {
  return s.cards?.map((c, k) => ({
    ...(open ? c : { down: c.down }),
    ...(points.some((p) => p.cards?.some((r) => r.seat === s.seat && r.card === k)) ? { pickable: true } : {}),
    ...(points.some((p) => p.currentCard && p.currentCard.seat === s.seat && p.currentCard.card === k) ? { picked: true } : {}),
  }));
}

/** Which acting card a tap on the table aims: the first that has not pointed yet and may aim there, else the first that may. */
export function pointForCard(points: Point[], seat: Seat, card: 0 | 1): Point | undefined {
  const may = points.filter((p) => p.cards?.some((r) => r.seat === seat && r.card === card));
  return may.find((p) => p.currentCard == null) ?? may[0];
}

/** Why the side, in RULES.md 8.11's words, for the holder of these two cards. */
function sideWhy(side: SeatSide, cards: { role: CardView['role'] }[]): string {
  const name = (k: number) => (cards[k]?.role ? roleName(cards[k]!.role!) : '?');
  switch (side.why) {
    case 'card-up':
      return t('why_card-up', name(1 - side.card!), name(side.card!));
    case 'last-down':
      return t('why_last-down', name(side.card!));
    default:
      return t(`why_${side.why}`);
  }
}

/** The viewer's side now and why; it changes when a card goes down. Shown with the cards turned up. */
export function YourSide({ v }: { v: View }) {
  const side = v.me?.side;
  const cards = v.me?.cards;
  if (!side || !cards) return null;
  return (
    <small class={`your-side ${side.camp}`} data-testid="your-side" data-camp={side.camp} data-why={side.why}>
      <b>{t(`side_${side.camp}`)}</b> — {sideWhy(side, cards)}
    </small>
  );
}

/** At dawn, to the holder alone: which of their own cards the public "lost a card" was. */
export function myCardDown(v: View, e: LogEntry): string | null {
  const me = v.me;
  if (e.event.type !== 'card-down' || !me?.cards || e.event.seat !== me.seat) return null;
  return t('yourCardDown', t(e.event.card ? 'right' : 'left'), roleName(me.cards[e.event.card]!.role));
}

/** During a weighted ballot: the votes (weights) cast so far beside the ballots. */
export function BallotWeights({ v }: { v: View }) {
  const step = v.step;
  if (step.kind !== 'ballot' || step.weight === undefined) return null;
  return (
    <p data-testid="weight-in" data-in={step.weightIn ?? 0} data-of={step.weight}>
      <b>{t('weightIn', step.weightIn ?? 0, step.weight)}</b>
    </p>
  );
}

/** The god view during a sealed ballot: each ballot as it comes in ("voter → choice"), from the judge's log. */
export function LiveBallots({ v }: { v: View }) {
  let open = v.log.length - 1;
  while (open >= 0 && v.log[open]!.event.type !== 'ballot') open--;
  if (open < 0) return null;
  const cast = v.log.slice(open + 1).flatMap((e) => (e.event.type === 'voted' ? [e.event] : []));
  if (!cast.length) return null;
  return (
    <ul class="note live-ballots" data-testid="live-ballots">
      {cast.map((b) => (
        <li key={b.seat}>
          {who(b.seat)} → {b.target ? who(b.target) : t('abstain')}
        </li>
      ))}
    </ul>
  );
}

/** Game over: beside each seat, its side and the card that decided it; ★ marks a winner. */
export function SeatSides({ v }: { v: View }) {
  const res = v.result;
  if (!res?.sides || !res.cards) return null;
  return (
    <div class="card">
      <h3>{t('sidesHead')}</h3>
      <ul class="roles sides" data-testid="seat-sides">
        {res.sides.map((side, i) => {
          if (!side) return null;
          const seat = i + 1;
          const face = (k: number) => roleName(res.cards![(seat - 1) * 2 + k]!);
          const by = side.card !== undefined ? t(`by_${side.why as 'card-up'}`, t(side.card ? 'right' : 'left'), face(side.card)) : t(`by_${side.why}`);
          return (
            <li key={seat} class={side.camp} data-testid="seat-side" data-seat={seat} data-camp={side.camp} data-card={side.card ?? ''}>
              {who(seat)}: <b>{t(side.camp === 'killers' ? 'campKillers' : 'campGood')}</b> — {by}
              {res.winners?.includes(seat) && ' ★'}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** One line saying what the card colours on the table mean. */
export function CardLegend() {
  return (
    <p class="note card-legend" data-testid="card-legend">
      <i class="swatch back" /> {t('lg_back')} <i class="swatch killer" /> {t('killer')} <i class="swatch undercover" /> {t('undercover')} <i class="swatch police" /> {t('police')} ✓/✗ {t('lg_check')} · {t('lg_down')}
    </p>
  );
}
