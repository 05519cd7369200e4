// Seeded random games of `classic` against the shared properties (test/engine/properties.ts),
// and the determinism every seeded check relies on.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULESETS } from '../../../worker/engine/index.ts';
import { playChaosGame, propertiesOf } from '../properties.ts';

propertiesOf('classic');

describe('determinism', () => {
  it('the same seed plays the same game', () => {
    const a = playChaosGame('classic', 12, 'same', false);
    const b = playChaosGame('classic', 12, 'same', false);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const c = playChaosGame('classic', 12, 'other', false);
    expect(JSON.stringify(c.log)).not.toBe(JSON.stringify(a.log));
  });
});

describe('coverage', () => {
  it('every ruleset has its own property file', () => {
    const files = readdirSync(new URL('.', import.meta.url)).filter((f) => f.endsWith('.test.ts')).map((f) => f.replace('.test.ts', ''));
    expect(files.sort()).toEqual(Object.keys(RULESETS).sort());
  });
});
