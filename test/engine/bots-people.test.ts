// Bots worth sitting with: no seat is singled out by its number, a person's claim weighs exactly as
// a bot's, votes come from what the table saw and the speech says why. Each bot gets only its seat's view.
import { describe, expect, it } from 'vitest';
import { Table } from './table.ts';
import { quietDayOne } from './quiet-day.ts';
import { viewFor, type Claim, type Seat } from '../../worker/engine/index.ts';
import { heuristicMove, type BotMemory } from '../../worker/engine/bots/policy.ts';
import { makeRandom } from '../../worker/engine/random.ts';
import { claimsHeard, seatFairness } from '../../worker/cli/measures.ts';

function botAt(t: Table, seat: Seat, key: string | number = seat, memory: BotMemory = {}) {
  return heuristicMove(viewFor(t.state, { kind: 'seat', seat }), makeRandom(`bot:${key}`), memory);
}

function claimOf(t: Table, seat: Seat, key: string | number = seat): Claim {
  const action = botAt(t, seat, key).action;
  if (action?.type !== 'say' || !action.claim) throw new Error(`seat ${seat} did not speak a claim: ${JSON.stringify(action)}`);
  return action.claim;
}

/** Passes the last words of the night's dead, if any, up to the first speech. */
function lastWords(t: Table): void {
  while (t.state.step.kind === 'last-words') t.act(t.state.step.seat, { type: 'pass' });
}

/** Ends day 1 with this ballot; night 2 the killers kill `kill` and the police check `check`; speeches are passed up to `speaker`'s turn. */
function toSpeakerOfDayTwo(t: Table, votes: Record<Seat, Seat>, kill: Seat, check: Seat, speaker: Seat): void {
  t.talk();
  t.ballot(votes);
  t.talk();
  t.night(kill);
  t.night(check);
  lastWords(t);
  while (t.state.step.kind === 'speech' && t.state.step.seat !== speaker) t.act(t.state.step.seat, { type: 'pass' });
  expect(t.state.step).toMatchObject({ kind: 'speech', seat: speaker });
}

describe('no seat singled out: with nothing in the view, each bot leans its own way', () => {
  it('the first speaker of day 1, as forty different bots (forty random sources), does not name one seat by its number', () => {
    const t = quietDayOne();
    expect(t.state.step).toMatchObject({ kind: 'speech', seat: 6 });
    const votes = new Map<Seat, number>();
    for (let k = 0; k < 40; k++) {
      const vote = claimOf(t, 6, k).vote!;
      votes.set(vote, (votes.get(vote) ?? 0) + 1);
    }
    // Six living seats besides the speaker: a fair spread names most of them, none in half the cases.
    expect(votes.size).toBeGreaterThanOrEqual(4);
    for (const [, n] of votes) expect(n).toBeLessThan(20);
  });

  it('a bot keeps its lean all game: the same bot asked again names the same seat', () => {
    const t = quietDayOne();
    const first = botAt(t, 6, 'same');
    const again = heuristicMove(viewFor(t.state, { kind: 'seat', seat: 6 }), makeRandom('another draw'), { lean: first.memory.lean! });
    expect((again.action as { claim: Claim }).claim.vote).toBe((first.action as { claim: Claim }).claim.vote);
  });

  it('classic 8, 100 seeded games per seat under each of three seeds: where a passive player sits does not change how often it goes out on day 1 beyond chance; among bots alone seat 1 is not first out twice its share', () => {
    // A passive player (random pointer and ballot, never a claim) in each seat position in turn. The rule
    // (docs/balance.md, "Bots and people": every seat within 5 points of the average at 1,000 games per seat) is
    // measured by the simulator; 300 games per seat, as here, vary by about 2 points a seat, so a gap of 5 among
    // eight seats is a coin flip on one seed. What is checked is that the seats differ no more than chance allows:
    // a chi-squared test of the eight seats' counts, failing beyond the 0.1 % level (a seat singled out by its
    // number, as seat 1 once was at 38 % against 12.5 %, scores in the hundreds).
    const seeds = [1, 'fair', 'tea'];
    const games = 100;
    const outs = new Array<number>(8).fill(0);
    let seatOneFirst = 0;
    for (const seed of seeds) {
      const row = seatFairness(8, games, seed);
      row.standIn.forEach((rate, k) => (outs[k]! += Math.round((rate * games) / 100)));
      seatOneFirst += Math.round((row.seatOneFirst * games) / 100);
    }
    const n = games * seeds.length;
    const p = outs.reduce((a, b) => a + b, 0) / (8 * n);
    const chiSquared = outs.reduce((sum, o) => sum + (o - n * p) ** 2, 0) / (n * p * (1 - p));
    // 24.32: the 0.1 % point of the chi-squared distribution with 7 degrees of freedom (eight seats).
    expect(chiSquared).toBeLessThan(24.32);
    // A fair table puts each of 8 seats first out in 1/8 of games.
    expect(seatOneFirst / n).toBeLessThan(2 / 8);
  }, 120_000);
});

