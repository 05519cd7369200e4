// The one protocol between browsers (or bots) and a room: HTTP bodies and WebSocket frames.
// The client and the server import these same types; every inbound frame is checked against
// the schemas here before anything else reads it.
import * as v from 'valibot';
import { isClockTime, isTimeZone } from './engine/pace.ts';
import { VOICE_NOTE_ID } from './engine/voice-limits.ts';
import type { DayClose } from './engine/day-close.ts';
import type { Camp, DayMode, EyesChoice, LogEntry, OptionValue, Role, Pace, ReasonKind, RulesetId, Seat, SeatView, View } from './engine/index.ts';
import { VoiceFloorFrame, VoiceJoinFrame, VoiceSignalFrame, type VoiceServerFrame } from './protocol-voice.ts';
export * from './protocol-voice.ts';
import type { OwedKind } from './engine/owed.ts';
import { MAX_NAME, stripBidiControls } from './names.ts';

/** A notification for one seat (a push frame carries it, worker/push/notify.ts decides it); the service worker words it in the device's language and time zone. */
export type Notice =
  | { kind: 'start'; until: number | null }
  | { kind: 'owe'; owes: OwedKind; until: number | null }
  | { kind: 'reminder'; owes: OwedKind; until: number }
  | { kind: 'over' }
  /** The host's scheduled start is an hour (or less) away; `at` is when it starts. */
  | { kind: 'scheduled'; at: number }
  /** To the host: the scheduled start came and the room could not start (the seat count out of range). */
  | { kind: 'start-missed'; at: number }
  /** Another seat left a voice speech (a voice note) of `ms`; `name`: the seat's player, as the room knows them. */
  | { kind: 'voice-note'; seat: Seat; ms: number; name?: string };

export { MAX_NAME };

/** The WebSocket subprotocol every client offers; tokens travel as a second subprotocol, never in URLs. */
export const PROTOCOL = 'tianhei.v1';
/** Prefix of the subprotocol that carries a seat token: `seat.<token>`. */
export const SEAT_TOKEN_PREFIX = 'seat.';
/** Largest inbound frame the server reads; larger frames get an error and are dropped. */
export const MAX_FRAME_BYTES = 8 * 1024;
/** Most frames one socket may send in a 10-second window before frames are refused. */
export const MAX_FRAMES_PER_WINDOW = 40;
export const FRAME_WINDOW_MS = 10_000;
export const MAX_TEXT = 500;
/** A room with no activity for this long deletes its storage. */
export const ROOM_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** The UI languages (client/strings.ts holds their strings); a push subscription says which one its device reads. */
export const LANGS = ['zh-CN', 'en', 'es', 'ko'] as const;
export type Lang = (typeof LANGS)[number];

// ------------------------------------------------------------------ HTTP

const Seed = v.pipe(v.number(), v.integer(), v.minValue(1));
const PaceMs = v.pipe(v.number(), v.integer(), v.minValue(10_000), v.maxValue(7 * 24 * 3_600_000));

/** Room pace: a preset, optionally with a custom deadline for each kind of step. */
export const PaceSchema = v.object({
  preset: v.picklist(['live', 'async']),
  custom: v.optional(
    v.partial(v.object({ call: PaceMs, eyes: PaceMs, lastWords: PaceMs, speech: PaceMs, ballot: PaceMs })),
  ),
  /** How the day's speeches are given (RULES.md 11); absent: `open` in async pace, `turns` in live. */
  day: v.optional(v.picklist(['turns', 'open'])),
  /**
   * Async pace: the day window closes at this local clock time ("HH:MM") in `timeZone`
   * (IANA, picked once by the host; the client's default is the host's browser). Both or neither.
   */
  dayClosesAt: v.optional(v.pipe(v.string(), v.check(isClockTime, 'dayClosesAt is HH:MM, 24 hours'))),
  timeZone: v.optional(v.pipe(v.string(), v.maxLength(64), v.check(isTimeZone, 'timeZone is not a known IANA time zone'))),
});
export type PaceSetting = v.InferOutput<typeof PaceSchema>;

/** The day's clock-time close of an async pace setting with both the time and the zone (live pace keeps it unused). */
export function dayCloseOf(pace: PaceSetting): DayClose | undefined {
  return pace.preset === 'async' && pace.dayClosesAt !== undefined && pace.timeZone !== undefined ? { time: pace.dayClosesAt, zone: pace.timeZone } : undefined;
}

