// Pieces every page shares: header, error bar, the rules sheet's switches and the room settings form.
import { signal } from '@preact/signals';
import { useState } from 'preact/hooks';
import { CATALOG as RULESETS, DEADLINE_KINDS, RULESET_IDS, deadlineKinds } from '../worker/engine/catalog.ts';
import { PACE_LIMITS, PACE_PRESETS } from '../worker/engine/pace.ts';
import { VOICE_SETTINGS, dayCloseOf, dayModeOf } from '../worker/protocol.ts';
import { DayModeField } from './day-mode.tsx';
import type { OptionValue, Pace, RulesetId } from '../worker/engine/types.ts';
import type { PaceSetting, VoiceSetting } from '../worker/protocol.ts';
import { LANGS, LANG_NAMES, has, lang, setLang, t } from './i18n.ts';
import { conn, dismiss, errors, go } from './state.ts';
import { soundOn, toggleSound } from './cue.ts';
import { later } from './lazy.ts';
import type { Update } from './kit.tsx';

// Only async pace shows it: a chunk of its own, so the home page's first screen does not carry it.
const DayCloseField = later(() => import('./async-pace.tsx').then((m) => m.DayCloseField));

/** The settings summary's words for the day's clock-time close, or nothing. */
function dayCloseSummary(pace: PaceSetting): string {
  const close = dayCloseOf(pace);
  return close ? ` · ${t('dayClosesSummary', close.time, close.zone)}` : '';
}

/** Which ruleset the rules sheet shows, or null when it is closed. */
export const rulesOpen = signal<RulesetId | null>(null);
/** Which ruleset "How to play" walks through, or null when it is closed. */
export const walkOpen = signal<RulesetId | null>(null);

/** The top bar: home link, room code, connection state, language switcher and the Rules button. */
export function Header({ code, ruleset }: { code?: string; ruleset?: RulesetId }) {
  const c = conn.value;
  return (
    <header class="bar">
      <a class="brand" href="/" onClick={(e) => (e.preventDefault(), go('/'))}>
        {t('app')}
      </a>
      {code && <span class="code">{code}</span>}
      {code && c !== 'open' && c !== 'idle' && <span class={`conn ${c}`}>{c === 'expired' ? t('expired') : t(c)}</span>}
      <span class="grow" />
      <select aria-label="language" value={lang.value} onChange={(e) => setLang(e.currentTarget.value as never)}>
        {LANGS.map((l, i) => (
          <option value={l}>{LANG_NAMES[i]}</option>
        ))}
      </select>
      <button type="button" class="ghost sound" aria-pressed={soundOn.value} aria-label={t('sound')} title={t('sound')} onClick={toggleSound}>
        {soundOn.value ? '🔔' : '🔕'}
      </button>
      <button type="button" class="ghost walk" onClick={() => (walkOpen.value = ruleset ?? 'classic')} aria-label={t('howToPlay')} title={t('howToPlay')} data-testid="walk-button">
        ?
      </button>
      <button type="button" class="ghost" onClick={() => (rulesOpen.value = ruleset ?? 'classic')} data-testid="rules-button">
        {t('rules')}
      </button>
    </header>
  );
}

/** Server and network errors in words, never dropped: each stays until tapped away. */
export function ErrorBar() {
  return (
    <div class="errors" role="alert">
      {errors.value.map((e) => (
        <button type="button" class="error" onClick={() => dismiss(e.n)}>
          {e.text} ✕
        </button>
      ))}
    </div>
  );
}

export interface Settings {
  ruleset: RulesetId;
  options: Record<string, OptionValue>;
  pace: PaceSetting;
  spectators: boolean;
  humanJudge: boolean;
  /** Played face to face. */
  table: boolean;
  /** The room's voice; face to face it stays off. */
  voice: VoiceSetting;
}

/** An option value's words: translated where the table has them, else the value itself. */
function valueText(v: OptionValue): string {
  if (typeof v === 'boolean') return t(v ? 'on' : 'off');
  const k = `v_${v}`;
  return has(k) ? t(k) : String(v);
}

/** Option label, translated. */
export function optionLabel(name: string): string {
  const k = `o_${name}`;
  return has(k) ? t(k) : name;
}

