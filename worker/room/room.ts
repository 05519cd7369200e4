// One Durable Object per room: the seats, the game and every socket of the room. This class keeps
// only the platform's entry points and hands each to the module whose one job it is:
//   requests.ts  set up, summary, record (RPC)     seating.ts     join, the judge, links, replacements
//   connect.ts   a socket's arrival                inbound.ts     a socket's frame, to its ack
//   host-moves.ts the host's and judge's moves     place-moves.ts what a place does about itself
//   changes.ts   one engine call, one transaction  clock.ts       the one alarm and what it does
//   fan-out.ts   every frame, one view per viewer  outside.ts     push and the webhook, after the frames
//   context.ts   what they share (store, game, hooks)   failures.ts   a throw in any entry point: logged, answered
//   voice-*.ts   live voice: who hears whom (voice-route), the relay (voice-relay), the floor, ICE
//   voice-notes.ts recorded speeches in R2
// Each change is one engine call, then one synchronous storage transaction, then the alarm, then
// each socket gets its own frames. Game state leaves only through viewFor.
import { DurableObject } from 'cloudflare:workers';
import type { GameRecord } from '../engine/index.ts';
import type { JoinRequest, RoomSummary, VoiceIce } from '../protocol.ts';
import { newSeed } from './tokens.ts';
import { arm, onAlarm } from './clock.ts';
import { connect, socketGone } from './connect.ts';
import { RoomCore, type Refusal } from './context.ts';
import { failedAlarm, failedFrame, failedRefusal, failedResponse, guarded, wake, wakeFailed } from './failures.ts';
import { FanOut, type RoomParts } from './fan-out.ts';
import { onMessage } from './inbound.ts';
import { init, record, summary, type RoomInit } from './requests.ts';
import { join, type Joined } from './seating.ts';
import { RateLimiter } from './sockets.ts';
import { SYNC_LIMITS, type SyncLimits } from './sync-gate.ts';
import { voiceIce } from './voice-ice.ts';
import { noteAccess, uploadNote } from './voice-notes.ts';

export type { Refusal } from './context.ts';
export type { RoomInit } from './requests.ts';

