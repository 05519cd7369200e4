// The dawn's news, which opens the day's first panel whatever the day's step (free talk, a speech, the
// open day), and the day's muted players, which the ballot repeats.
import type { View } from '../worker/engine/types.ts';
import { t } from './i18n.ts';
import { entryText, whoList } from './log-text.ts';
import { myCardDown } from './dual-cards.tsx';
import { last, mutedToday } from './step-view.ts';

/** The dawn's news at the head of the day's first panel. */
export function Dawn({ v }: { v: View }) {
  const dawn = last(v, 'dawn');
  // Once the day has voted, the dawn's news is old: the headline says what happens now.
  if (!dawn || dawn.round !== v.round || (last(v, 'ballots')?.seq ?? 0) > dawn.seq) return null;
  // `dual`: the cards laid down this dawn, by seat and position, never by face.
  const downs = v.log.filter((e) => e.event.type === 'card-down' && e.round === dawn.round && e.seq < dawn.seq);
  return (
    <div class="dawn" data-testid="dawn" data-out={dawn.event.out.join(',')}>
      {downs.map((e) => {
        const mine = myCardDown(v, e);
        return (
          <p data-testid="card-down">
            {entryText(e)}
            {mine && <b data-testid="my-card-down"> — {mine}</b>}
          </p>
        );
      })}
      {/* The dawn's own line says "Day breaks" once, with the night's news ("Day breaks. Out last night: #3"). */}
      <p class="big">
        <b>☀ {entryText(dawn, v.ruleset)}</b>
      </p>
      <Muted v={v} />
    </div>
  );
}

/** Who may not speak today (everyone sees it; the muted player also gets a banner). */
export function Muted({ v }: { v: View }) {
  const muted = mutedToday(v);
  return muted.length ? <p data-testid="muted-today">🔇 {t('mutedToday', whoList(muted))}</p> : null;
}
