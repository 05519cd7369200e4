// What a phone downloads when it comes back: the story test's long 16-seat `classic` game (everyone
// alive on day 9, one line per speech) is played by the engine to day 9's speeches, one move every
// 4 s; seat 1's phone drops for 10 s there. Printed: its whole view (a fresh connect, or a reload
// that kept nothing) against the resync frame the room sends when the phone says what it holds
// (docs/protocol.md, "Resync"), both as the UTF-8 bytes of the `game` frame on the wire.
import { apply, createGame, pendingSeats, viewFor } from '../../worker/engine/index.ts';
import type { GameState } from '../../worker/engine/types.ts';
import { logTag } from '../../worker/protocol.ts';
import { longMove } from './long-game.ts';

const MOVE_EVERY_MS = 4_000;
const DROP_MS = 10_000;

export interface ResyncFigures {
  /** The whole view of seat 1 at day 9, after the drop (bytes). */
  fullViewBytes: number;
  /** The resync frame after a 10-s drop (bytes), and how many entries it carried. */
  resyncBytes: number;
  resyncEntries: number;
  /** The viewer's log length when the phone dropped. */
  heldEntries: number;
}

/** Plays the long game until `stop` holds; one move every 4 s, deadlines as they come. */
function playUntil(state: GameState, at: number, stop: (s: GameState, at: number) => boolean): { state: GameState; at: number } {
  while (!stop(state, at)) {
    const s = state.step;
    at += MOVE_EVERY_MS;
    const move = pendingSeats(state).map((seat) => longMove(state, seat, at)).find((m) => m);
    const r = apply(state, move ?? { type: 'deadline', at: 'endsAt' in s && s.endsAt !== null ? s.endsAt : at });
    if (!r.ok) throw new Error(r.error.code);
    state = r.state;
    if (state.result) throw new Error('the long game ended');
  }
  return { state, at };
}

/** Seat 1's whole view and its resync frame after a 10-s drop in day 9's speeches. */
export function benchResync(): ResyncFigures {
  const t0 = Date.now() - 3 * 3_600_000;
  const made = createGame({ ruleset: 'classic', players: 16, seed: 'bench-ballot', at: t0 });
  if (!made.ok) throw new Error(made.message);
  const viewer = { kind: 'seat', seat: 1 } as const;
  const dropped = playUntil(made.state, t0, (s) => s.round === 9 && s.step.kind === 'speech' && s.step.seat > 4);
  const held = viewFor(dropped.state, viewer).log;
  const back = playUntil(dropped.state, dropped.at, (_, at) => at >= dropped.at + DROP_MS);
  const whole = viewFor(back.state, viewer);
  const bytes = (frame: unknown) => new TextEncoder().encode(JSON.stringify(frame)).length;
  // As the room answers `?log=n&tag=…` (worker/room/fan-out.ts sendGameTo): the tag must match.
  if (logTag(whole.log.slice(0, held.length)) !== logTag(held)) throw new Error('the held log is not a prefix');
  const missed = whole.log.slice(held.length);
  return {
    fullViewBytes: bytes({ type: 'game', view: whole, logFrom: 0 }),
    resyncBytes: bytes({ type: 'game', view: { ...whole, log: missed }, logFrom: held.length }),
    resyncEntries: missed.length,
    heldEntries: held.length,
  };
}
