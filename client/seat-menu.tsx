// The foot of the room page: how a seat leaves. In the lobby "Leave this seat" frees the seat (the
// host sees it go); during a game one tap never gives a seat up: "Sign out on this device" only
// opens a page that explains that the seat stays in the game and how to come back.
import { useState } from 'preact/hooks';
import type { RoomView } from '../worker/protocol.ts';
import { t } from './i18n.ts';
import { disconnect, go, hostMove, type Stored } from './state.ts';
import { ConfirmButton } from './ui.tsx';

/** The leave / sign-out control for this device's seat (the judge's place has no seat to leave). */
export function SeatMenu({ r, seat }: { r: RoomView; seat: Stored }) {
  const [signingOut, setSigningOut] = useState(false);
  if (signingOut) return <SignOut r={r} onStay={() => setSigningOut(false)} />;
  // Only a player's seat in the lobby is given up, never the host's (the room needs its host).
  const mayLeave = r.status === 'lobby' && seat.seat !== null && !r.you.judge && !r.you.host;
  return (
    <p class="foot" data-testid="seat-menu">
      {mayLeave ? (
        <ConfirmButton class="link" ask={t('confirmLeave')} onYes={() => hostMove({ type: 'leave' })}>
          <span data-testid="leave-seat">{t('leaveLobby')}</span>
        </ConfirmButton>
      ) : (
        <button type="button" class="link" onClick={() => setSigningOut(true)} data-testid="sign-out">
          {t('signOut')}
        </button>
      )}
    </p>
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
