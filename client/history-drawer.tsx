// The history drawer: every entry of the viewer's log (public ones and the viewer's own private
// ones, exactly what the view carries), grouped by night and day, so a player who looked away can
// catch up during the game. Older chapters stay folded and are drawn only when opened, and the
// drawer itself is drawn ahead, hidden, while the phone is idle: opening it only shows it, so it
// opens at once even after many rounds on a slow phone.
import { signal } from '@preact/signals';
import { memo } from 'preact/compat';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { LogEntry, RulesetId } from '../worker/engine/types.ts';
import { t } from './i18n.ts';
import { asOf, entryText, nameLabel, who } from './log-text.ts';
import { SaidWords } from './said-words.tsx';
import { log } from './state.ts';
import { candidatesOf, chapters, type Chapter } from './story.ts';
import { Tally } from './tally.tsx';
import './story.css';

// Lines set in bold: someone left the game, the night's news, the end.
const STRONG = new Set(['out', 'dawn', 'lot', 'surrendered', 'game-over', 'muted']);

/** One log entry as the story tells it: a speech with its speaker, a ballot as its tally. */
export const StoryEntry = memo(
  function StoryEntry({ e, all, ruleset, tag = 'li' }: { e: LogEntry; all: readonly LogEntry[]; ruleset: RulesetId; tag?: 'li' | 'p' }) {
    const Tag = tag;
    const ev = e.event;
    if (ev.type === 'ballots') {
      return (
        <Tag class="ballots-entry" data-seq={e.seq}>
          <Tally e={e as never} candidates={candidatesOf(all, e)} />
        </Tag>
      );
    }
    if (ev.type === 'said') {
      return (
        <Tag class="said" data-seq={e.seq}>
          <b>{asOf(e.seq, () => who(ev.seat))}</b> <SaidWords ev={ev} by={nameLabel(ev.seat, e.seq)} />
        </Tag>
      );
    }
    const text = entryText(e, ruleset);
    if (!text) return null;
    const cls = STRONG.has(ev.type) ? 'em' : e.to !== 'all' ? 'mine' : '';
    return (
      <Tag class={cls} data-seq={e.seq}>
        {text}
      </Tag>
    );
  },
  // An entry never changes once logged (its seq is unique within the viewer's log).
  (a, b) => a.e.seq === b.e.seq && a.e.event.type === b.e.event.type && a.ruleset === b.ruleset && a.tag === b.tag,
);

function title(c: Chapter): string {
  return c.phase === 'setup' ? t('deal') : t(c.phase === 'night' ? 'nightN' : 'dayN', c.round);
}

const ChapterView = memo(
  function ChapterView({ c, all, ruleset, open, onToggle }: { c: Chapter; all: readonly LogEntry[]; ruleset: RulesetId; open: boolean; onToggle: (id: string, open: boolean) => void }) {
  return (
    <details class={`chapter ${c.phase}`} open={open} onToggle={(e) => e.currentTarget.open !== open && onToggle(c.id, e.currentTarget.open)} data-testid="chapter" data-chapter={c.id}>
      <summary>{title(c)}</summary>
      {open && (
        <ol>
          {c.entries.map((e) => (
            <StoryEntry key={e.seq} e={e} all={all} ruleset={ruleset} />
          ))}
        </ol>
      )}
    </details>
  );
  },
  // A closed chapter's entries never change; only the newest chapter grows. (The toggle a drawn
  // `open` fires is not the reader's: only a tap that changes it is kept, so chapters that were once
  // the newest fold again as the game goes on.)
  (a, b) => a.c === b.c && a.open === b.open && a.ruleset === b.ruleset,
);

// When the phone has nothing else to do (Safari has no idle callback: a moment later).
const idle = (fn: () => void): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: 2_000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 300);
  return () => clearTimeout(id);
};

/** Whether the drawer is open: its button sits in the step's line, the drawer after the screen. */
const historyShown = signal(false);

/** The button that opens the story drawer. */
export function HistoryButton() {
  return (
    <button type="button" class="history-open" onClick={() => (historyShown.value = true)} data-testid="history-open" aria-expanded={historyShown.value}>
      📜 {t('history')}
    </button>
  );
}

/**
 * The drawer: drawn hidden with the log as it was when the phone was last idle (so a busy ballot's
 * frames do not redraw it), shown with the latest log. It comes after the game screen in the page,
 * so the screen's own feed is found first.
 */
export const HistoryDrawer = memo(function HistoryDrawer({ ruleset }: { ruleset: RulesetId }) {
  const shown = historyShown.value;
  const latest = log.value;
  const [ahead, setAhead] = useState<readonly LogEntry[] | null>(null);
  useEffect(() => (shown ? undefined : idle(() => setAhead(latest))), [latest, shown]);
  // A game that ends (or a room left) with the drawer open does not open it on the next one.
  useEffect(() => () => void (historyShown.value = false), []);
  const onClose = useCallback(() => (historyShown.value = false), []);
  const all = shown ? latest : ahead;
  return all && <Drawer all={all} shown={shown} ruleset={ruleset} onClose={onClose} />;
});

const Drawer = memo(function Drawer({ all, shown, ruleset, onClose }: { all: readonly LogEntry[]; shown: boolean; ruleset: RulesetId; onClose: () => void }) {
  // Regrouping only what arrived since the last look (story.ts keeps a prefix's chapters).
  const grouped = useRef<Chapter[]>([]);
  const list = useMemo(() => (grouped.current = chapters(all, grouped.current)), [all]);
  // The newest two chapters start open; the reader opens older ones as they like.
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const onToggle = useCallback((id: string, open: boolean) => setToggled((o) => (o[id] === open ? o : { ...o, [id]: open })), []);
  return (
    <div class="drawer" inert={!shown} data-testid="history" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <section class="panel" role="dialog" aria-label={t('history')}>
        <header>
          <h2>📜 {t('history')}</h2>
          <button type="button" onClick={onClose} data-testid="history-close">
            {t('close')}
          </button>
        </header>
        <p class="muted">{t('historyNote')}</p>
        {list.map((c, i) => (
          <ChapterView key={c.id} c={c} all={all} ruleset={ruleset} open={toggled[c.id] ?? i >= list.length - 2} onToggle={onToggle} />
        ))}
      </section>
    </div>
  );
});
