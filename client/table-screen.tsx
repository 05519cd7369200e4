// The table screen of a room played face to face: one shared screen, seen from across
// the room, that is the judge's voice. It holds the spectator's view only (the server gives it no
// more) and says the judge's lines (client/table-voice.ts) with the browser's speechSynthesis.
import { effect, signal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { LogEntry, View } from '../worker/engine/types.ts';
import { lang, t } from './i18n.ts';
import { RoundTable, type TableSeat } from './round-table.tsx';
import { conn, room, view } from './state.ts';
import { stillWorth, tableLines, type Spoken } from './table-voice.ts';
import { plateOf, who } from './log-text.ts';
import { tones } from './cue.ts';
import { Countdown } from './kit.tsx';
import { Tally } from './tally.tsx';
import { candidatesOf, type BallotsEvent } from './story.ts';
import { QrCode } from './lobby.tsx';

const voiceOn = signal(localStorage.getItem('tianhei.voice') !== 'off');
/** What is being said now: the caption always shows it, voice or not. */
const caption = signal<string[]>([]);
const noVoice = signal(false);

/** Whether this device has a voice for the language (an empty list: not loaded yet, so try speaking). */
function hasVoice(l: string): boolean {
  const voices = speechSynthesis.getVoices();
  return voices.length === 0 || voices.some((v) => v.lang.toLowerCase().startsWith(l.slice(0, 2).toLowerCase()));
}

/** Lines waiting to be said, in order: kept here, not in the browser's queue, so a stale one can be dropped. */
let waiting: Spoken[] = [];
/** The utterance being said (held so the browser cannot collect it before its `end`), or null. */
let current: SpeechSynthesisUtterance | null = null;
/** Moves on if a voice never reports its end (some browsers lose it): well past any line's length. */
let stuck: ReturnType<typeof setTimeout> | undefined;

/** Says the next waiting line, if nothing is being said. */
function sayNext(): void {
  if (current) return;
  const line = waiting.shift();
  if (!line) return;
  const l = lang.peek();
  const voice = speechSynthesis.getVoices().find((v) => v.lang.toLowerCase().startsWith(l.slice(0, 2).toLowerCase()));
  const u = new SpeechSynthesisUtterance(line.text);
  u.lang = l;
  if (voice) u.voice = voice;
  const done = () => {
    if (current !== u) return;
    clearTimeout(stuck);
    current = null;
    sayNext();
  };
  u.onend = done;
  u.onerror = done;
  current = u;
  // Slower than any voice (a Chinese voice says about 4 characters a second): moving on while the line
  // is still being said would queue the next in the browser behind it, out of this queue's reach.
  stuck = setTimeout(done, 5_000 + 400 * line.text.length);
  speechSynthesis.speak(u);
}

/**
 * Says the lines of a new view after what is still waiting, keeping only what is still worth saying
 * in the game `now` (client/table-voice.ts `stillWorth`: never far behind, always the verdicts and
 * the end); a chime where there is no voice.
 */
function speak(lines: Spoken[], now: View): void {
  waiting = stillWorth(lang.peek(), waiting, [], now);
  if (!lines.length) return;
  caption.value = lines.map((l) => l.text);
  if (!voiceOn.value) return;
  noVoice.value = typeof speechSynthesis === 'undefined' || !hasVoice(lang.value);
  if (noVoice.value) return tones([523, 659]);
  waiting = stillWorth(lang.peek(), waiting, lines, now);
  sayNext();
}

/** Stops the voice and forgets what was waiting. */
function silence(): void {
  waiting = [];
  current = null;
  clearTimeout(stuck);
  if (typeof speechSynthesis !== 'undefined') speechSynthesis.cancel();
}

function toggleVoice(): void {
  voiceOn.value = !voiceOn.value;
  localStorage.setItem('tianhei.voice', voiceOn.value ? 'on' : 'off');
  if (!voiceOn.value) silence();
}

/**
 * Speaks what changed between the view it last spoke for and this one. After a drop it starts again
 * from nothing with the room's current view (not the one it had before the drop), so it says where
 * the game is now instead of replaying what happened while it was away.
 */
function useVoice(): void {
  // A signal effect, not a render effect: it runs for every frame, so two steps that arrive before the
  // next render (a quick "pass" after last words) are both said.
  useEffect(() => {
    let before: View | null = null;
    let stale: View | null = null;
    const stop = effect(() => {
      const v = view.value;
      if (conn.value !== 'open') {
        stale = v;
        before = null;
        return;
      }
      // Reopened: the view on screen is from before the drop until the room's first frame replaces it.
      if (!v || v === stale) return;
      stale = null;
      // The room's bots have no voice at the table: the screen says their speeches.
      const bots = new Set(room.peek()?.seats.filter((s) => s.bot).map((s) => s.seat));
      speak(tableLines(lang.peek(), before, v, (seat) => bots.has(seat)), v);
      before = v;
    });
    // Leaving the table screen leaves nothing queued to be said over the next screen.
    return () => {
      stop();
      silence();
    };
  }, []);
}

/** The last ballot, revealed (public once the ballot closes): each seat's votes and who cast them, shown until night falls. */
function Revealed({ v }: { v: View }) {
  const i = v.log.map((e) => e.event.type).lastIndexOf('ballots');
  if (i < 0 || v.log.slice(i).some((e) => e.event.type === 'nightfall')) return null;
  const e = v.log[i]!;
  if (e.event.type !== 'ballots') return null;
  return (
    <div class="revealed" data-testid="revealed">
      <Tally e={e as LogEntry & { event: BallotsEvent }} candidates={candidatesOf(v.log, e)} />
    </div>
  );
}

/** The room's link and QR code in big type, for the players around the table to join from their phones. */
function JoinHere({ code }: { code: string }) {
  const link = `${location.origin}/r/${code}`;
  return (
    <div class="join-here" data-testid="table-join">
      <p>{t('invite')}</p>
      <p class="big mono" data-testid="table-join-link">{link}</p>
      <QrCode text={link} />
    </div>
  );
}

/** The table screen: the round table, whose turn it is, the countdown, and the caption of the voice. */
export function TableScreen() {
  const v = view.value;
  const r = room.value;
  useVoice();
  if (!r) return <main class="table-screen"><p class="wait">{t('connecting')}</p></main>;
  const night = v?.phase === 'night';
  const step = v?.step;
  const active = step && (step.kind === 'speech' || step.kind === 'last-words') ? step.seat : step?.kind === 'ballot' ? (step.turn ?? 0) : 0;
  const seats: TableSeat[] = (v?.seats ?? r.seats.map((s) => ({ seat: s.seat, alive: true }))).map((s) => ({
    seat: s.seat,
    ...plateOf(s.seat),
    alive: s.alive,
    ...('role' in s && s.role && v?.result ? { role: s.role } : {}),
    voted: 'voted' in s && !!s.voted,
    active: s.seat === active,
  }));
  const now = v ? tableLines(lang.value, null, v).at(-1)?.text : undefined;
  const title = !v ? `${t('room')} ${r.code} · ${t('lobby')}` : v.result ? '' : night ? t('nightN', v.round) : t('dayN', v.round);
  return (
    <main class={night ? 'table-screen night' : 'table-screen'} data-testid="table-screen" data-phase={v?.phase ?? 'lobby'} data-step={step?.kind ?? 'lobby'}>
      <header>
        <h1>{title}</h1>
        {step && 'endsAt' in step && <Countdown endsAt={step.endsAt} />}
        <button type="button" class="voice" onClick={toggleVoice} data-testid="voice-switch" aria-pressed={voiceOn.value}>
          {voiceOn.value ? t('voiceOn') : t('voiceOff')}
        </button>
      </header>
      <div class="table-big">
        <RoundTable seats={seats} />
        <div>
          {now && <p class="now">{now}</p>}
          {active > 0 && step?.kind !== 'ballot' && (
            <p class="speaker" data-testid="table-speaker">
              {t('speaking', who(active))}
            </p>
          )}
          {step?.kind === 'ballot' && <p data-testid="ballots-in">{t('ballotsIn', step.ballotsIn, step.voters)}</p>}
          {v && step?.kind !== 'ballot' && <Revealed v={v} />}
          {/* Before the game, the screen everyone sees carries the way in: the room's link and its QR code. */}
          {!v && <JoinHere code={r.code} />}
        </div>
      </div>
      <p class="caption" aria-live="polite" data-testid="caption">
        {caption.value.join(' ')}
      </p>
      {noVoice.value && <p class="muted center">{t('noVoice')}</p>}
      {conn.value !== 'open' && (
        <p class="muted center" data-testid="reconnecting">
          {t('connecting')}
        </p>
      )}
    </main>
  );
}
