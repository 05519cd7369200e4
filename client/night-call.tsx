// A night call on the phone of the player (or team) called: whom to point at, one acting card at a
// time with two cards each (`dual`), the eyes' question, or the night's waiting screen for everyone else.
import type { LegalAction, View } from '../worker/engine/types.ts';
import { t } from './i18n.ts';
import { act } from './socket.ts';
import { callKey, cardWho, paren, roleName, who, whoList } from './log-text.ts';
import { ConfirmPick } from './night-result.tsx';
import { cardNote, seatNote } from './dual-cards.tsx';
import { SeatButton } from './kit.tsx';
import { last, legal } from './step-view.ts';

type CallStep = Extract<View['step'], { kind: 'call' }>;

/** The call step: the called seat's choice, or the waiting screen (the judge reads who is choosing). */
export function NightCallPanel({ v }: { v: View }) {
  const step = v.step as CallStep;
  const point = legal(v, 'point');
  if (!point) {
    // The secret police's call after the shot: it still opens (D11), with nothing left to do.
    const spent = step.call === 'secret-police' && v.me?.alive && (v.me.cards?.some((c) => !c.down && c.role === 'secret-police') ?? v.me.role === 'secret-police');
    // The judge (god view) reads the call as a judge would: who is choosing now.
    // (Everyone else reads the call in the headline above.)
    const text = step.actors ? t('callChoosing', t(`call_${step.call}`), whoList(step.actors)) : '';
    return <NightWait text={text} note={spent ? t('game/shot-spent') : ''} />;
  }
  if (!point.cards) return <PointPanel v={v} point={point} />;
  return (
    <>
      {v.legal.map((a) => a.type === 'point' && <CardPoint v={v} point={a} />)}
    </>
  );
}

/** The eyes' question (open them or not), for the seat it is put to; the rest of the table waits. */
export function EyesPanel({ v }: { v: View }) {
  const eyes = legal(v, 'open-eyes');
  const chosen = last(v, 'eyes-chosen');
  if (!eyes) return <NightWait text={chosen ? `${t('eyesQ')} ${t(`eyes_${chosen.event.choice}`)}` : ''} />;
  return (
    <div class="act">
      <p class="big">{t('eyesQ')}</p>
      <div class="targets">
        {eyes.choices.map((c) => (
          <button type="button" onClick={() => act({ type: 'open-eyes', choice: c })}>
            {t(`eyes_${c}`)}
          </button>
        ))}
      </div>
    </div>
  );
}

/** The night as a phone not called sees it: the call in the headline above, a note at most. */
function NightWait({ text, note }: { text: string; note?: string }) {
  return (
    <div class="night-wait" data-testid="night-wait">
      <p class="big">🌙 {t('nightFalls')}</p>
      {text && <p>{text}</p>}
      {note && <p class="note">{note}</p>}
    </div>
  );
}

/** The called player's (or team's) choice. Who may not be chosen is what the living seats have
 *  that the legal targets lack: the engine decides, this only says it. */
function PointPanel({ v, point }: { v: View; point: Extract<LegalAction, { type: 'point' }> }) {
  const call = point.call;
  const key = callKey(call, v.ruleset);
  const team = call === 'killers' || call === 'police';
  const me = v.me?.seat ?? 0;
  const barred = v.seats.filter((s) => s.alive && s.seat !== me && !point.targets.includes(s.seat)).map((s) => s.seat);
  const about = key === 'police' ? (v.ruleset === 'butterfly' ? 'about_police' : '') : key === 'killers' ? '' : (`about_${key}` as const);
  return (
    <div class="act" data-testid="point-panel" data-call={call}>
      <p class="big">{t(`pick_${key}`)}</p>
      {about && <p class="note">{t(about)}</p>}
      {!team && me > 0 && (
        <p class="note" data-testid="self-note">
          {point.targets.includes(me) ? t('maySelf') : t(call === 'butterfly' || call === 'sniper' || call === 'secret-police' ? `noSelf_${call}` : 'noSelf')}
        </p>
      )}
      {barred.length > 0 && <p class="note">{t('cannotPick', whoList(barred), t(call === 'killers' ? 'game/repeat-first-kill' : 'game/target-not-eligible'))}</p>}
      <p class="muted" data-testid="point-hint">{t(point.confirm ? 'pickThenConfirm' : team ? 'pointHint' : 'pointAlone')}</p>
      {point.current ? <p>{t('youPoint', who(point.current))}</p> : null}
      <div class="targets" role="group" aria-label={t(`pick_${key}`)}>
        {point.targets.map((s) => (
          <SeatButton on={point.current === s} onPick={() => act({ type: 'point', target: s })} testid="point-target" seat={s}>
            {who(s)}
            {s === me ? paren(t('you')) : v.seats[s - 1]?.mate ? paren(t('mate')) : ''}
          </SeatButton>
        ))}
        <SeatButton on={point.current === 0} onPick={() => act({ type: 'point', target: 0 })} testid="point-nobody">
          {t(call === 'secret-police' ? 'keepShot' : 'pointNobody')}
        </SeatButton>
      </div>
      <ConfirmPick v={v} point={point} />
    </div>
  );
}

/** `dual`: one acting card's choice of a target card ("#3, left card"); a seat with two acting cards gets two. */
function CardPoint({ v, point }: { v: View; point: Extract<LegalAction, { type: 'point' }> }) {
  const call = point.call;
  const hand = point.hand ?? 0;
  const cur = point.currentCard;
  const me = v.me?.seat ?? 0;
  const role = v.me?.cards?.[hand]?.role;
  if (call === 'sniper' || call === 'old-man') return null;
  return (
    <div class="act" data-testid="point-panel" data-call={call} data-hand={hand}>
      {role && <p class="big">{t('myCard', t(hand ? 'right' : 'left'), roleName(role))}</p>}
      <p class="big">{t(`pc_${call}`)}</p>
      <p class="note">{t(`ac_${call}`)}</p>
      {point.confirm && <p class="muted">{t('pickThenConfirm')}</p>}
      {cur ? <p>{t('youPoint', cardWho(cur.seat, cur.card))}</p> : null}
      <div class="targets">
        {(point.cards ?? []).map((c) => (
          <button type="button" class={cur && cur.seat === c.seat && cur.card === c.card ? 'on' : ''} onClick={() => act({ type: 'point', target: c.seat, card: c.card, hand })} data-testid="point-target" data-seat={c.seat} data-card={c.card}>
            {cardWho(c.seat, c.card)}
            {c.seat === me ? paren(t('you')) : cardNote(v.seats[c.seat - 1]?.cards?.[c.card]) + seatNote(v.seats[c.seat - 1])}
          </button>
        ))}
        <button type="button" class={cur === 0 ? 'on' : ''} onClick={() => act({ type: 'point', target: 0, hand })} data-testid="point-nobody">
          {t(call === 'secret-police' ? 'keepShot' : 'pointNobody')}
        </button>
      </div>
      <ConfirmPick v={v} point={point} />
    </div>
  );
}
