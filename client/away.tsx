// "Away until" (docs/rules-decisions.md O17): a seat tells the table it is away until a
// time, at most 14 days ahead. The table sees it on the seat and in one line; the game never pauses.
import { useState } from 'preact/hooks';
import { MAX_AWAY_MS, type RoomView } from '../worker/protocol.ts';
import { clockTime, localInput, t } from './i18n.ts';
import { who } from './log-text.ts';
import { now } from './state.ts';
import { hostMove } from './socket.ts';

/** The seats away now, with their time (a passed time no longer counts). */
export function awaySeats(r: RoomView | null): { seat: number; until: number }[] {
  const away = (r?.seats ?? []).filter((s) => s.away);
  // The clock is read only when a seat is away: reading it subscribes the caller (the whole game
  // screen) to its tick, which redrew every screen once a second for nothing.
  if (away.length === 0) return [];
  const at = now.value;
  return away.flatMap((s) => (s.away! > at ? [{ seat: s.seat, until: s.away! }] : []));
}

/** One line for the whole table: who is away, until when. */
export function AwayLine({ r }: { r: RoomView | null }) {
  const away = awaySeats(r);
  if (away.length === 0) return null;
  return (
    <p class="muted center" data-testid="away-line">
      {t('awayList', away.map((a) => t('awayWho', who(a.seat), clockTime(a.until))).join(t('listSep')))}
    </p>
  );
}

/** This seat's own control: mark away until a time, or say it is back. */
export function AwayControl({ r }: { r: RoomView }) {
  const mine = awaySeats(r).find((a) => a.seat === r.you.seat);
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(() => localInput(now.value + 24 * 3_600_000));
  if (mine) {
    return (
      <p class="line away" data-testid="away-mine">
        <span>{t('awayYou', clockTime(mine.until))}</span>
        <button type="button" onClick={() => hostMove({ type: 'away', until: null })} data-testid="away-back">
          {t('awayBack')}
        </button>
      </p>
    );
  }
  if (!open) {
    return (
      <button type="button" class="link" onClick={() => setOpen(true)} data-testid="away-open">
        {t('awayOpen')}
      </button>
    );
  }
  const until = new Date(value).getTime();
  const valid = Number.isFinite(until) && until > now.value && until <= now.value + MAX_AWAY_MS;
  return (
    <div class="card away" data-testid="away-form">
      <label>
        {t('awayUntil')}
        <input type="datetime-local" value={value} min={localInput(now.value)} max={localInput(now.value + MAX_AWAY_MS)} onInput={(e) => setValue(e.currentTarget.value)} data-testid="away-time" />
      </label>
      <p class="muted">{t('awayNote')}</p>
      <div class="line">
        <button type="button" class="primary" disabled={!valid} onClick={() => hostMove({ type: 'away', until }) && setOpen(false)} data-testid="away-save">
          {t('awaySave')}
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          {t('close')}
        </button>
      </div>
    </div>
  );
}
