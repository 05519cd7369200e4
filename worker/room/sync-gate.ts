// A `sync` costs what it sends. A 15-byte `{"type":"sync"}` was answered at once with the room and
// the whole view, so a few dozen sockets sending it within their frame budgets made a room send
// gigabytes and kept a speaker's ack waiting behind the answers. Two bounds (docs/protocol.md,
// "Resync"): one socket's syncs are answered at most once per `gapMs`, those between coalescing into
// one answer to the last of them (never dropped); and one viewer's sync answers (a seat's devices
// together, the judge, every spectator together, the table screen apart) draw on a budget of characters per minute: when it
// is spent, syncs wait for it to refill. The budget is per viewer, not per room: when a socket's
// answer comes then depends only on the answers of sockets that see what it sees, never on the size
// of another viewer's view (docs/architecture.md, "Where secrets are filtered").
import type { Have } from '../protocol.ts';

/** How often one socket's syncs are answered, and what one viewer's sync answers may send. */
export interface SyncLimits {
  /** A socket's syncs are answered at most once per this many ms; the ones between coalesce into one answer, to the last. */
  gapMs: number;
  /** Characters of sync answers one viewer is sent per minute, refilled continuously. */
  charsPerMinute: number;
  /** Of which at most this many at once (saved up while the viewer syncs less). */
  burstChars: number;
}

/**
 * The room's limits (docs/protocol.md, "Resync"). A phone syncs when its screen is shown again, with
 * what it holds: an answer of a few kilobytes. A whole view of a long game is a few hundred: a
 * viewer may be sent about eight a minute, two at once.
 */
export const SYNC_LIMITS: SyncLimits = { gapMs: 3_000, charsPerMinute: 4_000_000, burstChars: 1_000_000 };

/** What the gate needs from the room (worker/room/room.ts builds it from the fan-out and the sockets). */
export interface SyncRoom {
  /** Real time (not the room's game clock, which tests stop). */
  now(): number;
  limits(): SyncLimits;
  /** Whose budget the socket's answers draw on (its viewer's name), or null once it is nobody. */
  budgetOf(ws: WebSocket): string | null;
  /** Sends the socket its answer now and returns the characters sent; runs only when no change's frames are unsent. */
  answer(ws: WebSocket, have: Have | undefined): number;
  /** Runs `then` once the frames of changes still unsent are out (at once when none are). */
  afterFrames(then: () => void): void;
}

interface Budget {
  chars: number;
  at: number;
}

/** The room's syncs waiting for an answer; one per Durable Object instance, in memory (a wake starts afresh). */
export class SyncGate {
  /** When each socket's last sync was answered. */
  private readonly answered = new WeakMap<WebSocket, number>();
  /** The sockets waiting, in the order they first asked, each with what its last sync said. */
  private readonly waiting = new Map<WebSocket, Have | undefined>();
  private readonly budgets = new Map<string, Budget>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private wakeAt = Infinity;
  private readonly room: SyncRoom;

  constructor(room: SyncRoom) {
    this.room = room;
  }

  /** A socket's `sync`: answered now if its gap and its viewer's budget allow, else when they do (its last sync's `have`). */
  ask(ws: WebSocket, have: Have | undefined): void {
    this.waiting.set(ws, have);
    this.room.afterFrames(() => this.drain());
  }

  /** Answers every waiting socket its gap and budget allow, and sets the timer for the rest. */
  private drain(): void {
    const now = this.room.now();
    const limits = this.room.limits();
    let wake = Infinity;
    for (const [ws, have] of this.waiting) {
      const key = ws.readyState === WebSocket.OPEN ? this.room.budgetOf(ws) : null;
      if (key === null) {
        this.waiting.delete(ws);
        continue;
      }
      const last = this.answered.get(ws);
      if (last !== undefined && now - last < limits.gapMs) {
        wake = Math.min(wake, last + limits.gapMs);
        continue;
      }
      const budget = this.budget(key, now, limits);
      if (budget.chars <= 0) {
        wake = Math.min(wake, now + Math.ceil((-budget.chars * 60_000) / limits.charsPerMinute) + 1);
        continue;
      }
      this.waiting.delete(ws);
      this.answered.set(ws, now);
      budget.chars -= this.room.answer(ws, have);
    }
    this.wake(wake, now);
  }

  /** A viewer's budget at `now`, refilled for the time since it was last drawn on. */
  private budget(key: string, now: number, limits: SyncLimits): Budget {
    let b = this.budgets.get(key);
    if (!b) this.budgets.set(key, (b = { chars: limits.burstChars, at: now }));
    b.chars = Math.min(limits.burstChars, b.chars + ((now - b.at) * limits.charsPerMinute) / 60_000);
    b.at = now;
    return b;
  }

  /** Drains again at `at` (Infinity: nobody waits), keeping one timer for the earliest. */
  private wake(at: number, now: number): void {
    if (at === Infinity || at >= this.wakeAt) return;
    clearTimeout(this.timer);
    this.wakeAt = at;
    this.timer = setTimeout(() => {
      this.wakeAt = Infinity;
      this.room.afterFrames(() => this.drain());
    }, at - now);
  }
}
