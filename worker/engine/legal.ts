// What a seat may do right now. The client draws its controls from this and bots play from it,
// so no rule is ever re-implemented outside the engine.
import { isDay, isTeamCall, livingSeats, maySurrender, pointRefusal, voteTargets } from './game.ts';
import { RULESETS } from './rulesets.ts';
import type { GameState, LegalAction, Seat } from './types.ts';

/** The actions this seat may take now, with their legal targets. */
export function legalActions(state: GameState, seat: Seat): LegalAction[] {
  if (state.result || state.pausedRemaining !== null) return [];
  const step = state.step;
  const out: LegalAction[] = [];
  switch (step.kind) {
    case 'call':
      if (step.actors.includes(seat)) {
        const targets = livingSeats(state).filter((t) => pointRefusal(state, step.call, seat, t) === null);
        out.push({ type: 'point', call: step.call, targets, current: seat in step.pointers ? step.pointers[seat]! : null });
        if (isTeamCall(step.call)) out.push({ type: 'team-chat' });
      }
      break;
    case 'eyes':
      if (state.alive[seat - 1] && !(seat in step.choices)) out.push({ type: 'open-eyes', choices: ['bandits', 'police', 'none'] });
      break;
    case 'last-words':
    case 'speech':
      if (step.seat === seat) out.push({ type: 'say' }, { type: 'pass' });
      break;
    case 'ballot':
      if (step.voters.includes(seat) && !(seat in step.ballots) && (step.turn === undefined || step.turn === seat)) {
        const targets = voteTargets(state, seat);
        out.push({ type: 'vote', targets, canAbstain: !step.mustVote || targets.length === 0 });
      }
      break;
    case 'over':
      return out;
  }
  if (isDay(state) && RULESETS[state.setup.ruleset].selfDestruct && state.alive[seat - 1] && state.roles[seat - 1] === 'killer') {
    out.push({ type: 'self-destruct' });
  }
  if (maySurrender(state, seat)) out.push({ type: 'surrender' });
  return out;
}

/** The seats the current step waits for (who has not acted yet). */
export function pendingSeats(state: GameState): Seat[] {
  const step = state.step;
  switch (step.kind) {
    case 'call':
      return step.actors.filter((a) => !(a in step.pointers) && !step.surrender.includes(a));
    case 'eyes':
      return livingSeats(state).filter((seat) => !(seat in step.choices));
    case 'last-words':
    case 'speech':
      return [step.seat];
    case 'ballot':
      if (step.turn !== undefined) return step.turn in step.ballots ? [] : [step.turn];
      return step.voters.filter((v) => !(v in step.ballots));
    case 'over':
      return [];
  }
}
