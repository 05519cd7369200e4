// The ballot on a voter's phone: whose turn it is (voting in turns), the sealed count, the pick of a
// seat and the vote or abstention the engine offers; the judge also sees the ballots as they come.
import type { Seat, View } from '../worker/engine/types.ts';
import { t } from './i18n.ts';
import { act } from './socket.ts';
import { paren, who } from './log-text.ts';
import { BallotWeights, LiveBallots } from './dual-cards.tsx';
import { SeatButton } from './kit.tsx';
import { Muted } from './dawn.tsx';
import { legal } from './step-view.ts';

/** The ballot step; the pick is the game screen's, which the round table's taps set too. */
export function BallotPanel({ v, pick, setPick }: { v: View; pick: Seat; setPick: (s: Seat) => void }) {
  const step = v.step;
  if (step.kind !== 'ballot') return null;
  const vote = legal(v, 'vote');
  const me = v.me?.seat ?? 0;
  const mine = v.me?.ballot;
  const name = (s: Seat) => (s === me ? `${who(s)}${paren(t('yourself'))}` : who(s));
  const turn = step.turn;
  return (
    <div class="act" data-testid="ballot" data-turn={turn ?? ''}>
      {turn !== undefined && (
        <p class="big" data-testid="vote-turn">
          {vote ? t('yourVoteTurn') : t('votingNow', who(turn))}
        </p>
      )}
      {turn !== undefined && !vote && mine === undefined && v.me?.alive && <p class="note">{t('voteAfterDefence')}</p>}
      <Muted v={v} />
      <p class="muted">{t('sealed')}</p>
      {step.mustVote && <p class="muted">{t(v.ruleset === 'butterfly' ? 'selfVoteOk' : 'mustVote')}</p>}
      {v.ruleset === 'butterfly' && <p class="muted">{t('anyTie')}</p>}
      {v.me?.alive && v.me.cards && <p class="muted">{t('weighted', v.me.cards.filter((c) => !c.down).length)}</p>}
      <p>
        <b data-testid="ballots-in" data-n={step.ballotsIn}>{t('ballotsIn', step.ballotsIn, step.voters)}</b>
      </p>
      <BallotWeights v={v} />
      {v.god && <LiveBallots v={v} />}
      {mine !== undefined && <p class="ok">{t('yourBallot', mine ? name(mine) : t('abstain'))}</p>}
      {vote && (
        <>
          <div class="targets" role="group" aria-label={t('voteChoose')}>
            {vote.targets.map((s) => (
              <SeatButton on={pick === s} onPick={() => setPick(s === pick ? 0 : s)} testid="vote-target" seat={s}>
                {name(s)}
              </SeatButton>
            ))}
          </div>
          <div class="line">
            <button type="button" class="primary" data-testid="vote" disabled={!pick || !vote.targets.includes(pick)} onClick={() => act({ type: 'vote', target: pick }) && setPick(0)}>
              {t('voteFor', pick ? name(pick) : '…')}
            </button>
            {vote.canAbstain && (
              <button type="button" onClick={() => act({ type: 'vote', target: 0 })} data-testid="abstain">
                {t('abstain')}
              </button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
