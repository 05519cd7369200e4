// The page's WebRTC connections, one per peer the room's route names: the listener offers (both
// ways, the smaller peer name), the other answers; the microphone goes only to peers that may hear
// this page while it may talk (the same connection all along: its track is swapped, never the
// connection); every peer in neither list is closed (both ends do, as their routes say: the room
// would relay no `bye` between them), and leaving the voice says `bye` to each. Non-trickle ICE: an SDP is sent
// once its candidates are gathered, so a connection costs two frames. Every signal carries the
// generation of the route it is sent under, and a signal of another generation is ignored (the room
// drops those too): an offer or answer lost that way is made again under the new route, by whichever
// end that route makes the one to offer (the roles can turn with it).
import { MAX_SDP, type VoiceIce, type VoiceRoute, type VoiceSignal } from '../worker/protocol-voice.ts';
import { play, setHeard, stopPlaying } from './voice-audio.ts';

interface Link {
  pc: RTCPeerConnection;
  /** The track this link sends now (the microphone or none), so a route that changes nothing swaps nothing. */
  sending: MediaStreamTrack | null;
  /** Whether this page made the offer (else it answered the peer's). */
  mine: boolean;
  /** The generation its offer was sent under, while this page offered and awaits the answer. */
  offered?: number;
  /** Whether it ever came up (connected). */
  up: boolean;
}

/** How the connections reach the room and the microphone (client/voice-link.ts). */
export interface PeerSetup {
  /** The room's ICE servers; null until the room gave this page some (no connection is made before). */
  ice: VoiceIce | null;
  mic: MediaStreamTrack;
  /** Sends a signal to a peer under the route of generation `gen`. */
  send: (to: string, gen: number, signal: VoiceSignal) => void;
  /** Seats muted on this device. */
  mutedHere: () => ReadonlySet<number>;
  /** Whether the player muted their own microphone. */
  micOff: () => boolean;
}

let setup: PeerSetup | null = null;
let route: VoiceRoute | null = null;
const links = new Map<string, Link>();
// Gathering candidates on a network that answers nothing must not hold an offer forever.
const GATHER_MS = 4_000;
// An offer whose connection is not up this long after its answer came is made again while the route
// still wants it: a phone's network can swallow the first try. Counted from the answer, never from the
// offer: a loaded phone can take longer than this to answer, and an offer made again meanwhile would
// throw its answer away each time (the room relays every answer made under the current route; one
// lost with an older route is made again when the new route comes).
const CONNECT_MS = 10_000;

/** Starts following routes with this microphone and these ICE servers. */
export function startPeers(s: PeerSetup): void {
  closePeers(false);
  setup = s;
}

/** New ICE servers (renewed credentials): for every connection made from now on, and for the ones open, at their next gathering. */
export function setIce(ice: VoiceIce): void {
  if (!setup) return;
  setup.ice = ice;
  for (const { pc } of links.values()) {
    try {
      pc.setConfiguration({ ...pc.getConfiguration(), iceServers: ice.iceServers, iceTransportPolicy: ice.relayOnly ? 'relay' : 'all' });
    } catch {
      // A closed connection takes none; it is dropped with its route.
    }
  }
}

/** Closes every connection (with a `bye` to each when `bye`), as on leaving voice or after the socket reconnected under a new peer name. */
export function closePeers(bye: boolean): void {
  for (const peer of [...links.keys()]) drop(peer, bye);
  route = null;
}

/** The peers this page has a connection with now (the voice bar's "connected" count, and tests). */
export function connectedPeers(): string[] {
  return [...links.keys()];
}

/** Whether the microphone goes out now: the route lets this page talk and the player has not muted it. */
const micOpen = (r: VoiceRoute) => r.talk && !setup?.micOff();
const hears = (r: VoiceRoute, peer: string) => r.hear.some((s) => s.peer === peer);
const allowed = (r: VoiceRoute, peer: string) => hears(r, peer) || r.heardBy.includes(peer);
/** Who opens a connection: the listener; when both hear each other, the smaller peer name. */
const offers = (r: VoiceRoute, peer: string) => hears(r, peer) && (!r.heardBy.includes(peer) || r.peer < peer);

