// How the room carries voice, behind one small interface: it tells each socket its route and passes
// signalling between sockets the step links. Today peer to peer: the room relays WebRTC offers,
// answers and candidates, and the media flows between the browsers (through TURN in `relay`
// rooms). A room that outgrows that moves to an SFU by a new module with this interface
// (docs/architecture.md, "Voice"); nothing else in the room changes.
import type { VoiceSignal } from '../protocol.ts';
import { send } from './sockets.ts';
import type { Joined, VoiceTable } from './voice-route.ts';

/** What the room asks of its voice's transport. */
export interface VoiceTransport {
  /** Tells these sockets what they may say and hear now (a `voice` frame each). */
  route(table: VoiceTable, to: readonly Joined[]): void;
  /** A signalling message from `from` for the peer `to`, made under the table's generation: carried only while the table links the two, else dropped without a word. */
  signal(table: VoiceTable, from: Joined, to: string, signal: VoiceSignal): void;
}

/** Peer to peer: routes as `voice` frames, signalling relayed as `voice-signal` frames. */
export const peerToPeer: VoiceTransport = {
  route(table, to) {
    for (const j of to) send(j.ws, { type: 'voice', route: table.route(j) });
  },
  signal(table, from, to, signal) {
    const target = table.byPeer(to);
    // Dropped silently: an answer would tell a hostile page which peers exist and which it may not reach.
    if (!target || !table.linked(from, target)) return;
    send(target.ws, { type: 'voice-signal', from: from.peer, gen: table.gen, signal });
  },
};

/** The transport this deploy's rooms use. */
export const voiceTransport: VoiceTransport = peerToPeer;
