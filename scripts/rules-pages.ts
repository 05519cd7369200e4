// The rules of every version (docs/rules/*.md, and the decisions behind them) as static pages of the
// client's build (dist/client/rules/*.html), so the in-app rules sheet links to the full rules on
// any deploy and on a local run without a network: the same text a reader of the repository sees.
// The pages are written in a small part of Markdown (headings, paragraphs, lists, tables, bold,
// code, links); test/engine/rules-pages.test.ts fails on anything else, so nothing shows raw.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** One page of the build: its file name under the assets' root, and its HTML. */
export interface RulesPage {
  fileName: string;
  html: string;
}

/** Where a Markdown file of docs/ lands among the rules pages (docs/rules/README.md is their index). */
export function pageName(markdownPath: string): string {
  const base = markdownPath.split('/').pop()!.replace(/\.md$/, '');
  if (base === 'README') return 'index.html';
  if (base === 'rules-decisions') return 'decisions.html';
  return `${base}.html`;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A heading's anchor, as GitHub makes it (so a link to #playing-online works in both places). */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .trim()
    .replace(/ /g, '-');
}

// Links to another Markdown page become links to its page; anchors and web addresses stay.
function href(target: string): string {
  const [path, anchor] = target.split('#');
  if (!path) return `#${anchor}`;
  if (/^https?:/.test(target)) return target;
  return pageName(path) + (anchor ? `#${anchor}` : '');
}

/** Bold, code and links inside one line. */
export function inline(text: string): string {
  const parts = text.split(/(`[^`]+`)/);
  return parts
    .map((part) => {
      if (/^`[^`]+`$/.test(part)) return `<code>${escape(part.slice(1, -1))}</code>`;
      return escape(part)
        .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
        .replace(/\[([^\]]+)\]\(([^)]+)\)/g, (_, label: string, target: string) => `<a href="${href(target)}">${label}</a>`);
    })
    .join('');
}

const cells = (row: string) => row.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());

/** The body of one Markdown page as HTML. */
export function markdownToHtml(markdown: string): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const heading = /^(#{1,3}) (.*)$/.exec(line);
    if (!line.trim()) {
      i++;
    } else if (heading) {
      const level = heading[1]!.length;
      out.push(`<h${level} id="${slug(heading[2]!)}">${inline(heading[2]!)}</h${level}>`);
      i++;
    } else if (line.startsWith('|')) {
      const rows: string[] = [];
      while (i < lines.length && lines[i]!.startsWith('|')) rows.push(lines[i++]!);
      const [head, , ...body] = rows;
      const th = cells(head!).map((c) => `<th>${inline(c)}</th>`).join('');
      const trs = body.map((r) => `<tr>${cells(r).map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`).join('\n');
      out.push(`<div class="wide"><table><thead><tr>${th}</tr></thead><tbody>\n${trs}\n</tbody></table></div>`);
    } else if (/^(- |\d+\. )/.test(line)) {
      const ordered = /^\d/.test(line);
      const items: string[] = [];
      while (i < lines.length && (/^(- |\d+\. )/.test(lines[i]!) || /^ {2,}\S/.test(lines[i]!))) {
        const l = lines[i++]!;
        if (/^ {2,}\S/.test(l)) items[items.length - 1] += ` ${l.trim()}`;
        else items.push(l.replace(/^(- |\d+\. )/, ''));
      }
      const tag = ordered ? 'ol' : 'ul';
      out.push(`<${tag}>${items.map((t) => `<li>${inline(t)}</li>`).join('\n')}</${tag}>`);
    } else {
      const para: string[] = [];
      while (i < lines.length && lines[i]!.trim() && !/^(#{1,3} |\||- |\d+\. )/.test(lines[i]!)) para.push(lines[i++]!.trim());
      out.push(`<p>${inline(para.join(' '))}</p>`);
    }
  }
  return out.join('\n');
}

/** A whole page: the body, its title from the first heading, the shared stylesheet. */
export function page(markdown: string): string {
  const title = /^# (.*)$/m.exec(markdown)?.[1] ?? 'Rules';
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escape(title.replace(/`/g, ''))} · Tianhei</title><link rel="stylesheet" href="rules.css"></head>`,
    `<body><main>\n${markdownToHtml(markdown)}\n</main></body>`,
    '</html>',
    '',
  ].join('\n');
}

const STYLE = `body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1d1d1f;background:#fbf8f1}
main{max-width:46rem;margin:0 auto;padding:1rem}
a{color:#8a1c1c}code{font-size:.9em}
.wide{overflow-x:auto}table{border-collapse:collapse;margin:.5rem 0}
th,td{border:1px solid #c9c2b4;padding:.3rem .5rem;text-align:left;vertical-align:top}
@media (prefers-color-scheme:dark){body{color:#ecebe8;background:#15171c}a{color:#f2a7a7}th,td{border-color:#4a4d55}}
`;

/** Every rules page from the docs folder (docs/rules/*.md and docs/rules-decisions.md), and their stylesheet. */
export function rulesPages(docs: string): RulesPage[] {
  const files = [...readdirSync(join(docs, 'rules')).filter((f) => f.endsWith('.md')).map((f) => join(docs, 'rules', f)), join(docs, 'rules-decisions.md')];
  return [...files.map((f) => ({ fileName: pageName(f), html: page(readFileSync(f, 'utf8')) })), { fileName: 'rules.css', html: STYLE }];
}
