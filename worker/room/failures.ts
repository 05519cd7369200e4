// What the room does when one of its entry points throws (a bug, a storage fault): one log line
// (worker/failures.ts), the memory of the event forgotten, and an answer in the project's error shape.
// An RPC gets a refusal (the Worker answers it 500 `server/failed`), an upgrade a 500 with the error
// body, a socket an `error` frame (it stays open when the room still reads, else it closes 1011),
// and the alarm arms a retry of its own.
import { parseClientFrame } from '../protocol.ts';
import { FAILED_CODE, FAILED_MESSAGE, logFailure } from '../failures.ts';
import { refuse, type Refusal, type RoomCore } from './context.ts';
import { sendError } from './sockets.ts';

/** The first retry of a failed alarm; each failure in a row doubles it, up to ALARM_RETRY_MAX_MS. */
export const ALARM_RETRY_MS = 2_000;
/** The longest wait between retries of an alarm that keeps failing (the room's clock never stops for good). */
export const ALARM_RETRY_MAX_MS = 10 * 60_000;

/** The close code of a socket whose room cannot read its own storage (RFC 6455: internal error). */
export const CLOSE_FAILED = 1011;

/** The refusal an RPC answers when it threw (the Worker sends it as HTTP 500). */
export const failedRefusal = (): Refusal => refuse(500, FAILED_CODE, FAILED_MESSAGE);

/** The room's code for the log line: from its row, or the name it was reached by. Never throws. */
function codeOf(core: RoomCore): string | null {
  try {
    const code = core.store.room()?.code;
    if (code) return code;
  } catch {
    // The store is what failed: the object's name still says which room it is.
  }
  return core.ctx.id.name ?? null;
}

/**
 * Runs one entry point: on a throw, logs it, forgets what this object held in memory (the game, the
 * store's remembered rows: a change cut short may have left them ahead of SQLite, whose transaction
 * rolled back), and returns `answer()` instead.
 */
export async function guarded<T>(core: RoomCore, entry: string, run: () => T | Promise<T>, answer: (error: unknown) => T | Promise<T>): Promise<T> {
  core.eventIn();
  try {
    return await run();
  } catch (error) {
    logFailure({ room: codeOf(core), entry }, error);
    core.forget();
    return answer(error);
  }
}

/** The object's wake (its constructor's upgrade of old tables, and the alarm it arms then): a throw is logged, then left to fail the call that woke it. */
export function wake(core: RoomCore, run: () => void): void {
  try {
    run();
  } catch (error) {
    wakeFailed(core, error);
  }
}

/** Logs a failed wake and throws its error on. */
export function wakeFailed(core: RoomCore, error: unknown): never {
  logFailure({ room: codeOf(core), entry: 'wake' }, error);
  throw error;
}

/** The upgrade's answer when it threw: an HTTP 500 with the error body (no socket was handed out). */
export function failedResponse(): Response {
  return Response.json({ error: { code: FAILED_CODE, message: FAILED_MESSAGE } }, { status: 500 });
}

/**
 * A socket's frame threw: the socket gets an `error` frame (naming the frame's id when it had a valid
 * one), and stays open if the room still reads its own row; otherwise it is closed with 1011, and the
 * client's reconnect meets the room afresh.
 */
export function failedFrame(core: RoomCore, ws: WebSocket, message: string | ArrayBuffer): void {
  const parsed = typeof message === 'string' ? parseClientFrame(message) : null;
  const id = parsed?.ok && 'id' in parsed.frame && typeof parsed.frame.id === 'string' ? parsed.frame.id : undefined;
  sendError(ws, FAILED_CODE, FAILED_MESSAGE, id);
  try {
    core.roomOrRefusal();
  } catch (error) {
    logFailure({ room: codeOf(core), entry: 'webSocketMessage/reread' }, error);
    try {
      ws.close(CLOSE_FAILED, FAILED_MESSAGE);
    } catch {
      // Already closed.
    }
  }
}

/**
 * The alarm threw. The platform retries a throwing alarm only a few times (six, with backoff from two
 * seconds) and then drops it, which would stop an async room's clock until someone comes by; so the
 * room keeps the failure and arms its own retry, ALARM_RETRY_MS doubling to ALARM_RETRY_MAX_MS. What
 * the alarm does is idempotent (worker/room/clock.ts): a retry finds done what was stored and does the
 * rest. If even the retry cannot be armed, the error goes to the platform, which retries in its own way.
 */
export async function failedAlarm(core: RoomCore, failures: number, error: unknown): Promise<void> {
  const wait = Math.min(ALARM_RETRY_MS * 2 ** Math.max(0, failures - 1), ALARM_RETRY_MAX_MS);
  let now: number;
  try {
    now = core.now();
  } catch {
    now = Date.now();
  }
  try {
    await core.store.setAlarm(now + wait, now);
  } catch {
    throw error;
  }
}
