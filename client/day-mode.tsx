// The room's day setting (RULES.md 11): speeches in turns, or one open window (the async default).
import type { PaceSetting } from '../worker/protocol.ts';
import { dayModeOf } from '../worker/protocol.ts';
import { t } from './i18n.ts';

/** The host's choice between turns and an open day; it follows the pace until the host picks one. */
export function DayModeField({ pace, onChange }: { pace: PaceSetting; onChange: (p: PaceSetting) => void }) {
  return (
    <label class="row">
      <span>{t('dayMode')}</span>
      <select value={dayModeOf(pace)} onChange={(e) => onChange({ ...pace, day: e.currentTarget.value as 'turns' | 'open' })} data-testid="day-mode">
        <option value="turns">{t('day_turns')}</option>
        <option value="open">{t('day_open')}</option>
      </select>
    </label>
  );
}
