// A vitest reporter that ends every run with its slowest test files (tests and hooks, plus import)
// and when each project ran, so a file that starts to dominate the run, or a group that waits on one
// long file, is seen in `npm test`'s own output.
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 8;

/** Prints the SHOWN slowest files of the run, with their project and when they ran (seconds from the start). */
export default class SlowestFiles implements Reporter {
  private start = Date.now();
  private readonly started = new Map<string, number>();
  private readonly ended = new Map<string, number>();

  onTestRunStart(): void {
    this.start = Date.now();
  }

  onTestModuleQueued(m: TestModule): void {
    this.started.set(m.id, Date.now() - this.start);
  }

  onTestModuleEnd(m: TestModule): void {
    this.ended.set(m.id, Date.now() - this.start);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const s = (ms: number | undefined) => (ms === undefined ? '?' : (ms / 1000).toFixed(0));
    const all = testModules.map((m) => {
      const d = m.diagnostic();
      return { file: relative(process.cwd(), m.moduleId), project: m.project.name, ms: d.duration + d.collectDuration, from: this.started.get(m.id), to: this.ended.get(m.id) };
    });
    if (all.length < 2) return;
    const rows = [...all].sort((a, b) => b.ms - a.ms).slice(0, SHOWN);
    const lines = rows.map((r) => `  ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${r.project.padEnd(13)} ${r.file}  (${s(r.from)}–${s(r.to)} s)`);
    // Each project's span: the groups run one after another, so the last file of a group holds up the next.
    const spans = [...new Set(all.map((r) => r.project))].map((p) => {
      const of = all.filter((r) => r.project === p);
      const from = Math.min(...of.map((r) => r.from ?? Infinity));
      const to = Math.max(...of.map((r) => r.to ?? -Infinity));
      return `  ${p.padEnd(13)} ${s(from)}–${s(to)} s, ${of.length} files`;
    });
    process.stdout.write(`\n Slowest test files:\n${lines.join('\n')}\n Projects (seconds from the start):\n${spans.join('\n')}\n`);
  }
}
