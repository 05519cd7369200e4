// Free talk (`dual`, RULES.md 8.10): the day's messages read top to bottom in time order right above
// the input, the newest kept in sight while typing. "Ready" marks are on the seats, not in here.
import { memo } from 'preact/compat';
import { useEffect, useRef } from 'preact/hooks';
import { asOf, nameLabel, who } from './log-text.ts';
import { t } from './i18n.ts';
import { log } from './state.ts';
import { SaidWords } from './said-words.tsx';

/** This round's messages, oldest first, scrolled to the newest whenever one arrives; reads the log signal alone. */
export const TalkLog = memo(function TalkLog({ round }: { round: number }) {
  const said = log.value.filter((e) => e.event.type === 'said' && e.round === round);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [said.length]);
  if (!said.length) return null;
  return (
    // It scrolls: the keyboard may focus it, to scroll it with the arrows.
    <div class="talk-log" ref={box} tabIndex={0} role="region" aria-label={t('feed')} data-testid="talk-log">
      {said.map((e) => {
        const ev = e.event;
        if (ev.type !== 'said') return null;
        return (
          <p key={e.seq} class="said">
            <b>{asOf(e.seq, () => who(ev.seat))}</b> <SaidWords ev={ev} by={nameLabel(ev.seat, e.seq)} />
          </p>
        );
      })}
    </div>
  );
});
