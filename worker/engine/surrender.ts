// A side gives up (the room's `surrender` option, [001 5.5]) and a killer's self-destruct (爆匪,
// [001 3.21]): the two ways a player ends their own part of the game.
import { checkWin, emit, endGame, isDay, proceed, removeSeat, type Ctx, type Refusal } from './kernel.ts';
import { isTeamCall } from './call-audience.ts';
import { RULESETS, campOf } from './rulesets.ts';
import type { GameState, Role, Seat } from './types.ts';

/** 爆匪 [001 3.21③]: a living killer reveals themself in the day; out with no last words, straight to night. */
export function selfDestruct(ctx: Ctx, seat: Seat): Refusal {
  const s = ctx.s;
  if (!ctx.rules.selfDestruct) return ['game/not-allowed', 'this ruleset has no self-destruct'];
  if (!s.alive[seat - 1]) return ['game/seat-out', 'you are out'];
  if (s.roles[seat - 1] !== 'killer') return ['game/not-allowed', 'only a killer may self-destruct'];
  if (!isDay(s)) return ['game/phase-closed', 'self-destruct is for the day'];
  // [001 3.21③]: out with no last words, nobody speaks after it, straight to night.
  removeSeat(ctx, seat, 'self-destruct');
  s.step = { kind: 'over' };
  s.agenda = [{ kind: 'nightfall' }];
  if (!checkWin(ctx, false)) proceed(ctx);
  return null;
}

/** Whether this seat may surrender now under the room's `surrender` option. */
export function maySurrender(state: GameState, seat: Seat): boolean {
  const option = state.setup.options.surrender;
  if (option === undefined || option === 'off' || !state.alive[seat - 1]) return false;
  const step = state.step;
  if (RULESETS[state.setup.ruleset].surrenderInDay) return isDay(state);
  if (step.kind !== 'call' || !isTeamCall(step.call) || !step.actors.includes(seat) || step.surrender.includes(seat)) return false;
  if (option === 'last-member') return step.actors.length === 1;
  // `team` [001 5.5], RULES.md 3 (decision): only once the called team is down to one living member,
  // counted on the members the team knows (its own cards: in `doctor` the police never count the doctor
  // or the secret police); neither the other side's count nor any hidden card may show in `legal`.
  const member: Role = step.call === 'killers' ? 'killer' : 'police';
  return state.roles.filter((r, i) => r === member && state.alive[i]).length <= 1;
}

/** A surrender wish; a called team gives up once every living member has asked, in the day one wish ends it. */
export function surrender(ctx: Ctx, seat: Seat): Refusal {
  const s = ctx.s;
  if (!maySurrender(s, seat)) return ['game/not-allowed', 'you may not surrender now'];
  const side = campOf(s.roles[seat - 1]!);
  const step = s.step;
  if (step.kind === 'call') {
    // A team surrenders together: every living member of the called team must ask for it.
    const wishes = [...step.surrender, seat];
    s.step = { ...step, surrender: wishes };
    emit(ctx, step.actors, { type: 'surrender-wish', seat });
    if (!step.actors.every((a) => wishes.includes(a))) return null;
  } else {
    emit(ctx, 'all', { type: 'surrender-wish', seat });
  }
  emit(ctx, 'all', { type: 'surrendered', side });
  endGame(ctx, { winner: side === 'killers' ? 'good' : 'killers', reason: 'surrender' });
  return null;
}
