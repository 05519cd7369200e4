// axe-core (the accessibility engine browsers' own audits use) run inside a page: the browser tests
// fail on any violation of impact serious or critical and print the moderate and minor ones.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One rule broken on a screen: which, how badly, and where (up to five elements). */
export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** The page's violations now. axe is evaluated over the DevTools protocol, which the page's Content-Security-Policy does not govern. */
export async function axeScan(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<Result> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
}

/** The serious and critical findings, which fail a test. */
export const blocking = (f: AxeFinding[]) => f.filter((x) => x.impact === 'serious' || x.impact === 'critical');
