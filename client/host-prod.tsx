// The host's prod (issue 9): a push reminder to one seat of what it owes now. The room answers alike
// whether the seat owes anything, so the button says only that the reminder went out if due.
import { useState } from 'preact/hooks';
import type { Seat } from '../worker/engine/types.ts';
import { t } from './i18n.ts';
import { hostMove } from './state.ts';

/** Sends one prod for this seat; says so until another seat is picked. */
export function ProdButton({ seat }: { seat: Seat }) {
  const [sent, setSent] = useState<Seat>(0);
  if (sent === seat) return <span class="ok" data-testid="prodded">{t('prodded')}</span>;
  return (
    <button type="button" data-testid="prod" onClick={() => hostMove({ type: 'prod', seat }) && setSent(seat)}>
      {t('prod')}
    </button>
  );
}
