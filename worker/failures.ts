// When something throws: one structured log line (Workers Logs keeps console output, wrangler.toml
// [observability]) and the project's error shape as the answer. The line names where it happened and
// what was thrown, never what was being handled: no token, no card, no frame or request body.
import type { Context } from 'hono';
import { fail } from './guards.ts';
import { normaliseCode } from './room/tokens.ts';

/** The error code of a failure nobody asked for (HTTP 500, an error frame, a refused RPC). */
export const FAILED_CODE = 'server/failed';

/** Its message: the caller may try again, nothing it sent was at fault. */
export const FAILED_MESSAGE = 'something went wrong on our side; try again';

/** Where a failure happened: the room's code (null when none is known) and the entry point or route. */
export interface FailureSite {
  room: string | null;
  entry: string;
}

/** The log line's fields (JSON), as Workers Logs indexes them. */
export interface FailureLine extends FailureSite {
  level: 'error';
  event: 'failure';
  name: string;
  message: string;
  stack?: string;
}

/**
 * An error's message with every quoted span blanked: V8 quotes the input it choked on (a JSON.parse
 * of a stored state or a frame would otherwise log a piece of it), and SQLite quotes only names.
 */
function safeMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : 'a non-Error value was thrown';
  return text.replace(/"[^"]*"|'[^']*'|`[^`]*`/g, '"…"').slice(0, 300);
}

/** The line for one failure: the error's name and message, and its stack's frames (not its first line, which repeats the message). */
export function failureLine(site: FailureSite, error: unknown): FailureLine {
  const name = error instanceof Error ? error.name : typeof error;
  const frames = error instanceof Error ? (error.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l)).slice(0, 12).map((l) => l.trim()) : [];
  return { level: 'error', event: 'failure', room: site.room, entry: site.entry, name, message: safeMessage(error), ...(frames.length ? { stack: frames.join('\n') } : {}) };
}

/** Logs one failure as one JSON line on the console's error stream. */
export function logFailure(site: FailureSite, error: unknown): void {
  console.error(JSON.stringify(failureLine(site, error)));
}

/** The Worker's `onError`: a route that threw (or a room that could not be reached) is logged and answered `500 server/failed`. */
export function onWorkerError(error: Error, c: Context<{ Bindings: Env }>): Response {
  const code = normaliseCode(c.req.param('code') ?? '');
  // The route's pattern, never its URL: a path may carry a voice note's id.
  logFailure({ room: code || null, entry: `${c.req.method} ${c.req.routePath}` }, error);
  return fail(c, 500, FAILED_CODE, FAILED_MESSAGE);
}
