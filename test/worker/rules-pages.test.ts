// The full rules a player opens from the in-app rules sheet ("Full rules", /rules/<version>) are
// pages of the deploy's own assets, built from docs/rules/ with the client: every version's page is
// served as HTML that names the version, beside the index and the pages' stylesheet.
import { describe, expect, it } from 'vitest';
import { RULESET_IDS } from '../../worker/engine/catalog.ts';
import { api } from './helpers.ts';

describe('the full rules, served with the client', () => {
  it.each(RULESET_IDS)('/rules/%s is the page of that version', async (id) => {
    const res = await api(`/rules/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toMatch(new RegExp(`<h1 id="[^"]+">${id} — `));
  });

  it('/rules/ is the index of every version, styled by its own stylesheet', async () => {
    const index = await (await api('/rules/')).text();
    for (const id of RULESET_IDS) expect(index).toContain(`href="${id}.html"`);
    expect(index).toContain('<link rel="stylesheet" href="rules.css">');
    const css = await api('/rules/rules.css');
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });
});
