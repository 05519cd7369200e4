// A speech as the feed shows it: the speaker's own words, and its claim as a clear line of its own
// in the reader's language, in the words bots use (worker/engine/bots/claims.ts), whoever made it.
import { renderClaim } from '../worker/engine/bots/claims.ts';
import type { Claim, GameEvent } from '../worker/engine/types.ts';
import { LANGS } from '../worker/protocol.ts';
import { lang, t } from './i18n.ts';
import { VoiceNotePlayer } from './voice-note-player.tsx';
import { clockLength } from './voice-note-length.ts';

type Said = Extract<GameEvent, { type: 'said' }>;

/** A claim as one line in the reader's language, the words bots say theirs in. */
export function claimLine(claim: Claim): string {
  return renderClaim(claim, lang.value);
}

/** Whether the words are only the claim said in one of the four languages (a bot's speech, or a claim sent alone): the claim line then reads it. */
function onlyTheClaim(ev: Said): boolean {
  return !!ev.claim && LANGS.some((l) => renderClaim(ev.claim!, l) === ev.text);
}

/** The speech's words, voice note and claim, for a line already naming the speaker (`by`: the speaker's name for the note's player, as of the speech). */
export function SaidWords({ ev, by }: { ev: Said; by?: string }) {
  const voice = ev.voice;
  return (
    <>
      {voice && <VoiceNotePlayer ev={{ ...ev, voice }} by={by} />}
      {!onlyTheClaim(ev) && ev.text && <bdi>{ev.text}</bdi>}
      {ev.claim && (
        <span class="claim" data-testid="claim">
          <b>{t('claimTag')}</b> {claimLine(ev.claim)}
        </span>
      )}
    </>
  );
}

/** The same as plain text ("voice speech (0:48) · words · Claim: As police: #4 is a killer."), for the places that show a line of text. */
export function saidText(ev: Said): string {
  const parts = [ev.voice ? t('vn_short', clockLength(ev.voice.ms)) : '', onlyTheClaim(ev) ? '' : ev.text, ev.claim ? `${t('claimTag')}: ${claimLine(ev.claim)}` : ''];
  return parts.filter(Boolean).join(' · ');
}
