// Table mode's night on a player's phone: dark unless its owner is called, the same screen for every
// phone not called, so a neighbour's glance learns nothing.
import type { LegalAction, View } from '../worker/engine/types.ts';
import { t } from './i18n.ts';
import { room } from './state.ts';
import { HostTools } from './host-tools.tsx';

// What a phone does when it is called at night: read its card, point, confirm, talk to its team, open its eyes.
const CALLED = new Set<LegalAction['type']>(['seen', 'point', 'confirm', 'team-chat', 'open-eyes']);

/**
 * Played face to face, a player's phone at night is dark unless its owner is called now:
 * around a real table a neighbour can glance at any phone, so every phone not called shows the same
 * screen, whatever its role, team, life or the call that is open.
 */
export function darkAtNight(v: View): boolean {
  return !!room.value?.table && v.phase === 'night' && !!v.me && !v.god && !v.legal.some((a) => CALLED.has(a.type));
}

/** The one night screen of every phone not called (face to face); the host keeps the host tools. */
export function DarkNight({ v }: { v: View }) {
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
