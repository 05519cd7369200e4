// How a ballot ends when it ends the day: a player out by the vote (or by lot) with their last
// words, or a peaceful night, or the game decided by the sides' numbers.
import { checkWin, emit, removeSeat, type Ctx } from './kernel.ts';
import { nextDay } from './day-plan.ts';
import { sideCount } from './rulesets.ts';
import type { GameState, Result, Seat } from './types.ts';

/** Nobody out by the day's vote: the table goes to the night (or the win check ends it); true when the game ended. */
export function peacefulNight(ctx: Ctx): boolean {
  emit(ctx, 'all', { type: 'peaceful-night' });
  // Raw's killer wins "after a vote" with two civilians left, even when nobody went out.
  if (checkWin(ctx, true)) return true;
  ctx.s.agenda = [nextDay(ctx.rules)];
  return false;
}

/** The voted (or drawn) player is out, then the win check, their last words and the next night (or day); true when the game ended. */
export function verdict(ctx: Ctx, seat: Seat, how: 'voted' | 'lot'): boolean {
  const s = ctx.s;
  const camp = ctx.rules.revealOnVerdict?.(s.roles[seat - 1]!);
  removeSeat(ctx, seat, how, camp);
  if (checkWin(ctx, true)) return true;
  const words = ctx.rules.lastWords(s, seat, 'voted');
  s.lastWordsGiven++;
  s.agenda = words ? [{ kind: 'last-words', seat }, nextDay(ctx.rules)] : [nextDay(ctx.rules)];
  return false;
}

/** The result by the sides' numbers still in (a final tie or a ballot nobody voted in, where the ruleset ends there). */
export function endBySides(state: GameState, reason: string): Result {
  let police = 0;
  let bandits = 0;
  state.roles.forEach((role, i) => {
    if (!state.alive[i]) return;
    if (role === 'killer') bandits++;
    else police++;
  });
  return sideCount(police, bandits, reason);
}
