// The page in the room's voice: joining (the microphone, asked for only in the player's tap), following
// every `voice` frame the room sends (the room's ICE servers are asked for when a route first links
// this page: client/voice-ice.ts), leaving, the floor, and joining again after the socket reconnects
// (a new socket is a new peer: every old connection is closed).
import { effect } from '@preact/signals';
import type { VoiceRoute, VoiceServerFrame } from '../worker/protocol-voice.ts';
import { t } from './i18n.ts';
import { conn, showError } from './state.ts';
import { onVoice, sendVoice } from './socket.ts';
import { announce } from './live-region.tsx';
import { liveTurn, micOff, mutedHere, voiceJoined, voiceRoute } from './voice-state.ts';
import { closeAudio, openAudio, probeVoice } from './voice-audio.ts';
import { closePeers, connectedPeers, followRoute, onSignal, retune, setIce, startPeers } from './voice-peers.ts';
import { ensureIce, heldIce, useIce } from './voice-ice.ts';

let stopWatching: (() => void) | null = null;
// The room's voice frames are followed one after another: a route that links this page waits for the
// ICE servers, and the signals after it wait for that route. `joins` tells a frame of an earlier join.
let inbox: Promise<void> = Promise.resolve();
let joins = 0;

/** Joins the room's voice: called from the player's tap on "Join voice" (the one place the microphone is asked for). */
export async function joinVoice(code: string): Promise<void> {
  if (voiceJoined.peek()) return;
  let mic: MediaStreamTrack;
  try {
    // The audio starts inside the tap.
    mic = await openAudio();
  } catch (e) {
    closeAudio();
    showError((e as Error).name === 'NotAllowedError' ? 'vc_noMic' : 'vc_failed');
    return;
  }
  mic.enabled = false;
  startPeers({ ice: heldIce(code), mic, send: (to, gen, signal) => void sendVoice({ type: 'voice-signal', to, gen, signal }), mutedHere: () => mutedHere.peek(), micOff: () => micOff.peek() });
  useIce({ route: () => (voiceJoined.peek() ? voiceRoute.peek() : null), renewed: setIce });
  const join = ++joins;
  onVoice((frame) => receive(code, join, frame));
  voiceJoined.value = true;
  sendVoice({ type: 'voice-join', on: true });
  stopWatching = watchSocket();
}

/** Leaves the room's voice: every connection closed with a `bye`, the microphone stopped. */
export function leaveVoice(): void {
  if (!voiceJoined.peek()) return;
  // The byes go first: once out of the voice, the room relays nothing from this socket.
  closePeers(true);
  sendVoice({ type: 'voice-join', on: false });
  closeAudio();
  onVoice(null);
  useIce(null);
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

function receive(code: string, join: number, frame: VoiceServerFrame): void {
  if (frame.type === 'voice') showRoute(frame.route);
  inbox = inbox
    .then(async () => {
      const current = () => join === joins && voiceJoined.peek();
      if (frame.type === 'voice-signal') return void (current() && onSignal(frame.from, frame.gen, frame.signal));
      await ensureIce(code, frame.route);
      if (current()) followRoute(frame.route);
    })
    .catch(() => {});
}

/** What a route changes on the page at once: the voice bar, a live speech's start, the screen reader's line. */
function showRoute(route: VoiceRoute): void {
  const before = voiceRoute.peek();
  voiceRoute.value = route;
  // A speech's length starts when the room opens this page's microphone to the table.
  const speaking = route.talk && route.mode === 'speech';
  if (!speaking) liveTurn.since = 0;
  else if (!liveTurn.since) Object.assign(liveTurn, { since: performance.now(), sound: false });
  // A screen reader hears when the microphone passes to this player (and that it is heard).
  if (route.talk && !(before?.talk && before.mode === route.mode)) announce([{ text: t(micOff.peek() ? 'vc_saidMicOff' : micLine(route)), urgent: true }]);
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