/** How the day's speeches are given: the room's choice, else open days in async pace and turns in live (RULES.md 11). */
export function dayModeOf(pace: PaceSetting): DayMode {
  return pace.day ?? (pace.preset === 'async' ? 'open' : 'turns');
}

/**
 * The room's voice: `off`; `on` (live rooms: the mic follows the game's step, see engine/voice.ts;
 * async rooms: voice notes); `relay` as `on`, with every connection through the deploy's TURN relay
 * so players' network addresses are never shown to each other.
 */
export const VOICE_SETTINGS = ['off', 'on', 'relay'] as const;
/** One of VOICE_SETTINGS. */
export type VoiceSetting = (typeof VOICE_SETTINGS)[number];

const OptionValues = v.record(v.pipe(v.string(), v.maxLength(40)), v.union([v.string(), v.number(), v.boolean()]));

/** POST /api/rooms */
export const CreateRoomSchema = v.object({
  ruleset: v.pipe(v.string(), v.maxLength(20)),
  options: v.optional(OptionValues),
  pace: v.optional(PaceSchema),
  spectators: v.optional(v.boolean()),
  /** A human judge (RULES.md 11): a participant who does not play, sees everything and narrates. */
  humanJudge: v.optional(v.boolean()),
  /** Played face to face: the host opens a table screen, the judge's voice, by a one-time link. */
  table: v.optional(v.boolean()),
  voice: v.optional(v.picklist(VOICE_SETTINGS)),
});
export type CreateRoomRequest = v.InferOutput<typeof CreateRoomSchema>;
export interface CreateRoomResponse {
  code: string;
  url: string;
  hostToken: string;
}

/**
 * POST /api/rooms/:code/join — `hostToken` makes the newcomer the host; `as: 'judge'` takes the
 * human judge's place (with the host token or a judge invitation); `invite` redeems a one-time link
 * from the host (the judge's place, or back into a seat whose token was lost: then `name` is unused).
 * The name's rules are in worker/names.ts; here only a bound on its raw size.
 */
export const JoinSchema = v.object({
  name: v.optional(v.pipe(v.string(), v.maxLength(MAX_NAME * 8))),
  hostToken: v.optional(v.pipe(v.string(), v.maxLength(100))),
  as: v.optional(v.picklist(['player', 'judge'])),
  invite: v.optional(v.pipe(v.string(), v.maxLength(100))),
});
export type JoinRequest = v.InferOutput<typeof JoinSchema>;
/** A player gets a seat; the human judge gets none (`seat: null`, `judge: true`); the table screen neither (`table: true`). */
export interface JoinResponse {
  seat: Seat | null;
  judge: boolean;
  token: string;
  table?: true;
}

/** GET /api/rooms/:code — what anyone with the code may see before joining. */
export interface RoomSummary {
  code: string;
  ruleset: RulesetId;
  status: 'lobby' | 'playing' | 'over';
  seats: number;
  minPlayers: number;
  maxPlayers: number;
  spectators: boolean;
  /** The room has a human judge's place; `judgeTaken` once someone holds it. */
  humanJudge: boolean;
  judgeTaken: boolean;
  /**
   * Only when the request carries this room's seat token (`Authorization: Bearer <token>`, never in
   * the URL): that seat, and what it owes now (from its own view), for the home page's "My games".
   */
  you?: { seat: Seat | null; owes: OwedKind | null; until: number | null };
}

/** Every HTTP error body and every error frame. */
export interface ErrorBody {
  error: { code: string; message: string };
}

// ------------------------------------------------------------------ WebSocket: client to server

const Target = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(64));
// Texts shown to the table cannot reorder what surrounds them: bidi controls are dropped.
const Text = v.pipe(v.string(), v.transform(stripBidiControls), v.minLength(1), v.maxLength(MAX_TEXT));
const ActionId = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
// A voice marker's form; the engine bounds the lengths (worker/engine/voice-mark.ts) and the room checks the note is this seat's upload.
const VoiceMs = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(86_400_000));
const VoiceNoteMark = v.object({ note: v.pipe(v.string(), v.regex(VOICE_NOTE_ID)), ms: VoiceMs });

