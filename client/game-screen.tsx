// The game as one seat (or a spectator) sees it. Every control comes from view.legal: the client
// never decides on its own what a player may do.
import { memo } from 'preact/compat';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { LegalAction, LogEntry, RulesetId, Seat, View } from '../worker/engine/types.ts';
import { gameMemo, readOnward, type Reading, type Readings } from '../worker/engine/log-reading.ts';
import { lang, t } from './i18n.ts';
import { act, hostMove, log, room, view } from './state.ts';
import { callKey, cardWho, entryText, paren, plateOf, roleName, who, whoList } from './log-text.ts';
import { headline, readsACard } from './headline.ts';
import { HistoryButton, HistoryDrawer, StoryEntry } from './history-drawer.tsx';
import { RoundTable, type TableSeat } from './round-table.tsx';
import { sameSeats } from './story.ts';
import { ConfirmButton, Countdown } from './ui.tsx';
import { PaceSwitch } from './async-pace.tsx';
import { later } from './lazy.ts';
import { useCues } from './cue.ts';
import { useAnnouncer } from './announce.ts';
import { GameLayout } from './layout.tsx';
import { CardList } from './card-list.tsx';
import { OpenDayPanel } from './open-day.tsx';
import { ReadingPanel } from './reading-panel.tsx';
import { ConfirmPick, NightResult } from './night-result.tsx';
import { ProdButton, ProddedLine, ReplaceSeat } from './host-prod.tsx';
import { AwayLine, awaySeats } from './away.tsx';
import { WebhookSetting } from './webhook-setting.tsx';
import { BallotWeights, CardLegend, LiveBallots, YourSide, cardNote, cardPoints, knownList, myCardDown, pointForCard, seatNote, tableCards } from './dual-cards.tsx';
import { TalkLog } from './talk-log.tsx';
import { cardUp, turnCard } from './card-peek.ts';
import { SpeechBox, TextBox } from './speech-box.tsx';

/** A word standing as a title ("Killer", not "killer"). */
const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

function legal<T extends LegalAction['type']>(v: View, type: T): Extract<LegalAction, { type: T }> | undefined {
  return v.legal.find((a) => a.type === type) as Extract<LegalAction, { type: T }> | undefined;
}

function last<T extends LogEntry['event']['type']>(v: View, type: T): (LogEntry & { event: Extract<LogEntry['event'], { type: T }> }) | undefined {
  for (let i = v.log.length - 1; i >= 0; i--) if (v.log[i]!.event.type === type) return v.log[i] as never;
  return undefined;
}

/** Living players the forest old man muted for this day (4.0): public at dawn, over at nightfall. */
function mutedToday(v: View): Seat[] {
  if (v.phase !== 'day') return [];
  return v.log.filter((e) => e.event.type === 'muted' && e.round === v.round).map((e) => (e.event as { seat: Seat }).seat).filter((s) => v.seats[s - 1]?.alive);
}

