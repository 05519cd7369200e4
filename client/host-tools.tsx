// The host's and the human judge's tools during a game: pause, more time, the pace, a seat's eject,
// prod, hand-over to a bot or replacement, and the judge's words to the table.
import { memo } from 'preact/compat';
import { useState } from 'preact/hooks';
import type { View } from '../worker/engine/types.ts';
import { lang, t } from './i18n.ts';
import { room } from './state.ts';
import { hostMove } from './socket.ts';
import { plateOf, who } from './log-text.ts';
import { ConfirmButton } from './kit.tsx';
import { PaceSwitch } from './async-pace.tsx';
import { ProdButton, ProddedLine, ReplaceSeat } from './host-prod.tsx';
import { WebhookSetting } from './webhook-setting.tsx';
import { TextBox } from './speech-box.tsx';
import { extendAmount, extendSteps } from './extend-steps.ts';

/** The human judge speaks to the whole table (RULES.md 11). */
export function NarratePanel() {
  return (
    <div class="card">
      <h3>{t('narrate')}</h3>
      <TextBox placeholder={t('narratePh')} onSend={(text) => hostMove({ type: 'narrate', text })} />
    </div>
  );
}

// The host tools read the pause and who is alive or absent (and the room, a signal of its own): a
// ballot's count or a voter's mark does not redraw them.
export const HostToolsOnce = memo(HostTools, (a, b) => a.v.paused === b.v.paused && a.v.seats.length === b.v.seats.length && a.v.seats.every((s, i) => s.alive === b.v.seats[i]!.alive && s.absent === b.v.seats[i]!.absent));

/** The host's (or the judge's) tools, folded away until opened. */
export function HostTools({ v }: { v: View }) {
  const [seat, setSeat] = useState(0);
  const steps = extendSteps(room.value?.deadlines, v.ruleset);
  return (
    <details class="card host">
      <summary>{t(room.value?.you.host ? 'hostTools' : 'judgeTools')}</summary>
      <div class="line">
        {v.paused ? (
          <button type="button" onClick={() => hostMove({ type: 'resume' })}>
            {t('resume')}
          </button>
        ) : (
          <button type="button" onClick={() => hostMove({ type: 'pause' })}>
            {t('pause')}
          </button>
        )}
        {steps.map((ms) => (
          <button type="button" onClick={() => hostMove({ type: 'extend', ms })}>
            {t('extend', extendAmount(ms))}
          </button>
        ))}
        {room.value?.you.host && <PaceSwitch />}
      </div>
      {room.value?.you.host && <WebhookSetting r={room.value} />}
      <div class="line">
        <select value={String(seat)} onChange={(e) => setSeat(Number(e.currentTarget.value))}>
          <option value="0">{t('pickSeat')}</option>
          {v.seats
            .filter((s) => s.alive)
            .map((s) => (
              <option value={String(s.seat)}>{who(s.seat)}</option>
            ))}
        </select>
        {seat > 0 && (
          <ConfirmButton class="danger" ask={t('confirmEject', who(seat))} onYes={() => (hostMove({ type: 'eject', seat }), setSeat(0))}>
            {t('eject')}
          </ConfirmButton>
        )}
        {seat > 0 && room.value?.you.host && <ProdButton seat={seat} />}
        {/* An absent seat (missed two steps in a row) may go on as a bot. */}
        {seat > 0 && room.value?.you.host && v.seats[seat - 1]?.absent && !plateOf(seat).bot && (
          <ConfirmButton ask={t('confirmHandToBot', who(seat))} onYes={() => (hostMove({ type: 'hand-to-bot', seat, lang: lang.value }), setSeat(0))}>
            {t('handToBot')}
          </ConfirmButton>
        )}
      </div>
      {/* A new person may take any living seat over but the host's own, a bot's too. */}
      {seat > 0 && room.value?.you.host && !room.value.seats.find((s) => s.seat === seat)?.host && <ReplaceSeat seat={seat} />}
      {room.value?.you.host && <ProddedLine />}
    </details>
  );
}
