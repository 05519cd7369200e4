// The room page at /r/<code>: join form when this device has no seat, else the live room.
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { MAX_NAME, type RoomSummary } from '../worker/protocol.ts';
import { t } from './i18n.ts';
import { api, conn, forget, go, inviteInAddress, joinByInvite, joinRoom, room, seatLost, stored, inGame, type Invitation } from './state.ts';
import { connect, disconnect, heldView } from './socket.ts';
import { keepView, keptView } from './kept-view.ts';
import { SeatMenu } from './seat-menu.tsx';
import { AwayControl } from './away.tsx';
import { Lobby, startLine } from './lobby.tsx';
import { later } from './lazy.ts';
import { useRequest } from './ui.tsx';
import { NotifyMe } from './notify-me.tsx';
import { watchOwed } from './owed-mark.ts';
import { watchLanguage } from './notify.ts';
import { LiveRegions } from './live-region.tsx';

// The game screen is its own chunk: a room in its lobby does not wait for it.
const GameScreen = later(() => import('./game-screen.tsx').then((m) => m.GameScreen));
// So is the live voice: only a room whose voice is on loads it.
const VoiceBar = later(() => import('./voice-bar.tsx').then((m) => m.VoiceBar));
// So is the table screen of a face-to-face room: only that one device loads it.
const TableScreen = later(() => import('./table-screen.tsx').then((m) => m.TableScreen));

/** One room: join, then lobby or game as the server's frames say. */
export function RoomPage({ code }: { code: string }) {
  const [seat, setSeat] = useState(() => stored(code));
  const [watching, setWatching] = useState(false);
  // A one-time link from the host (the judge's place, or back into a seat) wins over a stored seat.
  const [invite, setInvite] = useState(() => inviteInAddress());

  // The tab's title and favicon say what this seat owes, while the room is open.
  useEffect(() => watchOwed(), []);
  // A change of language reaches this device's notifications of the room (the home page holds no room).
  useEffect(() => watchLanguage(), []);
  useEffect(() => {
    if (!seat && !watching) return disconnect;
    const token = seat?.token ?? null;
    connect(code, token, keptView(code, token));
    // A tab hidden or reloaded keeps its game for this session: a reload then asks only for what it missed.
    const keep = () => keepView(code, token, heldView());
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('pagehide', keep);
      disconnect();
    };
  }, [code, seat?.token, watching]);

  if (invite) {
    const done = (s: ReturnType<typeof stored>) => {
      // The link is used up: take it out of the address bar and the history.
      history.replaceState(null, '', location.pathname);
      setInvite(null);
      setSeat(s);
    };
    return <InviteForm code={code} invite={invite} onJoined={done} />;
  }
  // The room refused this device's token (seat removed) or its watching (no spectators): join instead.
  if (seatLost.value && (seat || watching)) {
    setSeat(null);
    setWatching(false);
    return null;
  }
  if (!seat && !watching) return <JoinForm code={code} onJoined={setSeat} onWatch={() => setWatching(true)} />;
  if (seat?.table) return <TableScreen />;
  const r = room.value;
  if (!r) return <main class="page"><p class="wait">{conn.value === 'expired' ? t('expired') : t('connecting')}</p></main>;
  const game = r.status !== 'lobby' && inGame.value;
  return (
    <main class={game ? 'page wide' : 'page'}>
      {/* The page's one heading of the first rank, for a screen reader's list of headings (the steps' titles are under it). */}
      <h1 class="sr-only">
        {t('app')} · {t('room')} {r.code}
      </h1>
      {game ? <GameScreen /> : <Lobby />}
      {seat?.seat != null && <NotifyMe code={code} />}
      {seat?.seat != null && r.status === 'playing' && r.you.seat !== null && <AwayControl r={r} />}
      {seat && <SeatMenu r={r} seat={seat} />}
      {r.voice !== 'off' && !r.table && <VoiceBar r={r} />}
      <LiveRegions />
    </main>
  );
}

/** Redeems a one-time link: a name for a new judge or a replacement; a seat (or a judge) coming back or moving here keeps theirs. */
function InviteForm({ code, invite, onJoined }: { code: string; invite: Invitation; onJoined: (s: ReturnType<typeof stored>) => void }) {
  const [name, setName] = useState(localStorage.getItem('tianhei.name') ?? '');
  const { busy, err, run } = useRequest();
  const judge = invite.place === 'judge';
  // The table screen has no name (its button is also the tap a browser wants before it may speak);
  // a place moving here from another device has nothing to type, and its old device is signed out.
  const oneTap = invite.place === 'table' ? { head: t('invitedTable', code), note: t('tableLinkHint'), label: t('openTableScreen') } : invite.move ? { head: judge ? t('movedJudge', code) : t('movedSeat', invite.place, code), note: t('movedNote'), label: t('moveHere') } : null;
  if (oneTap) {
    return (
      <FormPage onSubmit={() => void run(async () => onJoined(await joinByInvite(code, '', invite.token)))}>
        <h2>{oneTap.head}</h2>
        <p class="muted">{oneTap.note}</p>
        {err && <p class="error">{err}</p>}
        <button type="submit" class="primary" disabled={busy} data-testid="accept-invite">
          {oneTap.label}
        </button>
      </FormPage>
    );
  }
  // A new judge, or a new person taking a seat over, gives a name; a player coming back keeps theirs.
  const named = judge || invite.replace;
  return (
    <FormPage onSubmit={(form) => void run(async () => onJoined(await joinByInvite(code, typedName(form, name), invite.token)))}>
      <h2>{judge ? t('invitedJudge', code) : invite.replace ? t('invitedReplace', invite.place, code) : t('invitedSeat', invite.place, code)}</h2>
      {invite.replace && <p class="muted">{t('replaceNote')}</p>}
      {named && <NameField name={name} setName={setName} />}
      {err && <p class="error">{err}</p>}
      <button type="submit" class="primary" disabled={busy || (named && !name.trim())} data-testid="accept-invite">
        {judge ? t('takeJudgePlace') : invite.replace ? t('takeOverSeat') : t('backToSeat')}
      </button>
    </FormPage>
  );
}

