// The dawn phase (RULES.md 2.5–2.7): the ruleset resolves the night (dawn-rules.ts), then the
// announcement, the first victim, the win check and the day's plan.
import { checkWin, emit, layDown, removeSeat, type Ctx } from './kernel.ts';
import { killersOnlyDawn } from './dawn-rules.ts';
import { startDay } from './day-plan.ts';
import type { Seat } from './types.ts';

/**
 * Dawn (RULES.md 2.5–2.7): the night's outcome is announced, the killers' victim first; speeches start
 * to its right. RULES.md 3 Repeat first kill: only the killers' own night-1 victim is the first victim.
 */
export function dawn(ctx: Ctx): void {
  const s = ctx.s;
  const outcome = (ctx.rules.resolveDawn ?? killersOnlyDawn)(s);
  for (const note of outcome.notes) emit(ctx, note.to, note.event);
  if (outcome.needles) s.powers = { ...s.powers, needles: outcome.needles };
  if (outcome.cardsDown) layDown(ctx, outcome.cardsDown, true);
  for (const seat of outcome.out) removeSeat(ctx, seat, 'killed');
  if (s.round === 1) s.firstVictim = outcome.victim;
  // Speeches start to the right of the killers' victim, the first one announced.
  if (outcome.out.length > 0) s.speechAnchor = outcome.out[0]!;
  emit(ctx, 'all', { type: 'dawn', out: outcome.out });
  s.muted = outcome.muted;
  for (const seat of outcome.muted) emit(ctx, 'all', { type: 'muted', seat });
  if ((outcome.out.length > 0 || (outcome.cardsDown?.length ?? 0) > 0) && checkWin(ctx, false)) return;
  const words: Seat[] = [];
  for (const seat of outcome.out) {
    if (ctx.rules.lastWords(s, seat, 'killed')) words.push(seat);
    s.lastWordsGiven++;
  }
  startDay(ctx, words);
}
