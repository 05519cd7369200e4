// Game over: the winner, every card, the seed checked against the commitment, and the whole record.
import { verifyDeal } from '../worker/engine/deal.ts';
import { t } from './i18n.ts';
import { room, view } from './state.ts';
import { hostMove } from './socket.ts';
import type { LogEntry, View } from '../worker/engine/types.ts';
import { entryText, plateOf, reasonText, roleName, who, whoList } from './log-text.ts';
import { RoundTable } from './round-table.tsx';
import { GameLayout } from './layout.tsx';
import { CardList } from './card-list.tsx';
import { LazyReplay } from './replay-loader.tsx';
import { useState } from 'preact/hooks';
import { SeatSides } from './dual-cards.tsx';
import { Tally } from './tally.tsx';
import { afterTie, candidatesOf, type BallotsEvent } from './story.ts';

/** The end screen; the deal check runs here, in the browser, from what the server revealed. */
export function GameOver() {
  const v = view.value!;
  const res = v.result!;
  const [replaying, setReplaying] = useState(false);
  const ok = verifyDeal({ ruleset: v.ruleset, players: v.players, options: v.options, seed: res.seed }, res.deck, v.commitment);
  const lastBallots = v.log.reduce((at, e) => (e.event.type === 'ballots' ? e.seq : at), -1);
  // Desktop: the outcome, the table and every card beside the record (GameLayout's two columns).
  return (
    <div class="game over" data-testid="game-over">
      <GameLayout
        controls={
          <section class="step">
            <h2>{t('gameOver')}</h2>
            <p class={`winner ${res.winner}`} data-testid="winner" data-winner={res.winner}>{t(`w_${res.winner}`)}</p>
            <MyOutcome v={v} />
            <p>{reasonText(res.reason, v.ruleset)}</p>
            {!!res.winners?.length && <p data-testid="winners">{t('winners', whoList(res.winners))}</p>}
            {room.value?.you.host && (
              <button type="button" class="primary wide" onClick={() => hostMove({ type: 'play-again' })}>
                {t('playAgain')}
              </button>
            )}
          </section>
        }
        table={
          <>
            <RoundTable
              seats={v.seats.map((s) => ({
                seat: s.seat,
                ...plateOf(s.seat),
                alive: s.alive,
                // `dual`: both faces on the cards (the seat's role is only its left card).
                ...(s.cards ? { cards: s.cards, judge: !!s.judge } : { role: res.roles[s.seat - 1]! }),
                me: s.seat === v.me?.seat,
              }))}
              center={t(`w_${res.winner}`)}
            />
            <SeatSides v={v} />
          </>
        }
        more={
          <div class="card">
            <h3>{t('allCards')}</h3>
            {res.cards ? (
              <CardList v={v} />
            ) : (
              <ul class="roles">
                {res.roles.map((r, i) => (
                  <li class={r} data-testid="role" data-role={r}>
                    {who(i + 1)}: <b>{roleName(r, v.ruleset)}</b>
                  </li>
                ))}
              </ul>
            )}
            <p class={ok ? 'ok' : 'error'} data-testid="deal-check" data-ok={String(ok)}>{t(ok ? 'verified' : 'mismatch')}</p>
            <p class="mono">
              {t('seed')}: {res.seed}
              <br />
              {t('commitment')}: {v.commitment}
            </p>
          </div>
        }
        historyLabel={t('record')}
        history={
          <div class="card record">
            <h3>{t('record')}</h3>
            {room.value && (
              <p>
                <a href={`/api/rooms/${room.value.code}/record`} download data-testid="record-download">
                  {t('downloadRecord')}
                </a>
              </p>
            )}
            {room.value && !replaying && (
              <button type="button" class="wide" onClick={() => setReplaying(true)} data-testid="replay-open">
                ▶ {t('replay')}
              </button>
            )}
            {replaying && room.value && <LazyReplay code={room.value.code} />}
            <ul class="timeline">
              {v.log.map((e) => {
                // Each vote once: a closed ballot's line lists every ballot, so the single votes before it are left out.
                if (e.event.type === 'voted' && e.seq < lastBallots) return null;
                const text = entryText(e, v.ruleset);
                const head = e.event.type === 'nightfall' || e.event.type === 'day';
                // A ballot is counted as a tally: votes per candidate (weights summed in `dual`), who cast them, a tie and what it led to.
                if (e.event.type === 'ballots')
                  return (
                    <li key={e.seq}>
                      <Tally e={e as LogEntry & { event: BallotsEvent }} candidates={candidatesOf(v.log, e)} next={afterTie(v.log, e)} />
                    </li>
                  );
                return text && <li key={e.seq} class={head ? 'head' : ''}>{text}</li>;
              })}
            </ul>
          </div>
        }
      />
    </div>
  );
}

/** Game over for the viewer: "You won" / "You lost" / "Draw", in every ruleset (a first-time player need not work out their camp). */
function MyOutcome({ v }: { v: View }) {
  const res = v.result;
  const me = v.me?.seat;
  // The seat of `dual`'s big joker has no side; raw's judge keeps the camp of its card (as the scores do).
  if (!res || !me || (res.sides && !res.sides[me - 1])) return null;
  const key = res.winner === 'draw' ? 'youDraw' : res.winners?.includes(me) ? 'youWon' : 'youLost';
  return (
    <p class={`big outcome ${key}`} data-testid="my-outcome" data-outcome={key}>
      {t(key)}
    </p>
  );
}
