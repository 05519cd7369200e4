// The live voice on screen: "Join voice" (the one place the microphone is asked for), then, held at the
// foot of every screen of the room, the microphone's state in words with its level, muting one's own
// microphone while the route keeps it open, who is heard now with a level meter, the big push-to-talk
// of floor control, muting a seat on this device and "Leave voice".
// Loaded only in a room whose voice is on (client/room-page.tsx).
import { useEffect, useRef, useState } from 'preact/hooks';
import type { RoomView } from '../worker/protocol.ts';
import { t } from './i18n.ts';
import { view } from './state.ts';
import { who } from './log-text.ts';
import { micOff, mutedHere, voiceJoined, voiceRoute } from './voice-state.ts';
import { holdFloor, joinVoice, leaveVoice, muteHere, muteMic } from './voice-link.ts';
import { heardWords, micWords } from './voice-words.ts';
import { startMeters } from './voice-meter.ts';
import './voice.css';

/** The room's voice bar; leaving the room leaves its voice. */
export function VoiceBar({ r }: { r: RoomView }) {
  const [joining, setJoining] = useState(false);
  useEffect(() => leaveVoice, []);
  useEffect(() => (voiceJoined.value ? startMeters() : undefined), [voiceJoined.value]);
  const route = voiceRoute.value;
  if (!voiceJoined.value) {
    // Over days a speech is a recording: live voice is the extra, so its bar stays one short line.
    const days = r.pace.preset === 'async';
    return (
      <section class={days ? 'voice-bar compact' : 'voice-bar'} aria-label={t('vc_voice')} data-testid="voice-bar">
        <button
          type="button"
          class={days ? '' : 'primary'}
          disabled={joining}
          data-testid="voice-join"
          onClick={() => {
            setJoining(true);
            void joinVoice(r.code).finally(() => setJoining(false));
          }}
        >
          🎙 {joining ? t('vc_joining') : t('vc_join')}
        </button>
        <p class="hint" data-testid="voice-join-note">{t(days ? 'vc_joinNoteAsync' : 'vc_joinNote')}</p>
      </section>
    );
  }
  const open = !!route?.talk;
  const talk = open && !micOff.value;
  // Push-to-talk already closes the microphone on let-go; any other open microphone (the judge's at
  // every step, a speech, last words, a team's call) stays open until the player mutes it.
  const pushed = route?.mode === 'floor' && r.you.seat !== null && route.floor?.seat === r.you.seat;
  return (
    <section class={talk ? 'voice-bar live' : 'voice-bar'} aria-label={t('vc_voice')} data-testid="voice-bar" data-mode={route?.mode ?? ''} data-talk={String(talk)}>
      <p class="mic-state" data-testid="mic-state">
        <span aria-hidden="true">{talk ? '🎙' : '🔇'}</span> {route ? micWords(route, r, view.value) : t('vc_joining')}
        {open && <i class="meter" aria-hidden="true"><b data-voice-level="me" /></i>}
      </p>
      {(micOff.value || (open && !pushed)) && <MuteMic />}
      {route && <Heard />}
      {route?.mode === 'floor' && r.you.seat !== null && <PushToTalk mine={!!route.floor && route.floor.seat === r.you.seat} rest={route.rest} />}
      <details class="voice-more">
        <summary>{t('vc_seats')}</summary>
        <MuteSeats r={r} />
        <button type="button" onClick={leaveVoice} data-testid="voice-leave">
          {t('vc_leave')}
        </button>
      </details>
    </section>
  );
}

/** The player's own microphone, muted or not: a toggle whose name stays and whose pressed state says which. */
function MuteMic() {
  const off = micOff.value;
  return (
    <button type="button" class={off ? 'mic-toggle on' : 'mic-toggle'} aria-pressed={off} data-testid="mic-toggle" onClick={() => muteMic(!off)}>
      <span aria-hidden="true">{off ? '🔇' : '🎙'}</span> {t('vc_micMute')}
    </button>
  );
}

