// The reading step before night 1 (RULES.md 11): "I have seen my card" and how many have looked (the
// card itself is the card face above the step, up only while its owner has it turned up). The button comes
// from view.legal; the judge of `dual` is never offered it.
import type { View } from '../worker/engine/types.ts';
import { t } from './i18n.ts';
import { act } from './socket.ts';
import { roleName, who } from './log-text.ts';
import { YourSide } from './dual-cards.tsx';

/** What a seat sees while the table reads its cards. */
export function ReadingPanel({ v }: { v: View }) {
  const step = v.step;
  if (step.kind !== 'reading') return null;
  const me = v.me;
  const canConfirm = v.legal.some((a) => a.type === 'seen');
  const mates = v.seats.filter((s) => s.mate);
  const judge = me && v.seats[me.seat - 1]?.judge;
  return (
    <div class="act reading" data-testid="reading">
      {/* A player's turned-up card (game-screen's card face) already names the role, its side and team: said
          once there. Only `dual`'s big joker, who has no card to turn up, reads its cards here. */}
      {me && judge && (
        <div class="reading-card" data-testid="reading-card">
          {me.cards ? (
            me.cards.map((c, i) => (
              <b data-testid="reading-role" data-role={c.role}>
                {t('myCard', t(i ? 'right' : 'left'), roleName(c.role))}
              </b>
            ))
          ) : (
            <b data-testid="reading-role" data-role={me.role}>
              {roleName(me.role, v.ruleset)}
            </b>
          )}
          <YourSide v={v} />
          {mates.length > 0 && <small>{t('colon', t('yourTeam'), mates.map((s) => who(s.seat)).join('、'))}</small>}
        </div>
      )}
      <p class="note">{judge ? t('readingJudge') : me ? t('readingNote') : t('readingNoteAll')}</p>
      <p>
        <b data-testid="seen-count">{t('seenN', step.seen.length, step.seen.length + step.waiting.length)}</b>
      </p>
      {canConfirm ? (
        <button type="button" class="primary wide" onClick={() => act({ type: 'seen' })} data-testid="seen">
          {t(me?.cards ? 'iHaveSeen2' : 'iHaveSeen')}
        </button>
      ) : (
        me && step.seen.includes(me.seat) && <p class="ok" data-testid="seen-done">{t('youHaveSeen')}</p>
      )}
    </div>
  );
}
