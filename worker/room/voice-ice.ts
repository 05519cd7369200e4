// The ICE servers of a room's voice (GET /api/rooms/:code/voice-ice): none on localhost, Cloudflare's
// STUN on a deploy without a TURN key, and with one (npm run setup:voice) Cloudflare Realtime TURN
// credentials minted for one page in the voice, for 15 minutes (the page renews them while it is in
// the voice). Only for a room whose voice is on, and a caller the room admits: a seat's or the
// judge's token, or a spectator where the room has spectators. A mint passes voice-mints.ts's gate
// (a socket of the caller's in the voice, linked now, a game being played, the caps); public STUN
// mints nothing and costs nothing, so it is answered without that gate, as are spectators of a
// room that allows direct paths (they listen over those: the relay is for `relay` rooms) and, in
// such a room, a page the gate turns away (told to ask again later).
import * as v from 'valibot';
import type { VoiceIce, VoiceSetting } from '../protocol.ts';
import { refuse, type Refusal, type RoomCore } from './context.ts';
import { identify } from './identity.ts';
import type { Attachment } from './sockets.ts';
import { mintRefusal } from './voice-mints.ts';

/** The TURN key's secrets (`npm run setup:voice` prints how to set them). */
export const TURN_SECRETS = ['TURN_KEY_ID', 'TURN_KEY_API_TOKEN'] as const;
/** Cloudflare Realtime's TURN API: a key's short-lived credentials come from …/keys/{id}/credentials/generate-ice-servers. */
export const TURN_API = 'https://rtc.live.cloudflare.com/v1/turn/keys';
/** How long minted credentials last: a page in the voice renews them RENEW_BEFORE_S before they end (client/voice-ice.ts). */
export const TURN_TTL_S = 15 * 60;
/** Cloudflare's STUN, which needs no key: lets two pages find a direct path across their routers. */
export const PUBLIC_STUN = 'stun:stun.cloudflare.com:3478';

/** The deploy's TURN key, or null when it has none. */
export function turnOf(env: Partial<Record<(typeof TURN_SECRETS)[number], string>>): { keyId: string; token: string } | null {
  return env.TURN_KEY_ID && env.TURN_KEY_API_TOKEN ? { keyId: env.TURN_KEY_ID, token: env.TURN_KEY_API_TOKEN } : null;
}

/** Why a room on this deploy cannot take this voice setting: `relay` needs the deploy's TURN relay. */
export function voiceSettingRefusal(env: Partial<Record<(typeof TURN_SECRETS)[number], string>>, voice: VoiceSetting | undefined): Refusal | null {
  if (voice !== 'relay' || turnOf(env)) return null;
  return refuse(409, 'voice/no-relay', 'this deploy has no TURN relay (npm run setup:voice), so "relay only" cannot be chosen: choose voice on');
}

const TurnAnswer = v.object({
  iceServers: v.array(v.object({ urls: v.union([v.string(), v.array(v.string())]), username: v.optional(v.string()), credential: v.optional(v.string()) })),
});

/**
 * The ICE servers for one caller of this room (`tokenHash` null: a spectator), whose socket in the
 * voice is named by `peer` (its route's peer name); `local`: the page is on localhost.
 */
export async function voiceIce(core: RoomCore, tokenHash: string | null, peer: string | null, local: boolean): Promise<{ ok: true; ice: VoiceIce } | Refusal> {
  const room = core.roomOrRefusal();
  if ('ok' in room) return room;
  if (room.voice === 'off') return refuse(409, 'voice/off', 'this room has no voice');
  let who: Attachment | null = null;
  if (tokenHash !== null) {
    who = identify(core.store, tokenHash);
    if (!who || who.table) return refuse(403, 'auth/bad-token', 'this token is not valid in this room');
  } else if (!room.spectators) return refuse(401, 'auth/no-token', 'this room has no spectators: join to get a seat token');
  const relayOnly = room.voice === 'relay';
  const turn = turnOf(core.env);
  // A room chose relay before the deploy lost its key: no page could connect, so say so.
  if (!turn && relayOnly) return refuse(503, 'voice/no-relay', 'this deploy has no TURN relay any more: the host chooses voice on');
  if (!turn || (!who && !relayOnly)) return { ok: true, ice: { iceServers: local ? [] : [{ urls: [PUBLIC_STUN] }], relayOnly } };
  // Where direct paths are allowed, a page the relay is withheld from now still gets what a deploy
  // without a key gives (the human judge's voice in the lobby goes on), and is told to ask again at a
  // later step; in a `relay` room STUN alone connects nobody, so the refusal is the answer.
  const gate = mintRefusal(core, room, who, peer);
  if (gate) return relayOnly ? gate : { ok: true, ice: { iceServers: local ? [] : [{ urls: [PUBLIC_STUN] }], relayOnly, later: true } };
  const request = new Request(`${TURN_API}/${encodeURIComponent(turn.keyId)}/credentials/generate-ice-servers`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${turn.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ttl: TURN_TTL_S }),
  });
  let answer: v.InferOutput<typeof TurnAnswer>;
  try {
    const res = await core.turnFetch(request);
    const parsed = res.ok ? v.safeParse(TurnAnswer, await res.json()) : null;
    if (!parsed?.success) return refuse(502, 'voice/turn', 'the TURN service did not answer; try again');
    answer = parsed.output;
  } catch {
    return refuse(502, 'voice/turn', 'the TURN service did not answer; try again');
  }
  // Port 53 is on the browsers' list of bad ports (the Fetch standard), and Cloudflare's TURN docs
  // advise dropping those URLs: a page would wait on them for nothing.
  const iceServers = answer.iceServers
    .map((s) => ({ ...s, urls: (typeof s.urls === 'string' ? [s.urls] : s.urls).filter((u) => !/:53(\?|$)/.test(u)) }))
    .filter((s) => s.urls.length > 0);
  return { ok: true, ice: { iceServers, relayOnly, ttl: TURN_TTL_S } };
}