/** Room settings, summarized in one line per option for the lobby. */
export function SettingsSummary({ s }: { s: Settings }) {
  const r = RULESETS[s.ruleset];
  return (
    <ul class="summary">
      <li>
        <b>{t(`rs_${s.ruleset}`)}</b> · {t('nPlayers', r.minPlayers, r.maxPlayers)}
      </li>
      {r.options.map((o) => (
        <li>
          {optionLabel(o.name)}: {valueText(s.options[o.name] ?? o.default)}
        </li>
      ))}
      <li>
        {t('pace')}: {t(s.pace.preset)} · {t(`day_${dayModeOf(s.pace)}`)}
        {dayCloseSummary(s.pace)}
        {DEADLINE_KINDS.filter((k) => s.pace.custom?.[k] !== undefined).map((k) => ` · ${t(`dl_${k}`)} ${duration(s.pace.custom![k]!)}`)}
      </li>
      {s.voice !== 'off' && (
        <li>
          {t('voice')}: {t(`voice_${s.voice}`)}
        </li>
      )}
    </ul>
  );
}

/** The ruleset picker, its options, pace and spectators: used by the host in the lobby. */
export function SettingsForm({ s, onChange }: { s: Settings; onChange: Update<Settings> }) {
  return (
    <div class="settings create">
      <RulesetPicker s={s} onChange={onChange} />
      <MoreSettings s={s} onChange={onChange} />
    </div>
  );
}

/** The rulesets as a row of chips (a radio group), with the chosen one's player range and one line about it. */
export function RulesetPicker({ s, onChange }: { s: Settings; onChange: Update<Settings> }) {
  const r = RULESETS[s.ruleset];
  return (
    <fieldset>
      <legend>{t('ruleset')}</legend>
      <div class="rulesets">
        {RULESET_IDS.map((id) => (
          <label class="chip">
            <input type="radio" name="ruleset" data-testid={`ruleset-${id}`} checked={id === s.ruleset} onChange={() => onChange((old) => ({ ...old, ruleset: id, options: {} }))} />
            {t(`rs_${id}`)}
          </label>
        ))}
      </div>
      <p class="about">
        {t('nPlayers', r.minPlayers, r.maxPlayers)} · {t(`rd_${s.ruleset}`)}
      </p>
    </fieldset>
  );
}

/** The day's clock-time fields of a pace setting, kept across a change of preset. */
function clockOf(pace: PaceSetting): Pick<PaceSetting, 'dayClosesAt' | 'timeZone'> {
  return pace.dayClosesAt && pace.timeZone ? { dayClosesAt: pace.dayClosesAt, timeZone: pace.timeZone } : {};
}

/** Everything past the ruleset: its options, the pace and deadlines, spectators, the human judge. */
export function MoreSettings({ s, onChange }: { s: Settings; onChange: Update<Settings> }) {
  const r = RULESETS[s.ruleset];
  const onPace: Update<PaceSetting> = (change) => onChange((old) => ({ ...old, pace: change(old.pace) }));
  return (
    <fieldset>
      <legend>{t('options')}</legend>
      {r.options.map((o) => (
        <label class="row">
          <span>{optionLabel(o.name)}</span>
          <select
            value={String(s.options[o.name] ?? o.default)}
            onChange={(e) => {
              const v = o.values.find((x) => String(x) === e.currentTarget.value)!;
              onChange((old) => ({ ...old, options: { ...old.options, [o.name]: v } }));
            }}
          >
            {o.values.map((v) => (
              <option value={String(v)}>{valueText(v)}</option>
            ))}
          </select>
        </label>
      ))}
      <label class="row">
        <span>{t('pace')}</span>
        <select
          value={s.pace.preset}
          data-testid="pace"
          onChange={(e) => {
            const preset = e.currentTarget.value as 'live' | 'async';
            onPace((old) => ({ preset, ...clockOf(old) }));
          }}
        >
          <option value="live">{t('live')}</option>
          <option value="async">{t('async')}</option>
        </select>
      </label>
      <DayModeField pace={s.pace} onChange={onPace} />
      {s.pace.preset === 'async' && <DayCloseField pace={s.pace} onChange={onPace} />}
      <Deadlines ruleset={s.ruleset} pace={s.pace} onChange={onPace} />
      <label class="row">
        <span>{t('spectators')}</span>
        <input type="checkbox" checked={s.spectators} onChange={(e) => flag(onChange, 'spectators', e.currentTarget.checked)} />
      </label>
      <label class="row">
        <span>{t('humanJudge')}</span>
        <input type="checkbox" checked={s.humanJudge} onChange={(e) => flag(onChange, 'humanJudge', e.currentTarget.checked)} data-testid="human-judge" />
      </label>
      <label class="row">
        <span>{t('tableMode')}</span>
        <input type="checkbox" checked={s.table} onChange={(e) => flag(onChange, 'table', e.currentTarget.checked)} data-testid="table-mode" />
      </label>
      {!s.table && (
        <label class="row">
          <span>{t('voice')}</span>
          <select value={s.voice} data-testid="voice" aria-describedby="voice-hint" onChange={(e) => onVoice(onChange, e.currentTarget.value as VoiceSetting)}>
            {VOICE_SETTINGS.map((v) => (
              <option value={v}>{t(`voice_${v}`)}</option>
            ))}
          </select>
        </label>
      )}
      {!s.table && (
        <p class="hint" id="voice-hint">
          {t('voice_hint')}
        </p>
      )}
    </fieldset>
  );
}