/**
 * The name in the form's box now, not as last drawn: a key typed just before Enter may not have been
 * drawn yet (a keyboard player typing "Dan" then Tab and Enter joined as "Da").
 */
function typedName(form: HTMLFormElement, drawn: string): string {
  const box = form.elements.namedItem('name');
  return (box instanceof HTMLInputElement ? box.value : drawn).trim();
}

/** A page holding one form card. */
function FormPage({ onSubmit, children }: { onSubmit: (form: HTMLFormElement) => void; children: ComponentChildren }) {
  return (
    <main class="page">
      <form
        class="card"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit(e.currentTarget);
        }}
      >
        {children}
      </form>
    </main>
  );
}

/** The name as typed; its direction follows its first letter (the server normalises it, worker/names.ts). */
function NameField({ name, setName }: { name: string; setName: (n: string) => void }) {
  return (
    <label class="row">
      <span>{t('yourName')}</span>
      <input required dir="auto" name="name" maxLength={MAX_NAME * 2} value={name} onInput={(e) => setName(e.currentTarget.value)} data-testid="name-input" />
    </label>
  );
}

function JoinForm({ code, onJoined, onWatch }: { code: string; onJoined: (s: ReturnType<typeof stored>) => void; onWatch: () => void }) {
  const [name, setName] = useState(localStorage.getItem('tianhei.name') ?? '');
  const { busy, err, setErr, run } = useRequest();
  const [missing, setMissing] = useState(false);
  const [summary, setSummary] = useState<RoomSummary | null>(null);
  // Say at once what the room plays and whether it takes players now, or that the code is wrong or
  // the room has expired, before anyone types a name. While a game is on, ask again now and then:
  // Join opens when the room is back in its lobby.
  useEffect(() => {
    let timer = 0;
    const ask = () =>
      api<RoomSummary>('GET', `/api/rooms/${code}`).then(
        (r) => {
          setSummary(r);
          if (r.status !== 'lobby') timer = window.setTimeout(ask, 15_000);
        },
        (e: Error & { status?: number }) => (e.status === 404 ? setMissing(true) : setErr(e.message)),
      );
    void ask();
    return () => clearTimeout(timer);
  }, [code]);
  // A code nobody created: nothing to join or watch; offer a new room or the home page instead.
  if (missing) return <NoSuchRoom code={code} />;
  const open = !summary || summary.status === 'lobby';
  const watchable = !summary || summary.spectators;
  // The judge's place is taken only through the host's one-time link (InviteForm).
  const joinAsPlayer = (typed: string) => run(async () => onJoined(await joinRoom(code, typed)));
  return (
    <FormPage onSubmit={(form) => open && void joinAsPlayer(typedName(form, name))}>
      <h2>{t('joinRoom', code)}</h2>
      {summary && (
        <p data-testid="join-about">
          <b>{t(`rs_${summary.ruleset}`)}</b> · {seatsNote(summary)}
        </p>
      )}
      {!open && (
        <p class="banner" data-testid="join-later">
          {t(summary?.status === 'over' ? 'gameOverWait' : watchable ? 'gameOnWatch' : 'gameOnNoWatch')}
        </p>
      )}
      <NameField name={name} setName={setName} />
      {err && <p class="error">{err}</p>}
      <div class="line">
        <button type="submit" class="primary" disabled={busy || !name.trim() || !open} data-testid="join">
          {t('join')}
        </button>
        {watchable && (
          <button type="button" onClick={onWatch} data-testid="watch">
            {t('watch')}
          </button>
        )}
      </div>
    </FormPage>
  );
}

/** What a room's link says of its seats before a name is typed: the lobby's own line (startLine), or the version's table size while a game is on. */
function seatsNote(r: RoomSummary): string {
  return r.status !== 'lobby' ? t('nPlayers', r.minPlayers, r.maxPlayers) : startLine(r.seats, r.minPlayers, r.maxPlayers, r.humanJudge && !r.judgeTaken, false);
}

/** The page for a code no room has: create a room or go home, never Join or Watch. */
function NoSuchRoom({ code }: { code: string }) {
  return (
    <main class="page">
      <div class="card" data-testid="no-room">
        <h2>{t('noRoomHere', code)}</h2>
        <p class="muted">{t('noRoomNote')}</p>
        <div class="line">
          <button type="button" class="primary" onClick={() => go('/')} data-testid="create-instead">
            {t('createRoom')}
          </button>
          <button type="button" onClick={() => go('/')} data-testid="go-home">
            {t('home')}
          </button>
        </div>
      </div>
    </main>
  );
}
