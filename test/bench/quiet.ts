// The bench's ratios mean something only on a quiet machine: when other work keeps the cores busy,
// both servers wait for the same cores and every room/bare ratio is squeezed towards 1. Each run
// records the 1-minute load average before and after it, and a ratio is printed only when every run
// it comes from started at or below QUIET_LOAD; otherwise the bench says why, with the load averages.
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/** The highest 1-minute load average at a run's start whose figures may be compared. */
export const QUIET_LOAD = 1.5;

/** The 1-minute load average now, to two decimals. */
export function loadNow(): number {
  return Math.round(loadavg()[0]! * 100) / 100;
}

/** The load average around one run. */
export interface RunLoad {
  loadBefore: number;
  loadAfter: number;
}

/** Runs `run`, recording the load average before and after it. */
export async function withLoad<T>(run: () => Promise<T>): Promise<T & RunLoad> {
  const loadBefore = loadNow();
  const figures = await run();
  return { ...figures, loadBefore, loadAfter: loadNow() };
}

/**
 * Waits until the load average is at or below QUIET_LOAD, polling every 10 s, for at most
 * `timeoutSeconds`; says so while it waits. Returns the load average it stopped at.
 */
export async function waitQuiet(timeoutSeconds: number): Promise<number> {
  const end = Date.now() + timeoutSeconds * 1000;
  let load = loadNow();
  while (load > QUIET_LOAD && Date.now() < end) {
    console.log(`waiting for a quiet machine: load average ${load} > ${QUIET_LOAD} (${Math.round((end - Date.now()) / 1000)} s left)`);
    await sleep(10_000);
    load = loadNow();
  }
  return load;
}

/** How the bench treats a busy machine: refuse the ratio, wait for quiet before each run, or print it labelled. */
export interface Gate {
  /** Seconds to wait for a quiet machine before each run (0: do not wait). */
  waitSeconds: number;
  /** Print the ratios even after a busy start, labelled as not a result. */
  override: boolean;
}

/** Before a run: waits for quiet if the gate says so. */
export async function beforeRun(gate: Gate): Promise<void> {
  if (gate.waitSeconds > 0) await waitQuiet(gate.waitSeconds);
}

/**
 * The room/bare line for runs with these loads: `line()` when every run started quiet; else a refusal
 * that names the busy starts, or (overridden) the line labelled as no result.
 */
export function gatedRatio(runs: { target: string; loadBefore: number }[], gate: Gate, line: () => string): string {
  const busy = runs.filter((r) => r.loadBefore > QUIET_LOAD);
  if (busy.length === 0) return `${line()} [load average at each run's start ≤ ${QUIET_LOAD}: ${runs.map((r) => r.loadBefore).join(', ')}]`;
  const why = `load average at a run's start above ${QUIET_LOAD} (${busy.map((r) => `${r.target} ${r.loadBefore}`).join(', ')}; all starts: ${runs.map((r) => r.loadBefore).join(', ')})`;
  if (gate.override) return `LOAD GATE OVERRIDDEN, NOT A RESULT (${why}): ${line()}`;
  const next = gate.waitSeconds > 0 ? `the machine stayed busy for the ${gate.waitSeconds} s waited; run again later` : 'run again when the machine is quiet, or with --wait-quiet';
  return `no room/bare ratio: ${why}; a busy machine squeezes every ratio towards 1: ${next}`;
}
