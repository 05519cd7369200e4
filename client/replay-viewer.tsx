// The replay viewer (a lazy chunk: it carries the engine): a finished game's record stepped through
// forward and back, the round table drawn at each step with every card face and every pointer,
// each step's events (night actions included) and the ballots as tallies. It opens the room's
// record from the server or a downloaded JSON file.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { viewFor } from '../worker/engine/view.ts';
import type { GameRecord } from '../worker/engine/record.ts';
import type { GameState, LogEntry } from '../worker/engine/types.ts';
import { t } from './i18n.ts';
import { room } from './state.ts';
import { asOf, plateOf, roomNames, setNameBook, type NameBook } from './log-text.ts';
import { headline } from './headline.ts';
import { RoundTable, type TableSeat } from './round-table.tsx';
import { StoryEntry } from './history-drawer.tsx';
import { isRecord, replaySteps } from './replay.ts';
import './story.css';

/** Autoplay's pace: a step a second. */
const PLAY_MS = 1_000;

// What the night's calls decided, shown together for the round on screen.
const NIGHT_ACTS = new Set(['pointed', 'kill-chosen', 'checked', 'chosen', 'eyes-chosen', 'empty-needle', 'night-effects', 'night-cards']);

/** The viewer for a room's finished game (`code`), or a record file the player opens. */
export function ReplayViewer({ code }: { code?: string }) {
  const [record, setRecord] = useState<GameRecord | null>(null);
  const [err, setErr] = useState('');
  const [loading, setLoading] = useState(!!code);
  useEffect(() => {
    if (!code) return;
    fetch(`/api/rooms/${code}/record`)
      .then((r) => r.json())
      .then((data: unknown) => (isRecord(data) ? setRecord(data) : setErr(t('replayBad', 'format'))))
      .catch((e: Error) => setErr(t('replayBad', e.message)))
      .finally(() => setLoading(false));
  }, [code]);

  async function openFile(file: File | undefined) {
    if (!file) return;
    try {
      const data: unknown = JSON.parse(await file.text());
      if (!isRecord(data)) throw new Error('format');
      setErr('');
      setRecord(data);
    } catch (e) {
      setErr(t('replayBad', e instanceof Error ? e.message : String(e)));
    }
  }

  return (
    <div class="card replay" data-testid="replay">
      <h3>{t('replay')}</h3>
      {/* A room's own game needs no file: the picker is for a record downloaded earlier (/replay). */}
      {!code && (
        <label class="replay-file">
          <span>{t('replayOpen')}</span>
          <input type="file" accept=".json,application/json" onChange={(e) => void openFile(e.currentTarget.files?.[0])} data-testid="replay-file" />
        </label>
      )}
      {loading && <p class="muted">{t('replayLoading')}</p>}
      {err && <p class="error" data-testid="replay-error">{err}</p>}
      {record && <Stepper key={record.setup.seed} record={record} />}
    </div>
  );
}

