// `npm run bench -- --sync-flood`: what a flood of `sync` frames costs a speaker. The story test's
// long 16-seat `classic` game (long-game.ts, room-ballot.ts's bots) is played to the first speech
// of day 9 under `wrangler dev` and held there; the speakers then say lines, ten a turn (a turn's
// limit) before the next speaker's turn, and the clock runs from each line sent to its ack, first with nobody else sending (quiet), then while
// SPECTATORS spectator sockets, each from an address of its own, send `{"type":"sync"}` as fast as
// their per-socket frame budget allows (a hostile client's flood: each 15-byte frame asked for the
// whole view); between the two, the same spectators watch without a sync (what their share of each
// line costs). Printed, never asserted: p50/p90 of the ack, the ratio flood/quiet (goal ≤ 2), and
// what the room sent the spectators while they flooded; the 1-minute load average at each half's start.
import { TALK_LIMITS } from '../../worker/engine/index.ts';
import { FRAME_WINDOW_MS, MAX_FRAMES_PER_WINDOW, PROTOCOL } from '../../worker/protocol.ts';
import { addressedSocket } from '../browser/browser.ts';
import { startServer, stopServer } from './load.ts';
import { loadNow } from './quiet.ts';
import { DAYS, playLongGame, until, type Bot, type Hold } from './room-ballot.ts';

/** Spectator sockets in the flood (the room's cap on a room's spectators). */
const SPECTATORS = 50;
/** At most this many lines a half (a line every 300 ms over 15 s, under a socket's frame budget). */
const MAX_LINES = 50;
/** A spectator's syncs, each this long after the last: its whole frame budget, less a little for the clock's jitter. */
const SYNC_GAP_MS = Math.ceil((FRAME_WINDOW_MS / MAX_FRAMES_PER_WINDOW) * 1.05);
const ACK_TIMEOUT_MS = 10_000;

export interface SyncFloodFigures {
  logEntries: number;
  quiet: { p50Ms: number; p90Ms: number; lines: number; loadBefore: number; timedOut: number };
  /** The spectators connected and watching, sending nothing. */
  watched: { p50Ms: number; p90Ms: number; lines: number; loadBefore: number; timedOut: number };
  flood: { p50Ms: number; p90Ms: number; lines: number; loadBefore: number; timedOut: number };
  spectators: { tried: number; admitted: number; refused: Record<string, number>; syncsSent: number; framesReceived: number; megabytesReceived: number; seconds: number };
  loadAfter: number;
}

/**
 * Whose speech turn it is and how many lines they have said in it: a turn holds TALK_LIMITS.perTurn
 * messages (docs/rules-decisions.md O22), so the floor passes to the next speaker before that.
 */
interface Floor {
  bots: Bot[];
  speaker: Bot;
  said: number;
}

/** Sends `frame` as `bot` and waits for its answer; throws on a refusal. */
async function request(bot: Bot, id: string, move: object): Promise<number | null> {
  const sent = performance.now();
  const acked = new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => resolve(null), ACK_TIMEOUT_MS);
    bot.onFrame = (f) => {
      if ((f.type === 'ack' || f.type === 'error') && f.id === id) {
        clearTimeout(timer);
        if (f.type === 'error') reject(new Error(`the move was refused: ${f.code}`));
        else resolve(performance.now() - sent);
      }
    };
  });
  bot.ws.send(JSON.stringify({ type: 'act', id, move }));
  const took = await acked;
  bot.onFrame = null;
  return took;
}

/** The turn passes to the next speaker (not timed): the speaker passes, and the next one's turn reaches every seat. */
async function nextSpeaker(floor: Floor, tag: string): Promise<void> {
  const was = floor.speaker.seat;
  await request(floor.speaker, `${tag}-pass-${was}`, { type: 'pass' });
  await until(() => floor.bots.every((b) => b.view?.step.kind === 'speech' && (b.view.step as { seat: number }).seat !== was && !b.pending), 'the next speech turn');
  floor.speaker = floor.bots.find((b) => b.seat === (b.view!.step as { seat: number }).seat)!;
  floor.said = 0;
}

