// A bot keeps its scores (credibility, suspicion, trust, the check results announced) from one decision
// to the next while what its seat knows is the same, and works out again only what a new entry changed
// (worker/engine/bots/scores.ts). Kept scores must be exactly what a fresh reading of the same view
// gives, at every decision of whole heuristic games in every ruleset; and a decision on a view
// already read works out nothing anew.
import { describe, expect, it } from 'vitest';
import { RULESETS, type RulesetId, type Seat, type View } from '../../worker/engine/index.ts';
import { readView, type Evidence } from '../../worker/engine/bots/evidence.ts';
import { bandwagon, suspicion } from '../../worker/engine/bots/weigh.ts';
import { credibility } from '../../worker/engine/bots/credibility.ts';
import { work } from '../../worker/engine/bots/scores.ts';
import { heuristicMove } from '../../worker/engine/bots/policy.ts';
import { forgetGame } from '../../worker/engine/log-reading.ts';
import { playGame } from '../../worker/engine/simulate.ts';

/** Every seat's credibility, suspicion and bandwagon in this evidence, in seat order. */
function scoresOf(ev: Evidence): number[] {
  const out: number[] = [];
  for (let seat: Seat = 1; seat <= ev.view.seats.length; seat++) out.push(credibility(ev, seat), suspicion(ev, seat), bandwagon(ev, seat));
  return out;
}

/** The same scores from a reading of its own: a copy of the view shares no entry, so nothing kept is found for it. */
function freshScoresOf(view: View, lean: number): number[] {
  const copy = structuredClone(view);
  const scores = scoresOf(readView(copy, lean));
  forgetGame(copy.log);
  return scores;
}

describe('the scores a bot keeps between decisions', () => {
  for (const ruleset of Object.keys(RULESETS) as RulesetId[]) {
    it(`are those a fresh reading gives, at every decision of heuristic games (${ruleset})`, () => {
      const { minPlayers, maxPlayers } = RULESETS[ruleset];
      let decisions = 0;
      let kept = 0;
      // The fewest players and the middle of the range: whole games, each decision read twice (a fresh reading reads the whole log).
      for (let game = 0; game < 2; game++) {
        const players = game === 0 ? minPlayers : Math.round((minPlayers + maxPlayers) / 2);
        playGame({ ruleset, players, options: {}, seed: `memo:${game}` }, `memo:${game}:bots`, { good: 'heuristic', killers: 'heuristic' }, (view, random, memory) => {
          if (view.me && view.legal.length > 0) {
            const lean = memory.lean ?? 0;
            const before = work.stamps;
            const mine = scoresOf(readView(view, lean));
            if (work.stamps === before) kept++;
            expect(mine).toEqual(freshScoresOf(view, lean));
            decisions++;
          }
          return heuristicMove(view, random, memory);
        });
      }
      expect(decisions).toBeGreaterThan(0);
      // The scores were kept for some decisions, so the comparison above checked kept scores, not only fresh ones.
      expect(kept).toBeGreaterThan(0);
    }, 120_000);
  }

  it('a decision on a view already read works out no score anew', () => {
    let checked = 0;
    playGame({ ruleset: 'classic', players: 12, options: {}, seed: 'memo:again' }, 'memo:again:bots', { good: 'heuristic', killers: 'heuristic' }, (view, random, memory) => {
      if (view.me && view.legal.some((l) => l.type === 'vote')) {
        scoresOf(readView(view, memory.lean ?? 0));
        const before = { ...work };
        scoresOf(readView(view, memory.lean ?? 0));
        expect({ stamps: work.stamps, suspicions: work.suspicions, credibilities: work.credibilities, announcements: work.announcements }).toEqual({
          stamps: before.stamps,
          suspicions: before.suspicions,
          credibilities: before.credibilities,
          announcements: before.announcements,
        });
        checked++;
      }
      return heuristicMove(view, random, memory);
    });
    expect(checked).toBeGreaterThan(0);
  });
});