/** A checkbox's setting (its value read now: the event is gone when the change is made); face to face turns voice off. */
function flag(onChange: Update<Settings>, key: 'spectators' | 'humanJudge' | 'table', on: boolean): void {
  onChange((old) => ({ ...old, [key]: on, ...(key === 'table' && on ? { voice: 'off' as const } : {}) }));
}

/** The voice setting, as chosen. */
function onVoice(onChange: Update<Settings>, voice: VoiceSetting): void {
  onChange((old) => ({ ...old, voice }));
}

const MINUTE = 60_000;
const UNITS = { min: MINUTE, h: 60 * MINUTE, d: 24 * 60 * MINUTE } as const;
type Unit = keyof typeof UNITS;

/** A duration in words: "90 s", "4 min", "12 h". */
function duration(ms: number): string {
  if (ms >= 3_600_000) return `${Math.round((ms / 3_600_000) * 10) / 10} h`;
  if (ms >= 120_000) return `${Math.round((ms / MINUTE) * 10) / 10} min`;
  return `${Math.round(ms / 1000)} s`;
}

/** The largest unit a duration is at least one of: 90 min reads "1.5 h", 2 days "2 d". */
function unitOf(ms: number): Unit {
  return ms >= UNITS.d ? 'd' : ms >= UNITS.h ? 'h' : 'min';
}

/** A custom deadline for each kind of step the ruleset has, over the preset's (RULES.md 11), in minutes, hours or days. */
function Deadlines({ ruleset, pace, onChange }: { ruleset: RulesetId; pace: PaceSetting; onChange: Update<PaceSetting> }) {
  const preset = PACE_PRESETS[pace.preset];
  return (
    <details class="deadlines">
      <summary>{t('customDeadlines')}</summary>
      {deadlineKinds(ruleset).map((kind) => (
        // Keyed by the preset: a new preset's deadlines read in their own unit (12 h, not "720 minutes").
        <Deadline key={`${pace.preset}-${kind}`} kind={kind} ms={pace.custom?.[kind] ?? preset[kind]} onChange={(ms) => onChange((old) => ({ ...old, custom: { ...old.custom, [kind]: ms } }))} />
      ))}
    </details>
  );
}

function Deadline({ kind, ms, onChange }: { kind: keyof Pace; ms: number; onChange: (ms: number) => void }) {
  const [unit, setUnit] = useState<Unit>(() => unitOf(ms));
  // What is being typed, until it is committed: a redraw meanwhile (the unit's change, a signal) keeps it.
  const [typed, setTyped] = useState<string | null>(null);
  // Whole seconds, inside the room's limits; anything else leaves the deadline as it was.
  const set = (value: number, u: Unit) => {
    const next = Math.round((value * UNITS[u]) / 1000) * 1000;
    if (next >= PACE_LIMITS.min && next <= PACE_LIMITS.max) onChange(next);
  };
  return (
    <div class="row">
      <span>{t(`dl_${kind}`)}</span>
      <span class="deadline">
        <input
          type="number"
          inputMode="decimal"
          step="any"
          min="0"
          aria-label={`${t(`dl_${kind}`)} (${t(`u_${unit}`)})`}
          value={typed ?? String(Math.round((ms / UNITS[unit]) * 100) / 100)}
          data-testid={`deadline-${kind}`}
          onInput={(e) => setTyped(e.currentTarget.value)}
          onChange={(e) => {
            setTyped(null);
            set(Number(e.currentTarget.value), unit);
          }}
        />
        <select
          aria-label={t('unit')}
          value={unit}
          data-testid={`deadline-${kind}-unit`}
          onChange={(e) => {
            const u = e.currentTarget.value as Unit;
            setUnit(u);
            set(Math.round((ms / UNITS[unit]) * 100) / 100, u);
          }}
        >
          {(Object.keys(UNITS) as Unit[]).map((u) => (
            <option value={u}>{t(`u_${u}`)}</option>
          ))}
        </select>
      </span>
    </div>
  );
}

/** A form's request in flight: `busy` while it runs, `err` with the server's words when it fails. */
export function useRequest(): { busy: boolean; err: string; setErr: (e: string) => void; run: (work: () => Promise<void>) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const [err, setErr] = useState('');
  async function run(work: () => Promise<void>) {
    setBusy(true);
    setErr('');
    try {
      await work();
    } catch (x) {
      setErr((x as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return { busy, err, setErr, run };
}
