// The order vitest starts the files of a group in. Its own order runs a group's projects one after
// another, each project's largest file first; on a fresh clone (CI has no timing cache) that leaves
// the seeded-game files (a few lines each, minutes of CPU) last in the engine's queue, so the group
// could end on one of them alone while the other cores idle.
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { statSync } from 'node:fs';
import { relative } from 'node:path';

/**
 * The files of most CPU, longest first (measured with test/slowest-files.ts): started first, so the
 * group does not end on one of them alone while the other cores idle.
 */
const HEAVIEST = [
  'test/engine/bots-legal-a.test.ts',
  'test/engine/bots-legal-b.test.ts',
  'test/engine/properties/dual.test.ts',
  'test/engine/properties/runoff.test.ts',
  'test/engine/bots-legal-c.test.ts',
  'test/engine/bots-balance.test.ts',
  'test/engine/properties/butterfly.test.ts',
  'test/engine/properties/original.test.ts',
  'test/engine/properties/doctor.test.ts',
  'test/engine/bots-people.test.ts',
  'test/engine/properties/classic.test.ts',
  'test/engine/view-memo.test.ts',
  'test/browser/story.test.ts',
  'test/browser/table-mode.test.ts',
  'test/browser/look.test.ts',
  'test/browser/dual-screens.test.ts',
  'test/browser/butterfly-game.test.ts',
  'test/browser/classic-game.test.ts',
  'test/browser/voice-floor-judge.test.ts',
  'test/browser/walkthrough.test.ts',
  'test/browser/table-flow.test.ts',
  'test/browser/story-opening.test.ts',
  'test/browser/voice-live.test.ts',
  'test/worker/upgrade.test.ts',
];

/**
 * The browser-light files first, as before: they draw pages on a clock that also runs in real time
 * (face-down's card turns down 10 s after the tap, on the page's clock), and beside the seeded-game
 * files a page fell seconds behind. Then each project's heaviest files, then the rest, largest first.
 * A project's files stay together: a worker that shares its runtime between files (engine, worker)
 * keeps it only when the next file in the queue is of its own project.
 */
export default class HeaviestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const path = (f: TestSpecification) => relative(root, f.moduleId);
    const heavy = (f: TestSpecification) => {
      const i = HEAVIEST.indexOf(path(f));
      return i === -1 ? HEAVIEST.length : i;
    };
    const size = (f: TestSpecification) => statSync(f.moduleId).size;
    // The worker files before the engine's lighter ones: they share one workerd, about one and a half
    // cores of two, and at the group's end, alone, they left half a core idle for half a minute; the
    // engine's small files, three at a time, fill the cores to the group's end instead.
    const PROJECTS = ['browser-light', 'worker', 'engine'];
    const project = (f: TestSpecification) => {
      const i = PROJECTS.indexOf(f.project.name);
      return i === -1 ? PROJECTS.length : i;
    };
    const sorted = [...files].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        project(a) - project(b) ||
        a.project.name.localeCompare(b.project.name) ||
        heavy(a) - heavy(b) ||
        size(b) - size(a),
    );
    // The light files mostly wait (bots at a human pace, a dropped socket, a push): alone at the start
    // they left the cores idle for over a minute. Each now starts beside one of the engine's heaviest
    // files; the worker's files and the engine's others follow in their own order.
    const light = sorted.filter((f) => f.project.name === 'browser-light');
    const engineHeavy = sorted.filter((f) => f.project.name === 'engine' && heavy(f) < HEAVIEST.length);
    const rest = sorted.filter((f) => !light.includes(f) && !engineHeavy.includes(f));
    const mixed: TestSpecification[] = [];
    for (let i = 0; i < Math.max(light.length, engineHeavy.length); i++) {
      if (engineHeavy[i]) mixed.push(engineHeavy[i]!);
      if (light[i]) mixed.push(light[i]!);
    }
    return [...mixed, ...rest];
  }
}