const ClaimSeat = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(64));
/** A night by number (1 = the first); the engine bounds it by the round. */
const Night = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(64));

/**
 * A speech's structured claim: a role, check results, a vote intention, a suspicion, a power role's
 * night acts, a reason. Form only: every known field passes (an unknown key would be dropped), and
 * the engine's readClaim checks it against the game (worker/engine/claim.ts).
 */
const ClaimSchema = v.object({
  role: v.optional(v.picklist(['killer', 'police', 'civilian', 'doctor', 'secret-police', 'butterfly', 'sniper', 'old-man', 'undercover'] satisfies Role[])),
  checks: v.optional(v.pipe(v.array(v.object({ seat: Target, camp: v.picklist(['killers', 'good'] satisfies Camp[]) })), v.minLength(1), v.maxLength(64))),
  vote: v.optional(Target),
  suspect: v.optional(ClaimSeat),
  /** With an acting role (doctor, butterfly, old-man, secret-police, sniper): one act per night. */
  acts: v.optional(v.pipe(v.array(v.object({ night: Night, seat: ClaimSeat })), v.minLength(1), v.maxLength(64))),
  /** Why the speaker suspects or votes `why.seat`: what the table saw `why.seat` do about `why.other` (a hunch, night knowledge or a role claim name one seat). */
  why: v.optional(
    v.object({
      kind: v.picklist(['checked-killer', 'voted-cleared', 'voted-victim', 'voted-police', 'changed-vote', 'counter-claim', 'defended-killer', 'false-check', 'followed-vote', 'false-role', 'known-killer', 'checks-agree', 'named-proven', 'against-police', 'few-votes', 'echoed-vote', 'voted-together', 'victim-voted', 'seen-at-call', 'spared-claimer', 'named-me', 'voted-me-out', 'role-contested', 'unchecked', 'hunch'] satisfies ReasonKind[]),
      seat: ClaimSeat,
      other: v.optional(ClaimSeat),
      /** checks-agree: how many police claims agree; few-votes: how many ballots put `other` out. */
      count: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(64))),
    }),
  ),
  /** "#5's result on #2 is not what I know": a check result the speaker's own view disproves. */
  contest: v.optional(v.object({ seat: ClaimSeat, check: ClaimSeat })),
});

/** A seat's move; the seat itself comes from the socket, never from the frame. */
export const SeatMoveSchema = v.variant('type', [
  /** In `dual`, `card` picks the target's left (0) or right (1) card, and `hand` which of your own cards acts. */
  v.object({ type: v.literal('point'), target: Target, card: v.optional(v.picklist([0, 1])), hand: v.optional(v.picklist([0, 1])) }),
  /** Makes a solo actor's pointer final (D15); `hand` in `dual`. */
  v.object({ type: v.literal('confirm'), hand: v.optional(v.picklist([0, 1])) }),
  /** "I have seen my card" in the reading step before night 1. */
  v.object({ type: v.literal('seen') }),
  v.object({ type: v.literal('team-chat'), text: Text }),
  v.object({ type: v.literal('open-eyes'), choice: v.picklist(['bandits', 'police', 'none'] satisfies EyesChoice[]) }),
  /**
   * `claim` (optional): the speech's structured claim, rendered for every reader by worker/engine/bots/claims.ts.
   * `voice`: a recorded voice note (uploaded first, POST /api/rooms/:code/voice-notes) carries the speech;
   * `text` is then optional. A `say` needs text or a note.
   */
  v.pipe(
    v.object({ type: v.literal('say'), text: v.optional(Text), claim: v.optional(ClaimSchema), voice: v.optional(VoiceNoteMark) }),
    v.check((m) => m.text !== undefined || m.voice !== undefined, 'a speech needs text or a voice note'),
  ),
  /** `voice`: the turn this pass ends was a live voice speech this long (the speaker's page measured it). */
  v.object({ type: v.literal('pass'), voice: v.optional(v.object({ ms: VoiceMs })) }),
  v.object({ type: v.literal('vote'), target: Target }),
  v.object({ type: v.literal('self-destruct') }),
  v.object({ type: v.literal('surrender') }),
]);
export type SeatMove = v.InferOutput<typeof SeatMoveSchema>;

/** The longest webhook URL the room stores. */
export const MAX_WEBHOOK_URL = 500;
/** How far ahead a seat may mark itself away. */
export const MAX_AWAY_MS = 14 * 24 * 3_600_000;

