// A power role's own night acts in the claim composer ("As the doctor: night 1, I saved #4"): one row
// per night, offered only for a role whose card acts on a seat at night, on the nights played so far.
import type { Role, Seat, View } from '../worker/engine/types.ts';
import { ACTING_ROLES } from '../worker/engine/claim.ts';
import { t } from './i18n.ts';
import { who } from './log-text.ts';
import type { Key } from './strings.ts';

/** A night act as the composer holds it: the seat may still be unchosen (0). */
export interface ActDraft {
  night: number;
  seat: Seat | 0;
}

/** Each acting role's verb as a row label, in the words of its claim line ("I saved", "I hugged", …). */
const VERB_LABEL: Partial<Record<Role, Key>> = {
  doctor: 'claimActSave',
  butterfly: 'claimActHug',
  'old-man': 'claimActMute',
  'secret-police': 'claimActShoot',
  sniper: 'claimActShoot',
};

/** Whether a claimed role may name night acts now: a role that acts on a seat, once a night has been played. */
export function actsOffered(role: Role | '', v: View): boolean {
  return role !== '' && ACTING_ROLES.includes(role) && v.round >= 1;
}

/** The claim's acts from the rows: finished rows only, each night once (the first row wins), by night. */
export function actsOf(rows: readonly ActDraft[], v: View): { night: number; seat: Seat }[] {
  const done = rows.filter((a, i) => a.seat !== 0 && a.night >= 1 && a.night <= v.round && rows.findIndex((x) => x.night === a.night) === i);
  return done.map((a) => ({ night: a.night, seat: a.seat as Seat })).sort((a, b) => a.night - b.night);
}

/** The rows of night acts, with a way to add a night not yet named and to remove one; each change applies to the rows as they are then. */
export function ActRows({ v, role, rows, onChange }: { v: View; role: Role; rows: ActDraft[]; onChange: (update: (rows: ActDraft[]) => ActDraft[]) => void }) {
  const verb = t(VERB_LABEL[role]!);
  const nights = Array.from({ length: v.round }, (_, i) => i + 1);
  const free = nights.find((n) => !rows.some((a) => a.night === n));
  const set = (i: number, a: Partial<ActDraft>) => onChange((now) => now.map((x, k) => (k === i ? { ...x, ...a } : x)));
  return (
    <div class="claim-checks">
      {rows.map((a, i) => (
        <div class="claim-row" data-testid="claim-act">
          <select aria-label={t('claimNight')} value={a.night} onChange={(e) => set(i, { night: Number(e.currentTarget.value) })} data-testid="claim-act-night">
            {nights.map((n) => (
              <option value={n}>{t('claimNightN', n)}</option>
            ))}
          </select>
          <span>{verb}</span>
          <select aria-label={verb} value={a.seat} onChange={(e) => set(i, { seat: Number(e.currentTarget.value) })} data-testid="claim-act-seat">
            <option value={0}>{t('claimNoSeat')}</option>
            {v.seats.map((s) => (
              <option value={s.seat}>{who(s.seat)}</option>
            ))}
          </select>
          <button type="button" class="link" aria-label={t('claimActRemove')} onClick={() => onChange((now) => now.filter((_, k) => k !== i))}>
            ✕
          </button>
        </div>
      ))}
      {free !== undefined && (
        <button type="button" class="link" onClick={() => onChange((now) => [...now, { night: free, seat: 0 }])} data-testid="claim-act-add">
          + {t('claimActAdd')}
        </button>
      )}
    </div>
  );
}
