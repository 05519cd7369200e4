// Free talk: everyone says what they like while the step lasts and marks themselves ready; the
// talk's own lines are the talk log's, the "ready" marks are on the table's seats.
import type { View } from '../worker/engine/types.ts';
import { t } from './i18n.ts';
import { act } from './socket.ts';
import { TalkLog } from './talk-log.tsx';
import { SpeechBox, SpentNote } from './speech-box.tsx';
import { Dawn } from './dawn.tsx';
import { legal, spoken } from './step-view.ts';

type TalkStep = Extract<View['step'], { kind: 'talk' }>;

/** The talk step: the dawn's news, how many are ready, the talk so far and the viewer's box. */
export function TalkPanel({ v }: { v: View }) {
  const step = v.step as TalkStep;
  const pass = legal(v, 'pass');
  return (
    <div class="act" data-testid="talk">
      <Dawn v={v} />
      <p class="muted">{t('talkNote')}</p>
      <p>
        <b data-testid="ready-count">{t('readyN', step.ready.length, v.seats.filter((s) => s.alive).length)}</b>
      </p>
      <TalkLog round={v.round} />
      {!spoken() && (legal(v, 'say') ? <SpeechBox v={v} placeholder={t('sayPh')} /> : v.me && v.seats[v.me.seat - 1]?.alive && <SpentNote words="talkAll" />)}
      {pass ? (
        <button type="button" class="primary wide" onClick={() => act({ type: 'pass' })} data-testid="pass">
          {t('ready')}
        </button>
      ) : (
        v.me && step.ready.includes(v.me.seat) && <p class="ok">{t('youReady')}</p>
      )}
    </div>
  );
}