function Stepper({ record }: { record: GameRecord }) {
  const { steps, error } = useMemo(() => replaySteps(record), [record]);
  // The record names each entry's player as they were then, with the room's names for a record without its own.
  setNameBook(recordBook(record));
  useEffect(() => () => setNameBook(null), []);
  const [i, setI] = useState(0);
  const [playing, setPlaying] = useState(false);
  const last = steps.length - 1;
  const go = (n: number) => setI(Math.max(0, Math.min(last, n)));
  // Autoplay: a step a second, stopping at the end (a hundred steps are a lot of taps on a phone).
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setI((n) => (n >= last ? n : n + 1)), PLAY_MS);
    return () => clearInterval(timer);
  }, [playing, last]);
  useEffect(() => {
    if (i >= last) setPlaying(false);
  }, [i, last]);
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement && e.target.type !== 'range') return;
      if (e.key === 'ArrowRight') setI((n) => Math.min(last, n + 1));
      if (e.key === 'ArrowLeft') setI((n) => Math.max(0, n - 1));
    };
    addEventListener('keydown', key);
    return () => removeEventListener('keydown', key);
  }, [last]);
  if (!steps.length) return <p class="error" data-testid="replay-error">{t('replayBad', error ?? '')}</p>;
  const { state, from } = steps[i]!;
  return (
    <div data-testid="replay-stepper" data-step={i} data-steps={steps.length}>
      {error && <p class="error" data-testid="replay-error">{t('replayBad', error)}</p>}
      {/* One row of buttons, even on a 390-px phone (their words are their names for a screen reader and a tooltip); the slider under them. */}
      <div class="controls">
        <button type="button" onClick={() => go(0)} disabled={i === 0} data-testid="replay-first" aria-label={t('replayFirst')} title={t('replayFirst')}>⏮</button>
        <button type="button" onClick={() => go(i - 1)} disabled={i === 0} data-testid="replay-prev" aria-label={t('replayPrev')} title={t('replayPrev')}>◀</button>
        <button type="button" class="primary" onClick={() => setPlaying(!playing)} disabled={i === last && !playing} data-testid="replay-play" aria-pressed={playing}>
          {playing ? `⏸ ${t('replayPause')}` : `▶ ${t('replayPlay')}`}
        </button>
        <button type="button" onClick={() => go(i + 1)} disabled={i === last} data-testid="replay-next" aria-label={t('replayNext')} title={t('replayNext')}>▶</button>
        <button type="button" onClick={() => go(last)} disabled={i === last} data-testid="replay-last" aria-label={t('replayLast')} title={t('replayLast')}>⏭</button>
      </div>
      <div class="controls">
        <input type="range" min="0" max={last} value={i} onInput={(e) => go(Number(e.currentTarget.value))} aria-label={t('replayStep', i + 1, steps.length)} />
        <span class="pos" data-testid="replay-pos">{t('replayStep', i + 1, steps.length)}</span>
      </div>
      <Scene state={state} from={from} />
    </div>
  );
}

/** One step: the table as the judge saw it then, what this step logged, the night so far. */
function Scene({ state, from }: { state: GameState; from: number }) {
  const v = viewFor(state, { kind: 'judge' });
  const step = state.step;
  const night = !state.result && v.phase === 'night';
  const active = step.kind === 'speech' || step.kind === 'last-words' ? step.seat : step.kind === 'ballot' ? (step.turn ?? 0) : 0;
  const pointers = step.kind === 'call' ? step.pointers : {};
  // The plates show who played each seat at this step.
  const seats: TableSeat[] = v.seats.map((s) => ({
    seat: s.seat,
    ...asOf(state.log.at(-1)?.seq ?? 0, () => plateOf(s.seat)),
    alive: s.alive,
    ...(s.cards ? { cards: s.cards, judge: !!s.judge } : s.role ? { role: s.role } : {}),
    pointer: pointers[s.seat] ?? 0,
    voted: step.kind === 'ballot' && s.seat in step.ballots,
    active: s.seat === active,
  }));
  // Round 0 is the deal and the card reading, before night 1.
  const title = state.result ? t('gameOver') : state.round === 0 ? t('deal') : t(night ? 'nightN' : 'dayN', state.round);
  const now = state.log.slice(from);
  const nightActs = state.log.filter((e) => e.round === state.round && NIGHT_ACTS.has(e.event.type) && e.seq < from);
  return (
    <div class={night ? 'scene night' : 'scene'}>
      <h2 data-testid="replay-title">{title}</h2>
      <p class="big">{headline(v)}</p>
      <RoundTable seats={seats} center={title} />
      <div class="now" data-testid="replay-now">
        {now.map((e) => (
          <StoryEntry key={e.seq} e={e} all={state.log} ruleset={state.setup.ruleset} tag="p" />
        ))}
      </div>
      {night && nightActs.length > 0 && (
        <details class="card" open>
          <summary>{t('replayNight')}</summary>
          {nightActs.map((e: LogEntry) => (
            <StoryEntry key={e.seq} e={e} all={state.log} ruleset={state.setup.ruleset} tag="p" />
          ))}
        </details>
      )}
    </div>
  );
}

/** Names from a record: its log's replacements, its own names at the end (the room's, for a file without them). */
function recordBook(record: GameRecord): NameBook {
  return { log: () => record.log, now: (seat) => (record.names?.[seat] !== undefined ? { name: record.names[seat] } : roomNames(seat)) };
}
