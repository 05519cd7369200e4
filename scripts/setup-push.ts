// `npm run setup:push -- <contact>`: makes the deploy's VAPID key pair, writes it to .dev.vars
// (git-ignored) for `npm run dev`, and prints the `wrangler secret put` commands for a deploy.
// The contact (mailto: or https:) is what push services write to about this sender (RFC 8292 §2.1).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { newVapidPair } from './vapid.ts';

const DEV_VARS = resolve(import.meta.dirname, '../.dev.vars');
const NAMES = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'];

const args = process.argv.slice(2);
const force = args.includes('--force');
const subject = args.find((a) => !a.startsWith('--'));
if (!subject || !/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/.test(subject)) {
  console.error('usage: npm run setup:push -- <mailto:you@example.org | https://your.site> [--force]');
  console.error('The contact goes into every push request (the VAPID "sub" claim); Apple refuses pushes without one.');
  process.exit(2);
}

const old = existsSync(DEV_VARS) ? readFileSync(DEV_VARS, 'utf8') : '';
if (/^VAPID_PRIVATE_KEY=/m.test(old) && !force) {
  console.error('.dev.vars already holds VAPID keys. New keys end every existing subscription; add --force to replace them.');
  process.exit(1);
}

const pair = newVapidPair();
const values: Record<string, string> = { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: subject };
const kept = old.split('\n').filter((line) => line.trim() !== '' && !NAMES.some((n) => line.startsWith(`${n}=`)));
writeFileSync(DEV_VARS, [...kept, ...NAMES.map((n) => `${n}=${JSON.stringify(values[n])}`)].join('\n') + '\n', { mode: 0o600 });

console.log(`Wrote ${DEV_VARS} (git-ignored): \`npm run dev\` now sends notifications.`);
console.log('\nFor the deployed Worker, set the same three secrets (the private key stays out of wrangler.toml and git):\n');
for (const n of NAMES) console.log(`printf '%s' '${values[n]}' | npx wrangler secret put ${n}`);
console.log('\nThe public key is not secret (browsers receive it from GET /api/push); the private key is.');
