// The ICE servers of a room's voice (GET /api/rooms/:code/voice-ice): none on localhost, Cloudflare's
// STUN on a deploy without a TURN key, and with one (npm run setup:voice) short-lived Cloudflare
// Realtime TURN credentials minted per caller. Only for a room whose voice is on, and a caller the
// room admits: a seat's or the judge's token, or a spectator where the room has spectators.
import * as v from 'valibot';
import type { VoiceIce, VoiceSetting } from '../protocol.ts';
import { refuse, type Refusal, type RoomCore } from './context.ts';
import { identify } from './identity.ts';

/** The TURN key's secrets (`npm run setup:voice` prints how to set them). */
export const TURN_SECRETS = ['TURN_KEY_ID', 'TURN_KEY_API_TOKEN'] as const;
/** Cloudflare Realtime's TURN API: a key's short-lived credentials come from …/keys/{id}/credentials/generate-ice-servers. */
export const TURN_API = 'https://rtc.live.cloudflare.com/v1/turn/keys';
/** How long minted credentials last: a live evening; a page asks again each time it joins the voice. */
export const TURN_TTL_S = 4 * 3600;
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

/** The ICE servers for one caller of this room (`tokenHash` null: a spectator); `local`: the page is on localhost. */
export async function voiceIce(core: RoomCore, tokenHash: string | null, local: boolean): Promise<{ ok: true; ice: VoiceIce } | Refusal> {
  const room = core.roomOrRefusal();
  if ('ok' in room) return room;
  if (room.voice === 'off') return refuse(409, 'voice/off', 'this room has no voice');
  if (tokenHash !== null) {
    const who = identify(core.store, tokenHash);
    if (!who || who.table) return refuse(403, 'auth/bad-token', 'this token is not valid in this room');
  } else if (!room.spectators) return refuse(401, 'auth/no-token', 'this room has no spectators: join to get a seat token');
  const relayOnly = room.voice === 'relay';
  const turn = turnOf(core.env);
  if (!turn) {
    // A room chose relay before the deploy lost its key: no page could connect, so say so.
    if (relayOnly) return refuse(503, 'voice/no-relay', 'this deploy has no TURN relay any more: the host chooses voice on');
    return { ok: true, ice: { iceServers: local ? [] : [{ urls: [PUBLIC_STUN] }], relayOnly } };
  }
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
  return { ok: true, ice: { iceServers, relayOnly } };
}
