// The open day (RULES.md 11, async pace): every speaker posts at any time and says "done"; the
// speeches show in the order the ruleset would have called them, so the table reads like the sheet.
import type { LegalAction, LogEntry, Seat, View } from '../worker/engine/types.ts';
import { t } from './i18n.ts';
import { act } from './socket.ts';
import { nameLabel, who } from './log-text.ts';
import { Dawn } from './dawn.tsx';
import { spoken } from './step-view.ts';
import { SpeechBox, SpentNote } from './speech-box.tsx';
import { SaidWords } from './said-words.tsx';
import { noteUnsent } from './voice-note-button.tsx';

type OpenDayStep = Extract<View['step'], { kind: 'open-day' }>;

/** This window's messages by speaker: the `said` entries since the day or the last ballot's count began it. */
function speechesOf(v: View, speakers: readonly Seat[]): Map<Seat, LogEntry[]> {
  let from = 0;
  for (let i = v.log.length - 1; i >= 0; i--) {
    const type = v.log[i]!.event.type;
    if (type === 'day' || type === 'ballots') {
      from = i + 1;
      break;
    }
  }
  const bySeat = new Map<Seat, LogEntry[]>(speakers.map((s) => [s, []]));
  for (const e of v.log.slice(from)) if (e.event.type === 'said') bySeat.get(e.event.seat)?.push(e);
  return bySeat;
}

/** The open window: who has said "done", every speech in seat order, and the viewer's own box. */
export function OpenDayPanel({ v }: { v: View }) {
  const step = v.step as OpenDayStep;
  const say = v.legal.find((a): a is Extract<LegalAction, { type: 'say' }> => a.type === 'say');
  const pass = v.legal.some((a) => a.type === 'pass');
  const speeches = speechesOf(v, step.speakers);
  const mine = v.me && step.speakers.includes(v.me.seat);
  return (
    <div class="act" data-testid="open-day" data-purpose={step.purpose}>
      <Dawn v={v} />
      <p class="big">{t(`sp_${step.purpose}`)}</p>
      <p class="muted">{t('openDayNote')}</p>
      <p>
        <b data-testid="done-count">{t('doneN', step.done.length, step.speakers.length)}</b>
      </p>
      {!spoken() && (say ? <SpeechBox v={v} placeholder={t('openDayPh', say.left ?? 500)} maxLength={say.left ?? 500} /> : pass && <SpentNote words="saidAll" />)}
      {pass && (
        // A recording not yet sent is the step's main action: "done" steps back and says it leaves the recording out.
        <button type="button" class={noteUnsent.value ? 'wide' : 'primary wide'} onClick={() => act({ type: 'pass' })} data-testid="done">
          {t(noteUnsent.value ? 'speechDoneDrop' : 'speechDone')}
        </button>
      )}
      {mine && !pass && <p class="ok">{t('youDone')}</p>}
      <ol class="speeches" data-testid="speeches">
        {step.speakers.map((seat) => (
          <li data-seat={seat}>
            <b>{who(seat)}</b> {step.done.includes(seat) ? <span class="ok">✓ {t('doneMark')}</span> : null}
            {speeches.get(seat)!.map((e) => (
              <p class="said">{e.event.type === 'said' && <SaidWords ev={e.event} by={nameLabel(seat, e.seq)} />}</p>
            ))}
          </li>
        ))}
      </ol>
    </div>
  );
}
