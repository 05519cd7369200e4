// What the viewer's own night calls told them, where they look: the confirm of a solo pointer, and
// tonight's result (the police's answer in words, the killers' choice, a power role's pick).
// Only this round's entries: a result from an earlier night is history, never "tonight".
import type { LegalAction, LogEntry, View } from '../worker/engine/types.ts';
import { t } from './i18n.ts';
import { act } from './socket.ts';
import { cardWho, entryText } from './log-text.ts';

const RESULTS = new Set(['checked', 'kill-chosen', 'chosen', 'empty-needle', 'eyes-seen']);

/** The "Confirm" button of a pointer that needs one (D15); the engine offers it once there is a pointer. */
export function ConfirmPick({ v, point }: { v: View; point: Extract<LegalAction, { type: 'point' }> }) {
  if (!point.confirm) return null;
  const confirm = v.legal.find((a): a is Extract<LegalAction, { type: 'confirm' }> => a.type === 'confirm' && a.hand === point.hand);
  const current = point.cards ? point.currentCard : point.current;
  const label = current === null || current === undefined ? '…' : current === 0 ? t('nobody') : typeof current === 'number' ? cardWho(current) : cardWho(current.seat, current.card);
  return (
    <button
      type="button"
      class="primary wide"
      disabled={!confirm}
      onClick={() => act(point.hand === undefined ? { type: 'confirm' } : { type: 'confirm', hand: point.hand })}
      data-testid="confirm-pick"
    >
      {t('confirmPick', label)}
    </button>
  );
}

/** This round's results for the viewer (never shown to the god view, whose log holds everyone's). */
export function NightResult({ v }: { v: View }) {
  if (v.god || !v.me) return null;
  const mine = v.log.filter((e: LogEntry) => e.round === v.round && RESULTS.has(e.event.type));
  if (mine.length === 0) return null;
  return (
    <div class="night-result" data-testid="night-result">
      {/* By day the night is over: its result is last night's. */}
      <h3>{t(v.phase === 'day' ? 'lastNight' : 'tonight')}</h3>
      {mine.map((e) => (
        <p data-testid="night-result-line" data-type={e.event.type}>
          {entryText(e, v.ruleset)}
        </p>
      ))}
    </div>
  );
}
