// Fan-out: every frame the room sends. A burst of changes is sent as one frame per viewer, each
// viewer's view is made once for all its sockets, and a viewer whose view did not change gets none.
import { viewFor, viewerKey, viewerLogTag, viewJson, type GameState, type Seat, type Viewer } from '../engine/index.ts';
import { type Have, type Presence, type RoomView, type ServerFrame } from '../protocol.ts';
import type { Change, RoomCore } from './context.ts';
import { SyncGate } from './sync-gate.ts';
import { GameFrames } from './game-frames.ts';
import { atNight, presenceFor, tableAfter } from './presence-shown.ts';
import { presenceOf, roomView, samePresence } from './roomview.ts';
import { attachmentOf, send, sendText, viewerOf, type Attachment } from './sockets.ts';
import { voiceAfterStep } from './voice-step.ts';
import type { RoomRow } from './storage.ts';

/** Changes stored but not yet sent: the game before the first of them, and what waits for their frames. */
interface Unsent {
  roomChanged: boolean;
  game: { prev: GameState | null; next: GameState } | null;
  after: (() => void)[];
}

/** The room's frames to its sockets; one per Durable Object instance, holding the unsent burst. */
export class FanOut {
  /** Changes made but not yet sent (see publish); null between sends. */
  private unsent: Unsent | null = null;

  private readonly core: RoomCore;
  /** The sockets' syncs, answered within their gap and their viewer's budget (worker/room/sync-gate.ts). */
  private readonly syncs: SyncGate;

  constructor(core: RoomCore) {
    this.core = core;
    this.syncs = new SyncGate({
      now: () => Date.now(),
      limits: () => core.syncLimits(),
      // The table screen sees what spectators see, but is a place of its own: their syncs do not spend its budget.
      budgetOf: (ws) => {
        const who = attachmentOf(ws);
        return who ? (who.table ? 'table' : viewerKey(viewerOf(who))) : null;
      },
      answer: (ws, have) => this.answerSync(ws, have),
      afterFrames: (then) => this.afterFrames(then),
    });
  }

  /** A socket's `sync`: the room and the game, once its gap and its viewer's budget allow (the last sync's `have`). */
  sync(ws: WebSocket, have?: Have): void {
    this.syncs.ask(ws, have);
  }

  /**
   * Sends a stored change's frames, together with the changes stored before they go out. A burst of
   * moves (fifteen votes in 50 ms) queues its messages behind the first; each is stored at once, but
   * the frames wait for a zero-delay timer, which runs after the queued messages: each viewer then gets
   * one frame from the state before the burst to the state after it, instead of one per move, each made
   * for every viewer. The last vote's tally reaches the phones sooner, and they draw once.
   */
  publish(change: Change): void {
    const g = change.game;
    if (!change.roomChanged && !g) return;
    const unsent = this.unsent;
    if (!unsent) {
      this.unsent = { roomChanged: change.roomChanged, game: g ? { prev: g.full ? null : g.prev, next: g.next } : null, after: [] };
      setTimeout(() => this.sendUnsent(), 0);
      return;
    }
    unsent.roomChanged ||= change.roomChanged;
    // A new game (full) is sent whole; otherwise the oldest unsent state is where each update starts.
    if (g) unsent.game = { prev: g.full ? null : unsent.game ? unsent.game.prev : g.prev, next: g.next };
  }

  /** Runs `then` once the frames of the changes still unsent are out (at once when none are). */
  afterFrames(then: () => void): void {
    if (this.unsent) this.unsent.after.push(then);
    else then();
  }

  /** A socket's answer (a reply, an ack): after the frames of its change, as a socket expects them. */
  answer(ws: WebSocket, frame: ServerFrame): void {
    this.afterFrames(() => send(ws, frame));
  }

  /** The timer publish set: the frames of every change made since, then what waited for them. */
  private sendUnsent(): void {
    const unsent = this.unsent!;
    this.unsent = null;
    // The table's presence moves at a public step change; a room frame carries it, else a presence frame after the game's.
    const told = unsent.game ? this.publishPresence(unsent.game.prev, unsent.game.next) : null;
    if (unsent.roomChanged) this.broadcastRoom();
    if (unsent.game) this.sendGameChange(unsent.game.prev, unsent.game.next);
    if (told && !unsent.roomChanged) this.sendPresenceChange(told.before, told.after);
    if (unsent.game) voiceAfterStep(this.core, unsent.game.prev, unsent.game.next);
    for (const then of unsent.after) then();
  }

