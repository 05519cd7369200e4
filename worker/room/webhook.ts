// The room's incoming webhook: the host may give the room a Discord- or Slack-compatible
// URL, and the room posts its public announcements there (the game's start, each dawn, each verdict,
// the game's end, the app taking over from the judge, a replacement player) in the language the host chose. Every line is
// built from a spectator's view, so a post can say nothing a spectator could not read.
// Posting runs in ctx.waitUntil after the frames went out; a failing hook never fails an action.
import { nameAsOf, viewFor, type GameState, type LogEntry, type RulesetId, type Seat } from '../engine/index.ts';
import { NEWS } from '../../client/strings.ts';
import { LANGS, type Lang } from '../protocol.ts';

/** A room's webhook as the room stores it; only its host name ever leaves the room. */
export interface Webhook {
  url: string;
  lang: Lang;
}

/** Discord's limit for a message's content is 2000 characters; a post is cut short below it. */
const MAX_POST = 1900;
/** How long the room waits for the hook before giving up on a post. */
const POST_TIMEOUT_MS = 10_000;

// Names no public DNS answers for: RFC 6761's `localhost`, RFC 6762's `.local` and the names its
// appendix G lists for private networks (`.lan`, `.home`, `.corp`, `.intranet`, `.private`,
// `.internal`), RFC 8375's `.home.arpa` (and `.arpa` as a whole: reverse zones, no web hosts), and
// Kubernetes' in-cluster `.svc` / `.cluster.local`.
const LOCAL_SUFFIX = /(^|\.)(localhost|local|lan|home|corp|intranet|private|internal|arpa|svc)$/;

/**
 * Why a webhook URL is refused, or null. https only, a host name of two labels or more that is not
 * an IP address, does not end in a dot and is not a special-use name, no credentials, no port: the
 * room cannot check where a name resolves (docs/rules-decisions.md O16), so it at least refuses
 * what plainly points inside a network. A final dot (`localhost.`) names the same host while
 * slipping past a suffix check, so it is refused outright.
 */
export function webhookRefusal(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'https:') return 'the webhook must be https';
  if (url.username || url.password) return 'the webhook URL may not carry a user name or password';
  if (url.port) return 'the webhook URL may not name a port';
  const host = url.hostname.toLowerCase();
  if (host.startsWith('[') || /^[\d.]+$/.test(host) || /^0x/i.test(host)) return 'the webhook must have a host name, not an IP address';
  if (host.endsWith('.')) return 'the webhook host name may not end in a dot';
  if (!host.includes('.') || LOCAL_SUFFIX.test(host)) return 'the webhook must be a public host name';
  return null;
}

/** What the room view shows of a webhook: its host name and language, never its path (the secret). */
export function webhookShown(hook: Webhook | null): { host: string; lang: Lang } | null {
  return hook ? { host: new URL(hook.url).hostname, lang: hook.lang } : null;
}

type NewsKey = keyof typeof NEWS;

/** A string of the one table in the webhook's language, with {0}, {1}… filled as the client does. */
function say(lang: Lang, key: NewsKey, ...args: (string | number)[]): string {
  const s = NEWS[key][LANGS.indexOf(lang)]!;
  return s.replace(/\{(\d)\}/g, (_, i: string) => String(args[+i] ?? ''));
}

/**
 * A name as a post shows it: isolated in its own direction, and unable to call anyone (`@everyone`
 * in Discord, `<!channel>` in Slack) or to open a link.
 */
function plain(name: string): string {
  return `\u2068${name.replace(/@/g, '@\u200b').replace(/[<>]/g, (c) => (c === '<' ? '‹' : '›'))}\u2069`;
}

