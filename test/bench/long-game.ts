// The story test's long `classic` game (test/browser/story.test.ts), as one choice of move shared by the
// busy-ballot benches: nobody is pointed at by night (a peaceful night), each seat says one line in its
// day speech, and every ballot splits 8–8 between #1 and #2, so the PK, the outside PK and the peaceful
// night follow and all 16 seats are still alive on day 9.
import { legalActions } from '../../worker/engine/index.ts';
import type { Action, GameState, LegalAction, Seat } from '../../worker/engine/types.ts';
import type { SeatMove } from '../../worker/protocol.ts';

/** An 8–8 split: odd seats vote #2, even seats #1. */
export function split(seat: Seat, targets: number[]): number {
  const want = seat % 2 ? 2 : 1;
  return targets.includes(want) ? want : targets[0]!;
}

/**
 * The long game's move for `seat` from what it may do now, or null; `spoke` says whether the seat
 * already said its line in this day's speech (a speech turn it passes on otherwise).
 */
export function longGameMove(legal: LegalAction[], step: { kind: string; purpose?: string }, round: number, seat: Seat, spoke: boolean): SeatMove | null {
  const find = <T extends LegalAction['type']>(type: T) => legal.find((a) => a.type === type) as Extract<LegalAction, { type: T }> | undefined;
  if (find('seen')) return { type: 'seen' };
  if (find('confirm')) return { type: 'confirm' };
  const point = find('point');
  if (point && point.current === null) return { type: 'point', target: 0 };
  if (find('pass')) {
    if (step.kind === 'speech' && step.purpose === 'day' && find('say') && !spoke) return { type: 'say', text: `${round}|day — #${seat} speaks.` };
    return { type: 'pass' };
  }
  const vote = find('vote');
  return vote ? { type: 'vote', target: split(seat, vote.targets) } : null;
}

/** One seat's move in the long game, as an engine action (`said` this round: its line is said). */
export function longMove(state: GameState, seat: Seat, at: number): Action | null {
  const spoke = state.log.some((e) => e.event.type === 'said' && e.round === state.round && e.event.seat === seat);
  const move = longGameMove(legalActions(state, seat), state.step, state.round, seat, spoke);
  return move ? ({ ...move, seat, at } as Action) : null;
}
