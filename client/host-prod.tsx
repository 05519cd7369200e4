// The host's tools for a seat that is slow or gone: a push reminder to one seat of what it
// owes now (the room answers alike whether the seat owes anything, so the button says only that the
// reminder went out if due); the room's own prods of this step; and a replacement link for a new
// person to take the seat over.
import { useState } from 'preact/hooks';
import type { Seat } from '../worker/engine/types.ts';
import { clockTime, t } from './i18n.ts';
import { now, replaceLink, room } from './state.ts';
import { hostMove } from './socket.ts';
import { whoList } from './log-text.ts';
import { CopyLink } from './lobby.tsx';
import { prodWords } from './prod-words.ts';

/** Sends one prod for this seat; says so until another seat is picked. */
export function ProdButton({ seat }: { seat: Seat }) {
  const [prodded, setProdded] = useState<Seat>(0);
  if (prodded === seat) {
    // Whether anyone was reached, as far as the host may know: the reminder's own fate is not told (a seat
    // that owes nothing gets none, and that must not show), but whether the player has the room open is public.
    const [sent, reached] = prodWords(room.value?.seats.find((s) => s.seat === seat)?.connected);
    return (
      <span class="ok" data-testid="prodded">
        {t(sent)} · {t(reached)}
      </span>
    );
  }
  return (
    <button type="button" data-testid="prod" onClick={() => hostMove({ type: 'prod', seat }) && setProdded(seat)}>
      {t('prod')}
    </button>
  );
}

/** The seats the room reminded in this step (at 50 % and 90 % of its time), for what the table sees they owe. */
export function ProddedLine() {
  const seats = room.value?.prodded ?? [];
  if (seats.length === 0) return null;
  return (
    <p class="muted" data-testid="prodded-seats">
      {t('proddedSeats', whoList(seats))}
    </p>
  );
}

/** Asks the room for a one-time link a new person opens to take this seat over; shows it until it lapses. */
export function ReplaceSeat({ seat }: { seat: Seat }) {
  const made = replaceLink.value;
  const mine = made?.seat === seat && now.value < made.expiresAt ? made : null;
  return (
    <div class="replace" data-testid="replace">
      <button type="button" onClick={() => hostMove({ type: 'replace-seat', seat })} data-testid="replace-seat">
        {t('replaceSeat')}
      </button>
      {mine && (
        <>
          <p class="muted">{t('replaceLinkHint', clockTime(mine.expiresAt, true))}</p>
          <CopyLink link={mine.link} testid="replace-link" label={t('replaceSeat')} />
        </>
      )}
    </div>
  );
}