// The card art loads the first time a player turns their card up.
const CardFaces = later(() => import('./card-art.tsx').then((m) => m.CardFaces));

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
  const teamCall = !!point && !!legal(v, 'team-chat');

  const title = step.kind === 'reading' ? t(!readsACard(v) ? 'readingTitleAll' : v.me?.cards ? 'readingTitle2' : 'readingTitle') : night ? t('nightN', v.round) : t('dayN', v.round);
  return (
    <div class={night ? 'game night' : 'game'} data-testid="game" data-phase={v.phase} data-step={step.kind} data-round={v.round}>
      <GameLayout
        controls={
          <>
            <Banners v={v} muted={muted} />
            {me && !judge && (
              <div class="my-card-box">
                {/* Face down until tapped; a button named for what it does, its state told to screen readers. */}
                <button type="button" class={`my-card${peek ? ' up' : ''}`} onClick={() => turnCard()} aria-expanded={peek} aria-controls="my-card-face" data-testid="my-card">
                  {t(peek ? (me.cards ? 'hideCards' : 'hideCard') : me.cards ? 'showCards' : 'showCard')}
                </button>
                {peek && (
                  // A tap anywhere on the turned-up card turns it down too (the button above does it by keyboard).
                  <div id="my-card-face" class="my-card-face" onClick={() => turnCard(false)} data-testid="my-card-face">
                    {me.cards ? (
                      me.cards.map((c, i) => (
                        <b class={c.down ? 'down' : ''} data-testid="my-role" data-role={c.role} data-down={String(c.down)}>
                          {t('myCard', t(i ? 'right' : 'left'), roleName(c.role))}
                          {c.down && paren(t('lost'))}
                        </b>
                      ))
                    ) : (
                      <b data-testid="my-role" data-role={me.role}>{capital(roleName(me.role, v.ruleset))}</b>
                    )}
                    <YourSide v={v} />
                    <MyTeam v={v} />
                    <CardFaces cards={me.cards ?? [{ role: me.role }]} ruleset={v.ruleset} />
                  </div>
                )}
              </div>
            )}
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

// What a phone does when it is called at night: read its card, point, confirm, talk to its team, open its eyes.
const CALLED = new Set<LegalAction['type']>(['seen', 'point', 'confirm', 'team-chat', 'open-eyes']);

/**
 * Played face to face, a player's phone at night is dark unless its owner is called now:
 * around a real table a neighbour can glance at any phone, so every phone not called shows the same
 * screen, whatever its role, team, life or the call that is open.
 */
function darkAtNight(v: View): boolean {
  return !!room.value?.table && v.phase === 'night' && !!v.me && !v.god && !v.legal.some((a) => CALLED.has(a.type));
}

/** The one night screen of every phone not called (face to face); the host keeps the host tools. */
function DarkNight({ v }: { v: View }) {
  return (
    <div class="game night" data-testid="game" data-phase="night">
      <section class="dark-night" data-testid="dark-night">
        <p class="moon" aria-hidden="true">🌙</p>
        <h2>{t('nightN', v.round)}</h2>
        <p class="big">{t('nightFalls')}</p>
        <p class="muted">{t('darkPhone')}</p>
      </section>
      {room.value?.you.host && <HostTools v={v} />}
    </div>
  );
}

const Table = memo(RoundTable, (a, b) => a.center === b.center && a.onPick === b.onPick && a.onPickCard === b.onPickCard && sameSeats(a.seats, b.seats));

/** Who the viewer's team is; with two cards each (`dual`), what the viewer knows card by card, or of a seat only. */
function MyTeam({ v }: { v: View }) {
  const list = v.me?.cards ? knownList(v) : v.seats.filter((s) => s.mate).map((s) => who(s.seat));
  if (!list.length) return null;
  return (
    <small data-testid="my-team">
      {t('yourTeam')}: {list.join(v.me?.cards ? '; ' : ', ')}
    </small>
  );
}

/** A seat's away mark for the table, while its time is still to come. */
function awayOf(seat: Seat): { away?: number } {
  const until = awaySeats(room.value).find((a) => a.seat === seat)?.until;
  return until ? { away: until } : {};
}

function Banners({ v, muted }: { v: View; muted: Seat[] }) {
  const me = v.me;
  const out = me && !me.alive ? v.seats.find((s) => s.seat === me.seat)?.out : undefined;
  return (
    <>
      {v.paused && <p class="banner warn">{t('paused')}</p>}
      <AwayLine r={room.value} />
      {me && muted.includes(me.seat) && <p class="banner mute" data-testid="you-muted">{t('youMuted')}</p>}
      {me && !me.alive && !v.seats[me.seat - 1]?.judge && <p class="banner out">{t('youOut', out ? t(`h_${out.how}`) : '')} — {t('outNote')}</p>}
      {v.god && me && <p class="banner">{t('youJudge')}</p>}
      {v.viewer.kind === 'judge' && <p class="banner">{t('youAreJudge')}</p>}
      {v.viewer.kind === 'spectator' && <p class="banner">{t('spectating')}</p>}
    </>
  );
}

function StepPanel({ v, pick, setPick }: { v: View; pick: Seat; setPick: (s: Seat) => void }) {
  const step = v.step;
  switch (step.kind) {
    case 'reading':
      return <ReadingPanel v={v} />;
    case 'call': {
      const point = legal(v, 'point');
      if (!point) {
        // The secret police's call after the shot: it still opens (D11), with nothing left to do.
        const spent = step.call === 'secret-police' && v.me?.alive && (v.me.cards?.some((c) => !c.down && c.role === 'secret-police') ?? v.me.role === 'secret-police');
        // The judge (god view) reads the call as a judge would: who is choosing now.
        // (Everyone else reads the call in the headline above.)
        const text = step.actors ? t('callChoosing', t(`call_${step.call}`), whoList(step.actors)) : '';
        return <NightWait text={text} note={spent ? t('game/shot-spent') : ''} />;
      }
      if (!point.cards) return <PointPanel v={v} point={point} />;
      return (
        <>
          {v.legal.map((a) => a.type === 'point' && <CardPoint v={v} point={a} />)}
        </>
      );
    }
    case 'talk': {
      const pass = legal(v, 'pass');
      return (
        <div class="act" data-testid="talk">
          <Dawn v={v} />
          <p class="muted">{t('talkNote')}</p>
          <p>
            <b data-testid="ready-count">{t('readyN', step.ready.length, v.seats.filter((s) => s.alive).length)}</b>
          </p>
          <TalkLog round={v.round} />
          {legal(v, 'say') && !spoken() && <SpeechBox v={v} placeholder={t('sayPh')} />}
          {pass ? (
            <button type="button" class="primary wide" onClick={() => act({ type: 'pass' })} data-testid="pass">
              {t('ready')}
            </button>
          ) : (
            v.me && step.ready.includes(v.me.seat) && <p class="ok">{t('youReady')}</p>
          )}
        </div>
      );
    }
    case 'eyes': {
      const eyes = legal(v, 'open-eyes');
      const chosen = last(v, 'eyes-chosen');
      if (!eyes) return <NightWait text={chosen ? `${t('eyesQ')} ${t(`eyes_${chosen.event.choice}`)}` : ''} />;
      return (
        <div class="act">
          <p class="big">{t('eyesQ')}</p>
          <div class="targets">
            {eyes.choices.map((c) => (
              <button type="button" onClick={() => act({ type: 'open-eyes', choice: c })}>
                {t(`eyes_${c}`)}
              </button>
            ))}
          </div>
        </div>
      );
    }
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

function NightWait({ text, note }: { text: string; note?: string }) {
  return (
    <div class="night-wait" data-testid="night-wait">
      <p class="big">🌙 {t('nightFalls')}</p>
      {text && <p>{text}</p>}
      {note && <p class="note">{note}</p>}
    </div>
  );
}

/** The called player's (or team's) choice. Who may not be chosen is what the living seats have
 *  that the legal targets lack: the engine decides, this only says it. */
function PointPanel({ v, point }: { v: View; point: Extract<LegalAction, { type: 'point' }> }) {
  const call = point.call;
  const key = callKey(call, v.ruleset);
  const team = call === 'killers' || call === 'police';
  const me = v.me?.seat ?? 0;
  const barred = v.seats.filter((s) => s.alive && s.seat !== me && !point.targets.includes(s.seat)).map((s) => s.seat);
  const about = key === 'police' ? (v.ruleset === 'butterfly' ? 'about_police' : '') : key === 'killers' ? '' : (`about_${key}` as const);
  return (
    <div class="act" data-testid="point-panel" data-call={call}>
      <p class="big">{t(`pick_${key}`)}</p>
      {about && <p class="note">{t(about)}</p>}
      {!team && me > 0 && (
        <p class="note" data-testid="self-note">
          {point.targets.includes(me) ? t('maySelf') : t(call === 'butterfly' || call === 'sniper' || call === 'secret-police' ? `noSelf_${call}` : 'noSelf')}
        </p>
      )}
      {barred.length > 0 && <p class="note">{t('cannotPick', whoList(barred), t(call === 'killers' ? 'game/repeat-first-kill' : 'game/target-not-eligible'))}</p>}
      <p class="muted" data-testid="point-hint">{t(point.confirm ? 'pickThenConfirm' : team ? 'pointHint' : 'pointAlone')}</p>
      {point.current ? <p>{t('youPoint', who(point.current))}</p> : null}
      <div class="targets" role="group" aria-label={t(`pick_${key}`)}>
        {point.targets.map((s) => (
          <button type="button" class={point.current === s ? 'on' : ''} aria-pressed={point.current === s} onClick={() => act({ type: 'point', target: s })} data-testid="point-target" data-seat={s}>
            {who(s)}
            {s === me ? paren(t('you')) : v.seats[s - 1]?.mate ? paren(t('mate')) : ''}
          </button>
        ))}
        <button type="button" class={point.current === 0 ? 'on' : ''} aria-pressed={point.current === 0} onClick={() => act({ type: 'point', target: 0 })} data-testid="point-nobody">
          {t(call === 'secret-police' ? 'keepShot' : 'pointNobody')}
        </button>
      </div>
      <ConfirmPick v={v} point={point} />
    </div>
  );
}

/** `dual`: one acting card's choice of a target card ("#3, left card"); a seat with two acting cards gets two. */
function CardPoint({ v, point }: { v: View; point: Extract<LegalAction, { type: 'point' }> }) {
  const call = point.call;
  const hand = point.hand ?? 0;
  const cur = point.currentCard;
  const me = v.me?.seat ?? 0;
  const role = v.me?.cards?.[hand]?.role;
  if (call === 'sniper' || call === 'old-man') return null;
  return (
    <div class="act" data-testid="point-panel" data-call={call} data-hand={hand}>
      {role && <p class="big">{t('myCard', t(hand ? 'right' : 'left'), roleName(role))}</p>}
      <p class="big">{t(`pc_${call}`)}</p>
      <p class="note">{t(`ac_${call}`)}</p>
      {point.confirm && <p class="muted">{t('pickThenConfirm')}</p>}
      {cur ? <p>{t('youPoint', cardWho(cur.seat, cur.card))}</p> : null}
      <div class="targets">
        {(point.cards ?? []).map((c) => (
          <button type="button" class={cur && cur.seat === c.seat && cur.card === c.card ? 'on' : ''} onClick={() => act({ type: 'point', target: c.seat, card: c.card, hand })} data-testid="point-target" data-seat={c.seat} data-card={c.card}>
            {cardWho(c.seat, c.card)}
            {c.seat === me ? paren(t('you')) : cardNote(v.seats[c.seat - 1]?.cards?.[c.card]) + seatNote(v.seats[c.seat - 1])}
          </button>
        ))}
        <button type="button" class={cur === 0 ? 'on' : ''} onClick={() => act({ type: 'point', target: 0, hand })} data-testid="point-nobody">
          {t(call === 'secret-police' ? 'keepShot' : 'pointNobody')}
        </button>
      </div>
      <ConfirmPick v={v} point={point} />
    </div>
  );
}

/** The dawn's news at the head of the day's first panel. */
export function Dawn({ v }: { v: View }) {
  const dawn = last(v, 'dawn');
  // Once the day has voted, the dawn's news is old: the headline says what happens now.
  if (!dawn || dawn.round !== v.round || (last(v, 'ballots')?.seq ?? 0) > dawn.seq) return null;
  // `dual`: the cards laid down this dawn, by seat and position, never by face.
  const downs = v.log.filter((e) => e.event.type === 'card-down' && e.round === dawn.round && e.seq < dawn.seq);
  return (
    <div class="dawn" data-testid="dawn" data-out={dawn.event.out.join(',')}>
      {downs.map((e) => {
        const mine = myCardDown(v, e);
        return (
          <p data-testid="card-down">
            {entryText(e)}
            {mine && <b data-testid="my-card-down"> — {mine}</b>}
          </p>
        );
      })}
      {/* The dawn's own line says "Day breaks" once, with the night's news ("Day breaks. Out last night: #3"). */}
      <p class="big">
        <b>☀ {entryText(dawn, v.ruleset)}</b>
      </p>
      <Muted v={v} />
    </div>
  );
}

/** Who may not speak today (everyone sees it; the muted player also gets a banner). */
function Muted({ v }: { v: View }) {
  const muted = mutedToday(v);
  return muted.length ? <p data-testid="muted-today">🔇 {t('mutedToday', whoList(muted))}</p> : null;
}

/** 4.0: the day's speaking order (RULES.md 7), which flips every round. */
function OrderNote({ v }: { v: View }) {
  if (v.ruleset !== 'butterfly') return null;
  return <p class="note">{v.round % 2 ? t('order_odd') : t('order_even', v.players, v.players - 1)}</p>;
}

/** Played face to face, speeches and last words are said aloud at the table: no box to type them in. */
export function spoken(): boolean {
  return !!room.value?.table;
}

function SpeechPanel({ v }: { v: View }) {
  const step = v.step;
  if (step.kind !== 'speech' && step.kind !== 'last-words') return null;
  const mine = !!legal(v, 'say');
  const heading = step.kind === 'last-words' ? (mine ? t('yourLastWords') : t('lastWordsOf', who(step.seat))) : t(`sp_${step.purpose}`);
  return (
    <div class="act" data-testid="speech" data-purpose={step.kind === 'speech' ? step.purpose : 'last-words'}>
      <Dawn v={v} />
      <p class="big">{heading}</p>
      {step.kind === 'speech' && !(mine && spoken()) && <p>{mine ? t('yourTurn') : t('speaking', who(step.seat))}</p>}
      {step.kind === 'speech' && step.queue.length > 0 && <p class="muted">{t('next', whoList(step.queue))}</p>}
      {step.kind === 'speech' && step.purpose === 'defence' && v.ruleset === 'butterfly' && <p class="note">{t('defenceVote')}</p>}
      <OrderNote v={v} />
      {mine && spoken() && <p class="big" data-testid="speak-aloud">{t(step.kind === 'last-words' ? 'lastWordsAloud' : 'speakAloud')}</p>}
      {mine && (
        <>
          {!spoken() && <SpeechBox v={v} placeholder={t('sayPh')} />}
          {legal(v, 'pass') && (
            <button type="button" class={spoken() ? 'primary wide done-big' : 'primary wide'} onClick={() => act({ type: 'pass' })} data-testid="pass">
              {t(spoken() ? 'imDone' : 'pass')}
            </button>
          )}
        </>
      )}
    </div>
  );
}

function BallotPanel({ v, pick, setPick }: { v: View; pick: Seat; setPick: (s: Seat) => void }) {
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
              <button type="button" class={pick === s ? 'on' : ''} aria-pressed={pick === s} onClick={() => setPick(s === pick ? 0 : s)} data-testid="vote-target" data-seat={s}>
                {name(s)}
              </button>
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

// What the viewer's own night calls told them (and the judge's record, for a god view).
const SEEN = new Set(['eyes-seen', 'kill-chosen', 'chosen', 'empty-needle', 'night-effects', 'night-cards', 'void-card']);

type CheckedEntry = LogEntry & { event: { type: 'checked' } };

/** The team chat and checks of a viewer's log: new lists only when an entry of theirs comes. */
interface TeamReading extends Reading<LogEntry> {
  chat: LogEntry[];
  checks: CheckedEntry[];
}

// Read onward as the log grows (the engine's log readings): the panel that opens at nightfall reads only
// the entries since it last did, not a late game's whole log while the phone draws the night.
const teamReadings: Readings<TeamReading> = gameMemo();

function readTeam(r: TeamReading, e: LogEntry): void {
  if (e.event.type === 'team-chat') r.chat = [...r.chat, e];
  else if (e.event.type === 'checked') r.checks = [...r.checks, e as CheckedEntry];
}

/** Keeps a chat scrolled to its newest line (the box holds a few; the latest is what a teammate just said). */
function lastLine(ul: HTMLUListElement | null): void {
  if (ul) ul.scrollTop = ul.scrollHeight;
}

/** The team's chat and checks; `atCall` while the team points (beside the pointers, compact). */
function TeamPanel({ v, atCall = false }: { v: View; atCall?: boolean }) {
  const { chat, checks } = readOnward(teamReadings, v.log, 0, () => ({ read: 0, last: undefined, chat: [], checks: [] }), readTeam);
  // Only tonight's: a result from an earlier night must not pass for this one (the checks keep the
  // history). The log is in time order: tonight's entries are its tail.
  const seen: LogEntry[] = [];
  for (let i = v.log.length - 1; i >= 0 && v.log[i]!.round === v.round; i--) if (SEEN.has(v.log[i]!.event.type)) seen.unshift(v.log[i]!);
  const canChat = !!legal(v, 'team-chat');
  if (!canChat && !chat.length && !checks.length && !seen.length) return null;
  return (
    <div class={atCall ? 'card team at-call' : 'card team'} data-testid="team-panel">
      {checks.length > 0 && (
        <>
          <h3>{t('checks')}</h3>
          <ul>
            {checks.map((e) => (
              <li key={e.seq}>{entryText(e)}</li>
            ))}
          </ul>
        </>
      )}
      {seen.length > 0 && <h3>{t('yourNight')}</h3>}
      {seen.map((e) => (
        <p key={e.seq}>{entryText(e, v.ruleset)}</p>
      ))}
      {(canChat || chat.length > 0) && (
        <>
          <h3>{t('teamChat')}</h3>
          <ul class="chat" tabIndex={0} aria-label={t('teamChat')} ref={(ul) => lastLine(ul)}>
            {chat.map((e) => (
              <li key={e.seq}>{entryText(e)}</li>
            ))}
          </ul>
          {canChat && <TextBox placeholder={t('sayPh')} onSend={(text) => act({ type: 'team-chat', text })} />}
        </>
      )}
    </div>
  );
}

function Specials({ v }: { v: View }) {
  const sd = legal(v, 'self-destruct');
  const su = legal(v, 'surrender');
  if (!sd && !su) return null;
  return (
    <div class="line specials">
      {sd && (
        <ConfirmButton class="danger" ask={t('confirmSD')} onYes={() => act({ type: 'self-destruct' })}>
          {t('selfDestruct')}
        </ConfirmButton>
      )}
      {su && (
        <ConfirmButton class="danger" ask={t('confirmSurrender')} onYes={() => act({ type: 'surrender' })}>
          {t('surrender')}
        </ConfirmButton>
      )}
    </div>
  );
}

// Private entries stay out of the round's feed, which is on screen all day for anyone nearby to read.
const QUIET = new Set(['card', 'team', 'team-chat', 'pointed', 'checked', 'kill-chosen', 'chosen', 'empty-needle', 'night-effects', 'night-cards', 'void-card', 'eyes-seen', 'eyes-chosen', 'surrender-wish', 'voted']);

/**
 * This round's public happenings: speeches, ballots (as tallies), verdicts. It reads the log signal
 * alone, so a ballot count or a pointer does not redraw it; entries are keyed by seq and appended
 * (the newest shows on top by CSS), so a new entry adds its own nodes and touches no other.
 */
const Feed = memo(function Feed({ round, ruleset }: { round: number; ruleset: RulesetId }) {
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

/** The human judge speaks to the whole table (RULES.md 11). */
function NarratePanel() {
  return (
    <div class="card">
      <h3>{t('narrate')}</h3>
      <TextBox placeholder={t('narratePh')} onSend={(text) => hostMove({ type: 'narrate', text })} />
    </div>
  );
}

// The host tools read the pause and who is alive or absent (and the room, a signal of its own): a
// ballot's count or a voter's mark does not redraw them.
const HostToolsOnce = memo(HostTools, (a, b) => a.v.paused === b.v.paused && a.v.seats.length === b.v.seats.length && a.v.seats.every((s, i) => s.alive === b.v.seats[i]!.alive && s.absent === b.v.seats[i]!.absent));

function HostTools({ v }: { v: View }) {
  const [seat, setSeat] = useState(0);
  // Extensions sized to the room's own steps: minutes for steps of minutes (whatever the preset), hours for steps of hours.
  const longest = Math.max(0, ...Object.values(room.value?.deadlines ?? {}).filter((ms): ms is number => typeof ms === 'number'));
  const steps = longest >= 3_600_000 ? [3_600_000, 12 * 3_600_000] : [60_000, 300_000];
  return (
    <details class="card host">
      <summary>{t(room.value?.you.host ? 'hostTools' : 'judgeTools')}</summary>
      <div class="line">
        {v.paused ? (
          <button type="button" onClick={() => hostMove({ type: 'resume' })}>
            {t('resume')}
          </button>
        ) : (
          <button type="button" onClick={() => hostMove({ type: 'pause' })}>
            {t('pause')}
          </button>
        )}
        {steps.map((ms) => (
          <button type="button" onClick={() => hostMove({ type: 'extend', ms })}>
            {t('extend', ms >= 3_600_000 ? `${ms / 3_600_000} h` : `${ms / 60_000} min`)}
          </button>
        ))}
        {room.value?.you.host && <PaceSwitch />}
      </div>
      {room.value?.you.host && <WebhookSetting r={room.value} />}
      <div class="line">
        <select value={String(seat)} onChange={(e) => setSeat(Number(e.currentTarget.value))}>
          <option value="0">{t('pickSeat')}</option>
          {v.seats
            .filter((s) => s.alive)
            .map((s) => (
              <option value={String(s.seat)}>{who(s.seat)}</option>
            ))}
        </select>
        {seat > 0 && (
          <ConfirmButton class="danger" ask={t('confirmEject', who(seat))} onYes={() => (hostMove({ type: 'eject', seat }), setSeat(0))}>
            {t('eject')}
          </ConfirmButton>
        )}
        {seat > 0 && room.value?.you.host && <ProdButton seat={seat} />}
        {/* An absent seat (missed two steps in a row) may go on as a bot. */}
        {seat > 0 && room.value?.you.host && v.seats[seat - 1]?.absent && !plateOf(seat).bot && (
          <ConfirmButton ask={t('confirmHandToBot', who(seat))} onYes={() => (hostMove({ type: 'hand-to-bot', seat, lang: lang.value }), setSeat(0))}>
            {t('handToBot')}
          </ConfirmButton>
        )}
      </div>
      {/* A new person may take any living seat over but the host's own, a bot's too. */}
      {seat > 0 && room.value?.you.host && !room.value.seats.find((s) => s.seat === seat)?.host && <ReplaceSeat seat={seat} />}
      {room.value?.you.host && <ProddedLine />}
    </details>
  );
}