describe('votes come from what the view shows, and the speech says why', () => {
  it('"#1 voted against the checked #6": a bot votes the seat that voted against a seat a trusted police claim cleared, and says so', () => {
    const t = quietDayOne();
    for (const seat of [6, 7, 8, 1, 2]) t.act(seat, { type: 'pass' });
    // Seat 3, a person, claims police: #6 is not a killer.
    t.act(3, { type: 'say', text: '#6 is fine.', claim: { role: 'police', checks: [{ seat: 6, camp: 'good' }] } });
    // Day 1 puts 2 out; night 2 the killer left kills the claimer (a claimer killed at night is trusted).
    toSpeakerOfDayTwo(t, { 1: 6, 2: 7, 3: 2, 4: 2, 6: 2, 7: 2, 8: 2 }, 3, 8, 7);
    const claim = claimOf(t, 7);
    expect(claim).toMatchObject({ role: 'civilian', vote: 1, why: { kind: 'voted-cleared', seat: 1, other: 6 } });
    expect((botAt(t, 7).action as { text: string }).text).toBe('I am a civilian. #1 voted against the checked #6. I vote #1.');
  });
});

describe("people's claims count exactly as a bot's", () => {
  it('RULES.md 6: a person claiming the doctor saved a seat that went out that very night is caught lying, and voted', () => {
    // doctor, 8 players: killers 1–2, police 3, doctor 4, secret police 5, civilians 6–8. Night 1: 8 is killed, the doctor saves 7.
    const t = new Table('doctor', 'KKPDSCCC');
    while (t.state.step.kind === 'call') t.night(t.state.step.call === 'killers' ? 8 : t.state.step.call === 'doctor' ? 7 : 0);
    lastWords(t);
    // Speeches run 1, 2, …, 7. Seat 2 (a killer, played by a person) claims the doctor saved 8, who died that night.
    expect(t.state.step).toMatchObject({ kind: 'speech', seat: 1 });
    t.act(1, { type: 'pass' });
    t.act(2, { type: 'say', text: 'I am the doctor, I saved #8.', claim: { role: 'doctor', acts: [{ night: 1, seat: 8 }] } });
    t.act(2, { type: 'pass' });
    for (const seat of [3, 4, 5]) t.act(seat, { type: 'pass' });
    expect(claimOf(t, 6).vote).toBe(2);
  });

  it('"I suspect #4" said bare by two people moves a bot a little, never into a herd: it goes by its own lean, and says it is a hunch', () => {
    const t = quietDayOne();
    for (const seat of [6, 7]) {
      t.act(seat, { type: 'say', text: 'I suspect #4.', claim: { suspect: 4 } });
      t.act(seat, { type: 'pass' });
    }
    // Two hundred different bots in seat 8: six seats to choose from, so an even spread gives #4 about 17 %; a herd, all of them.
    let forFour = 0;
    for (let k = 0; k < 200; k++) {
      const claim = claimOf(t, 8, k);
      if (claim.vote === 4) forFour++;
      expect(claim.why).toEqual({ kind: 'hunch', seat: claim.vote });
    }
    expect(forFour).toBeLessThan(60);
  });

  it('a counter-claim is contested until the night tells: the claimer the killers killed is trusted, and its accuser is voted', () => {
    const t = quietDayOne();
    for (const seat of [6, 7, 8]) t.act(seat, { type: 'pass' });
    // A person at 1 (a killer) claims police against the person at 3 (police), who answers in kind.
    t.act(1, { type: 'say', text: '#3 is a killer.', claim: { role: 'police', checks: [{ seat: 3, camp: 'killers' }] } });
    t.act(1, { type: 'pass' });
    t.act(2, { type: 'pass' });
    t.act(3, { type: 'say', text: '#1 is a killer.', claim: { role: 'police', checks: [{ seat: 1, camp: 'killers' }] } });
    // Day 1 puts 8 out; night 2 the killers kill 3.
    toSpeakerOfDayTwo(t, { 1: 7, 2: 7, 3: 8, 4: 8, 6: 8, 7: 8, 8: 7 }, 3, 2, 6);
    expect(claimOf(t, 6)).toMatchObject({ vote: 1, why: { kind: 'checked-killer', seat: 1, other: 3 } });
  });

  it('classic 12: a person\'s true police claim on day 1 draws at least 70 % of the good bots\' ballots; fewer when a killer bot claims police against it', () => {
    const uncontested = claimsHeard(12, 200, 'heard', false);
    const contested = claimsHeard(12, 200, 'heard', true);
    expect(uncontested.forChecked).toBeGreaterThanOrEqual(70);
    expect(contested.forChecked).toBeLessThan(uncontested.forChecked);
  }, 120_000);
});
