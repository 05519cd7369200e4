// The client's page and install files: the strings of the visitor's language are
// preloaded with the HTML, /favicon.ico is an icon (not the single-page fallback), the manifest
// names the app, its icons and theme colour.
import { describe, expect, it } from 'vitest';
import { pageLang } from '../../worker/client-page.ts';
import { api } from './helpers.ts';

describe('the client page', () => {
  it('preloads the strings of the first browser language the table has', async () => {
    const res = await api('/', { headers: { 'Accept-Language': 'fr-FR,es-MX;q=0.8,en;q=0.5' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<link rel="preload" href="/strings/es.json" as="fetch" crossorigin="anonymous">');
    expect(html).toMatch(/<html lang="es"/);
    expect(res.headers.get('Vary')).toContain('Accept-Language');
  });

  it('preloads the language saved on the device (its cookie) over the browser languages, on room pages too', async () => {
    const res = await api('/r/ABCDEFGH', { headers: { 'Accept-Language': 'en-US', Cookie: 'x=1; tianhei.lang=ko' } });
    expect(await res.text()).toContain('href="/strings/ko.json"');
  });

  it('chooses like the client does: first two letters, English when nothing matches', () => {
    expect(pageLang(undefined, 'zh-TW,zh;q=0.9')).toBe('zh-CN');
    expect(pageLang(undefined, 'de-DE,fr;q=0.5')).toBe('en');
    expect(pageLang('tianhei.lang=xx', 'ko-KR')).toBe('ko');
    expect(pageLang(undefined, undefined)).toBe('en');
  });

  it('serves /favicon.ico as an icon and the web app manifest with name, icons and theme colour', async () => {
    const ico = await api('/favicon.ico');
    expect(ico.status).toBe(200);
    const bytes = new Uint8Array(await ico.arrayBuffer());
    // An ICO directory: reserved 0, type 1 (icon), one image.
    expect([...bytes.slice(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
    const manifest = (await (await api('/manifest.webmanifest')).json()) as { name: string; theme_color: string; icons: { src: string; sizes: string }[] };
    expect(manifest.name).toContain('Tianhei');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) expect((await api(icon.src)).headers.get('content-type')).toMatch(/^image\//);
  });
});
