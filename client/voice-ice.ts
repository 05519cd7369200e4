// The page's ICE servers for the room's voice. The room mints TURN credentials only for a page in the
// voice that its route links with another page (docs/protocol.md, voice-ice), so they are asked for
// when a route first links this page, kept across steps, reconnects and rejoins while they last,
// renewed a few minutes before they end while the page is in the voice and linked, and handed to
// every connection (client/voice-peers.ts). Public STUN given while the relay is withheld (`later`)
// is kept for its step only; a refusal that only says "not now" is quiet: the next route that links
// this page asks again.
import type { VoiceIce, VoiceRoute } from '../worker/protocol-voice.ts';
import type { ErrorBody } from '../worker/protocol.ts';
import { showError, stored } from './state.ts';

/** How long before they end the credentials are renewed (they last 15 minutes). */
const RENEW_BEFORE_MS = 3 * 60_000;
/** After a refusal, the soonest the page asks again (the Worker allows an address 30 a minute). */
const RETRY_MS = 3_000;
/** How long an answer is waited for. */
const ASK_MS = 8_000;
/** Refusals a race with the step explains (the route this page saw was already over): no error shown. */
const QUIET = new Set(['voice/not-now', 'voice/no-game', 'voice/not-joined']);

/** What the page's voice gives: its route now, and where new servers go. */
export interface IceUse {
  route: () => VoiceRoute | null;
  renewed: (ice: VoiceIce) => void;
}

// The servers held: until when they last (minted ones), or for which step (`later`: public STUN while
// the relay is withheld, asked again at a later step's route).
let held: { code: string; ice: VoiceIce; until: number; gen: number } | null = null;
let asking: Promise<void> | null = null;
let refusedAt = -Infinity;
let renewal: ReturnType<typeof setTimeout> | null = null;
let use: IceUse | null = null;

/** Whether a route links this page with another page: only then does the room mint. */
export const linksAny = (r: VoiceRoute): boolean => r.hear.length > 0 || r.heardBy.length > 0;

/** The ICE servers this page holds for this room, or null. */
export function heldIce(code: string): VoiceIce | null {
  return held?.code === code ? held.ice : null;
}

/** Starts (with `u`) or stops (null) renewing; the servers held are kept for a rejoin while they last. */
export function useIce(u: IceUse | null): void {
  use = u;
  if (!u && renewal !== null) clearTimeout(renewal);
}

/** Before following a route that links this page: servers that last are held, or asked for (at most one request at a time). */
export async function ensureIce(code: string, route: VoiceRoute): Promise<void> {
  if (!linksAny(route)) return;
  const h = held?.code === code ? held : null;
  if (h && (h.ice.later ? h.gen === route.gen : h.until - Date.now() > RENEW_BEFORE_MS)) return;
  if (asking) return asking;
  if (Date.now() - refusedAt < RETRY_MS) return;
  asking = ask(code, route.peer, route.gen).finally(() => (asking = null));
  return asking;
}

async function ask(code: string, peer: string, gen: number): Promise<void> {
  const token = stored(code)?.token;
  let res: Response;
  try {
    // Bounded: the room's voice frames wait for this answer (client/voice-link.ts).
    res = await fetch(`/api/rooms/${code}/voice-ice`, { headers: { 'X-Voice-Peer': peer, ...(token ? { Authorization: `Bearer ${token}` } : {}) }, signal: AbortSignal.timeout(ASK_MS) });
  } catch {
    refusedAt = Date.now();
    return showError('vc_failed');
  }
  if (!res.ok) {
    refusedAt = Date.now();
    const body = (await res.json().catch(() => null)) as Partial<ErrorBody> | null;
    const refusal = body?.error;
    if (!refusal) return showError('vc_failed');
    if (!QUIET.has(refusal.code)) showError(refusal.code, refusal.message);
    return;
  }
  const ice = (await res.json().catch(() => null)) as VoiceIce | null;
  if (!ice) {
    refusedAt = Date.now();
    return showError('vc_failed');
  }
  held = { code, ice, until: ice.ttl ? Date.now() + ice.ttl * 1000 : Infinity, gen };
  use?.renewed(ice);
  if (renewal !== null) clearTimeout(renewal);
  if (held.until !== Infinity) renewal = setTimeout(() => renew(code), held.until - RENEW_BEFORE_MS - Date.now());
}

/** The renewal's time: asked again if the page is still in the voice and linked; else the next linking route asks. */
function renew(code: string): void {
  renewal = null;
  const r = use?.route();
  if (r) void ensureIce(code, r);
}
