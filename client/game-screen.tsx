// The game as one seat (or a spectator) sees it. Every control comes from view.legal: the client
// never decides on its own what a player may do.
import { useState } from 'preact/hooks';
import type { LegalAction, LogEntry, Seat, View } from '../worker/engine/types.ts';
import { t } from './i18n.ts';
import { act, hostMove, room, view } from './state.ts';
import { entryText, roleName, who, whoList } from './log-text.ts';
import { RoundTable, type TableSeat } from './round-table.tsx';
import { ConfirmButton, Countdown } from './ui.tsx';
import { GameOver } from './game-over.tsx';

function legal<T extends LegalAction['type']>(v: View, type: T): Extract<LegalAction, { type: T }> | undefined {
  return v.legal.find((a) => a.type === type) as Extract<LegalAction, { type: T }> | undefined;
}

function last<T extends LogEntry['event']['type']>(v: View, type: T): (LogEntry & { event: Extract<LogEntry['event'], { type: T }> }) | undefined {
  for (let i = v.log.length - 1; i >= 0; i--) if (v.log[i]!.event.type === type) return v.log[i] as never;
  return undefined;
}

/** The running game, or the game-over screen once there is a result. */
export function GameScreen() {
  const v = view.value!;
  const [peek, setPeek] = useState(false);
  const [pick, setPick] = useState(0);
  if (v.result) return <GameOver />;
  const step = v.step;
  const me = v.me;
  const point = legal(v, 'point');
  const vote = legal(v, 'vote');
  const night = v.phase === 'night';
  // Roles and teammates show on the table only while the card is turned up or the team is acting.
  const showRoles = peek || !!point || v.god;
  const activeSeat = step.kind === 'speech' || step.kind === 'last-words' ? step.seat : 0;

  const seats: TableSeat[] = v.seats.map((s) => ({
    seat: s.seat,
    name: room.value?.seats.find((x) => x.seat === s.seat)?.name ?? '',
    alive: s.alive,
    ...(showRoles && s.role ? { role: s.role } : {}),
    mate: showRoles && !!s.mate,
    pointer: s.pointer ?? 0,
    voted: !!s.voted,
    me: s.seat === me?.seat,
    active: s.seat === activeSeat,
    selectable: !!(point?.targets.includes(s.seat) || vote?.targets.includes(s.seat)),
    selected: point ? point.current === s.seat : s.seat === pick,
  }));

  function onPick(seat: Seat) {
    if (point) act({ type: 'point', target: seat });
    else setPick(seat === pick ? 0 : seat);
  }

  const title = night ? t('nightN', v.round) : t('dayN', v.round);
  return (
    <div class={night ? 'game night' : 'game'} data-testid="game" data-phase={v.phase} data-step={step.kind}>
      <Banners v={v} />
      {me && (
        <button type="button" class={`my-card${peek ? ' up' : ''}`} onClick={() => setPeek(!peek)} data-testid="my-card">
          {peek ? (
            <>
              <b data-testid="my-role" data-role={me.role}>{roleName(me.role, v.ruleset)}</b>
              {v.seats.some((s) => s.mate) && (
                <small>
                  {t('yourTeam')}: {whoList(v.seats.filter((s) => s.mate).map((s) => s.seat))}
                </small>
              )}
              <small>{t('tapHide')}</small>
            </>
          ) : (
            t('tapCard')
          )}
        </button>
      )}
      <section class="step" data-testid="step">
        <h2>{title}</h2>
        {'endsAt' in step && <Countdown endsAt={step.endsAt} />}
        <StepPanel v={v} pick={pick} setPick={setPick} />
      </section>
      <RoundTable seats={seats} center={title} onPick={onPick} />
      {(night || point) && <TeamPanel v={v} />}
      {/* Only with the card turned up: a killer's day screen must not give them away to a neighbour. */}
      {peek && <Specials v={v} />}
      <Feed v={v} />
      {room.value?.you.host && <HostTools v={v} />}
    </div>
  );
}

