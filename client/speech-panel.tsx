// The floor on every phone: a speech in its turn or a player's last words. One panel for both: the
// speaker's box stays the same box when their speech turns into last words.
import type { View } from '../worker/engine/types.ts';
import { t } from './i18n.ts';
import { act } from './socket.ts';
import { who, whoList } from './log-text.ts';
import { SpeechBox, SpentNote } from './speech-box.tsx';
import { Dawn } from './dawn.tsx';
import { legal, spoken } from './step-view.ts';
import { liveVoiceMark, speakingLive } from './voice-state.ts';
import { noteUnsent } from './voice-note-button.tsx';

/** 4.0: the day's speaking order (RULES.md 7), which flips every round. */
function OrderNote({ v }: { v: View }) {
  if (v.ruleset !== 'butterfly') return null;
  return <p class="note">{v.round % 2 ? t('order_odd') : t('order_even', v.players, v.players - 1)}</p>;
}

/** A speech or last words: who has the floor, who is next, and the speaker's own box or "done". */
export function SpeechPanel({ v }: { v: View }) {
  const step = v.step;
  if (step.kind !== 'speech' && step.kind !== 'last-words') return null;
  // The speaker is offered Pass to the end; `say` goes once the turn's messages are spent.
  const mine = !!legal(v, 'say') || !!legal(v, 'pass');
  // Spoken out loud (face to face, or in the room's voice): the Pass that ends it is "I'm done".
  const aloud = spoken() || (mine && speakingLive.value);
  const heading = step.kind === 'last-words' ? (mine ? t('yourLastWords') : t('lastWordsOf', who(step.seat))) : t(`sp_${step.purpose}`);
  return (
    <div class="act" data-testid="speech" data-purpose={step.kind === 'speech' ? step.purpose : 'last-words'}>
      <Dawn v={v} />
      <p class="big">{heading}</p>
      {step.kind === 'speech' && !(mine && spoken()) && <p data-testid="turn-line">{mine ? t(aloud ? 'yourTurnAloud' : 'yourTurn') : t('speaking', who(step.seat))}</p>}
      {step.kind === 'speech' && step.queue.length > 0 && <p class="muted">{t('next', whoList(step.queue))}</p>}
      {step.kind === 'speech' && step.purpose === 'defence' && v.ruleset === 'butterfly' && <p class="note">{t('defenceVote')}</p>}
      <OrderNote v={v} />
      {mine && spoken() && <p class="big" data-testid="speak-aloud">{t(step.kind === 'last-words' ? 'lastWordsAloud' : 'speakAloud')}</p>}
      {mine && (
        <>
          {!spoken() && (legal(v, 'say') ? <SpeechBox v={v} placeholder={t('sayPh')} /> : <SpentNote words="saidAll" />)}
          {legal(v, 'pass') && (
            <button type="button" class={spoken() ? 'primary wide done-big' : noteUnsent.value ? 'wide' : 'primary wide'} onClick={() => act({ type: 'pass', ...liveVoiceMark() })} data-testid="pass">
              {t(aloud ? 'imDone' : noteUnsent.value ? 'passDrop' : 'pass')}
            </button>
          )}
        </>
      )}
    </div>
  );
}
