// The viewer's own card (two with `dual`): face down until tapped, then the role, the side, the team
// and the card's art. A neighbour glancing at the phone sees only the button.
import type { View } from '../worker/engine/types.ts';
import { t } from './i18n.ts';
import { paren, roleName, who } from './log-text.ts';
import { later } from './lazy.ts';
import { YourSide, knownList } from './dual-cards.tsx';
import { turnCard } from './card-peek.ts';

/** A word standing as a title ("Killer", not "killer"). */
const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

// The card art loads the first time a player turns their card up.
const CardFaces = later(() => import('./card-art.tsx').then((m) => m.CardFaces));

/** The viewer's card box; `peek`: the card is turned up now (the game screen reads it for the table too). */
export function MyCard({ v, peek }: { v: View; peek: boolean }) {
  const me = v.me!;
  return (
    <div class="my-card-box">
      {/* Face down until tapped; a button named for what it does, its state told to screen readers. */}
      <button type="button" class={`my-card${peek ? ' up' : ''}`} onClick={() => turnCard()} aria-expanded={peek} aria-controls="my-card-face" data-testid="my-card">
        {t(peek ? (me.cards ? 'hideCards' : 'hideCard') : me.cards ? 'showCards' : 'showCard')}
      </button>
      {peek && (
        // A tap anywhere on the turned-up card turns it down too (the button above does it by keyboard).
        <div id="my-card-face" class="my-card-face" onClick={() => turnCard(false)} data-testid="my-card-face">
          {me.cards ? (
            me.cards.map((c, i) => (
              <b class={c.down ? 'down' : ''} data-testid="my-role" data-role={c.role} data-down={String(c.down)}>
                {t('myCard', t(i ? 'right' : 'left'), roleName(c.role))}
                {c.down && paren(t('lost'))}
              </b>
            ))
          ) : (
            <b data-testid="my-role" data-role={me.role}>{capital(roleName(me.role, v.ruleset))}</b>
          )}
          <YourSide v={v} />
          <MyTeam v={v} />
          <CardFaces cards={me.cards ?? [{ role: me.role }]} ruleset={v.ruleset} />
        </div>
      )}
    </div>
  );
}

/** Who the viewer's team is; with two cards each (`dual`), what the viewer knows card by card, or of a seat only. */
function MyTeam({ v }: { v: View }) {
  const list = v.me?.cards ? knownList(v) : v.seats.filter((s) => s.mate).map((s) => who(s.seat));
  if (!list.length) return null;
  return (
    <small data-testid="my-team">
      {t('yourTeam')}: {list.join(v.me?.cards ? '; ' : ', ')}
    </small>
  );
}