/** Follows one `voice` frame: closes, opens, mutes and unmutes as it says. */
export function followRoute(r: VoiceRoute): void {
  if (!setup) return;
  route = r;
  setup.mic.enabled = micOpen(r);
  // No bye: the room relays nothing between two peers it no longer links.
  for (const peer of [...links.keys()]) if (!allowed(r, peer)) drop(peer, false);
  for (const [peer, link] of links) {
    // An offer sent under an older route whose answer never came was dropped on the way (by the room, or
    // by the peer, if it was sent as the step changed): whoever offers under this route offers again.
    const lost = link.offered !== undefined && link.offered !== r.gen && link.pc.signalingState === 'have-local-offer';
    // A connection this page answered that never came up, while this route makes this page the one to
    // offer: the roles turned with the route, and the peer, which offered it, now waits for this page's
    // offer (its own was lost with the old route, or is replaced by this one).
    const turned = !link.mine && !link.up && offers(r, peer);
    if (lost || turned) drop(peer, false);
  }
  // Without ICE servers (the room gave none yet) nothing is offered: the next route that links this page brings them.
  for (const peer of new Set([...r.hear.map((s) => s.peer), ...r.heardBy])) {
    if (setup.ice && peer !== r.peer && !links.has(peer) && offers(r, peer)) void offer(peer);
  }
  for (const [peer, link] of links) tune(peer, link);
}

/** Sends the microphone to a peer only while this page talks and that peer may hear it; plays the peer only while it may be heard and is not muted here. */
function tune(peer: string, link: Link): void {
  const r = route;
  if (!setup || !r) return;
  const want = micOpen(r) && r.heardBy.includes(peer) ? setup.mic : null;
  // A connection still taking in the peer's offer has no sender yet (a loaded phone takes seconds): it
  // is tuned once the offer is in, so what it sends is noted only when it is swapped.
  const sender = link.pc.getTransceivers()[0]?.sender;
  if (sender && link.sending !== want) {
    link.sending = want;
    void sender.replaceTrack(want).catch(() => {
      if (link.sending === want) link.sending = null;
    });
  }
  const seat = r.hear.find((s) => s.peer === peer)?.seat;
  setHeard(peer, hears(r, peer) && !(seat != null && setup.mutedHere().has(seat)));
}

/** Applies this device's mutes now (a seat muted or unmuted here, or the player's own microphone). */
export function retune(): void {
  // A disabled track sends silence at once; the swap to no track follows without renegotiating.
  if (setup && route) setup.mic.enabled = micOpen(route);
  for (const [peer, link] of links) tune(peer, link);
}

function newLink(peer: string, mine: boolean): Link {
  const ice = setup!.ice!;
  const pc = new RTCPeerConnection({ iceServers: ice.iceServers, iceTransportPolicy: ice.relayOnly ? 'relay' : 'all' });
  const link: Link = { pc, sending: null, mine, up: false };
  pc.ontrack = (e) => {
    if (links.get(peer) !== link) return;
    play(peer, e.streams[0] ?? new MediaStream([e.track]), false);
    tune(peer, link);
  };
  pc.onconnectionstatechange = () => {
    if (pc.connectionState === 'connected') link.up = true;
    // A connection that failed is opened again by whoever offers, while the route still wants it.
    if (pc.connectionState !== 'failed' || links.get(peer) !== link) return;
    drop(peer, false);
    setTimeout(() => route && followRoute(route), 1_000);
  };
  links.set(peer, link);
  return link;
}

function drop(peer: string, bye: boolean): void {
  const link = links.get(peer);
  if (!link) return;
  links.delete(peer);
  stopPlaying(peer);
  link.pc.close();
  if (bye && route) setup?.send(peer, route.gen, { kind: 'bye' });
}

