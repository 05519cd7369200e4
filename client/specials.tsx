// The moves a player may make at any moment of their game rather than in a step: a killer's
// self-destruct, a camp's surrender. Each asks before it is sent.
import type { View } from '../worker/engine/types.ts';
import { t } from './i18n.ts';
import { act } from './socket.ts';
import { ConfirmButton } from './kit.tsx';
import { legal } from './step-view.ts';

/** Self-destruct and surrender, when the engine offers them. */
export function Specials({ v }: { v: View }) {
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
