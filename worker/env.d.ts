// Typed bindings for `env` and for `exports` from "cloudflare:workers" (used by tests).
interface Env {
  ROOMS: DurableObjectNamespace<import('./room/room.ts').Room>;
  ASSETS: Fetcher;
}

declare namespace Cloudflare {
  interface Env extends globalThis.Env {}
  interface GlobalProps {
    mainModule: typeof import('./index.ts');
    durableNamespaces: 'Room';
  }
}