async function offer(peer: string): Promise<void> {
  const link = newLink(peer, true);
  const { pc } = link;
  try {
    pc.addTransceiver('audio', { direction: 'sendrecv' });
    tune(peer, link);
    await pc.setLocalDescription(await pc.createOffer());
    const sdp = await gathered(pc);
    if (links.get(peer) !== link || !route) return;
    link.offered = route.gen;
    setup?.send(peer, route.gen, { kind: 'offer', sdp });
  } catch {
    if (links.get(peer) === link) drop(peer, false);
  }
}

/** Answers an offer made under the route of generation `gen`: the answer is made under it too (if that route is gone when it is ready, the room drops it and the peer offers again). */
async function answer(peer: string, sdp: string, gen: number): Promise<void> {
  const link = newLink(peer, false);
  const { pc } = link;
  try {
    await pc.setRemoteDescription({ type: 'offer', sdp });
    const tr = pc.getTransceivers()[0];
    // Both ways on one connection: when the turn comes back, the microphone goes on the same connection.
    if (tr) tr.direction = 'sendrecv';
    tune(peer, link);
    await pc.setLocalDescription(await pc.createAnswer());
    const mine = await gathered(pc);
    if (links.get(peer) === link) setup?.send(peer, gen, { kind: 'answer', sdp: mine });
  } catch {
    if (links.get(peer) === link) drop(peer, false);
  }
}

/** A signalling message the room relayed from a peer, made under the route of generation `gen`. */
export function onSignal(from: string, gen: number, signal: VoiceSignal): void {
  const r = route;
  // Made for another step than this page's route: whatever it asks, this route has decided otherwise.
  if (!setup || !r || gen !== r.gen) return;
  const link = links.get(from);
  switch (signal.kind) {
    case 'offer': {
      if (!allowed(r, from) || !setup.ice) return;
      // Both offered at once (the roles turned with a route while an offer travelled): the offer of the
      // end this route makes the one to offer stands; the other end's route says the same (the room sends
      // both before it relays a signal made under them).
      if (link?.pc.signalingState === 'have-local-offer' && offers(r, from)) return;
      // Any other offer replaces what there was (the peer started again).
      if (link) drop(from, false);
      void answer(from, signal.sdp, gen);
      return;
    }
    case 'answer':
      if (link?.pc.signalingState !== 'have-local-offer') return;
      delete link.offered;
      void link.pc.setRemoteDescription({ type: 'answer', sdp: signal.sdp }).then(() => awaitUp(from, link), () => drop(from, false));
      return;
    case 'ice':
      if (link) void link.pc.addIceCandidate({ candidate: signal.candidate, sdpMid: signal.sdpMid ?? null, sdpMLineIndex: signal.sdpMLineIndex ?? null }).catch(() => {});
      return;
    case 'bye':
      // Of this route's generation: the peer closed its end now (it left the voice); a route without it follows.
      drop(from, false);
      return;
  }
}

/** After this page's offer was answered: made again if its connection is not up within CONNECT_MS, while the route still wants it. */
function awaitUp(peer: string, link: Link): void {
  setTimeout(() => {
    if (links.get(peer) !== link || link.up) return;
    drop(peer, false);
    if (route) followRoute(route);
  }, CONNECT_MS);
}

/** The local description once its candidates are gathered (or after GATHER_MS), cut to what one frame carries. */
async function gathered(pc: RTCPeerConnection): Promise<string> {
  if (pc.iceGatheringState !== 'complete') {
    await new Promise<void>((done) => {
      const timer = setTimeout(done, GATHER_MS);
      pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && (clearTimeout(timer), done()));
    });
  }
  return fit(pc.localDescription!.sdp);
}

/** An SDP within MAX_SDP: TCP candidates go first, then the last candidates, until it fits (a phone with many interfaces). */
function fit(sdp: string): string {
  let lines = sdp.split('\r\n');
  const size = () => lines.join('\r\n').length;
  if (size() > MAX_SDP) lines = lines.filter((l) => !(l.startsWith('a=candidate') && / tcp /i.test(l)));
  while (size() > MAX_SDP) {
    const last = lines.map((l) => l.startsWith('a=candidate')).lastIndexOf(true);
    if (last < 0) break;
    lines.splice(last, 1);
  }
  return lines.join('\r\n');
}
