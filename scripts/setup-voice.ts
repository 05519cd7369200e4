// `npm run setup:voice -- <TURN key id> <TURN key API token>`: prints the `wrangler secret put`
// commands that give a deploy its voice relay (Cloudflare Realtime TURN). The key is made once in
// the Cloudflare dashboard (Realtime, TURN keys) or its API; the Worker then mints short-lived
// credentials from it for each page that joins a room's voice (worker/room/voice-ice.ts).
import { TURN_SECRETS } from '../worker/room/voice-ice.ts';

const [keyId, token] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
// Both are plain tokens; anything with spaces or quotes is a paste gone wrong.
const plain = /^[A-Za-z0-9_-]{16,200}$/;
if (!keyId || !token || !plain.test(keyId) || !plain.test(token)) {
  console.error('usage: npm run setup:voice -- <TURN key id> <TURN key API token>');
  console.error('Make a TURN key in the Cloudflare dashboard (Realtime, TURN keys) or with its API: it gives a key id and an API token.');
  process.exit(2);
}

const values: Record<(typeof TURN_SECRETS)[number], string> = { TURN_KEY_ID: keyId, TURN_KEY_API_TOKEN: token };
console.log('For the deployed Worker, set the TURN key as two secrets (they stay out of wrangler.toml and git):\n');
for (const n of TURN_SECRETS) console.log(`printf '%s' '${values[n]}' | npx wrangler secret put ${n}`);
console.log('\nThen `npm run deploy`. Rooms may now choose "relay only", and every voice gets a TURN relay for');
console.log('players behind strict routers. To try it under `npm run dev`, add the same two lines as NAME="value" to .dev.vars.');
