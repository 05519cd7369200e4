// The room's day setting (RULES.md 11): speeches in turns, or one open window (the async default).
import type { PaceSetting } from '../worker/protocol.ts';
import { dayModeOf } from '../worker/protocol.ts';
import { t } from './i18n.ts';
import type { Update } from './kit.tsx';

/** The host's choice between turns and an open day; it follows the pace until the host picks one. */
export function DayModeField({ pace, onChange }: { pace: PaceSetting; onChange: Update<PaceSetting> }) {
  return (
    <label class="row">
      <span>{t('dayMode')}</span>
      <select
        value={dayModeOf(pace)}
        onChange={(e) => {
          const day = e.currentTarget.value as 'turns' | 'open';
          onChange((old) => ({ ...old, day }));
        }}
        data-testid="day-mode"
      >
        <option value="turns">{t('day_turns')}</option>
        <option value="open">{t('day_open')}</option>
      </select>
    </label>
  );
}
