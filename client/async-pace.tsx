// Open async days in the client: the day's clock-time close in the host's time zone, the
// lobby's scheduled start, and the host's switch between live and async during a game. Times are
// shown in each device's own time zone; the server stores absolute times.
import { useState } from 'preact/hooks';
import type { PaceSetting } from '../worker/protocol.ts';
import { has, lang, localInput, t } from './i18n.ts';
import { room } from './state.ts';
import { hostMove } from './socket.ts';
import { ConfirmButton, type Update } from './kit.tsx';

/** This browser's time zone: the default the host picks once. */
function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The zones to pick from (the browser's first); a runtime without the list offers the browser's alone. */
function zones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, browserZone(), ...all])];
}

/** Async pace: "the day closes at 21:00" in a zone the host picks (default: this browser's); empty = after its deadline. */
export function DayCloseField({ pace, onChange }: { pace: PaceSetting; onChange: Update<PaceSetting> }) {
  if (pace.preset !== 'async') return null;
  const zone = pace.timeZone ?? browserZone();
  const set = (time: string, tz: string) =>
    onChange((old) => {
      const { dayClosesAt: _time, timeZone: _zone, ...rest } = old;
      return time ? { ...rest, dayClosesAt: time, timeZone: tz } : rest;
    });
  return (
    <>
      <label class="row">
        <span>{t('dayClosesAt')}</span>
        <input type="time" value={pace.dayClosesAt ?? ''} onChange={(e) => set(e.currentTarget.value, zone)} data-testid="day-closes-at" />
      </label>
      {pace.dayClosesAt && (
        <label class="row">
          <span>{t('timeZone')}</span>
          <select value={zone} onChange={(e) => set(pace.dayClosesAt!, e.currentTarget.value)} data-testid="time-zone">
            {zones(zone).map((z) => (
              <option value={z}>{z}</option>
            ))}
          </select>
        </label>
      )}
      <p class="muted">{t('dayClosesHint')}</p>
    </>
  );
}

/** The lobby's scheduled start: everyone sees it in their own time; the host sets, changes or cancels it. */
export function ScheduledStart() {
  const r = room.value!;
  const [at, setAt] = useState(() => localInput(r.scheduledStart?.at ?? Math.ceil((Date.now() + 3_600_000) / 3_600_000) * 3_600_000));
  const s = r.scheduledStart;
  const when = (ms: number) => new Intl.DateTimeFormat(lang.value, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(ms);
  if (!s && !r.you.host) return null;
  return (
    <div class="card" data-testid="scheduled-start">
      <h3>{t('scheduleStart')}</h3>
      {s && !s.missed && <p>{t('scheduledAt', when(s.at))}</p>}
      {s?.missed && <p class="banner warn">{t('scheduleMissed', when(s.at), has(s.missed) ? t(s.missed) : s.missed)}</p>}
      {r.you.host && (
        <div class="line">
          <input type="datetime-local" value={at} aria-label={t('scheduleStart')} onChange={(e) => setAt(e.currentTarget.value)} data-testid="schedule-at" />
          <button type="button" onClick={() => hostMove({ type: 'schedule-start', at: new Date(at).getTime() })} data-testid="schedule-set">
            {t('scheduleSet')}
          </button>
          {s && (
            <button type="button" onClick={() => hostMove({ type: 'schedule-start', at: null })} data-testid="schedule-cancel">
              {t('scheduleCancel')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The host's switch to the other pace, from the next step on. Going live drops async's own deadlines
 * and day mode; the day's clock time stays in the setting (unused in live) for a switch back.
 */
export function PaceSwitch() {
  const pace = room.value?.pace;
  if (!pace) return null;
  const toLive = pace.preset === 'async';
  const { custom: _custom, day: _day, ...kept } = pace;
  return (
    <ConfirmButton ask={t('confirmSwitchPace')} onYes={() => hostMove({ type: 'set-pace', pace: { ...kept, preset: toLive ? 'live' : 'async' } })}>
      {t(toLive ? 'switchToLive' : 'switchToAsync')}
    </ConfirmButton>
  );
}
