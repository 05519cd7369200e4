// Typed bindings for `env` and for `exports` from "cloudflare:workers" (used by tests).
interface Env {
  ROOMS: DurableObjectNamespace<import('./room/room.ts').Room>;
  ASSETS: Fetcher;
  /** Web Push (VAPID, RFC 8292), set by `npm run setup:push`; without them the deploy sends no notifications. */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  /** The contact push services may write to: `mailto:` or an https URL. */
  VAPID_SUBJECT?: string;
  /** Room creations per client address ([[ratelimits]] in wrangler.toml). */
  CREATE_LIMITER: RateLimit;
  /** Joins per client address. */
  JOIN_LIMITER: RateLimit;
  /** WebSocket upgrades per client address. */
  SOCKET_LIMITER: RateLimit;
  /** Voice note uploads per client address. */
  VOICE_LIMITER: RateLimit;
  /** Voice notes of games over days (R2), keyed `<room code>/<game>/<note id>` (worker/room/voice-notes.ts). */
  VOICE_NOTES: R2Bucket;
  /** Voice ICE servers (each a minted TURN credential) per client address. */
  ICE_LIMITER: RateLimit;
  /** Cloudflare Realtime TURN key (`npm run setup:voice`); without it the voice has no relay and rooms cannot choose "relay only". */
  TURN_KEY_ID?: string;
  TURN_KEY_API_TOKEN?: string;
}

declare namespace Cloudflare {
  interface Env extends globalThis.Env {}
  interface GlobalProps {
    mainModule: typeof import('./index.ts');
    durableNamespaces: 'Room';
  }
}