/** The text of the room's post for a change, or null when it brought nothing public worth posting. */
export function announcement(prev: GameState | null, next: GameState, lang: Lang, code: string, names: Map<Seat, string>): string | null {
  // Public entries only, read from the spectator's own view; at game over a spectator's view opens
  // to everything, so only entries addressed to all are read at any time.
  const before = prev ? prev.log.filter((e) => e.to === 'all').length : 0;
  const seen = viewFor(next, { kind: 'spectator' }).log;
  const fresh = seen.filter((e) => e.to === 'all').slice(before);
  const lines = fresh.flatMap((e) => {
    // Each seat as its player was when the entry was made, as the feed and the record name it.
    const who = (seat: Seat) => {
      const { name } = nameAsOf(seen, seat, e.seq, names.get(seat));
      return name === undefined ? say(lang, 'seat', seat) : say(lang, 'seatName', seat, plain(name));
    };
    const list = (seats: Seat[]) => (seats.length ? seats.map(who).join(', ') : say(lang, 'nobody'));
    return lineFor(e, next.setup.ruleset, lang, who, list) ?? [];
  });
  if (lines.length === 0) return null;
  const text = `${say(lang, 'app')} · ${code}\n${lines.join('\n')}`;
  return text.length > MAX_POST ? `${text.slice(0, MAX_POST - 1)}…` : text;
}

/** One public entry as a line of the post, or null for entries that are not announcements. */
function lineFor(e: LogEntry, ruleset: RulesetId, lang: Lang, who: (s: Seat) => string, list: (s: Seat[]) => string): string | null {
  const ev = e.event;
  switch (ev.type) {
    case 'dealt':
      return say(lang, 'wh_start', say(lang, `rs_${ruleset}`), ev.players);
    case 'dawn': {
      const said = ev.out.length > 1 ? say(lang, 'e_dawnOutN', ev.out.length, list(ev.out)) : ev.out.length ? say(lang, 'e_dawnOut', who(ev.out[0]!)) : say(lang, ruleset === 'dual' ? 'e_dawnNoOut' : 'e_dawnNone');
      return `${say(lang, 'dayN', e.round)} · ${said}`;
    }
    case 'ballots':
      return say(lang, 'colon', say(lang, 'ballots'), `${ev.ballots.map((b) => `${who(b.seat)} → ${b.target ? who(b.target) : say(lang, 'abstain')}`).join('; ')}. ${say(lang, 'top', list(ev.top))}`);
    case 'lot':
      return say(lang, 'e_lot', list(ev.among), who(ev.drawn));
    case 'out':
      // Dawn's outs are in the dawn line; a verdict's, a self-destruct's and an ejection's are their own.
      return ev.how === 'killed' ? null : say(lang, ev.camp === 'killers' ? 'e_outKiller' : 'e_out', who(ev.seat), say(lang, `h_${ev.how}`));
    case 'judge':
      return say(lang, ruleset === 'dual' ? 'e_jokerJudge' : 'e_judge', who(ev.seat));
    case 'app-judges':
      return say(lang, 'e_appJudges');
    case 'replaced':
      return ev.was !== undefined ? say(lang, 'e_replaces', say(lang, 'seatName', ev.seat, plain(ev.name)), plain(ev.was)) : say(lang, 'e_replaced', say(lang, 'seat', ev.seat), plain(ev.name));
    case 'game-over': {
      const reason = `r_${ruleset === 'dual' && ev.reason === 'both-sides-out' ? 'both_cards_out' : ev.reason.replace(/-/g, '_')}`;
      const why = reason in NEWS ? say(lang, reason as NewsKey) : ev.reason;
      return say(lang, 'e_over', say(lang, `w_${ev.winner}`), why) + (ev.winners ? `. ${say(lang, 'winners', list(ev.winners))}` : '');
    }
    default:
      return null;
  }
}

/**
 * Posts one announcement: Discord reads `content` (with every mention turned off), Slack reads
 * `text`. Redirects are not followed (`redirect: 'manual'`): a hook that answers 3xx would
 * otherwise have the room re-post the body wherever it points, inside a network included, so a
 * 3xx is a failure like any other. Errors and slow hooks are swallowed: the game never waits on a
 * chat service. True when the hook took the post (2xx).
 */
export async function postAnnouncement(hook: Webhook, text: string, fetcher: (request: Request) => Promise<Response>): Promise<boolean> {
  const body = JSON.stringify({ content: text, text, allowed_mentions: { parse: [] } });
  try {
    const response = await fetcher(new Request(hook.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, redirect: 'manual', signal: AbortSignal.timeout(POST_TIMEOUT_MS) }));
    await response.body?.cancel();
    return response.status >= 200 && response.status < 300;
  } catch {
    // The hook is down, slow or gone: the room goes on; the next announcement tries again.
    return false;
  }
}
