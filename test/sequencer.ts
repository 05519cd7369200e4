// The order test files start in. Vitest's own order runs a project's files together (alphabetically
// by project, so every browser file first); on two cores that put several Chromiums and their
// `wrangler dev` against each other while the CPU-bound engine files waited. Here the browser files
// are spread through the run: at most about two of them play at once, beside engine and worker files.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** How many other files start between two browser files (after the first two). */
const OTHERS_BETWEEN = 4;

/** Vitest's order (cached failures and durations first), with the browser files spread through it. */
export default class SpreadBrowserFiles extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = sorted.filter((f) => f.project.name === 'browser');
    const others = sorted.filter((f) => f.project.name !== 'browser');
    const out: TestSpecification[] = [];
    // Two browser files open the run (the longest ones, once vitest has their durations) ...
    out.push(...browser.splice(0, 1), ...others.splice(0, 1), ...browser.splice(0, 1));
    // ... then one after every few others, and whatever is left at the end.
    while (browser.length || others.length) {
      out.push(...others.splice(0, OTHERS_BETWEEN), ...browser.splice(0, 1));
    }
    return out;
  }
}
