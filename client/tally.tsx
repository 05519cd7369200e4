// A closed ballot at a glance: votes per candidate as bars, each voter listed once under the
// candidate they chose (with their weight in `dual`), the tied leaders marked.
import { memo } from 'preact/compat';
import type { LogEntry, Seat } from '../worker/engine/types.ts';
import { t } from './i18n.ts';
import { asOf, paren, votes, who, whoList } from './log-text.ts';
import { tally, type BallotsEvent, type TieNext } from './story.ts';
import './story.css';

/** A voter's weight with its reason (`dual`, one vote per living card): "2 votes: 2 living cards". */
function weightWhy(n: number): string {
  return t('colon', votes(n), n === 1 ? t('cardsUp1') : t('cardsUpN', n));
}

/** The tally of one `ballots` entry; `candidates` adds those nobody voted for; `next`: what a tie led to (the record). */
export const Tally = memo(function Tally(props: TallyProps) {
  // Every voter and candidate as they were when the ballot closed.
  return asOf(props.e.seq, () => drawTally(props));
});

interface TallyProps {
  e: LogEntry & { event: BallotsEvent };
  candidates?: Seat[];
  next?: TieNext | null;
}

function drawTally({ e, candidates, next }: TallyProps) {
  const all = tally(e.event, candidates);
  // Candidates nobody voted for share one line: a day ballot may have sixteen.
  const rows = all.filter((r) => r.votes > 0 || r.voters.length > 0);
  const none = all.filter((r) => r.target !== 0 && !r.voters.length).map((r) => r.target);
  const max = Math.max(1, ...rows.map((r) => r.votes));
  const tie = e.event.top.length > 1;
  const weighted = e.event.ballots.some((b) => b.weight !== undefined);
  return (
    <div class="tally" data-testid="tally" data-tie={String(tie)} data-seq={e.seq}>
      <h3>
        {t('ballots')} · {t(`bp_${e.event.purpose}`)}
      </h3>
      <ul>
        {rows.map((r) => (
          <li key={r.target} class={r.top ? (tie ? 'top tie' : 'top') : r.target ? '' : 'none'} data-testid="tally-row" data-target={r.target} data-votes={r.votes}>
            <span class="who">{r.target ? who(r.target) : t('abstain')}</span>
            {r.target !== 0 && (
              <span class="tally-bar" aria-hidden="true">
                <i style={`width:${Math.round((100 * r.votes) / max)}%`} />
              </span>
            )}
            {r.target !== 0 && <b class="n">{r.votes}</b>}
            <small class="voters">
              {r.voters.length
                ? r.voters.map((b, i) => (
                    <span key={b.seat} data-testid="tally-voter" data-seat={b.seat} data-weight={b.weight ?? 1} data-target={r.target}>
                      {i ? ', ' : ''}
                      {who(b.seat) + (weighted && b.weight !== undefined ? paren(weightWhy(b.weight)) : '') + (b.missed ? paren(t('missedBallot')) : '')}
                    </span>
                  ))
                : '—'}
            </small>
          </li>
        ))}
      </ul>
      {none.length > 0 && (
        <p class="muted" data-testid="tally-none">
          {t('noVotesFor', whoList(none))}
        </p>
      )}
      <p class={tie ? 'tie-note' : ''} data-testid="tally-top">
        <b>{tie ? (next ? t('tieThen', whoList(e.event.top), t(`tn_${next}`)) : t('tieBetween', whoList(e.event.top))) : t('top', whoList(e.event.top))}</b>
      </p>
    </div>
  );
}
