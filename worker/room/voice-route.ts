// Who hears whom in the room's voice now: the engine's rule for each joined socket's viewer
// (worker/engine/voice.ts) made into sockets, with the floor's holder. Built afresh for each voice
// frame and each change; a viewer's rule is asked of the engine only when read, once per viewer, so
// relaying one signal costs two answers, not one per socket. Nothing here sends a frame.
import { idleVoice, viewerKey, voiceFor, voiceStepKey, type GameState, type VoicePlace, type VoiceRule } from '../engine/index.ts';
import type { VoiceRoute, VoiceSource } from '../protocol.ts';
import type { RoomCore } from './context.ts';
import { attachmentOf, viewerOf, type Attachment } from './sockets.ts';

/** One socket that joined the voice, with its place (null: a spectator, never heard) and its rule now. */
export interface Joined {
  ws: WebSocket;
  a: Attachment;
  peer: string;
  place: VoicePlace | null;
  /** Its viewer's rule at this step (asked of the engine when first read). */
  readonly rule: VoiceRule;
}

/** The voice's sockets and who hears whom, at one moment. */
export class VoiceTable {
  readonly joined: Joined[];
  /** The socket holding the floor, if the step has a floor and the holder may still hold it. */
  readonly holder: Joined | null;
  /** The routes' generation at this step (routeGen). */
  readonly gen: number;

  /** The moment the table is of. */
  readonly now: number;

  constructor(joined: Joined[], now: number, gen: number) {
    this.joined = joined;
    this.gen = gen;
    this.now = now;
    this.holder = joined.filter((j) => j.a.floor !== undefined && j.a.floor > now && mayHoldFloor(j)).sort((x, y) => x.a.floor! - y.a.floor!)[0] ?? null;
  }

  /** The joined socket named `peer`. */
  byPeer(peer: string): Joined | undefined {
    return this.joined.find((j) => j.peer === peer);
  }

  /** The joined socket `ws`. */
  of(ws: WebSocket): Joined | undefined {
    return this.joined.find((j) => j.ws === ws);
  }

  /** Whether `listener` may hear `source` now: the rule names its place, and at a floor only the holder (or a judge) is heard. */
  hears(listener: Joined, source: Joined): boolean {
    if (listener === source || source.place === null || source.place === listener.place || !source.rule.talk) return false;
    if (!listener.rule.hear.includes(source.place)) return false;
    return listener.rule.mode !== 'floor' || listener.rule.judges.includes(source.place) || source === this.holder;
  }

  /** Whether two sockets may signal each other now: either hears the other. */
  linked(a: Joined, b: Joined): boolean {
    return this.hears(a, b) || this.hears(b, a);
  }

  /** The sockets linked with `j` now. */
  linkedWith(j: Joined): Joined[] {
    return this.joined.filter((o) => this.linked(j, o));
  }

  /** What `j` may say and hear now (its `voice` frame). */
  route(j: Joined): VoiceRoute {
    const floorMode = j.rule.mode === 'floor';
    const talk = floorMode && mayHoldFloor(j) ? this.holder === j : j.rule.talk;
    const holder = this.holder;
    return {
      peer: j.peer,
      gen: this.gen,
      mode: j.rule.mode,
      talk,
      hear: this.joined.filter((s) => this.hears(j, s)).map(sourceOf),
      heardBy: this.joined.filter((l) => this.hears(l, j)).map((l) => l.peer),
      floor: floorMode && holder && typeof holder.place === 'number' ? { seat: holder.place, until: holder.a.floor! } : null,
      // Its own rest only: why its press waits (whose hold ran out is public already).
      ...(floorMode && j.a.floorRest !== undefined && j.a.floorRest > this.now ? { rest: j.a.floorRest } : {}),
    };
  }
}

/** Whether this socket takes turns at the floor: a seat that may talk in `floor` mode, not a judge (who always may). */
export function mayHoldFloor(j: Joined): boolean {
  return j.rule.mode === 'floor' && j.rule.talk && typeof j.place === 'number' && !j.rule.judges.includes(j.place);
}

/** Whose voice a peer carries, as a route names it. */
function sourceOf(j: Joined): VoiceSource {
  const judge = j.place === 'judge' || j.rule.judges.includes(j.place!);
  return { peer: j.peer, seat: typeof j.place === 'number' ? j.place : null, ...(judge ? { judge: true as const } : {}) };
}

/** The place a socket speaks for: its seat, the human judge, or none (a spectator). */
function placeOf(a: Attachment): VoicePlace | null {
  if (a.judge) return 'judge';
  return a.seat;
}

/** Which sockets a table holds besides the open ones that joined: `leaving` is left out, `closing` kept (the socket whose close the room handles). */
export interface TableSockets {
  leaving?: WebSocket;
  closing?: WebSocket;
}

/** The voice's table now, from the room's current game (none in the lobby). */
export function voiceTable(core: RoomCore, sockets: TableSockets = {}): VoiceTable {
  const room = core.roomOrNull();
  return tableOf(core, room && room.status !== 'lobby' ? core.loadGame() : null, sockets);
}

/** Every open socket that joined, each with its viewer's rule at `game`'s step (null: between games). */
export function tableOf(core: RoomCore, game: GameState | null, { leaving, closing }: TableSockets = {}): VoiceTable {
  const rules = new Map<string, VoiceRule>();
  const ruleOf = (a: Attachment): VoiceRule => {
    const viewer = viewerOf(a);
    const key = viewerKey(viewer);
    let rule = rules.get(key);
    if (!rule) rules.set(key, (rule = game && watches(a, game) ? voiceFor(game, viewer) : idleVoice(viewer)));
    return rule;
  };
  const joined: Joined[] = [];
  // A closing socket may already be gone from the platform's list: it is counted by hand.
  let sockets = core.sockets();
  if (closing && !sockets.includes(closing)) sockets = [...sockets, closing];
  for (const ws of sockets) {
    if (ws === leaving || (ws.readyState !== WebSocket.OPEN && ws !== closing)) continue;
    const a = attachmentOf(ws);
    if (!a?.voice) continue;
    joined.push({
      ws,
      a,
      peer: a.voice,
      place: placeOf(a),
      get rule() {
        return ruleOf(a);
      },
    });
  }
  return new VoiceTable(joined, core.now(), routeGen(game));
}

/**
 * The routes' generation at `game`'s step: a 32-bit FNV-1a hash of the engine's public voice key
 * (voiceStepKey; 'over' between games, as after one), not a count. It changes exactly when the room
 * sends every socket its route (worker/room/voice-step.ts), needs no storage, is the same after
 * hibernation, and tells nobody more than the step they see. Compared for equality only: a step's
 * key never comes back right after itself.
 */
export function routeGen(game: GameState | null): number {
  const key = game ? voiceStepKey(game) : 'over';
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Whether the socket takes part in this game (a seat of it, the judge or a spectator). */
function watches(a: Attachment, game: GameState): boolean {
  return a.seat === null || a.seat <= game.alive.length;
}
