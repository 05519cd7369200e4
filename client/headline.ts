// The top box's one line: what is happening now, from the step the game waits on and the log
// entry that led to it ("#2 Bo was voted out: last words"), never the last dawn's news.
import type { LogEntry, View } from '../worker/engine/types.ts';
import { t } from './i18n.ts';
import { who } from './log-text.ts';

/** The latest removal of a seat in the log, if any. */
function outOf(log: readonly LogEntry[], seat: number): Extract<LogEntry['event'], { type: 'out' }> | undefined {
  for (let i = log.length - 1; i >= 0; i--) {
    const ev = log[i]!.event;
    if (ev.type === 'out' && ev.seat === seat) return ev;
  }
  return undefined;
}

/** Whether this viewer has a card of its own to read: not a spectator, the human judge or `dual`'s big joker. */
export function readsACard(v: View): boolean {
  return !!v.me && !v.seats[v.me.seat - 1]?.judge;
}

/** What is happening now, in one sentence of the chosen language. */
export function headline(v: View): string {
  const step = v.step;
  switch (step.kind) {
    case 'reading':
      return t(!readsACard(v) ? 'readingHeadAll' : v.me?.cards ? 'readingHead2' : 'readingHead');
    case 'call':
      return t('judgeCalls', t(`call_${step.call}`));
    case 'eyes':
      return t('callEyes');
    case 'last-words': {
      const out = outOf(v.log, step.seat);
      return out ? t('hl_lastWords', who(step.seat), t(`h_${out.how}`)) : t('lastWordsOf', who(step.seat));
    }
    case 'speech':
      return `${t(`sp_${step.purpose}`)} · ${t('speaking', who(step.seat))}`;
    case 'talk':
      return t('talkHead');
    case 'open-day':
      return `${t(`sp_${step.purpose}`)} · ${t('doneN', step.done.length, step.speakers.length)}`;
    case 'ballot':
      // The count of ballots in is the ballot panel's own line, right under this one.
      return t(`bp_${step.purpose}`);
    case 'over':
      return t('gameOver');
  }
}