/** The host's moves. */
export const HostMoveSchema = v.variant('type', [
  v.object({
    type: v.literal('configure'),
    ruleset: v.pipe(v.string(), v.maxLength(20)),
    options: v.optional(OptionValues),
    pace: v.optional(PaceSchema),
    spectators: v.optional(v.boolean()),
    humanJudge: v.optional(v.boolean()),
    table: v.optional(v.boolean()),
    voice: v.optional(v.picklist(VOICE_SETTINGS)),
  }),
  v.object({ type: v.literal('start') }),
  v.object({ type: v.literal('remove-seat'), seat: Target }),
  v.object({ type: v.literal('eject'), seat: Target }),
  v.object({ type: v.literal('pause') }),
  v.object({ type: v.literal('resume') }),
  v.object({ type: v.literal('extend'), ms: PaceMs }),
  /** Back to the lobby with the same seats (scores kept); the host then starts the next game. */
  v.object({ type: v.literal('play-again') }),
  /** A seat gives itself up, in the lobby only (any seat but the host's). */
  v.object({ type: v.literal('leave') }),
  /** The human judge's words to the table; judge only. */
  v.object({ type: v.literal('narrate'), text: Text }),
  /**
   * A one-time link for a place: `judge` (the judge's place; if the judge lost their token, a new
   * one) or a seat number (that seat gets a new token; its old devices are signed out), or `table`:
   * the table screen of a face-to-face room (a newer link signs the old screen out). Host only.
   */
  v.object({ type: v.literal('invite'), place: v.union([v.literal('judge'), v.literal('table'), Target]) }),
  /**
   * A seat (or the judge) asks for a one-time link that moves its own place to another device: it
   * works once, for MOVE_LINK_MS (10 minutes), and signs this device out when used. Any seat; not spectators.
   */
  v.object({ type: v.literal('move-device') }),
  /** Reminds one seat of what it owes now, by push; acked alike whether or not it owes anything. Host only. */
  v.object({ type: v.literal('prod'), seat: Target }),
  /** Seats one bot in the lobby, named from `lang`'s list; it speaks `lang`. Host only. */
  v.object({ type: v.literal('add-bot'), lang: v.picklist(LANGS) }),
  /** Seats bots up to the smallest legal table at least as large as the seats taken. Host only. */
  v.object({ type: v.literal('fill-bots'), lang: v.picklist(LANGS) }),
  /** Mid-game, the host switches the pace: the open step keeps its deadline, the next ones use `pace`. Host only. */
  v.object({ type: v.literal('set-pace'), pace: PaceSchema }),
  /** In the lobby, the game starts by itself at `at` (ms since the epoch) if the seat count is in range; null cancels. Host only. */
  v.object({ type: v.literal('schedule-start'), at: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))) }),
  /** Mid-game, an absent seat goes to a bot that speaks `lang`: the person's token stops working. Host only. */
  v.object({ type: v.literal('hand-to-bot'), seat: Target, lang: v.picklist(LANGS) }),
  /**
   * Mid-game, a one-time link (lapsing after REPLACE_LINK_MS) for a new person to take a living seat
   * over: a person's, absent or not, or a bot's. Answered with an `invite` frame (`replace: true`). Host only.
   */
  v.object({ type: v.literal('replace-seat'), seat: Target }),
  /**
   * The room's incoming webhook: public announcements are posted there in `lang`; `url: null`
   * removes it. https with a public host name (see docs/protocol.md); the URL never comes back. Host only.
   */
  v.object({ type: v.literal('webhook'), url: v.nullable(v.pipe(v.string(), v.maxLength(MAX_WEBHOOK_URL))), lang: v.picklist(LANGS) }),
  /** A seat marks itself "away until" a time (ms since the epoch, at most 14 days ahead), or clears it with null. During a game. */
  v.object({ type: v.literal('away'), until: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))) }),
]);
/** Moves the human judge may make (the host may make them too, except narrate). */
export const JUDGE_MOVES: readonly HostMove['type'][] = ['eject', 'pause', 'resume', 'extend', 'narrate'];
export type HostMove = v.InferOutput<typeof HostMoveSchema>;

