// Sends a room's notifications: after a stored change (or at a reminder's alarm) each subscribed
// seat's own views decide its notice (notify.ts), and each of its devices gets one push.
// Runs in ctx.waitUntil after the frames went out; a failing push service never fails an action.
import { viewFor, type GameState, type Seat } from '../engine/index.ts';
import type { ClientFrame, PushPayload, ServerFrame } from '../protocol.ts';
import { noticeFor, prodFor, reminderFor, REMINDER_BEFORE_MS, type Notice } from './notify.ts';
import { PushStore, type SubscriptionRow } from './subscriptions.ts';
import { sendPush, type VapidKeys } from './web-push.ts';

/** How long a push service keeps an undelivered notice: a day (an async step lasts hours). */
const PUSH_TTL_S = 24 * 3600;

/** The deploy's VAPID keys from its secrets, or null: then the room sends nothing and the client hides notifications. */
export function vapidOf(env: Env): VapidKeys | null {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY || !env.VAPID_SUBJECT) return null;
  return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT };
}

/** What the sender needs from the room. */
export interface PushRoom {
  code: string;
  vapid: VapidKeys | null;
  store: PushStore;
  fetcher: (request: Request) => Promise<Response>;
  now: number;
  /** Played face to face: no phone may buzz at night, so nothing is pushed then. */
  table: boolean;
  /** The seats' names, for a notice that names a player (a voice speech); read only when one does. */
  names?: () => Map<Seat, string>;
}

/**
 * Face to face, a push at night would light or buzz a phone in a silent room and tell everyone who
 * was called (docs/rules-decisions.md T1): night steps push nothing there, not even the host's prod.
 */
function quietNight(room: PushRoom, game: GameState): boolean {
  return room.table && (game.step.kind === 'call' || game.step.kind === 'eyes');
}

type PushFrame = Extract<ClientFrame, { type: 'push-subscribe' | 'push-unsubscribe' }>;

/** Whether a frame is a push subscription frame (handled here, not by the engine). */
export function isPushFrame(frame: ClientFrame): frame is PushFrame {
  return frame.type === 'push-subscribe' || frame.type === 'push-unsubscribe';
}

/**
 * Stores or removes a device's subscription for its own seat (null: the judge, who has none) and
 * returns the answer; the room sends it, so push needs nothing of the room's sockets.
 */
export function answerPushFrame(seat: Seat | null, frame: PushFrame, room: PushRoom): ServerFrame {
  const refuse = (code: string, message: string): ServerFrame => ({ type: 'error', id: frame.id, code, message });
  if (!room.vapid) return refuse('push/off', 'this deploy sends no notifications');
  if (seat === null) return refuse('push/no-seat', 'notifications are for seats');
  if (frame.type === 'push-unsubscribe') {
    room.store.unsubscribe(seat, frame.endpoint);
    return { type: 'ack', id: frame.id };
  }
  const { endpoint, keys } = frame.subscription;
  if (!room.store.subscribe({ seat, endpoint, p256dh: keys.p256dh, auth: keys.auth, lang: frame.lang }, room.now)) {
    return refuse('push/too-many', 'this seat has notifications on too many devices; turn one off first');
  }
  return { type: 'ack', id: frame.id };
}

/** Sends each subscribed seat the notice this change brings it; `prev` is the state before (another game's, or null, at a start). */
export async function pushChange(room: PushRoom, prev: GameState | null, next: GameState): Promise<void> {
  if (!room.vapid || quietNight(room, next)) return;
  // Yield first: the views below are computed after the caller has sent its frames and its ack.
  await Promise.resolve();
  const subs = room.store.all();
  if (subs.length === 0) return;
  // A new game (start, or play again) is not compared with the last one.
  const before = prev && prev.setup.seed === next.setup.seed ? prev : null;
  const notices = new Map<Seat, Notice>();
  for (const seat of new Set(subs.map((s) => s.seat))) {
    if (seat > next.alive.length) continue;
    const viewer = { kind: 'seat', seat } as const;
    const notice = noticeFor(before ? viewFor(before, viewer) : null, viewFor(next, viewer));
    if (notice?.kind === 'voice-note') {
      const name = room.names?.().get(notice.seat);
      notices.set(seat, name ? { ...notice, name } : notice);
    } else if (notice) notices.set(seat, notice);
  }
  await deliver(room, subs, notices);
}

