// The game as one seat (or a spectator) sees it. Every control comes from view.legal: the client
// never decides on its own what a player may do.
import { memo } from 'preact/compat';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { Seat, View } from '../worker/engine/types.ts';
import { t } from './i18n.ts';
import { room, view } from './state.ts';
import { act } from './socket.ts';
import { legal, mutedToday } from './step-view.ts';
import { plateOf } from './log-text.ts';
import { headline, readsACard } from './headline.ts';
import { HistoryButton, HistoryDrawer } from './history-drawer.tsx';
import { RoundTable, type TableSeat } from './round-table.tsx';
import { sameSeats } from './story.ts';
import { Countdown } from './kit.tsx';
import { later } from './lazy.ts';
import { useCues } from './cue.ts';
import { useAnnouncer } from './announce.ts';
import { GameLayout } from './layout.tsx';
import { CardList } from './card-list.tsx';
import { AwayLine, awaySeats } from './away.tsx';
import { CardLegend, cardPoints, pointForCard, tableCards } from './dual-cards.tsx';
import { cardUp, turnCard } from './card-peek.ts';
// Each step's panel, and the pieces around them, in files of their own (the order of a game).
import { ReadingPanel } from './reading-panel.tsx';
import { EyesPanel, NightCallPanel } from './night-call.tsx';
import { TalkPanel } from './talk-panel.tsx';
import { SpeechPanel } from './speech-panel.tsx';
import { OpenDayPanel } from './open-day.tsx';
import { BallotPanel } from './ballot-panel.tsx';
import { NightResult } from './night-result.tsx';
import { TeamPanel, chatSpent } from './team-panel.tsx';
import { MyCard } from './my-card.tsx';
import { Specials } from './specials.tsx';
import { DarkNight, darkAtNight } from './dark-night.tsx';
import { HostToolsOnce, NarratePanel } from './host-tools.tsx';
import { Feed } from './feed.tsx';
import { heardSeats, talking } from './voice-state.ts';

// The end screen carries the deal check (SHA-256): it loads when a game ends, not before.
const GameOver = later(() => import('./game-over.tsx').then((m) => m.GameOver));

/** The running game, or the game-over screen once there is a result. */
export function GameScreen() {
  const v = view.value!;
  const peek = cardUp.value;
  const [pick, setPick] = useState(0);
  useCues(v);
  // A card left up when the game screen goes (game over, another room) is down when it comes back.
  useEffect(() => () => turnCard(false), []);
  useAnnouncer();
  // The table is redrawn only when a seat's look changes (a ballot count does not redraw it): its
  // tap handler is stable and always calls the latest one.
  const pickRef = useRef<(seat: Seat) => void>(() => {});
  const stablePick = useCallback((seat: Seat) => pickRef.current(seat), []);
  const pickCardRef = useRef<(seat: Seat, card: 0 | 1) => void>(() => {});
  const stablePickCard = useCallback((seat: Seat, card: 0 | 1) => pickCardRef.current(seat, card), []);
  if (v.result) return <GameOver />;
  if (darkAtNight(v)) return <DarkNight v={v} />;
  const step = v.step;
  const me = v.me;
  const point = legal(v, 'point');
  const points = cardPoints(v);
  const vote = legal(v, 'vote');
  const night = v.phase === 'night';
  // Roles and teammates show on the table only while the card is turned up or the team is acting.
  const showRoles = peek || !!point || v.god;
  const activeSeat = step.kind === 'speech' || step.kind === 'last-words' ? step.seat : step.kind === 'ballot' ? (step.turn ?? 0) : 0;
  const muted = mutedToday(v);
  // Live voice: the seats heard now, and this player's own while its microphone is heard.
  const voiced = (seat: Seat) => heardSeats.value.has(seat) || (seat === me?.seat && talking.value);

  const seats: TableSeat[] = v.seats.map((s) => ({
    seat: s.seat,
    ...plateOf(s.seat),
    // Who is here now: the room's presence, whichever frame brought it.
    connected: room.value?.seats.find((x) => x.seat === s.seat)?.connected ?? false,
    alive: s.alive,
    // `dual`: the cards carry the faces (the seat's role is only its left card).
    ...(showRoles && s.role && !s.cards ? { role: s.role } : {}),
    ...(s.cards ? { cards: tableCards(s, showRoles, points) } : {}),
    judge: !!s.judge,
    mate: showRoles && !!s.mate,
    pointer: s.pointer ?? 0,
    // Free talk's "ready" is marked on the seat (the talk itself keeps only what was said).
    voted: !!s.voted || (step.kind === 'talk' && step.ready.includes(s.seat)),
    muted: muted.includes(s.seat),
    absent: !!s.absent,
    // The room's prods of this step, marked for the host.
    prodded: !!room.value?.you.host && !!room.value.prodded.includes(s.seat),
    ...awayOf(s.seat),
    me: s.seat === me?.seat,
    active: s.seat === activeSeat,
    selectable: !!((!point?.cards && point?.targets.includes(s.seat)) || vote?.targets.includes(s.seat)),
    selected: point ? point.current === s.seat : !!vote && s.seat === pick,
    ...(voiced(s.seat) ? { voice: true } : {}),
  }));

  pickRef.current = (seat: Seat) => {
    if (point && !point.cards) act({ type: 'point', target: seat });
    else setPick(seat === pick ? 0 : seat);
  };
  // `dual`: a tap on a card aims the viewer's acting card that may aim there (the pick is confirmed in the panel).
  pickCardRef.current = (seat: Seat, card: 0 | 1) => {
    const p = pointForCard(points, seat, card);
    if (p) act({ type: 'point', target: seat, card, hand: p.hand ?? 0 });
  };
  const judge = !!me && !!v.seats[me.seat - 1]?.judge;
  // A team pointing together while it may talk (killers, police): the chat belongs with the pointers.
  // A member whose lines for the call are spent keeps the chat there, with the note that says so.
  const teamCall = !!point && (!!legal(v, 'team-chat') || chatSpent(v));

  const title = step.kind === 'reading' ? t(!readsACard(v) ? 'readingTitleAll' : v.me?.cards ? 'readingTitle2' : 'readingTitle') : night ? t('nightN', v.round) : t('dayN', v.round);
  return (
    <div class={night ? 'game night' : 'game'} data-testid="game" data-phase={v.phase} data-step={step.kind} data-round={v.round}>
      <GameLayout
        controls={
          <>
            <Banners v={v} muted={muted} />
            {me && !judge && <MyCard v={v} peek={peek} />}
            <section class="step" data-testid="step">
              {/* The story's button sits in the step's own line, not floating over the page: it never covers a control. */}
              <div class="step-head">
                <h2>{title}</h2>
                <HistoryButton />
                {'endsAt' in step && <Countdown endsAt={step.endsAt} />}
              </div>
              <p class="big headline" data-testid="headline">{headline(v)}</p>
              <StepPanel v={v} pick={pick} setPick={setPick} />
              {/* The team's call: its chat next to the pointers, above the table (a bot teammate's suggestion must be seen while pointing). */}
              {teamCall && <TeamPanel v={v} atCall />}
              {/* Face to face a neighbour can read a phone by day: tonight's result shows with the card turned up (or while acting). */}
              {(!room.value?.table || showRoles) && <NightResult v={v} />}
            </section>
          </>
        }
        table={
          <>
            <Table seats={seats} center={title} onPick={stablePick} onPickCard={stablePickCard} />
            {me?.cards && !judge && <CardLegend />}
          </>
        }
        more={
          <>
            {v.god && v.seats.some((s) => s.cards) && (
              <details class="card" open>
                <summary>{t('allCards')}</summary>
                <CardList v={v} />
              </details>
            )}
            {(night || point || peek) && !teamCall && <TeamPanel v={v} />}
            {/* Only with the card turned up: a killer's day screen must not give them away to a neighbour. */}
            {peek && <Specials v={v} />}
            {room.value?.you.judge && <NarratePanel />}
            {(room.value?.you.host || room.value?.you.judge) && <HostToolsOnce v={v} />}
          </>
        }
        history={<Feed round={v.round} ruleset={v.ruleset} />}
        historyLabel={t('feed')}
      />
      <HistoryDrawer ruleset={v.ruleset} />
    </div>
  );
}

