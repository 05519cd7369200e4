// The ballot (RULES.md 2.8–2.11): sealed votes, or one voter at a time in butterfly's turns; the
// count in voting order, weighted by living cards in `dual`; what the top of the count decides.
import { closeStep, emit, endGame, endsAt, type Ctx, type Refusal } from './kernel.ts';
import { inOrder, speeches } from './day-plan.ts';
import { tie } from './ties.ts';
import { endBySides, peacefulNight, verdict } from './verdict.ts';
import { RULESETS } from './rulesets.ts';
import { livingSeats } from './seats.ts';
import type { GameState, Plan, Seat, Step } from './types.ts';

/** The seats a voter may choose in the open ballot (self excluded unless the ruleset allows it). */
export function voteTargets(state: GameState, seat: Seat): Seat[] {
  const step = state.step;
  if (step.kind !== 'ballot') return [];
  const selfVote = RULESETS[state.setup.ruleset].selfVote;
  return step.candidates.filter((c) => state.alive[c - 1] && (selfVote || c !== seat));
}

/** A sealed vote (or the voter's turn in butterfly's turns); the last one needed closes the ballot. */
export function vote(ctx: Ctx, seat: Seat, target: Seat | 0): Refusal {
  const step = ctx.s.step;
  if (step.kind !== 'ballot') return ['game/phase-closed', 'no ballot is open'];
  if (!ctx.s.alive[seat - 1]) return ['game/seat-out', 'you are out'];
  if (!step.voters.includes(seat)) return ['game/not-your-turn', 'you do not vote in this ballot'];
  if (seat in step.ballots) return ['game/already-voted', 'your ballot is sealed'];
  if (step.turn !== undefined && step.turn !== seat) return ['game/not-your-turn', `seat ${step.turn} votes now; you vote after your own defence`];
  const targets = voteTargets(ctx.s, seat);
  if (target === 0) {
    if (step.mustVote && targets.length > 0) return ['game/must-vote', 'everyone must vote in this ballot'];
  } else if (!targets.includes(target)) {
    if (!Number.isInteger(target) || target < 1 || target > ctx.s.alive.length) return ['game/target-unknown', `there is no seat ${target}`];
    if (!ctx.s.alive[target - 1]) return ['game/target-not-alive', `seat ${target} is out`];
    return ['game/target-not-eligible', `seat ${target} is not on this ballot`];
  }
  const next: Step = { ...step, ballots: { ...step.ballots, [seat]: target } };
  ctx.s.step = next;
  emit(ctx, [seat], { type: 'voted', seat, target });
  if (step.turn !== undefined || step.voters.every((v) => v in next.ballots)) closeStep(ctx);
  return null;
}

/** Counts sealed ballots for the candidates: votes by seat (index 0 unused). */
function tally(ballots: Record<Seat, Seat | 0>, candidates: readonly Seat[], seats: number, weight: (seat: Seat) => number): number[] {
  const counts = new Array<number>(seats + 1).fill(0);
  for (const key in ballots) {
    const target = ballots[key]!;
    if (target !== 0 && candidates.includes(target)) counts[target]! += weight(Number(key));
  }
  return counts;
}

/** The seats with the most votes (below `below`, for runoff's second place), in seat order. */
function topOf(counts: readonly number[], below = Infinity): Seat[] {
  let max = 0;
  for (const n of counts) if (n > max && n < below) max = n;
  const top: Seat[] = [];
  if (max === 0) return top;
  for (let seat = 1; seat < counts.length; seat++) if (counts[seat] === max) top.push(seat);
  return top;
}