/** Who is heard now, in words, with the level of the first voice heard. */
function Heard() {
  const route = voiceRoute.value!;
  const first = route.hear.find((s) => !(s.seat !== null && mutedHere.value.has(s.seat)));
  const words = heardWords(route);
  if (!words) return null;
  return (
    <p class="voice-heard" data-testid="voice-heard">
      {words}
      {first && <i class="meter" aria-hidden="true"><b data-voice-level={first.seat ?? 'judge'} /></i>}
    </p>
  );
}

/**
 * The floor's one big button: held with a finger, a mouse, or Space or Enter; let go passes the floor.
 * Held while another seat has the floor, the press waits in the room's line and the room gives this
 * seat the floor when it is its turn: the page never presses again by itself. A hold that ran to the
 * cap ends the press (the player presses again themself), and the button says how long until the
 * room lets this seat take the floor again.
 */
function PushToTalk({ mine, rest }: { mine: boolean; rest?: number }) {
  const [held, setHeld] = useState(false);
  const heldNow = useRef(false);
  const wasMine = useRef(mine);
  const resting = useRestLeft(rest);
  const hold = (on: boolean) => {
    if (on === heldNow.current) return;
    heldNow.current = on;
    setHeld(on);
    holdFloor(on);
  };
  // The floor is let go if the button goes while held (the floor ended, the player left voice).
  useEffect(() => () => void (heldNow.current && holdFloor(false)), []);
  // The floor stopped being this seat's while the finger is still down (its time ran out): the press is over.
  useEffect(() => {
    if (wasMine.current && !mine && heldNow.current) (heldNow.current = false), setHeld(false);
    wasMine.current = mine;
  }, [mine]);
  const key = (e: KeyboardEvent) => e.key === ' ' || e.key === 'Enter';
  return (
    <>
      <button
        type="button"
        class={mine ? 'ptt on' : held ? 'ptt wait' : 'ptt'}
        aria-pressed={held}
        aria-describedby="ptt-hint"
        data-testid="push-to-talk"
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          hold(true);
        }}
        onPointerUp={() => hold(false)}
        onPointerCancel={() => hold(false)}
        onKeyDown={(e) => {
          if (!key(e)) return;
          e.preventDefault();
          if (!e.repeat) hold(true);
        }}
        onKeyUp={(e) => key(e) && (e.preventDefault(), hold(false))}
        onBlur={() => hold(false)}
        onContextMenu={(e) => e.preventDefault()}
      >
        {mine ? t('vc_talkingRelease') : held ? t('vc_floorWait') : resting > 0 ? t('vc_floorRestBtn') : t('vc_holdToTalk')}
      </button>
      <p class="hint ptt-hint" id="ptt-hint" data-testid="ptt-hint">
        {resting > 0 && !mine ? t('vc_floorRest', resting) : t('vc_pttHint')}
      </p>
    </>
  );
}

/** Whole seconds left of this seat's rest from the floor (0: none), counting down once a second. */
function useRestLeft(rest: number | undefined): number {
  const left = () => (rest === undefined ? 0 : Math.max(0, Math.ceil((rest - Date.now()) / 1000)));
  const [n, setN] = useState(left);
  useEffect(() => {
    setN(left());
    if (rest === undefined) return;
    const timer = setInterval(() => {
      const now = left();
      setN(now);
      if (now === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [rest]);
  return n;
}

/** The other seats, each muted or not on this device only. */
function MuteSeats({ r }: { r: RoomView }) {
  const muted = mutedHere.value;
  const others = r.seats.filter((s) => s.seat !== r.you.seat && !s.bot);
  if (!others.length) return null;
  return (
    <ul class="voice-mutes">
      {others.map((s) => {
        const on = muted.has(s.seat);
        return (
          <li key={s.seat}>
            <button type="button" aria-pressed={on} aria-label={t('vc_muteSeat', who(s.seat))} class={on ? 'on' : ''} data-testid="voice-mute" data-seat={s.seat} onClick={() => muteHere(s.seat, !on)}>
              <span aria-hidden="true">{on ? '🔇' : '🔈'}</span> {who(s.seat)}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