const Table = memo(RoundTable, (a, b) => a.center === b.center && a.onPick === b.onPick && a.onPickCard === b.onPickCard && sameSeats(a.seats, b.seats));

/** A seat's away mark for the table, while its time is still to come. */
function awayOf(seat: Seat): { away?: number } {
  const until = awaySeats(room.value).find((a) => a.seat === seat)?.until;
  return until ? { away: until } : {};
}

/** What the viewer must know before anything else: a pause, an away seat, muted, out, judging or watching. */
function Banners({ v, muted }: { v: View; muted: Seat[] }) {
  const me = v.me;
  const out = me && !me.alive ? v.seats.find((s) => s.seat === me.seat)?.out : undefined;
  // Out, yet speaking: the seat's own last words still lie ahead of "you no longer speak".
  const lastWordsNow = !!me && v.step.kind === 'last-words' && v.step.seat === me.seat;
  return (
    <>
      {v.paused && <p class="banner warn">{t('paused')}</p>}
      <AwayLine r={room.value} />
      {me && muted.includes(me.seat) && <p class="banner mute" data-testid="you-muted">{t('youMuted')}</p>}
      {me && !me.alive && !v.seats[me.seat - 1]?.judge && (
        <p class="banner out" data-testid="you-out">
          {t('youOut', out ? t(`h_${out.how}`) : '')} — {t(lastWordsNow ? 'outLastWords' : 'outNote')}
        </p>
      )}
      {v.god && me && <p class="banner">{t('youJudge')}</p>}
      {v.viewer.kind === 'judge' && <p class="banner">{t('youAreJudge')}</p>}
      {v.viewer.kind === 'spectator' && <p class="banner">{t('spectating')}</p>}
    </>
  );
}

/** The open step's panel: the composer picks one per kind of step, each in a file of its own. */
function StepPanel({ v, pick, setPick }: { v: View; pick: Seat; setPick: (s: Seat) => void }) {
  const step = v.step;
  switch (step.kind) {
    case 'reading':
      return <ReadingPanel v={v} />;
    case 'talk':
      return <TalkPanel v={v} />;
    case 'call':
      return <NightCallPanel v={v} />;
    case 'eyes':
      return <EyesPanel v={v} />;
    case 'open-day':
      return <OpenDayPanel v={v} />;
    case 'last-words':
    case 'speech':
      return <SpeechPanel v={v} />;
    case 'ballot':
      return <BallotPanel v={v} pick={pick} setPick={setPick} />;
    case 'over':
      return null;
  }
}