/** Whether a step that opened with `stepMs` to run lasts long enough for an hour's reminder (async steps; never a live turn). */
const remindable = (stepMs: number | null) => stepMs !== null && stepMs > REMINDER_BEFORE_MS;

/**
 * The reminder alarm: an hour before the step closes, if someone subscribed might still owe it and it
 * was not sent; `stepMs`: how long the step had when it opened (worker/room/prods.ts keeps it).
 */
export function reminderAlarm(room: PushRoom, game: GameState, stepMs: number | null): number | null {
  const step = game.step;
  if (!room.vapid || !remindable(stepMs) || game.result || game.pausedRemaining !== null || !('endsAt' in step) || step.endsAt === null) return null;
  const at = step.endsAt - REMINDER_BEFORE_MS;
  if (at <= room.now || room.store.all().length === 0 || room.store.remindedFor() === step.endsAt) return null;
  return at;
}

/**
 * Reminds the seats that still owe the current step when it closes within the hour. The mark that it
 * was sent is written before this returns (before any await), so the next alarm is set past it.
 */
export function pushReminders(room: PushRoom, game: GameState, stepMs: number | null): Promise<void> {
  const step = game.step;
  // An alarm woken inside a short step (a bot's move, a prod) must not remind of a live turn.
  if (!room.vapid || !remindable(stepMs) || quietNight(room, game) || !('endsAt' in step) || step.endsAt === null || room.store.remindedFor() === step.endsAt) return Promise.resolve();
  if (room.now < step.endsAt - REMINDER_BEFORE_MS || room.now >= step.endsAt) return Promise.resolve();
  room.store.markReminded(step.endsAt);
  const subs = room.store.all();
  const notices = new Map<Seat, Notice>();
  for (const seat of new Set(subs.map((s) => s.seat))) {
    if (seat > game.alive.length) continue;
    const notice = reminderFor(viewFor(game, { kind: 'seat', seat }), room.now);
    if (notice) notices.set(seat, notice);
  }
  return deliver(room, subs, notices);
}

/**
 * Prods (the host's, or the room's own at 50 % and 90 % of a step): each seat's devices get a
 * reminder of what it owes, if it owes anything (the host never learns which).
 */
export function pushProds(room: PushRoom, game: GameState, seats: Seat[]): Promise<void> {
  if (!room.vapid || quietNight(room, game)) return Promise.resolve();
  const notices = new Map<Seat, Notice>();
  for (const seat of seats) {
    const notice = seat <= game.alive.length ? prodFor(viewFor(game, { kind: 'seat', seat })) : null;
    if (notice) notices.set(seat, notice);
  }
  if (notices.size === 0) return Promise.resolve();
  return deliver(room, room.store.all(), notices);
}

/** Sends one notice to each of these seats' devices (the lobby's scheduled start, which no game state decides). */
export function pushNotice(room: PushRoom, seats: Seat[], notice: Notice): Promise<void> {
  if (!room.vapid) return Promise.resolve();
  return deliver(room, room.store.all(), new Map(seats.map((seat) => [seat, notice])));
}

/** One push per device of each seat with a notice; removes the subscriptions the push service calls gone. */
async function deliver(room: PushRoom, subs: readonly SubscriptionRow[], notices: Map<Seat, Notice>): Promise<void> {
  const vapid = room.vapid;
  if (!vapid) return;
  await Promise.all(
    subs.map(async (sub) => {
      const notice = notices.get(sub.seat);
      if (!notice) return;
      const payload: PushPayload = { code: room.code, seat: sub.seat, lang: sub.lang, notice };
      const outcome = await sendPush(
        room.fetcher,
        sub,
        // One topic per room and seat: a newer notice replaces one the phone has not fetched yet.
        { payload: JSON.stringify(payload), ttl: PUSH_TTL_S, urgency: notice.kind === 'over' ? 'normal' : 'high', topic: `${room.code}-${sub.seat}` },
        vapid,
        room.now,
      );
      if (outcome === 'gone') room.store.remove(sub.endpoint);
    }),
  );
}