/** `lines` lines over `seconds`, each timed from sent to ack (null: no ack within ACK_TIMEOUT_MS). */
async function speak(floor: Floor, lines: number, seconds: number, tag: string): Promise<(number | null)[]> {
  const ms: (number | null)[] = [];
  const gap = (seconds * 1000) / lines;
  for (let n = 1; n <= lines; n++) {
    if (floor.said === TALK_LIMITS.perTurn) await nextSpeaker(floor, tag);
    const took = await request(floor.speaker, `${tag}-${n}`, { type: 'say', text: `line ${tag} ${n}` });
    floor.said++;
    ms.push(took === null ? null : Math.round(took * 10) / 10);
    await new Promise((r) => setTimeout(r, Math.max(0, gap - (took ?? 0))));
  }
  return ms;
}

function percentiles(ms: (number | null)[]): { p50Ms: number; p90Ms: number } {
  const sorted = ms.filter((m): m is number => m !== null).sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return { p50Ms: at(0.5), p90Ms: at(0.9) };
}

/** A spectator socket that counts what it gets and says whether the room let it in. */
function spectator(url: string, counts: { frames: number; chars: number; refused: Record<string, number> }): Promise<WebSocket | null> {
  return new Promise((resolve) => {
    const ws = addressedSocket(url, [PROTOCOL]);
    let settled = false;
    ws.addEventListener('message', (e) => {
      const text = String(e.data);
      counts.frames++;
      counts.chars += text.length;
      if (!settled && text.startsWith('{"type":"error"')) {
        const code = (JSON.parse(text) as { code: string }).code;
        counts.refused[code] = (counts.refused[code] ?? 0) + 1;
        settled = true;
        resolve(null);
      } else if (!settled && text.startsWith('{"type":"game"')) {
        settled = true;
        resolve(ws);
      }
    });
    ws.addEventListener('close', () => !settled && ((settled = true), resolve(null)));
    ws.addEventListener('error', () => !settled && ((settled = true), resolve(null)));
  });
}