/** The room's Durable Object (named by its code); the Worker reaches it by RPC and WebSocket upgrades. */
export class Room extends DurableObject<Env> {
  private readonly parts: RoomParts;
  private readonly limiter = new RateLimiter();
  /** Alarms in a row that threw: their retries back off (worker/room/failures.ts). */
  private alarmFailures = 0;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const core = new RoomCore(ctx, env, this);
    this.parts = { core, frames: new FanOut(core) };
    const store = core.store;
    // A code nobody created stays empty: probing codes writes nothing. A wake that throws (a migration
    // that fails) is logged, and every call to this object fails until one wakes it cleanly.
    wake(core, () => {
      if (!(store.exists() && store.expiredAt() === null && store.migrate())) return;
      // An upgraded room may hold what an older build did not arm for (an old judge's pause now read as
      // the judge's fails over): its one alarm is set again before anything else runs.
      const room = store.room();
      if (room) ctx.blockConcurrencyWhile(() => arm(core, room).catch((error: unknown) => wakeFailed(core, error)));
    });
  }

  /** The room's clock; tests replace it to reach deadlines and the TTL without waiting. */
  now(): number {
    return Date.now();
  }

  /** The seed of the next game's deal (recorded in the game); tests replace it to replay one deal. */
  seed(): string {
    return newSeed();
  }

  /** How often a socket's syncs are answered and what a viewer's answers may send; tests replace it to reach the budget quickly. */
  syncLimits(): SyncLimits {
    return SYNC_LIMITS;
  }

  /** How pushes leave the room; tests replace it with a push service of their own. */
  pushFetch(request: Request): Promise<Response> {
    return fetch(request);
  }

  /** How the room's webhook posts leave; tests replace it with a hook of their own. */
  hookFetch(request: Request): Promise<Response> {
    return fetch(request);
  }

  /** How the voice's TURN credentials are asked for; tests replace it with a TURN API of their own. */
  turnFetch(request: Request): Promise<Response> {
    return fetch(request);
  }

  // ---------------------------------------------------------------- RPC from the Worker
  // Every entry point runs through guarded() (worker/room/failures.ts): it marks the event in (sockets
  // may have closed since the last one, so the room's list of them is asked for again), and a throw is
  // logged and answered in the project's error shape instead of reaching the caller as a bare 500.

  /** Sets up a new room under this code; refuses if the code was ever used. */
  async init(room: RoomInit): Promise<{ ok: true } | Refusal> {
    return guarded(this.parts.core, 'init', () => init(this.parts.core, room), failedRefusal);
  }

  /** The public summary; with a seat token's hash, also that seat and what it owes. */
  async summary(tokenHash?: string): Promise<{ ok: true; summary: RoomSummary } | Refusal> {
    return guarded(this.parts.core, 'summary', () => summary(this.parts.core, tokenHash), failedRefusal);
  }

  /** The finished game's record, once the game is over. */
  async record(): Promise<{ ok: true; record: GameRecord } | Refusal> {
    return guarded(this.parts.core, 'record', () => record(this.parts.core), failedRefusal);
  }

  /** The ICE servers of the room's voice for a caller the room admits (`tokenHash` null: a spectator) whose socket in the voice is `peer`. */
  async voiceIce(tokenHash: string | null, peer: string | null, local: boolean): Promise<{ ok: true; ice: VoiceIce } | Refusal> {
    return guarded(this.parts.core, 'voiceIce', () => voiceIce(this.parts.core, tokenHash, peer, local), failedRefusal);
  }

  /** Takes a seat, the human judge's place, or redeems a host's invitation. */
  async join(req: JoinRequest): Promise<Joined | Refusal> {
    return guarded(this.parts.core, 'join', () => join(this.parts, req), failedRefusal);
  }

  /** A seat's recorded voice note, stored before the `say` that carries it (worker/room/voice-notes.ts). */
  async voiceNoteUpload(tokenHash: string, type: string, body: ArrayBuffer): Promise<{ ok: true; id: string } | Refusal> {
    return guarded(this.parts.core, 'voiceNoteUpload', () => uploadNote(this.parts.core, tokenHash, type, body), failedRefusal);
  }

  /** Where a viewer may fetch a voice note from, if its view holds the speech that carries it. */
  async voiceNoteAccess(tokenHash: string | undefined, id: string): Promise<{ ok: true; key: string } | Refusal> {
    return guarded(this.parts.core, 'voiceNoteAccess', () => noteAccess(this.parts.core, tokenHash, id), failedRefusal);
  }

  // ---------------------------------------------------------------- WebSockets (hibernation API)

  /** Only WebSocket upgrades reach here (the Worker has checked the origin and the upgrade). */
  override async fetch(request: Request): Promise<Response> {
    return guarded(this.parts.core, 'fetch', () => connect(this.parts, request), failedResponse);
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const core = this.parts.core;
    return guarded(core, 'webSocketMessage', () => onMessage(this.parts, this.limiter, ws, message), () => failedFrame(core, ws, message));
  }

  override async webSocketClose(ws: WebSocket, code: number, _reason: string, _wasClean: boolean): Promise<void> {
    return guarded(this.parts.core, 'webSocketClose', () => socketGone(this.parts, ws, code), () => {});
  }

  override async webSocketError(ws: WebSocket, _error: unknown): Promise<void> {
    return guarded(this.parts.core, 'webSocketError', () => socketGone(this.parts, ws, null), () => {});
  }

  // ---------------------------------------------------------------- the clock

  /** The one alarm (worker/room/clock.ts): idempotent, every write is stored before anything is sent; a throw arms a retry. */
  override async alarm(): Promise<void> {
    const core = this.parts.core;
    return guarded(
      core,
      'alarm',
      async () => {
        await onAlarm(this.parts);
        this.alarmFailures = 0;
      },
      (error) => failedAlarm(core, ++this.alarmFailures, error),
    );
  }
}