/**
 * The push services browsers subscribe with (Chrome/Edge/Android, Firefox, Safari, Windows). The room
 * POSTs to the endpoint it is given, so only these hosts are accepted: a room is no relay to elsewhere.
 */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', '.push.services.mozilla.com', '.push.apple.com', '.notify.windows.com'];

/** Whether an endpoint is https on one of PUSH_SERVICE_HOSTS (a leading dot: any subdomain). */
export function isPushService(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  return PUSH_SERVICE_HOSTS.some((h) => (h.startsWith('.') ? url.hostname.endsWith(h) : url.hostname === h));
}

/** PushSubscription.toJSON() of one device: a P-256 point (65 bytes) and a 16-byte secret, base64url. */
export const PushSubscriptionSchema = v.object({
  endpoint: v.pipe(v.string(), v.maxLength(1000), v.check(isPushService, 'not a push service endpoint')),
  keys: v.object({
    p256dh: v.pipe(v.string(), v.regex(/^B[A-Za-z0-9_-]{86}$/, 'p256dh is an uncompressed P-256 point')),
    auth: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22}$/, 'auth is 16 bytes')),
  }),
});

/**
 * What a client already holds of its game log: its length (the viewer's entries are numbered 1..n)
 * and the tag of those n entries (logTag). The room then sends only the entries after them.
 */
export const HaveSchema = v.object({
  log: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000)),
  tag: v.pipe(v.string(), v.regex(/^[0-9a-z]{1,8}$/)),
});
export type Have = v.InferOutput<typeof HaveSchema>;

/** The tag of a log as the viewer received it (worker/engine/log-tag.ts): the client's half of `have`. */
export { logTag } from './engine/log-tag.ts';

/** The `have` a socket's URL carries (`/ws?log=<n>&tag=<tag>`), when it is well formed. */
export function haveOf(url: URL): Have | undefined {
  const parsed = v.safeParse(HaveSchema, { log: Number(url.searchParams.get('log')), tag: url.searchParams.get('tag') });
  return parsed.success ? parsed.output : undefined;
}

export const ClientFrameSchema = v.variant('type', [
  /** A seat's game action; `id` is chosen by the client so a retried action is applied once. */
  v.object({ type: v.literal('act'), id: ActionId, move: SeatMoveSchema }),
  v.object({ type: v.literal('host'), id: ActionId, move: HostMoveSchema }),
  /** Asks for the room and the game again (after a gap, or on demand); with `have`, only the log entries it lacks. */
  v.object({ type: v.literal('sync'), have: v.optional(HaveSchema) }),
  /** This device wants the seat's notifications, worded in `lang`; seats only, once per device. */
  v.object({ type: v.literal('push-subscribe'), id: ActionId, subscription: PushSubscriptionSchema, lang: v.picklist(LANGS) }),
  /** This device stops getting the seat's notifications. */
  v.object({ type: v.literal('push-unsubscribe'), id: ActionId, endpoint: v.pipe(v.string(), v.maxLength(1000)) }),
  /** Live voice: join or leave, signalling for one peer, the floor (worker/protocol-voice.ts; docs/protocol.md, "Voice"). */
  VoiceJoinFrame,
  VoiceSignalFrame,
  VoiceFloorFrame,
]);
export type ClientFrame = v.InferOutput<typeof ClientFrameSchema>;

// ------------------------------------------------------------------ WebSocket: server to client

export interface RoomSeat {
  seat: Seat;
  name: string;
  connected: boolean;
  host: boolean;
  score: number;
  /** The room plays this seat: every place that draws the seat shows the bot mark. A bot counts as connected. */
  bot?: true;
  /** The seat's player said they are away until this time; it does not pause the game. */
  away?: number;
}

