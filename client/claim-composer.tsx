// The claim composer beside the speech box: a person's speech can carry the same structured claim a
// bot's does ("I am police; I checked #4: killer", "I will vote #6"), so bots weigh it, and every
// reader's feed shows it in their language in the bots' own words (worker/engine/bots/claims.ts).
// It offers only what the game can hold: the deck's roles, checks for the police, night acts for a
// role that acts, on the nights played so far (the engine's readClaim is the rule).
import type { Camp, Seat, View } from '../worker/engine/types.ts';
import type { SeatMove } from '../worker/protocol.ts';
import { CATALOG } from '../worker/engine/catalog.ts';
import { t } from './i18n.ts';
import { roleName, who } from './log-text.ts';
import { claimLine } from './said-words.tsx';
import { ActRows, actsOf, actsOffered, type ActDraft } from './claim-acts.tsx';
import type { Key } from './strings.ts';

/** A claim as a speech frame carries it (any role of the deck but the judge). */
export type SpeechClaim = NonNullable<Extract<SeatMove, { type: 'say' }>['claim']>;
type ClaimRole = NonNullable<SpeechClaim['role']>;

/**
 * The parts of a claim that name one seat, each a row "label #seat". A new kind of claim that names a
 * seat ("I suspect #4") is one more entry here, with its label in client/strings.ts.
 */
export const SEAT_CLAIMS = [
  { field: 'suspect', label: 'claimSuspect' },
  { field: 'vote', label: 'claimVote' },
] as const satisfies readonly { field: keyof SpeechClaim; label: Key }[];
type SeatField = (typeof SEAT_CLAIMS)[number]['field'];

/** What the composer holds while the player builds a claim: rows may still be unfinished. */
export interface ClaimDraft {
  role: ClaimRole | '';
  checks: { seat: Seat | 0; camp: Camp }[];
  /** A power role's night acts (client/claim-acts.tsx). */
  acts: ActDraft[];
  seats: Partial<Record<SeatField, Seat>>;
}

/** An empty draft: the composer just opened. */
export const EMPTY_DRAFT: ClaimDraft = { role: '', checks: [], acts: [], seats: {} };

/** The claim a draft makes (finished rows only, each seat checked once, each night once), or null when it says nothing yet. */
export function claimOf(d: ClaimDraft, v: View): SpeechClaim | null {
  const claim: SpeechClaim = {};
  if (d.role) claim.role = d.role;
  const checks = d.checks.filter((c, i) => c.seat !== 0 && d.checks.findIndex((x) => x.seat === c.seat) === i) as { seat: Seat; camp: Camp }[];
  if (d.role === 'police' && checks.length) claim.checks = checks;
  const acts = actsOffered(d.role, v) ? actsOf(d.acts, v) : [];
  if (acts.length) claim.acts = acts;
  for (const { field } of SEAT_CLAIMS) if (d.seats[field]) claim[field] = d.seats[field];
  return Object.keys(claim).length ? claim : null;
}

/** The roles this game's deck holds (the engine accepts a claimed role only from it). */
function rolesOf(v: View): ClaimRole[] {
  return [...new Set(CATALOG[v.ruleset].deck(v.players, v.options))].filter((r): r is ClaimRole => r !== 'judge');
}

function SeatSelect({ v, value, onChange, label, testid }: { v: View; value: Seat | 0; onChange: (s: Seat | 0) => void; label: string; testid: string }) {
  return (
    <select aria-label={label} value={value} onChange={(e) => onChange(Number(e.currentTarget.value))} data-testid={testid}>
      <option value={0}>{t('claimNoSeat')}</option>
      {v.seats.map((s) => (
        <option value={s.seat}>{who(s.seat)}</option>
      ))}
    </select>
  );
}

/** A change to the draft, made from the draft as it is then (null: the claim is removed). */
export type DraftUpdate = (d: ClaimDraft) => ClaimDraft | null;

/**
 * The composer: a role, the police's checks, a power role's night acts, and each one-seat part; its line previews what the feed will show.
 * Each choice updates the draft as it is when applied, not as last drawn: the page draws once a frame, and
 * two choices within one frame (a busy phone) would otherwise each start from the same old draft, the second undoing the first.
 */
export function ClaimComposer({ v, draft, onChange }: { v: View; draft: ClaimDraft; onChange: (update: DraftUpdate) => void }) {
  const claim = claimOf(draft, v);
  const setCheck = (i: number, c: Partial<ClaimDraft['checks'][number]>) => onChange((d) => ({ ...d, checks: d.checks.map((x, k) => (k === i ? { ...x, ...c } : x)) }));
  return (
    <fieldset class="claim-composer" data-testid="claim-composer">
      <legend>{t('claimTag')}</legend>
      <label>
        {t('claimIAm')}{' '}
        <select value={draft.role} onChange={(e) => {
            const role = e.currentTarget.value as ClaimRole | '';
            onChange((d) => ({ ...d, role }));
          }} data-testid="claim-role">
          <option value="">{t('claimNoRole')}</option>
          {rolesOf(v).map((r) => (
            <option value={r}>{roleName(r, v.ruleset)}</option>
          ))}
        </select>
      </label>
      {draft.role === 'police' && (
        <div class="claim-checks">
          {draft.checks.map((c, i) => (
            <div class="claim-row" data-testid="claim-check">
              <span>{t('claimChecked')}</span>
              <SeatSelect v={v} value={c.seat} onChange={(seat) => setCheck(i, { seat })} label={t('claimChecked')} testid="claim-check-seat" />
              <select aria-label={t('claimResult')} value={c.camp} onChange={(e) => setCheck(i, { camp: e.currentTarget.value as Camp })} data-testid="claim-check-camp">
                <option value="killers">{t('claimCampKiller')}</option>
                <option value="good">{t('claimCampGood')}</option>
              </select>
              <button type="button" class="link" aria-label={t('claimCheckRemove')} onClick={() => onChange((d) => ({ ...d, checks: d.checks.filter((_, k) => k !== i) }))}>
                ✕
              </button>
            </div>
          ))}
          <button type="button" class="link" onClick={() => onChange((d) => ({ ...d, checks: [...d.checks, { seat: 0, camp: 'killers' }] }))} data-testid="claim-check-add">
            + {t('claimCheckAdd')}
          </button>
        </div>
      )}
      {draft.role && actsOffered(draft.role, v) && <ActRows v={v} role={draft.role} rows={draft.acts} onChange={(update) => onChange((d) => ({ ...d, acts: update(d.acts) }))} />}
      {SEAT_CLAIMS.map(({ field, label }) => (
        <label class="claim-row">
          {t(label)}{' '}
          <SeatSelect v={v} value={draft.seats[field] ?? 0} onChange={(seat) => onChange((d) => ({ ...d, seats: { ...d.seats, [field]: seat || undefined } }))} label={t(label)} testid={`claim-${field}`} />
        </label>
      ))}
      {claim && (
        <p class="claim-preview" data-testid="claim-preview" aria-live="polite">
          {t('claimPreview', claimLine(claim))}
        </p>
      )}
      <button type="button" class="link" onClick={() => onChange(() => null)} data-testid="claim-remove">
        {t('claimRemove')}
      </button>
    </fieldset>
  );
}
