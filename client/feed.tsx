// The round's public feed beside the table: what everyone may read over a shoulder all day.
import { memo } from 'preact/compat';
import { useMemo } from 'preact/hooks';
import type { RulesetId } from '../worker/engine/types.ts';
import { t } from './i18n.ts';
import { log } from './state.ts';
import { StoryEntry } from './history-drawer.tsx';

// Private entries stay out of the round's feed, which is on screen all day for anyone nearby to read.
const QUIET = new Set(['card', 'team', 'team-chat', 'pointed', 'checked', 'kill-chosen', 'chosen', 'empty-needle', 'night-effects', 'night-cards', 'void-card', 'eyes-seen', 'eyes-chosen', 'surrender-wish', 'voted']);

/**
 * This round's public happenings: speeches, ballots (as tallies), verdicts. It reads the log signal
 * alone, so a ballot count or a pointer does not redraw it; entries are keyed by seq and appended
 * (the newest shows on top by CSS), so a new entry adds its own nodes and touches no other.
 */
export const Feed = memo(function Feed({ round, ruleset }: { round: number; ruleset: RulesetId }) {
  const all = log.value;
  // Who drew the big joker stays all game (the table must know who judges): found once per game.
  const judge = useMemo(() => all.filter((e) => e.event.type === 'judge' && e.round !== round), [all[0], round]);
  // The log is in time order, rounds never go back: this round's entries are its tail, read from the end
  // (a late game's log holds hundreds of entries; a vote's frame may bring one). Free talk's "ready" marks sit on the seats.
  let from = all.length;
  while (from > 0 && all[from - 1]!.round >= round) from--;
  const entries = [...judge, ...all.slice(from)].filter((e) => !QUIET.has(e.event.type) && !(e.event.type === 'passed' && e.event.ready));
  return (
    <div class="card feed" data-testid="feed">
      <h3>{t('feed')}</h3>
      {/* One list per round: a new round drops the last one's entries as one node, not one by one. */}
      <div class="feed-list" key={round}>
        {entries.map((e) => (
          <StoryEntry key={e.seq} e={e} all={all} ruleset={ruleset} tag="p" />
        ))}
      </div>
    </div>
  );
});
