// The full rules a player opens from the rules sheet: one page per version (docs/rules/), built into
// the client's assets as /rules/<version>.html by scripts/rules-pages.ts. Each version has its page,
// each page's options table says what the engine offers and defaults to, nothing shows as raw
// Markdown, and every link lands on a page (and heading) that exists.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG, RULESET_IDS } from '../../worker/engine/catalog.ts';
import { markdownToHtml, rulesPages } from '../../scripts/rules-pages.ts';
import { readFileSync } from 'node:fs';

const DOCS = resolve(import.meta.dirname, '../../docs');
const pages = rulesPages(DOCS);
const byName = new Map(pages.map((p) => [p.fileName, p.html]));
const shown = (v: unknown) => (v === true ? 'on' : v === false ? 'off' : String(v));

describe('the rules pages', () => {
  it('has a page for every version the engine plays, and an index', () => {
    for (const id of RULESET_IDS) expect(byName.has(`${id}.html`), `${id}.html`).toBe(true);
    expect(byName.has('index.html')).toBe(true);
  });

  it.each(RULESET_IDS)('%s: the options table lists each option of the version with its default', (id) => {
    const markdown = readFileSync(join(DOCS, 'rules', `${id}.md`), 'utf8');
    const rows = new Map(
      markdown
        .split('\n')
        .filter((l) => l.startsWith('| `'))
        .map((l) => l.split('|').map((c) => c.trim()))
        .map((c) => [c[1]!.replace(/`/g, ''), c[3]!.replace(/`/g, '')]),
    );
    for (const option of CATALOG[id].options) expect(rows.get(option.name), `${id}: ${option.name}`).toBe(shown(option.default));
    expect([...rows.keys()].sort()).toEqual(CATALOG[id].options.map((o) => o.name).sort());
  });

  it.each(pages.filter((p) => p.fileName.endsWith('.html')).map((p) => p.fileName))('%s shows no raw Markdown and links only to pages and headings that exist', (name) => {
    const html = byName.get(name)!;
    const raw = html
      .replace(/<[^>]+>/g, '')
      .split('\n')
      .filter((line) => /\*\*|\]\(|`|^#{1,3} |^\|/.test(line));
    expect(raw, 'lines left as Markdown').toEqual([]);
    for (const [, target] of html.matchAll(/href="([^"]+)"/g)) {
      if (target === 'rules.css') continue;
      const [file, anchor] = target!.split('#');
      const on = file ? byName.get(file) : html;
      expect(on, `${name} links to ${target}`).toBeDefined();
      if (anchor) expect(on, `${name} links to ${target}`).toContain(`id="${anchor}"`);
    }
  });

  it('turns the small Markdown it is written in into HTML', () => {
    expect(markdownToHtml('## The `dual` day\n\nA **sealed** ballot, see [classic](classic.md#day).\n\n- one\n  more\n- two')).toBe(
      '<h2 id="the-dual-day">The <code>dual</code> day</h2>\n<p>A <strong>sealed</strong> ballot, see <a href="classic.html#day">classic</a>.</p>\n<ul><li>one more</li>\n<li>two</li></ul>',
    );
  });
});