function Banners({ v }: { v: View }) {
  const me = v.me;
  const out = me && !me.alive ? v.seats.find((s) => s.seat === me.seat)?.out : undefined;
  return (
    <>
      {v.paused && <p class="banner warn">{t('paused')}</p>}
      {me && !me.alive && <p class="banner out">{t('youOut', out ? t(`h_${out.how}`) : '')} — {t('outNote')}</p>}
      {v.god && me && <p class="banner">{t('youJudge')}</p>}
      {v.viewer.kind === 'spectator' && <p class="banner">{t('spectating')}</p>}
    </>
  );
}

function StepPanel({ v, pick, setPick }: { v: View; pick: Seat; setPick: (s: Seat) => void }) {
  const step = v.step;
  switch (step.kind) {
    case 'call': {
      const point = legal(v, 'point');
      if (!point) return <NightWait text={t('judgeCalls', t(step.call === 'killers' ? 'callKillers' : 'callPolice'))} />;
      return (
        <div class="act">
          <p class="big">{t(step.call === 'killers' ? 'pickKill' : 'pickCheck')}</p>
          <p class="muted">{t('pointHint')}</p>
          {point.current ? <p>{t('youPoint', who(point.current))}</p> : null}
          <div class="targets">
            {point.targets.map((s) => (
              <button type="button" class={point.current === s ? 'on' : ''} onClick={() => act({ type: 'point', target: s })} data-testid="point-target" data-seat={s}>
                {who(s)}
                {s === v.me?.seat ? ` (${t('you')})` : v.seats[s - 1]?.mate ? ` (${t('mate')})` : ''}
              </button>
            ))}
            <button type="button" onClick={() => act({ type: 'point', target: 0 })} data-testid="point-nobody">
              {t('pointNobody')}
            </button>
          </div>
        </div>
      );
    }
    case 'eyes': {
      const eyes = legal(v, 'open-eyes');
      const chosen = last(v, 'eyes-chosen');
      if (!eyes) return <NightWait text={chosen ? `${t('eyesQ')} ${t(`eyes_${chosen.event.choice}`)}` : t('callEyes')} />;
      return (
        <div class="act">
          <p class="muted">{t('callEyes')}</p>
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
    case 'last-words':
    case 'speech':
      return <SpeechPanel v={v} />;
    case 'ballot':
      return <BallotPanel v={v} pick={pick} setPick={setPick} />;
    case 'over':
      return null;
  }
}

function NightWait({ text }: { text: string }) {
  return (
    <div class="night-wait">
      <p class="big">🌙 {t('nightFalls')}</p>
      <p>{text}</p>
    </div>
  );
}

function Dawn({ v }: { v: View }) {
  const dawn = last(v, 'dawn');
  if (!dawn || dawn.round !== v.round) return null;
  return (
    <div class="dawn">
      <p class="big">☀ {t('dayBreaks')}</p>
      <p>{entryText(dawn)}</p>
    </div>
  );
}

function TextBox({ placeholder, onSend }: { placeholder: string; onSend: (text: string) => void }) {
  const [text, setText] = useState('');
  return (
    <form
      class="line"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) {
          onSend(text.trim());
          setText('');
        }
      }}
    >
      <textarea rows={2} maxLength={500} value={text} placeholder={placeholder} onInput={(e) => setText(e.currentTarget.value)} />
      <button type="submit" disabled={!text.trim()}>
        {t('send')}
      </button>
    </form>
  );
}

