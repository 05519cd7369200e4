// A vitest reporter that ends every run with its slowest test files (tests and hooks, plus import),
// so a file that starts to dominate the run is seen in `npm test`'s own output.
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 8;

/** Prints the SHOWN slowest files of the run, with their project. */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows = testModules
      .map((m) => {
        const d = m.diagnostic();
        return { file: relative(process.cwd(), m.moduleId), project: m.project.name, ms: d.duration + d.collectDuration };
      })
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SHOWN);
    if (rows.length < 2) return;
    const lines = rows.map((r) => `  ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${r.project.padEnd(8)} ${r.file}`);
    process.stdout.write(`\n Slowest test files:\n${lines.join('\n')}\n`);
  }
}
