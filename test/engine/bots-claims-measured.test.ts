// What the bots do with a person's words by day, measured over seeded games against the targets of
// docs/balance.md, "Bots and people": a bare hunch is not followed, a true police claim puts its
// killer out, a killer's false police claim is not, and a police backed by its checks is not voted out.
import { describe, expect, it } from 'vitest';
import { claimsHeard, type ClaimsHeardRow } from '../../worker/cli/measures.ts';
import { backedPoliceOut, falsePoliceHeard, hunchHeard, type NamedRow } from '../../worker/cli/person-measures.ts';

// Enough games that a seed's luck moves a figure by a few points at most (about 2 at 500 games), few enough for a few seconds a measure.
const GAMES = 500;
const TABLES = [
  { ruleset: 'classic', players: 12 },
  { ruleset: 'raw', players: 7 },
  { ruleset: 'original', players: 10 },
];

// Each ruleset's hunch games are played once, for both of its tests; classic 12 plays more, as its person speaks first more rarely.
const hunches = new Map<string, NamedRow>();
const hunch = (ruleset: string, players: number): NamedRow => {
  if (!hunches.has(ruleset)) hunches.set(ruleset, hunchHeard(ruleset, players, ruleset === 'classic' ? 3 * GAMES : GAMES, 'hunch'));
  return hunches.get(ruleset)!;
};

describe('a hunch voiced by a person: "I will vote #X", with no role and no reason, weighs no more than a hunch', () => {
  it.each(TABLES)('$ruleset $players: the good bots put at most 25 % of their day-1 ballots on X', ({ ruleset, players }) => {
    const row = hunch(ruleset, players);
    expect(row.games).toBeGreaterThan(GAMES / 2);
    expect(row.share).toBeLessThanOrEqual(25);
  }, 60_000);

  it.each(TABLES)('$ruleset $players: nor when its vote is the first a living seat announces that day (the first speaker is not followed for speaking first)', ({ ruleset, players }) => {
    const first = hunch(ruleset, players).first!;
    // The person speaks first in one game in 7 to 20 (fewer the more seats): enough games to weigh.
    expect(first.games).toBeGreaterThanOrEqual(40);
    expect(first.share).toBeLessThanOrEqual(25);
  }, 60_000);
});

describe("a person's police claim by day, classic 12", () => {
  // Played once, for both of its tests.
  let row: ClaimsHeardRow | undefined;
  const heard = (): ClaimsHeardRow => (row ??= claimsHeard(12, GAMES, 'true claim', false));

  it('true (its night-1 check of a killer, voted): the good bots put at least 75 % of their day-1 ballots on the checked killer', () => {
    const row = heard();
    expect(row.games).toBeGreaterThan(GAMES / 2);
    expect(row.forChecked).toBeGreaterThanOrEqual(75);
  }, 60_000);

  it('true: the checked killer is the first seat put out by a verdict in at least 80 % of games', () => {
    expect(heard().firstOut).toBeGreaterThanOrEqual(80);
  }, 60_000);

  it("false (a killer names a good seat a killer, its mates never claim): the good bots put at most 30 % of their day-1 ballots on the seat it names", () => {
    const row = falsePoliceHeard(12, GAMES, 'false claim');
    expect(row.games).toBeGreaterThan(GAMES / 2);
    expect(row.share).toBeLessThanOrEqual(30);
  }, 60_000);

  // The target is 10 % (docs/balance.md, "Bots and people"), not met yet: against killers that play their tuned best (a
  // second killer backing a fake claim, a counter-claim against the police), a lone true claim loses some days before
  // its teammates have spoken. The bound holds what was won (18 % before claims were judged against each other).
  it("backed (the police repeats its team's checks in every speech and votes their killer): voted out while a killer lives in at most 15 % of games (the target, 10 %, not met yet)", () => {
    expect(backedPoliceOut(12, GAMES, 'backed').out).toBeLessThanOrEqual(15);
  }, 60_000);
});