/** Plays the long game to day 9's first speech, then measures the speaker quiet and under the flood. */
export async function benchSyncFlood(port: number, seconds: number): Promise<SyncFloodFigures> {
  const server = await startServer('room', port);
  try {
    const held = (v: { round: number; step: { kind: string } }) => v.round > DAYS && v.step.kind === 'speech';
    const table: Hold = { holdVotes: false, stillAt: held };
    const { code, bots } = await playLongGame(port, table, held, { preset: 'async', day: 'turns' });
    await until(() => bots.every((b) => b.view !== null && held(b.view) && !b.pending), 'every seat at the speech');
    const step = bots[0]!.view!.step as { seat: number; queue: number[] };
    const speaker = bots.find((b) => b.seat === step.seat)!;
    const logEntries = speaker.entries;
    // Each of the three parts has a third of the lines the day's turns still hold (the day's ballot never opens).
    const lines = Math.min(MAX_LINES, Math.floor((step.queue.length * TALK_LIMITS.perTurn) / 3));
    const floor: Floor = { bots, speaker, said: 0 };
    // The speaker's socket played the game: its frame budget's window is let run out first.
    await new Promise((r) => setTimeout(r, FRAME_WINDOW_MS));

    const quietLoad = loadNow();
    const quiet = await speak(floor, lines, seconds, 'quiet');

    const counts = { frames: 0, chars: 0, refused: {} as Record<string, number> };
    const url = `ws://127.0.0.1:${port}/api/rooms/${code}/ws`;
    const watchers: WebSocket[] = [];
    for (let i = 0; i < SPECTATORS; i++) {
      const ws = await spectator(url, counts);
      if (ws) watchers.push(ws);
    }
    // The spectators watch without a sync: what 50 more sockets' share of every line costs the speaker.
    await new Promise((r) => setTimeout(r, 1000));
    const watchedLoad = loadNow();
    const watched = await speak(floor, lines, seconds, 'watched');
    let syncsSent = 0;
    const timers = watchers.map((ws, i) =>
      setTimeout(() => {
        const t = setInterval(() => {
          if (ws.readyState !== WebSocket.OPEN) return;
          ws.send('{"type":"sync"}');
          syncsSent++;
        }, SYNC_GAP_MS);
        timers[i] = t as unknown as NodeJS.Timeout;
      }, (i * SYNC_GAP_MS) / watchers.length),
    );
    // The flood's first round is out before the clock starts.
    await new Promise((r) => setTimeout(r, 2 * SYNC_GAP_MS));
    const floodLoad = loadNow();
    const from = { frames: counts.frames, chars: counts.chars, syncs: syncsSent, at: performance.now() };
    const flood = await speak(floor, lines, seconds, 'flood');
    const received = { frames: counts.frames - from.frames, chars: counts.chars - from.chars, syncs: syncsSent - from.syncs, seconds: (performance.now() - from.at) / 1000 };
    for (const t of timers) clearInterval(t);
    for (const ws of watchers) ws.close();
    for (const b of bots) b.ws.close();
    return {
      logEntries,
      quiet: { ...percentiles(quiet), lines: quiet.length, loadBefore: quietLoad, timedOut: quiet.filter((m) => m === null).length },
      watched: { ...percentiles(watched), lines: watched.length, loadBefore: watchedLoad, timedOut: watched.filter((m) => m === null).length },
      flood: { ...percentiles(flood), lines: flood.length, loadBefore: floodLoad, timedOut: flood.filter((m) => m === null).length },
      spectators: {
        tried: SPECTATORS,
        admitted: watchers.length,
        refused: counts.refused,
        syncsSent: received.syncs,
        framesReceived: received.frames,
        megabytesReceived: Math.round(received.chars / 1e5) / 10,
        seconds: Math.round(received.seconds * 10) / 10,
      },
      loadAfter: loadNow(),
    };
  } finally {
    stopServer(server);
  }
}

/** Runs the bench and prints its JSON line and its summary. */
export async function printSyncFlood(port: number, seconds: number): Promise<void> {
  const f = await benchSyncFlood(port, seconds);
  console.log(JSON.stringify({ syncFlood: f }));
  const s = f.spectators;
  console.log(
    `sync flood (16 seats, day ${DAYS + 1}'s speech, ${f.logEntries} log entries): a speaker's ack p50/p90 quiet ${f.quiet.p50Ms}/${f.quiet.p90Ms} ms ` +
      `[load average at start ${f.quiet.loadBefore}]${f.quiet.timedOut ? ` (${f.quiet.timedOut} lines unacked)` : ''}, with ${s.admitted} spectators watching ${f.watched.p50Ms}/${f.watched.p90Ms} ms [${f.watched.loadBefore}], under ${s.admitted} of ${s.tried} spectators sending sync every ${SYNC_GAP_MS} ms ${f.flood.p50Ms}/${f.flood.p90Ms} ms ` +
      `[load average at start ${f.flood.loadBefore}]: p90 ${(f.flood.p90Ms / f.quiet.p90Ms).toFixed(2)}× quiet (goal ≤ 2×), ${(f.flood.p90Ms / f.watched.p90Ms).toFixed(2)}× watched${f.flood.timedOut ? `, ${f.flood.timedOut} lines unacked` : ''}; ` +
      `the spectators sent ${s.syncsSent} syncs and got ${s.framesReceived} frames, ${s.megabytesReceived} MB, in ${s.seconds} s` +
      (Object.keys(s.refused).length ? `; refused: ${JSON.stringify(s.refused)}` : ''),
  );
}

if (import.meta.main) await printSyncFlood(Number(process.argv[2] ?? 8801), Number(process.argv[3] ?? 15));
