// The foot of the room page: how a seat leaves. In the lobby "Leave this seat" frees the seat (the
// host sees it go); during a game one tap never gives a seat up: "Sign out on this device" only
// opens a page that explains that the seat stays in the game and how to come back. "Move to another
// device" asks the room for a one-time link that carries this place to another device
// (docs/rules-decisions.md O9): it works once, for ten minutes, and signs this device out when used.
import { useState } from 'preact/hooks';
import type { RoomView } from '../worker/protocol.ts';
import { clockTime, t } from './i18n.ts';
import { go, moveLink, now, type Stored } from './state.ts';
import { disconnect, hostMove } from './socket.ts';
import { ConfirmButton } from './kit.tsx';
import { CopyLink, QrCode } from './lobby.tsx';

/** The leave / sign-out / move control for this device's place: a seat, or the judge's. */
export function SeatMenu({ r, seat }: { r: RoomView; seat: Stored }) {
  const [page, setPage] = useState<'menu' | 'sign-out' | 'move'>('menu');
  if (page === 'sign-out') return <SignOut r={r} onStay={() => setPage('menu')} />;
  if (page === 'move') return <MoveDevice onClose={() => setPage('menu')} />;
  // Only a player's seat in the lobby is given up, never the host's (the room needs its host).
  const mayLeave = r.status === 'lobby' && seat.seat !== null && !r.you.judge && !r.you.host;
  return (
    <p class="foot" data-testid="seat-menu">
      {mayLeave ? (
        <ConfirmButton class="link" ask={t('confirmLeave')} onYes={() => hostMove({ type: 'leave' })}>
          <span data-testid="leave-seat">{t('leaveLobby')}</span>
        </ConfirmButton>
      ) : (
        <button type="button" class="link" onClick={() => setPage('sign-out')} data-testid="sign-out">
          {t('signOut')}
        </button>
      )}
      <button
        type="button"
        class="link"
        onClick={() => {
          moveLink.value = null;
          hostMove({ type: 'move-device' });
          setPage('move');
        }}
        data-testid="move-device"
      >
        {t('moveDevice')}
      </button>
    </p>
  );
}

/** This place's one-time move link as text and QR code, until it lapses. */
function MoveDevice({ onClose }: { onClose: () => void }) {
  const m = moveLink.value;
  const lapsed = m !== null && now.value >= m.expiresAt;
  return (
    <div class="card move-device" data-testid="move-page">
      <h2>{t('moveDevice')}</h2>
      {!m ? (
        <p class="muted">{t('moveMaking')}</p>
      ) : lapsed ? (
        <p class="error" data-testid="move-expired">{t('moveExpired')}</p>
      ) : (
        <>
          <p>{t('moveNote', clockTime(m.expiresAt, false))}</p>
          <CopyLink link={m.link} testid="move-link" label={t('moveDevice')} />
          <QrCode text={m.link} />
          <p class="muted">{t('moveSecret')}</p>
        </>
      )}
      <div class="line">
        <button type="button" class="primary" onClick={onClose} data-testid="move-close">
          {t('close')}
        </button>
        {lapsed && (
          <button
            type="button"
            onClick={() => {
              moveLink.value = null;
              hostMove({ type: 'move-device' });
            }}
          >
            {t('moveNew')}
          </button>
        )}
      </div>
    </div>
  );
}

/** The sign-out page: the seat stays in the game; the room link on this device brings it back. */
function SignOut({ r, onStay }: { r: RoomView; onStay: () => void }) {
  const link = `${location.origin}/r/${r.code}`;
  return (
    <div class="card sign-out" data-testid="sign-out-page">
      <h2>{t('signOutHead')}</h2>
      <p>{t('signOutNote')}</p>
      <p>
        {t('colon', t('roomLink'), '')}
        <a href={link} data-testid="room-link">
          {link}
        </a>
      </p>
      <div class="line">
        <button type="button" class="primary" onClick={onStay} data-testid="stay">
          {t('stay')}
        </button>
        <button
          type="button"
          onClick={() => {
            disconnect();
            go('/');
          }}
          data-testid="sign-out-go"
        >
          {t('signOutGo')}
        </button>
      </div>
    </div>
  );
}
