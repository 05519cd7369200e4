// The history drawer: every entry of the viewer's log (public ones and the viewer's own private
// ones, exactly what the view carries), grouped by night and day, so a player who looked away can
// catch up during the game. Older chapters stay folded and are drawn only when opened, so the
// drawer opens at once even after many rounds.
import { memo } from 'preact/compat';
import { useCallback, useMemo, useRef, useState } from 'preact/hooks';
import type { LogEntry, RulesetId } from '../worker/engine/types.ts';
import { t } from './i18n.ts';
import { entryText, who } from './log-text.ts';
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
          <b>{who(ev.seat)}</b> <bdi>{ev.text}</bdi>
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
    <details class={`chapter ${c.phase}`} open={open} onToggle={(e) => onToggle(c.id, e.currentTarget.open)} data-testid="chapter" data-chapter={c.id}>
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
  // A closed chapter's entries never change; only the newest chapter grows.
  (a, b) => a.c === b.c && a.open === b.open && a.ruleset === b.ruleset,
);

/** The button that opens the drawer, and the drawer itself while open. */
export function HistoryDrawer({ ruleset }: { ruleset: RulesetId }) {
  const [shown, setShown] = useState(false);
  return (
    <>
      <button type="button" class="history-open" onClick={() => setShown(true)} data-testid="history-open" aria-expanded={shown}>
        📜 {t('history')}
      </button>
      {shown && <Drawer ruleset={ruleset} onClose={() => setShown(false)} />}
    </>
  );
}

function Drawer({ ruleset, onClose }: { ruleset: RulesetId; onClose: () => void }) {
  const all = log.value;
  // Regrouping only what arrived since the last look (story.ts keeps a prefix's chapters).
  const grouped = useRef<Chapter[]>([]);
  const list = useMemo(() => (grouped.current = chapters(all, grouped.current)), [all]);
  // The newest two chapters start open; the reader opens older ones as they like.
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const onToggle = useCallback((id: string, open: boolean) => setToggled((o) => (o[id] === open ? o : { ...o, [id]: open })), []);
  return (
    <div class="drawer" data-testid="history" onClick={(e) => e.target === e.currentTarget && onClose()}>
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
}
