// The client's HTML page (/ and /r/<code>), with the strings of the language the page will pick
// preloaded, so the first paint does not wait for the JavaScript to ask for them.
import { LANGS, type Lang } from '../client/strings.ts';

/** A language of the table matching a tag by its first two letters ("es-MX" → es), or null. */
export function matchLang(tag: string): Lang | null {
  const base = tag.trim().toLowerCase().slice(0, 2);
  return LANGS.find((l) => l.slice(0, 2) === base) ?? null;
}

/**
 * The language the client will choose (client/i18n.ts does the same): the one saved on this device
 * (mirrored into the `tianhei.lang` cookie), else the first of the browser's languages we have, else en.
 */
export function pageLang(cookie: string | undefined, acceptLanguage: string | undefined): Lang {
  const saved = /(?:^|;\s*)tianhei\.lang=([^;]+)/.exec(cookie ?? '')?.[1];
  if (saved && (LANGS as readonly string[]).includes(saved)) return saved as Lang;
  // Browsers list Accept-Language in the order of navigator.languages; the q-values only repeat it.
  for (const tag of (acceptLanguage ?? '').split(',')) {
    const hit = matchLang(tag.split(';')[0]!);
    if (hit) return hit;
  }
  return 'en';
}

/** index.html (the assets' single-page fallback) with a preload link for that language's strings. */
export async function clientPage(req: Request, assets: Fetcher): Promise<Response> {
  const res = await assets.fetch(req);
  if (!res.headers.get('content-type')?.includes('text/html')) return res;
  const l = pageLang(req.headers.get('Cookie') ?? undefined, req.headers.get('Accept-Language') ?? undefined);
  const out = new HTMLRewriter()
    .on('head', {
      element(e) {
        // fetch() from the page is a CORS-mode request: the preload must say crossorigin to be reused.
        e.append(`<link rel="preload" href="/strings/${l}.json" as="fetch" crossorigin="anonymous">`, { html: true });
      },
    })
    .on('html', {
      element(e) {
        e.setAttribute('lang', l);
      },
    })
    .transform(res);
  const headers = new Headers(out.headers);
  headers.append('Vary', 'Accept-Language, Cookie');
  return new Response(out.body, { status: out.status, headers });
}