  /** Every watching socket's frame for the game's change from `prev` (null: a new game, sent whole) to `next`. */
  private sendGameChange(prev: GameState | null, next: GameState): void {
    // One frame per viewer (a seat's phone and laptop share it, worker/room/game-frames.ts), and none
    // for a viewer whose view did not change: whether and when a frame arrives must tell nothing the
    // viewer may not know.
    const frames = new GameFrames(prev, next);
    for (const ws of this.core.sockets()) {
      const who = attachmentOf(ws);
      if (!who || !watchesGame(who, next)) continue;
      const frame = frames.frameFor(viewerOf(who));
      if (frame !== null) sendText(ws, frame);
    }
  }

  /**
   * The game on connect: the whole view, or, when the client holds the first entries of this viewer's
   * log (`have`, checked by their tag), the view with only the entries after them. It goes after the
   * frames of changes still unsent: those are patches from the game before them, which a socket that
   * holds nothing yet lets pass, and the game it is then sent is the newest.
   */
  sendGameTo(ws: WebSocket, who: Attachment, have?: Have): void {
    this.afterFrames(() => {
      const text = this.gameText(ws, who, have);
      if (text !== null) sendText(ws, text);
    });
  }

  /**
   * A socket's answer to `sync` (worker/room/sync-gate.ts), sent now: the room, then the game as on
   * connect; the characters sent. Only when no change's frames are unsent (the gate waits for them).
   */
  private answerSync(ws: WebSocket, have?: Have): number {
    const who = attachmentOf(ws);
    const room = this.core.roomOrNull();
    if (!who || !room) return 0;
    const roomText = this.roomText(who, room);
    sendText(ws, roomText);
    const gameText = this.gameText(ws, who, have);
    if (gameText !== null) sendText(ws, gameText);
    return roomText.length + (gameText?.length ?? 0);
  }

  /** The `game` frame this socket gets now, or null (a lobby, a seat outside the game, a closed socket). */
  private gameText(ws: WebSocket, who: Attachment, have?: Have): string | null {
    const game = this.core.roomOrNull()?.status === 'lobby' ? null : this.core.loadGame();
    if (!game || !watchesGame(who, game) || ws.readyState !== WebSocket.OPEN) return null;
    const viewer = viewerOf(who);
    // The held entries are checked by their tag's running hash (worker/engine/view-tag.ts), not hashed again.
    const held = have && viewerLogTag(game, viewer, have.log) === have.tag ? have.log : 0;
    return `{"type":"game","view":${viewJson(viewFor(game, viewer, held))},"logFrom":${held}}`;
  }

  /** One socket's room frame (on connect and on `sync`). */
  sendRoomTo(ws: WebSocket, who: Attachment, room: RoomRow): void {
    sendText(ws, this.roomText(who, room));
  }

  /** One socket's room frame as text, with the presence its viewer is told. */
  private roomText(who: Attachment, room: RoomRow): string {
    const base = this.baseView(room, this.teller(this.presence())(viewerOf(who)));
    return JSON.stringify({ type: 'room', room: { ...base, you: youOf(base, who, this.core.bigJokerSeat(room)) } } satisfies ServerFrame);
  }

  /** Sends every socket the room, with its own `you` and the presence it is told; `leaving` is a socket that is closing. */
  broadcastRoom(leaving?: WebSocket): void {
    const room = this.core.roomOrNull();
    if (!room) return;
    const sockets = this.core.sockets().filter((ws) => ws !== leaving && ws.readyState === WebSocket.OPEN);
    const tell = this.teller(this.presence(leaving));
    // One base per presence told (the table's, the truth, a seat's own): most sockets share the table's.
    const bases = new Map<string, Omit<RoomView, 'you'>>();
    const bigJoker = this.core.bigJokerSeat(room);
    for (const ws of sockets) {
      const who = attachmentOf(ws);
      if (!who) continue;
      const presence = tell(viewerOf(who));
      const key = JSON.stringify(presence);
      let base = bases.get(key);
      if (!base) bases.set(key, (base = this.baseView(room, presence)));
      send(ws, { type: 'room', room: { ...base, you: youOf(base, who, bigJoker) } });
    }
  }

  /** The room frame but `you`, with the presence its viewer is told. */
  private baseView(room: RoomRow, presence: Presence): Omit<RoomView, 'you'> {
    const store = this.core.store;
    const prodded = room.status === 'playing' ? (store.prods()?.marked ?? []) : [];
    return roomView(room, store.seats(), store.judge(), presence, prodded, this.core.now());
  }

