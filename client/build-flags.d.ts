// Constants the client's build sets (vite.config.ts, `define`); each is a literal in the built page,
// so code behind a false one is left out of it.

/** The browser tests' build (`vite build --mode e2e`, into dist/client-e2e): the page exposes its voice to the tests. */
declare const __VOICE_PROBE__: boolean;
