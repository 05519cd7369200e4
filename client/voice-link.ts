// The page in the room's voice: joining (the microphone, asked for only in the player's tap, and the
// room's ICE servers), following every `voice` frame the room sends, leaving, the floor, and joining
// again after the socket reconnects (a new socket is a new peer: every old connection is closed).
import { effect } from '@preact/signals';
import type { VoiceIce, VoiceRoute, VoiceServerFrame } from '../worker/protocol-voice.ts';
import type { ErrorBody } from '../worker/protocol.ts';
import { t } from './i18n.ts';
import { conn, showError, stored } from './state.ts';
import { onVoice, sendVoice } from './socket.ts';
import { announce } from './live-region.tsx';
import { liveTurn, micOff, mutedHere, voiceJoined, voiceRoute } from './voice-state.ts';
import { closeAudio, openAudio, probeVoice } from './voice-audio.ts';
import { closePeers, connectedPeers, followRoute, onSignal, retune, startPeers } from './voice-peers.ts';

let stopWatching: (() => void) | null = null;

/** Joins the room's voice: called from the player's tap on "Join voice" (the one place the microphone is asked for). */
export async function joinVoice(code: string): Promise<void> {
  if (voiceJoined.peek()) return;
  let mic: MediaStreamTrack;
  let ice: VoiceIce;
  try {
    // The audio starts inside the tap; the ICE servers come meanwhile.
    const iceCall = iceServers(code);
    mic = await openAudio();
    ice = await iceCall;
  } catch (e) {
    closeAudio();
    const err = e as Error & { code?: string };
    if (err.name === 'NotAllowedError') showError('vc_noMic');
    else if (err.code) showError(err.code, err.message);
    else showError('vc_failed');
    return;
  }
  mic.enabled = false;
  startPeers({ ice, mic, send: (to, gen, signal) => void sendVoice({ type: 'voice-signal', to, gen, signal }), mutedHere: () => mutedHere.peek(), micOff: () => micOff.peek() });
  onVoice(receive);
  voiceJoined.value = true;
  sendVoice({ type: 'voice-join', on: true });
  stopWatching = watchSocket();
}

/** The room's ICE servers for this device: its seat's token rides in the Authorization header (a spectator has none); a refusal throws its code. */
async function iceServers(code: string): Promise<VoiceIce> {
  const token = stored(code)?.token;
  const res = await fetch(`/api/rooms/${code}/voice-ice`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
  if (res.ok) return (await res.json()) as VoiceIce;
  const body = (await res.json().catch(() => null)) as Partial<ErrorBody> | null;
  throw Object.assign(new Error(body?.error?.message ?? String(res.status)), { code: body?.error?.code ?? 'vc_failed' });
}

/** Leaves the room's voice: every connection closed with a `bye`, the microphone stopped. */
export function leaveVoice(): void {
  if (!voiceJoined.peek()) return;
  // The byes go first: once out of the voice, the room relays nothing from this socket.
  closePeers(true);
  sendVoice({ type: 'voice-join', on: false });
  closeAudio();
  onVoice(null);
  stopWatching?.();
  stopWatching = null;
  voiceRoute.value = null;
  voiceJoined.value = false;
  // Joining again opens the microphone as a first join does.
  micOff.value = false;
  liveTurn.since = 0;
}

/** Press to talk (`hold`) and let go, in floor mode. */
export function holdFloor(hold: boolean): void {
  sendVoice({ type: 'voice-floor', hold });
}

/** Mutes or unmutes this player's own microphone: nobody hears it while muted, whatever the route. */
export function muteMic(off: boolean): void {
  micOff.value = off;
  retune();
}

/** Mutes or unmutes a seat on this device only. */
export function muteHere(seat: number, muted: boolean): void {
  const next = new Set(mutedHere.peek());
  if (muted) next.add(seat);
  else next.delete(seat);
  mutedHere.value = next;
  retune();
}

function receive(frame: VoiceServerFrame): void {
  if (frame.type === 'voice-signal') return onSignal(frame.from, frame.gen, frame.signal);
  const before = voiceRoute.peek();
  voiceRoute.value = frame.route;
  // A speech's length starts when the room opens this page's microphone to the table.
  const speaking = frame.route.talk && frame.route.mode === 'speech';
  if (!speaking) liveTurn.since = 0;
  else if (!liveTurn.since) Object.assign(liveTurn, { since: performance.now(), sound: false });
  followRoute(frame.route);
  // A screen reader hears when the microphone passes to this player (and that it is heard).
  if (frame.route.talk && !(before?.talk && before.mode === frame.route.mode)) announce([{ text: t(micOff.peek() ? 'vc_saidMicOff' : micLine(frame.route)), urgent: true }]);
}

/** The line said when this page's microphone opens. */
function micLine(r: VoiceRoute): 'vc_saidTeam' | 'vc_saidFloor' | 'vc_saidTurn' {
  return r.mode === 'team' ? 'vc_saidTeam' : r.mode === 'floor' ? 'vc_saidFloor' : 'vc_saidTurn';
}

/** After the socket reconnects the room knows this page under a new peer name: close the old connections and join again. */
function watchSocket(): () => void {
  let was = conn.peek();
  return effect(() => {
    const now = conn.value;
    if (now === 'open' && was !== 'open') {
      closePeers(false);
      voiceRoute.value = null;
      sendVoice({ type: 'voice-join', on: true });
    }
    was = now;
  });
}

// What a test measures of the page's voice (test/browser/voice-*.test.ts): what it plays, the peers it
// holds a connection with, its route. Only in the browser tests' build: the production page has none.
if (__VOICE_PROBE__) Object.assign(window, { tianheiVoice: { probe: probeVoice, peers: connectedPeers, route: () => voiceRoute.peek() } });