  /**
   * Tells every socket but `skip` who it is told is connected now, if that changed for it (`before`
   * null: `skip` is leaving, and was connected until now). `skip` is the newcomer (it has the whole
   * room) or a socket that is leaving (it is not counted). During a game the table's presence stays as
   * it was shown (worker/room/presence-shown.ts): only the seat's own sockets and the judge hear of it.
   */
  sendPresence(before: Presence | null, skip: WebSocket): void {
    const leaving = attachmentOf(skip);
    const was = before ?? presenceOf([...this.attachments(skip), ...(leaving ? [leaving] : [])], this.core.store.bots().keys());
    const now = this.presence(before ? undefined : skip);
    if (!before && leaving?.seat != null) this.dozedOff(leaving.seat, now);
    this.sendPresenceChange(this.teller(was), this.teller(now), skip);
  }

  /** A seat's last socket went at night: at dawn it is shown gone even if it came back (presence-shown.ts). */
  private dozedOff(seat: Seat, now: Presence): void {
    const game = this.gameOn();
    if (!game || !atNight(game) || now.connected.includes(seat)) return;
    const store = this.core.store;
    const dozed = store.dozed();
    if (!dozed.includes(seat)) store.transaction(() => store.saveDozed([...dozed, seat]));
  }

  /** Who is connected: the open sockets' places, and every bot seat. */
  presence(leaving?: WebSocket): Presence {
    return presenceOf(this.attachments(leaving), this.core.store.bots().keys());
  }

  /** What each viewer is told of `truth` now: outside a game the truth, in one the table's presence as last shown. */
  private teller(truth: Presence, game = this.gameOn()): (viewer: Viewer) => Presence {
    const table = game ? this.tableShown(truth) : truth;
    const bots = [...this.core.store.bots().keys()];
    return (viewer) => presenceFor(viewer, game, table, truth, bots);
  }

  /** The presence the table was last shown; a game stored before it was kept takes `truth`, at its first read, as what it was shown. */
  private tableShown(truth: Presence): Presence {
    const store = this.core.store;
    const shown = store.shownPresence();
    if (shown) return shown;
    store.transaction(() => store.saveShownPresence(truth));
    return truth;
  }

  /** The game being played, or null (a lobby, a game over: presence is live). */
  private gameOn(): GameState | null {
    return this.core.roomOrNull()?.status === 'playing' ? this.core.loadGame() : null;
  }

  /**
   * At a change of the game from `prev` to `next`: moves the table's presence if the change was a
   * public step change (worker/room/presence-shown.ts), stored before any frame goes; returns what
   * each viewer was told before and is told now, or null when nothing moved.
   */
  private publishPresence(prev: GameState | null, next: GameState): { before: (v: Viewer) => Presence; after: (v: Viewer) => Presence } | null {
    const truth = this.presence();
    const store = this.core.store;
    const table = tableAfter(prev, next, store.shownPresence() ?? truth, truth, store.dozed());
    if (!table) return null;
    // What each viewer was told in the game before the change (none: a new game, where presence was live).
    const before = this.teller(truth, prev && !prev.result ? prev : null);
    store.transaction(() => {
      store.saveShownPresence(table);
      store.saveDozed([]);
    });
    return { before, after: this.teller(truth) };
  }

  /** Each socket but `skip` whose told presence moved gets it; one whose did not gets nothing. */
  private sendPresenceChange(before: (v: Viewer) => Presence, after: (v: Viewer) => Presence, skip?: WebSocket): void {
    for (const ws of this.core.sockets()) {
      const who = ws !== skip && ws.readyState === WebSocket.OPEN ? attachmentOf(ws) : null;
      if (!who) continue;
      const viewer = viewerOf(who);
      const now = after(viewer);
      if (!samePresence(before(viewer), now)) send(ws, { type: 'presence', ...now });
    }
  }

  private attachments(leaving?: WebSocket): Attachment[] {
    return this.core
      .sockets()
      .filter((ws) => ws !== leaving && ws.readyState === WebSocket.OPEN)
      .flatMap((ws) => attachmentOf(ws) ?? []);
  }
}

/** Whether this socket sees the game: a seat of it, a spectator or the judge (a seat outside the game cannot happen: seats join only in the lobby). */
function watchesGame(who: Attachment, game: GameState): boolean {
  if (who.seat !== null) return who.seat <= game.alive.length;
  return who.spectator || who.judge === true;
}

/** The per-socket part of the room frame. */
function youOf(base: Omit<RoomView, 'you'>, who: Attachment, bigJokerSeat: Seat | 0): RoomView['you'] {
  if (who.judge) return { seat: null, host: base.judge?.host === true, judge: true };
  if (who.table) return { seat: null, host: false, judge: false, table: true };
  const host = who.seat !== null && base.seats.some((s) => s.seat === who.seat && s.host);
  return { seat: who.seat, host, judge: who.seat !== null && who.seat === bigJokerSeat };
}

/** What a module that changes the room and sends its frames works with (one of each per instance). */
export interface RoomParts {
  readonly core: RoomCore;
  readonly frames: FanOut;
}
