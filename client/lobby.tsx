// The lobby: who sits where, the invite link and QR code, and the host's settings, removals and start.
import { useState } from 'preact/hooks';
import type { RoomView } from '../worker/protocol.ts';
import { lang, t } from './i18n.ts';
import { invites, room } from './state.ts';
import { hostMove } from './socket.ts';
import { later } from './lazy.ts';
import { RoundTable } from './round-table.tsx';
import { WebhookSetting } from './webhook-setting.tsx';
import { SettingsForm, SettingsSummary, type Settings } from './ui.tsx';
import { ConfirmButton } from './kit.tsx';
import { isolate, who } from './log-text.ts';
import { ScheduledStart } from './async-pace.tsx';

// The QR code's encoder is a chunk of its own, fetched while the lobby draws.
export const QrCode = later(() => import('./qr-code.tsx').then((m) => m.QrCode), () => <div class="qr" />);

/**
 * What a table still waits for, in one line for everyone (guests too: the centre's numbers alone
 * puzzled a first-time guest); the invite link's join form says the same before a name is typed.
 */
export function startLine(seats: number, min: number, max: number, judgeMissing: boolean, host: boolean): string {
  if (seats < min) return t('needPlayers', min, max, seats);
  if (seats > max) return t('tooManyPlayers', max, seats);
  if (judgeMissing) return t('readyNoJudge');
  return t(host ? 'readyHost' : 'waitHost');
}

/** The room before a game (and between games). */
export function Lobby() {
  const r = room.value!;
  const [picked, setPicked] = useState(0);
  const [editing, setEditing] = useState<Settings | null>(null);
  const link = `${location.origin}/r/${r.code}`;
  const isHost = r.you.host;
  const count = r.seats.length;
  const settings: Settings = { ruleset: r.ruleset, options: r.options, pace: r.pace, spectators: r.spectators, humanJudge: r.humanJudge, table: r.table, voice: r.voice };
  const online = r.seats.filter((s) => s.connected).length;
  const judgeMissing = r.humanJudge && !r.judge;
  const short = count < r.minPlayers;
  // Add a bot, or fill the table with them: the host's way to a game without enough friends at hand.
  const bots = isHost && count < r.maxPlayers && (
    <div class="card" data-testid="bots">
      <p class="muted">{t('botsHint')}</p>
      <div class="line">
        <button type="button" onClick={() => hostMove({ type: 'add-bot', lang: lang.value })} data-testid="add-bot">
          {t('addBot')}
        </button>
        {r.fillTo !== null && (
          <button type="button" onClick={() => hostMove({ type: 'fill-bots', lang: lang.value })} data-testid="fill-bots">
            {t('fillBots', r.fillTo)}
          </button>
        )}
      </div>
    </div>
  );

  return (
    <>
      <h2 data-testid="lobby">
        {t('room')} {r.code} · {t('lobby')}
      </h2>
      {r.gameNo > 0 && (
        <p class="banner" data-testid="again-notice">
          {t('againNotice', r.gameNo)}
        </p>
      )}
      <RoundTable
        seats={r.seats.map((s) => ({
          seat: s.seat,
          name: s.name,
          ...(s.bot ? { bot: true } : {}),
          host: s.host,
          connected: s.connected,
          me: s.seat === r.you.seat,
          selectable: isHost && s.seat !== r.you.seat,
          selected: s.seat === picked,
        }))}
        center={`${count} / ${r.minPlayers}–${r.maxPlayers}`}
        onPick={(s) => setPicked(s === picked ? 0 : s)}
      />
      {r.judgeSeats > 0 && (
        <p class="center" data-testid="seats-line">
          {t('seatsWithJudge', Math.max(0, count - r.judgeSeats), r.judgeSeats, count, `${r.minPlayers}–${r.maxPlayers}`)}
        </p>
      )}
      <p class="center" data-testid="start-line">
        {startLine(count, r.minPlayers, r.maxPlayers, judgeMissing, isHost)}
      </p>
      <p class="muted center">
        {t('connectedN', online, count)}
        {r.spectatorsWatching > 0 && ` · ${t('watchingN', r.spectatorsWatching)}`}
      </p>
      {r.humanJudge && (
        <p class="center" data-testid="judge-line">
          {r.judge ? `${t('judgeIs', isolate(r.judge.name))}${r.judge.connected ? ' ●' : ''}` : t('judgeEmpty')}
        </p>
      )}
      {r.you.judge && <p class="banner">{t('youAreJudge')}</p>}
      {/* Start and the invitation first, above the fold on a phone: what still keeps the game from starting is said once, in the line under the table (and the judge's line). */}
      {isHost && count >= r.minPlayers && count <= r.maxPlayers && !judgeMissing && (
        <div class="card">
          <button type="button" class="primary wide" onClick={() => hostMove({ type: 'start' })} data-testid="start">
            {t('start')}
          </button>
        </div>
      )}
      {/* A table short of players: the bots first, above the fold (a host alone needs that one button); a table that can start keeps Start and the invitation there. */}
      {short && bots}
      <div class="card invite">
        <h3>{t('invite')}</h3>
        <CopyLink link={link} testid="invite-link" label={t('invite')} />
        <QrCode text={link} />
      </div>
      {r.gameNo > 0 && <Scores r={r} />}
      {isHost && picked > 0 && (
        <div class="card">
          <ConfirmButton class="danger" ask={t('confirmRemove', who(picked))} onYes={() => (hostMove({ type: 'remove-seat', seat: picked }), setPicked(0))}>
            {t('remove', who(picked))}
          </ConfirmButton>
          <PlaceLink place={picked} label={t('newSeatLink', who(picked))} hint={t('newSeatLinkHint')} />
        </div>
      )}
      {isHost && r.humanJudge && (
        <div class="card" data-testid="judge-invite">
          <h3>{t('inviteJudge')}</h3>
          <PlaceLink place="judge" label={r.judge ? t('newJudgeLink') : t('makeJudgeLink')} hint={t('judgeLinkHint')} />
        </div>
      )}
      {isHost && r.table && (
        <div class="card" data-testid="table-invite">
          <h3>{t('tableScreen')}</h3>
          <PlaceLink place="table" label={t('makeTableLink')} hint={t('tableLinkHint')} />
          {invites.value.table && <QrCode text={invites.value.table} />}
        </div>
      )}
      {!short && bots}
      <ScheduledStart />
      <div class="card">
        <h3>{t('settings')}</h3>
        {editing ? (
          <>
            <SettingsForm s={editing} onChange={(change) => setEditing((old) => old && change(old))} />
            <div class="line">
              <button
                type="button"
                class="primary"
                onClick={() => {
                  hostMove({ type: 'configure', ruleset: editing.ruleset, options: editing.options, pace: editing.pace, spectators: editing.spectators, humanJudge: editing.humanJudge, table: editing.table, voice: editing.voice });
                  setEditing(null);
                }}
              >
                {t('save')}
              </button>
              <button type="button" onClick={() => setEditing(null)}>
                {t('close')}
              </button>
            </div>
          </>
        ) : (
          <>
            <SettingsSummary s={settings} />
            {isHost && (
              <button type="button" onClick={() => setEditing(settings)}>
                {t('settings')}
              </button>
            )}
          </>
        )}
      </div>
      {isHost && <WebhookSetting r={r} />}
    </>
  );
}

