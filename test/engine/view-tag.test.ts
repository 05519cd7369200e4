// The room checks a reconnecting client's `have` (docs/protocol.md, "Resync") against each viewer's
// running tag (worker/engine/view-tag.ts), kept as entries are appended instead of hashing the held
// log again: it must be, for every prefix, the tag the client computes from the entries it was sent
// (logTag over their JSON), across appends and across a log renumbered (a god view opened at the end
// of the game, `raw`'s first victim becoming the judge). Over seeded heuristic games, after every
// change, for every viewer.
import { describe, expect, it } from 'vitest';
import { logTag, viewFor, viewerLogTag, type RulesetId } from '../../worker/engine/index.ts';
import { playSeededGame, viewersOf } from './seeded-changes.ts';

const CASES: [RulesetId, number][] = [
  ['classic', 12],
  ['raw', 7],
];

describe('a viewer’s running log tag is the tag of the log it was sent', () => {
  for (const [ruleset, players] of CASES) {
    it(`${ruleset} ${players}: every change, every viewer, the whole log and a prefix; none past its end`, () => {
      let checked = 0;
      let changes = 0;
      playSeededGame(ruleset, players, `view-tag-${ruleset}`, (_prev, next) => {
        // The running tags are extended at every change; hashed whole to compare at every third (and at the last).
        const compare = changes++ % 3 === 0 || Boolean(next.result);
        for (const viewer of viewersOf(next)) {
          const log = viewFor(next, viewer).log;
          if (!compare) {
            viewerLogTag(next, viewer, log.length);
            continue;
          }
          const who = `${ruleset} ${JSON.stringify(viewer)} at ${log.length}`;
          // As the client holds it: parsed from the frame's text.
          expect(viewerLogTag(next, viewer, log.length), who).toBe(logTag(JSON.parse(JSON.stringify(log))));
          const half = Math.ceil(log.length / 2);
          expect(viewerLogTag(next, viewer, half), who).toBe(logTag(log.slice(0, half)));
          expect(viewerLogTag(next, viewer, log.length + 1), who).toBeNull();
          expect(viewerLogTag(next, viewer, 0), who).toBeNull();
          checked++;
        }
      });
      expect(checked).toBeGreaterThan(100);
    });
  }
});
