// A tie at the top of a ballot [001 4.5]: PK speeches and a PK ballot, then everyone outside the PK
// votes, then the ruleset's final tie (a draw, the sides' numbers, a seeded lot or a peaceful night).
import { emit, endGame, type Ctx } from './kernel.ts';
import { inOrder, speechDirection, speeches } from './day-plan.ts';
import { endBySides, peacefulNight, verdict } from './verdict.ts';
import { makeRandom, pick } from './random.ts';
import { tableOrder } from './seats.ts';
import type { BallotPurpose, Seat } from './types.ts';

/** The tie procedure [001 4.5]: PK, then outside PK, then the ruleset's final tie. */
export function tie(ctx: Ctx, purpose: BallotPurpose, tied: Seat[]): boolean {
  const s = ctx.s;
  // 4.0: "if 2 or more people have the most votes, no one dies during the day".
  if (ctx.rules.ties === 'nobody') return peacefulNight(ctx);
  if (purpose === 'day') {
    s.agenda = [...speeches(inOrder(s, tied), 'pk'), { kind: 'ballot', purpose: 'pk', candidates: tied }, ...s.agenda];
    return false;
  }
  if (purpose === 'pk') {
    const others = tableOrder(s, s.speechAnchor, speechDirection(s)).filter((seat) => !tied.includes(seat));
    s.agenda = [...speeches(others, 'outside-pk'), { kind: 'ballot', purpose: 'outside-pk', candidates: tied }, ...s.agenda];
    return false;
  }
  switch (ctx.rules.finalTie(s.setup.options)) {
    case 'draw':
      endGame(ctx, { winner: 'draw', reason: 'final-tie' });
      return true;
    case 'end':
      endGame(ctx, endBySides(s, 'final-tie'));
      return true;
    case 'lot': {
      const drawn = pick(makeRandom(`${s.setup.seed}:lot:${s.ballotCount}`), tied);
      emit(ctx, 'all', { type: 'lot', among: tied, drawn });
      return verdict(ctx, drawn, 'lot');
    }
    case 'peaceful-night':
      return peacefulNight(ctx);
  }
}
