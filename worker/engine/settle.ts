// What closing each kind of step settles before the agenda runs on: a call's decision, infernal's
// eyes, raw's judge after last words, a ballot's count (or one turn of a ballot cast in turns).
import type { Ctx } from './kernel.ts';
import { closeCall } from './night-close.ts';
import { closeEyes } from './eyes.ts';
import { closeLastWords } from './speech.ts';
import { closeBallot } from './ballot.ts';
import type { Step } from './types.ts';

/** Settles a step that just closed; true when that ended the game or opened the next step itself (Flow.settle). */
export function settleStep(ctx: Ctx, step: Step): boolean {
  switch (step.kind) {
    case 'call':
      closeCall(ctx, step);
      return false;
    case 'eyes':
      closeEyes(ctx, step.choices);
      return false;
    case 'last-words':
      closeLastWords(ctx, step.seat);
      return false;
    case 'ballot':
      if (step.turn !== undefined) {
        // One turn of a ballot cast in turns: keep the sealed ballots for the reveal.
        ctx.s.openBallot = { purpose: step.purpose, candidates: step.candidates, voters: step.voters, ballots: step.ballots, mustVote: step.mustVote };
        return false;
      }
      return closeBallot(ctx, step);
    default:
      // Speeches, the free talk, the reading and the open day settle nothing of their own.
      return false;
  }
}
