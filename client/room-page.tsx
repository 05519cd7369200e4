// The room page at /r/<code>: join form when this device has no seat, else the live room.
import { useEffect, useState } from 'preact/hooks';
import { MAX_NAME, type RoomSummary } from '../worker/protocol.ts';
import { t } from './i18n.ts';
import { api, conn, connect, disconnect, go, joinRoom, room, seatLost, stored, view } from './state.ts';
import { SeatMenu } from './seat-menu.tsx';
import { Lobby } from './lobby.tsx';
import { GameScreen } from './game-screen.tsx';
import { useRequest } from './ui.tsx';
import { NotifyMe } from './notify-me.tsx';

/** One room: join, then lobby or game as the server's frames say. */
export function RoomPage({ code }: { code: string }) {
  const [seat, setSeat] = useState(() => stored(code));
  const [watching, setWatching] = useState(false);

  useEffect(() => {
    if (seat || watching) connect(code, seat?.token ?? null);
    return disconnect;
  }, [code, seat?.token, watching]);

  // The room refused this device's token (seat removed) or its watching (no spectators): join instead.
  if (seatLost.value && (seat || watching)) {
    setSeat(null);
    setWatching(false);
    return null;
  }
  if (!seat && !watching) return <JoinForm code={code} onJoined={setSeat} onWatch={() => setWatching(true)} />;
  const r = room.value;
  if (!r) return <main class="page"><p class="wait">{conn.value === 'expired' ? t('expired') : t('connecting')}</p></main>;
  const v = view.value;
  return (
    <main class="page">
      {r.status === 'lobby' || !v ? <Lobby /> : <GameScreen />}
      {seat?.seat != null && <NotifyMe code={code} />}
      {seat && <SeatMenu r={r} seat={seat} />}
    </main>
  );
}

function JoinForm({ code, onJoined, onWatch }: { code: string; onJoined: (s: ReturnType<typeof stored>) => void; onWatch: () => void }) {
  const [name, setName] = useState(localStorage.getItem('tianhei.name') ?? '');
  const { busy, err, setErr, run } = useRequest();
  const [judgeOpen, setJudgeOpen] = useState(false);
  const [missing, setMissing] = useState(false);
  // Say at once if the code is wrong or the room has expired, before anyone types a name.
  useEffect(() => {
    api<RoomSummary>('GET', `/api/rooms/${code}`).then(
      (s) => setJudgeOpen(s.humanJudge && !s.judgeTaken),
      (e: Error & { status?: number }) => (e.status === 404 ? setMissing(true) : setErr(e.message)),
    );
  }, [code]);
  // A code nobody created: nothing to join or watch; offer a new room or the home page instead.
  if (missing) return <NoSuchRoom code={code} />;
  function joinAs(judge: boolean) {
    return run(async () => onJoined(await joinRoom(code, name.trim(), undefined, judge)));
  }
  return (
    <main class="page">
      <form
        class="card"
        onSubmit={(e) => {
          e.preventDefault();
          void joinAs(false);
        }}
      >
        <h2>{t('joinRoom', code)}</h2>
        <label class="row">
          <span>{t('yourName')}</span>
          <input required maxLength={MAX_NAME} value={name} onInput={(e) => setName(e.currentTarget.value)} data-testid="name-input" />
        </label>
        {err && <p class="error">{err}</p>}
        <div class="line">
          <button type="submit" class="primary" disabled={busy || !name.trim()} data-testid="join">
            {t('join')}
          </button>
          <button type="button" onClick={onWatch}>
            {t('watch')}
          </button>
          {judgeOpen && (
            <button type="button" disabled={busy || !name.trim()} onClick={() => void joinAs(true)} data-testid="join-judge">
              {t('joinAsJudge')}
            </button>
          )}
        </div>
      </form>
    </main>
  );
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