/** The scores kept from game to game ("Play again" keeps seats and scores), highest first. */
function Scores({ r }: { r: RoomView }) {
  const rows = [...r.seats].sort((a, b) => b.score - a.score || a.seat - b.seat);
  return (
    <div class="card" data-testid="scores">
      <h3>{t('scores', r.gameNo)}</h3>
      <ol class="scores">
        {rows.map((s) => (
          <li key={s.seat} data-seat={s.seat} data-score={s.score}>
            {who(s.seat)}: <b>{s.score}</b>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** A link in a read-only field with a Copy button. */
export function CopyLink({ link, testid, label }: { link: string; testid: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div class="line">
      <input readOnly value={link} aria-label={label} data-testid={testid} onFocus={(e) => e.currentTarget.select()} />
      <button type="button" onClick={() => navigator.clipboard?.writeText(link).then(() => setCopied(true), () => setCopied(false))}>
        {copied ? t('copied') : t('copy')}
      </button>
    </div>
  );
}

/** The host's one-time link for a place: the judge's, or back into a seat (a newer link cancels the older). */
function PlaceLink({ place, label, hint }: { place: 'judge' | 'table' | number; label: string; hint: string }) {
  const link = invites.value[String(place)];
  return (
    <>
      <p class="muted">{hint}</p>
      <button type="button" onClick={() => hostMove({ type: 'invite', place })} data-testid={`make-link-${place}`}>
        {label}
      </button>
      {link && <CopyLink link={link} testid={`place-link-${place}`} label={label} />}
    </>
  );
}
