// The protocol's voice frames: live rooms carry WebRTC signalling over the room's own WebSocket,
// relayed by the room only between sockets the game's current step lets hear each other; games
// over days leave speeches as voice notes. Part of the protocol (worker/protocol.ts re-exports it),
// kept apart so each file stays one job. docs/protocol.md, "Voice", says how the frames are used.
import * as v from 'valibot';
import type { Seat } from './engine/index.ts';

/** A voice peer: one socket that joined the room's voice, named by the room for this connection (never a token or a seat). */
export const VoicePeerSchema = /* @__PURE__ */ v.pipe(v.string(), v.regex(/^[0-9a-z]{8,16}$/));

/** The longest SDP a page may send: an Opus-only audio session with its candidates is a few KB, and a frame is at most 8 KiB. */
export const MAX_SDP = 7_000;

/** One signalling message from a peer to another: an SDP offer or answer, an ICE candidate, or `bye` (close our connection). */
export const VoiceSignalSchema = /* @__PURE__ */ v.variant('kind', [
  v.object({ kind: v.literal('offer'), sdp: v.pipe(v.string(), v.maxLength(MAX_SDP)) }),
  v.object({ kind: v.literal('answer'), sdp: v.pipe(v.string(), v.maxLength(MAX_SDP)) }),
  v.object({
    kind: v.literal('ice'),
    candidate: v.pipe(v.string(), v.maxLength(1_000)),
    sdpMid: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64)))),
    sdpMLineIndex: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(64)))),
  }),
  v.object({ kind: v.literal('bye') }),
]);
/** One of VoiceSignalSchema's messages. */
export type VoiceSignal = v.InferOutput<typeof VoiceSignalSchema>;

/** This socket joins the room's voice (`on`), after its player tapped "Join voice", or leaves it. Answered with a `voice` frame. */
export const VoiceJoinFrame = /* @__PURE__ */ v.object({ type: v.literal('voice-join'), on: v.boolean() });
/** A route's generation (VoiceRoute.gen): a whole number below 2³², named by the step it was made for. */
export const VoiceGenSchema = /* @__PURE__ */ v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(0xffff_ffff));
/**
 * A signalling message for one peer, made under the route of generation `gen`; the room relays it only
 * while that is still the current generation and the step lets the two hear each other, and drops it silently otherwise.
 */
export const VoiceSignalFrame = /* @__PURE__ */ v.object({ type: v.literal('voice-signal'), to: VoicePeerSchema, gen: VoiceGenSchema, signal: VoiceSignalSchema });
/** Press to talk (`hold: true`) and let go, where the step gives the floor to one voice at a time (free talk, the open day). */
export const VoiceFloorFrame = /* @__PURE__ */ v.object({ type: v.literal('voice-floor'), hold: v.boolean() });

/** A peer this socket may hear now, and whose voice it is. */
export interface VoiceSource {
  peer: string;
  /** The seat that speaks through this peer; null for the human judge. */
  seat: Seat | null;
  judge?: true;
}

/**
 * What one socket may say and hear now, decided from the game's step for its viewer
 * (worker/engine/voice.ts): sent on joining voice and at every step change to every socket that joined
 * (alike whether it changed), and when peers it hears or that hear it join or leave.
 */
export interface VoiceRoute {
  /** This socket's peer name. */
  peer: string;
  /**
   * The route's generation: a number named by the voice's step (its public key), the same for every
   * socket; a new step has a new one. A signal carries the generation it was made under, and the room
   * and the pages drop any signal of another (one sent for the step before, arriving after this route).
   */
  gen: number;
  /**
   * `speech`: one seat's turn (speeches, last words, defences), everyone else listens; `floor`: one
   * voice at a time by press-to-talk (free talk, the open day); `team`: a called team talks among
   * itself at its night call; `silent`: nobody but the human judge may be heard by this socket.
   */
  mode: 'speech' | 'floor' | 'team' | 'silent';
  /** Whether this socket's microphone may be heard now: its turn, the floor is its, its team's call, or it is the human judge. */
  talk: boolean;
  /** The peers this socket may hear now. A page plays no track from any other peer. */
  hear: VoiceSource[];
  /** The peers that may hear this socket now. Both ends close every connection to a peer in neither list. */
  heardBy: string[];
  /** Floor control: the seat holding the floor and until when (ms since the epoch); null when the floor is free or the mode is not `floor`. */
  floor: { seat: Seat | null; until: number } | null;
  /** This socket's last hold ran to the cap: until when (ms since the epoch) it may not take the floor again; a press meanwhile waits in line. */
  rest?: number;
}

/** The server's voice frames; protocol.ts puts them in ServerFrame. */
export type VoiceServerFrame =
  | { type: 'voice'; route: VoiceRoute }
  /** A relayed signalling message from a peer this socket may hear or that may hear it, made under the route of generation `gen` (the current one). */
  | { type: 'voice-signal'; from: string; gen: number; signal: VoiceSignal };

/** GET /api/rooms/:code/voice-ice: the ICE servers for this room's voice (none on localhost; the deploy's TURN otherwise). */
export interface VoiceIce {
  iceServers: { urls: string[]; username?: string; credential?: string }[];
  /** The room's setting is `relay`: pages set `iceTransportPolicy: 'relay'`, so no peer learns another's address. */
  relayOnly: boolean;
  /** Seconds the TURN credentials last, when the answer carries minted ones: the page asks again before then, while it is in the voice. */
  ttl?: number;
  /** The relay is withheld from this page now (no game is being played, its route links it with nobody, a cap): public STUN meanwhile; ask again at a later step. */
  later?: true;
}

/**
 * Voice frames one socket may send in FRAME_WINDOW_MS, apart from the game's budget: a speaker
 * answering 15 listeners at a step change sends an offer and up to a dozen ICE candidates to each
 * (about 200 frames), and every voice frame costs the room a wake-up, so the cap stays near that.
 */
export const MAX_VOICE_FRAMES_PER_WINDOW = 300;

/** How long a floor is held at most before it is free again. */
export const FLOOR_CAP_MS = 60_000;
/** How long a holder whose hold ran to the cap waits before taking the floor again (docs/rules-decisions.md O24). */
export const FLOOR_REST_MS = 5_000;
/** A voice note's limits: 2 minutes (a rule of the engine's, which bounds a `say`'s note) and 1 MB. */
export { VOICE_NOTE_MAX_MS } from './engine/voice-limits.ts';
export const VOICE_NOTE_MAX_BYTES = 1_000_000;