/** The room around the game: public to everyone in it (no role, no token). */
export interface RoomView {
  code: string;
  ruleset: RulesetId;
  options: Record<string, OptionValue>;
  pace: PaceSetting;
  /** The deadlines in force, from the preset and the custom values. */
  deadlines: Pace;
  spectators: boolean;
  status: 'lobby' | 'playing' | 'over';
  gameNo: number;
  minPlayers: number;
  maxPlayers: number;
  /** In the lobby, the table size "Fill the table with bots" seats; null when it would add nobody. */
  fillTo: number | null;
  /** Seats that are not players: 1 in `dual` with the big joker (its holder judges), else 0. */
  judgeSeats: number;
  seats: RoomSeat[];
  spectatorsWatching: number;
  /** Whether the room has a human judge's place, and who holds it. */
  humanJudge: boolean;
  judge: { name: string; connected: boolean; host: boolean } | null;
  /** Played face to face. */
  table: boolean;
  /** The room's voice (VOICE_SETTINGS); face to face, the table talks out loud and voice stays off. */
  voice: VoiceSetting;
  /** The room posts its public announcements to a webhook on this host, in this language; never the URL. */
  webhook: { host: string; lang: Lang } | null;
  /** `table`: this socket is the table screen (a spectator's view, drawn for the room). */
  you: { seat: Seat | null; host: boolean; judge: boolean; table?: true };
  /**
   * Seats the room prodded in the current step (at 50 % and 90 % of its time) for a step the
   * whole table sees they owe (a speech, last words, a ballot, reading the card; never a night call).
   */
  prodded: Seat[];
  /** When the room deletes itself unless something happens before. */
  expiresAt: number;
  /**
   * The host's scheduled start: `at` while it is pending; `missed` once its time came and
   * the room could not start (the refusal's error code, e.g. `room/players`), until the host changes it.
   */
  scheduledStart: { at: number; missed?: string } | null;
}

/** Who is connected, sent to the others when a socket connects or leaves (instead of the whole room). */
export interface Presence {
  connected: Seat[];
  judgeConnected: boolean;
  spectatorsWatching: number;
}

export type ServerFrame =
  | { type: 'room'; room: RoomView }
  | ({ type: 'presence' } & Presence)
  /**
   * Only to the socket that asked (`id` of the `invite`, `move-device` or `replace-seat` move): the
   * one-time link's secret for `place`; `expiresAt` when the link lapses (a move or replacement link;
   * the host's other links do not); `replace`: a new person takes the seat over with a name.
   */
  | { type: 'invite'; id: string; place: 'judge' | 'table' | Seat; token: string; expiresAt?: number; replace?: true }
  /** `view.log` holds the viewer's own entries after position `logFrom` (its log is numbered 1..n); 0 means the whole visible log (replace, do not append). */
  | { type: 'game'; view: View; logFrom: number }
  /**
   * An update of the view this socket holds (it had a `game` frame since it connected): the view's
   * top-level fields that changed (`set`, each whole), the seats whose view changed (each whole), and
   * the viewer's entries after position `logFrom`. patchedView puts it together.
   */
  | PatchFrame
  | { type: 'ack'; id: string }
  | { type: 'error'; id?: string; code: string; message: string }
  | { type: 'expired' }
  | VoiceServerFrame;

/** A `patch` frame (see ServerFrame). */
export interface PatchFrame {
  type: 'patch';
  set: Partial<Omit<View, 'seats' | 'log'>>;
  seats: SeatView[];
  log: LogEntry[];
  logFrom: number;
}

/**
 * The view a `patch` frame makes of the view a socket holds, with only the patch's new entries as its
 * log (as a `game` frame with `logFrom` carries them). Unchanged seats and fields stay the same objects.
 */
export function patchedView(held: View, patch: PatchFrame): View {
  let seats = held.seats;
  if (patch.seats.length > 0) {
    seats = held.seats.slice();
    for (const seat of patch.seats) seats[seat.seat - 1] = seat;
  }
  return { ...held, ...patch.set, seats, log: patch.log };
}

/** GET /api/push — the deploy's VAPID public key; `null` when the deploy has no keys (notifications are hidden). */
export interface PushConfig {
  publicKey: string | null;
}

/** The push message's payload (encrypted for the device): no text, no role; the service worker words it. */
export interface PushPayload {
  code: string;
  seat: Seat;
  lang: Lang;
  notice: Notice;
}

/** Parses and checks one inbound frame; the error says what was wrong. */
export function parseClientFrame(raw: string): { ok: true; frame: ClientFrame } | { ok: false; code: string; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, code: 'protocol/bad-json', message: 'the frame is not JSON' };
  }
  const result = v.safeParse(ClientFrameSchema, json);
  if (!result.success) {
    const issue = result.issues[0];
    return { ok: false, code: 'protocol/bad-frame', message: issue ? `${v.getDotPath(issue) ?? 'frame'}: ${issue.message}` : 'bad frame' };
  }
  return { ok: true, frame: result.output };
}