function SpeechPanel({ v }: { v: View }) {
  const step = v.step;
  if (step.kind !== 'speech' && step.kind !== 'last-words') return null;
  const mine = !!legal(v, 'say');
  const heading = step.kind === 'last-words' ? (mine ? t('yourLastWords') : t('lastWordsOf', who(step.seat))) : t(`sp_${step.purpose}`);
  return (
    <div class="act">
      <Dawn v={v} />
      <p class="big">{heading}</p>
      {step.kind === 'speech' && <p>{mine ? t('yourTurn') : t('speaking', who(step.seat))}</p>}
      {step.kind === 'speech' && step.queue.length > 0 && <p class="muted">{t('next', whoList(step.queue))}</p>}
      {mine && (
        <>
          <TextBox placeholder={t('sayPh')} onSend={(text) => act({ type: 'say', text })} />
          {legal(v, 'pass') && (
            <button type="button" class="primary wide" onClick={() => act({ type: 'pass' })} data-testid="pass">
              {t('pass')}
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
  const mine = v.me?.ballot;
  return (
    <div class="act">
      <p class="big">{t(`bp_${step.purpose}`)}</p>
      <p class="muted">{t('sealed')}</p>
      {step.mustVote && <p class="muted">{t('mustVote')}</p>}
      <p>
        <b>{t('ballotsIn', step.ballotsIn, step.voters)}</b>
      </p>
      {mine !== undefined && <p class="ok">{t('yourBallot', mine ? who(mine) : t('abstain'))}</p>}
      {vote && (
        <>
          <div class="targets">
            {vote.targets.map((s) => (
              <button type="button" class={pick === s ? 'on' : ''} onClick={() => setPick(s === pick ? 0 : s)} data-testid="vote-target" data-seat={s}>
                {who(s)}
              </button>
            ))}
          </div>
          <div class="line">
            <button type="button" class="primary" data-testid="vote" disabled={!pick || !vote.targets.includes(pick)} onClick={() => act({ type: 'vote', target: pick }) && setPick(0)}>
              {pick ? t('voteFor', who(pick)) : t('voteFor', '…')}
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

function TeamPanel({ v }: { v: View }) {
  const chat = v.log.filter((e) => e.event.type === 'team-chat');
  const checks = v.log.filter((e): e is LogEntry & { event: { type: 'checked' } } => e.event.type === 'checked');
  const seen = v.log.filter((e) => e.event.type === 'eyes-seen' || e.event.type === 'kill-chosen');
  const canChat = !!legal(v, 'team-chat');
  if (!canChat && !chat.length && !checks.length && !seen.length) return null;
  return (
    <div class="card team">
      {checks.length > 0 && (
        <>
          <h3>{t('checks')}</h3>
          <ul>
            {checks.map((e) => (
              <li>{entryText(e)}</li>
            ))}
          </ul>
        </>
      )}
      {seen.map((e) => (
        <p>{entryText(e)}</p>
      ))}
      {(canChat || chat.length > 0) && (
        <>
          <h3>{t('teamChat')}</h3>
          <ul class="chat">
            {chat.map((e) => (
              <li>{entryText(e)}</li>
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

/** The revealed ballots of the latest closed vote, as "voter → choice" lines. */
function Ballots({ e }: { e: LogEntry & { event: { type: 'ballots' } } }) {
  return (
    <div class="ballots">
      <h3>
        {t('ballots')} · {t(`bp_${e.event.purpose}`)}
      </h3>
      <table>
        {e.event.ballots.map((b) => (
          <tr>
            <td>{who(b.seat)}</td>
            <td>→</td>
            <td>{b.target ? who(b.target) : <i>{t('abstain')}</i>}</td>
          </tr>
        ))}
      </table>
      <p>
        <b>{t('top', e.event.top.length > 1 ? `${whoList(e.event.top)} (${t('w_draw')})` : whoList(e.event.top))}</b>
      </p>
    </div>
  );
}

// Private entries stay out of the round's feed, which is on screen all day for anyone nearby to read.
const QUIET = new Set(['team', 'team-chat', 'pointed', 'checked', 'kill-chosen', 'eyes-seen', 'eyes-chosen', 'surrender-wish', 'voted']);

/** This round's public happenings, newest first: speeches, ballots, verdicts. */
function Feed({ v }: { v: View }) {
  const entries = v.log.filter((e) => e.round === v.round && !QUIET.has(e.event.type)).reverse();
  return (
    <div class="card feed">
      <h3>{t('feed')}</h3>
      {entries.map((e) =>
        e.event.type === 'ballots' ? (
          <Ballots e={e as never} />
        ) : e.event.type === 'said' ? (
          <p class="said">
            <b>{who(e.event.seat)}</b> {e.event.text}
          </p>
        ) : (
          <p class={e.event.type === 'out' || e.event.type === 'dawn' ? 'em' : ''}>{entryText(e, v.ruleset)}</p>
        ),
      )}
    </div>
  );
}

function HostTools({ v }: { v: View }) {
  const [seat, setSeat] = useState(0);
  const live = room.value?.pace.preset !== 'async';
  const steps = live ? [60_000, 300_000] : [3_600_000, 12 * 3_600_000];
  return (
    <details class="card host">
      <summary>{t('hostTools')}</summary>
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
      </div>
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
      </div>
    </details>
  );
}