/** Reveals a closed ballot and decides what follows; returns true when it ended the game or set the step itself. */
export function closeBallot(ctx: Ctx, step: Omit<Extract<Step, { kind: 'ballot' }>, 'kind' | 'endsAt'>, votedInTurns = false): boolean {
  const s = ctx.s;
  s.ballotCount++;
  // Ballots are shown in voting order, from the right of the last player out [001 3.16] (or in the turns' order).
  // `dual` (RULES.md 8.3): one vote per living card.
  const weigh = ctx.rules.voteWeight;
  const weight = (seat: Seat) => (weigh ? weigh(s, seat) : 1);
  const ballots = (votedInTurns ? step.voters : inOrder(s, step.voters)).map((seat) => ({
    seat,
    target: (step.ballots[seat] ?? 0) as Seat | 0,
    missed: !(seat in step.ballots),
    ...(weigh ? { weight: weight(seat) } : {}),
  }));
  const counts = tally(step.ballots, step.candidates, s.alive.length, weight);
  const top = topOf(counts);
  emit(ctx, 'all', { type: 'ballots', purpose: step.purpose, ballots, top });

  if (top.length === 0) {
    // RULES.md 2.11 (decision): no vote cast, nobody out.
    if (ctx.rules.finalTie(s.setup.options) === 'end') {
      endGame(ctx, endBySides(s, 'no-verdict'));
      return true;
    }
    return peacefulNight(ctx);
  }
  if (step.purpose === 'runoff-first') {
    // RULES.md 5: the two most voted go through (decision: everyone tied for second too).
    const finalists = top.length >= 2 ? top : [...top, ...topOf(counts, counts[top[0]!]!)].sort((a, b) => a - b);
    s.agenda = [...speeches(inOrder(s, finalists), 'defence'), { kind: 'ballot', purpose: 'runoff-final', candidates: finalists }, ...s.agenda];
    return false;
  }
  if (top.length === 1) return verdict(ctx, top[0]!, 'voted');
  return tie(ctx, step.purpose, top);
}

/** Opens a sealed ballot: everyone living votes at once among the candidates (all the living when none are named). */
export function openBallot(ctx: Ctx, plan: Extract<Plan, { kind: 'ballot' }>): void {
  const s = ctx.s;
  const living = livingSeats(s);
  const candidates = plan.candidates.length > 0 ? plan.candidates.filter((c) => s.alive[c - 1]) : living;
  const mustVote = plan.purpose === 'outside-pk' ? s.setup.options.outsidePkMustVote === true : plan.purpose === 'day' && ctx.rules.mustVote === true;
  emit(ctx, 'all', { type: 'ballot', purpose: plan.purpose, candidates, mustVote });
  s.step = { kind: 'ballot', purpose: plan.purpose, candidates, voters: living, ballots: {}, mustVote, endsAt: endsAt(ctx, 'ballot') };
}

/** Announces a ballot cast in turns (butterfly): the sealed ballots wait in `openBallot` between the turns. */
export function openTurnBallot(ctx: Ctx, plan: Extract<Plan, { kind: 'open-ballot' }>): void {
  const s = ctx.s;
  const candidates = livingSeats(s);
  const voters = plan.order.filter((seat) => s.alive[seat - 1]);
  const mustVote = ctx.rules.mustVote === true;
  emit(ctx, 'all', { type: 'ballot', purpose: plan.purpose, candidates, mustVote });
  s.openBallot = { purpose: plan.purpose, candidates, voters, ballots: {}, mustVote };
}

/** Opens one voter's turn of a ballot cast in turns; false when that voter is out or has no vote. */
export function openVoteTurn(ctx: Ctx, seat: Seat): boolean {
  const s = ctx.s;
  const b = s.openBallot;
  if (!b || !s.alive[seat - 1] || !b.voters.includes(seat)) return false;
  s.step = { kind: 'ballot', ...b, candidates: b.candidates.filter((c) => s.alive[c - 1]), turn: seat, endsAt: endsAt(ctx, 'ballot') };
  return true;
}

/** Reveals a ballot cast in turns once every turn is over. */
export function revealTurnBallot(ctx: Ctx): void {
  const b = ctx.s.openBallot;
  delete ctx.s.openBallot;
  if (b) closeBallot(ctx, b, true);
}
