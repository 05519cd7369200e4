// A bot says why it votes: every vote it announces carries the reason the policy chose it for (what
// the table saw, what its own night knowledge says, the votes it joined, or a hunch when nothing
// points anywhere), and a police bot contests a police claim its own team's checks disprove.
import { describe, expect, it } from 'vitest';
import { Table } from './table.ts';
import { quietDayOne } from './quiet-day.ts';
import { viewFor, type Claim, type RulesetId, type Seat } from '../../worker/engine/index.ts';
import { heuristicMove } from '../../worker/engine/bots/policy.ts';
import { readView } from '../../worker/engine/bots/evidence.ts';
import { credibility } from '../../worker/engine/bots/credibility.ts';
import { makeRandom } from '../../worker/engine/random.ts';
import { playGame } from '../../worker/engine/simulate.ts';

function speechOf(t: Table, seat: Seat, key: string | number = seat): { text: string; claim: Claim } {
  const action = heuristicMove(viewFor(t.state, { kind: 'seat', seat }), makeRandom(`bot:${key}`), {}).action;
  if (action?.type !== 'say' || !action.claim) throw new Error(`seat ${seat} did not speak a claim: ${JSON.stringify(action)}`);
  return { text: action.text, claim: action.claim };
}

describe('every vote a bot announces carries its reason', () => {
  const games: [RulesetId, number][] = [['classic', 12], ['butterfly', 12], ['doctor', 10], ['dual', 8], ['infernal', 10], ['runoff', 10]];
  for (const [ruleset, players] of games) {
    it(`${ruleset} ${players}, heuristic bots on both sides, 6 seeded games: each "I vote #N" says why, about #N`, () => {
      let votes = 0;
      for (let i = 0; i < 6; i++) {
        const { state } = playGame({ ruleset, players, options: {}, seed: `reasons:${ruleset}:${i}` }, `reasons:${ruleset}:${i}:bots`, { good: 'heuristic', killers: 'heuristic' });
        for (const entry of state.log) {
          const e = entry.event;
          if (e.type !== 'said' || !('claim' in e) || e.claim?.vote === undefined) continue;
          votes++;
          expect(e.claim.why, `${ruleset} game ${i}: #${e.seat} said "${e.text}"`).toMatchObject({ seat: e.claim.vote });
        }
      }
      expect(votes).toBeGreaterThan(0);
    }, 60_000);
  }

  it('the first speaker of day 1, with nothing in its view, says it votes on a hunch', () => {
    const t = quietDayOne();
    for (let k = 0; k < 10; k++) {
      const { text, claim } = speechOf(t, 6, k);
      expect(claim.why).toEqual({ kind: 'hunch', seat: claim.vote });
      expect(text).toBe(`I am a civilian. Nothing points anywhere yet, so a hunch. I vote #${claim.vote}.`);
    }
  });

  it('a bare "I will vote #1" is no evidence: a bot goes by its own lean, says it is a hunch, and seldom joins', () => {
    const t = quietDayOne();
    // Seat 6 (a person) says it will vote #1; seat 7 (a person) passes without a word; seat 8 is a bot.
    t.act(6, { type: 'say', text: 'I will vote #1.', claim: { vote: 1 } });
    t.act(6, { type: 'pass' });
    t.act(7, { type: 'pass' });
    let joined = 0;
    for (let k = 0; k < 100; k++) {
      const { claim } = speechOf(t, 8, k);
      if (claim.vote === 1) joined++;
      expect(claim.why).toEqual({ kind: 'hunch', seat: claim.vote });
    }
    // Six seats to choose from: an even spread gives #1 about 17 of 100; following the first speaker, all of them.
    expect(joined).toBeLessThan(30);
  });

  it('a vote announced for a reason the table can see draws the bot too, and it names the strongest evidence itself: "#6 checked #1: a killer."', () => {
    const t = quietDayOne();
    // Seat 6 (a person) claims police with #1 a killer, and votes #1; seat 7 (a person) says it will vote #1 because of that check.
    t.act(6, { type: 'say', text: '#1 is a killer.', claim: { role: 'police', checks: [{ seat: 1, camp: 'killers' }], vote: 1 } });
    t.act(6, { type: 'pass' });
    t.act(7, { type: 'say', text: '#6 checked #1.', claim: { vote: 1, why: { kind: 'checked-killer', seat: 1, other: 6 } } });
    t.act(7, { type: 'pass' });
    for (let k = 0; k < 10; k++) expect(speechOf(t, 8, k).claim).toMatchObject({ vote: 1, why: { kind: 'checked-killer', seat: 1, other: 6 } });
  });

  it('a seat that passed its speech is never voted for its silence: the reason is a hunch or an announced vote, as for any seat', () => {
    const t = quietDayOne();
    // The person at 6 passes without a word; bots 7 and 8 speak in turn.
    t.act(6, { type: 'pass' });
    const seven = speechOf(t, 7, 'silent').claim;
    t.act(7, { type: 'say', text: 'x', claim: seven });
    t.act(7, { type: 'pass' });
    for (let k = 0; k < 20; k++) {
      const { claim } = speechOf(t, 8, k);
      expect(['hunch', 'followed-vote']).toContain(claim.why?.kind);
    }
  });
});

describe("a bot weighs a claim against what its own view knows, and contests it", () => {
  it('RULES.md 2.3: a police teammate\'s claimed result the team never found is not believed, and the bot police says so with the team\'s real result', () => {
    const t = quietDayOne();
    for (const seat of [6, 7, 8, 1, 2]) t.act(seat, { type: 'pass' });
    // Seat 3, a person on the police team, claims a check the team never made: "#7 is a killer" (the team checked #6: good).
    t.act(3, { type: 'say', text: 'I checked #7: killer.', claim: { role: 'police', checks: [{ seat: 7, camp: 'killers' }] } });
    t.act(3, { type: 'pass' });
    expect(t.state.step).toMatchObject({ kind: 'speech', seat: 4 });
    const ev = readView(viewFor(t.state, { kind: 'seat', seat: 4 }));
    expect(credibility(ev, 3)).toBeLessThan(0);
    const { text, claim } = speechOf(t, 4);
    expect(claim).toMatchObject({ role: 'police', checks: [{ seat: 6, camp: 'good' }], contest: { seat: 3, check: 7 } });
    expect(claim.why?.kind).not.toBe('checked-killer');
    expect(text).toContain("#3's result on #7 is not what I know.");
  });

  it('RULES.md 6, doctor: the deck holds one doctor, so the doctor bot votes a person who claims to be the doctor, and says why', () => {
    // doctor, 8 players: killers 1–2, police 3, doctor 4, secret police 5, civilians 6–8. Night 1: 8 is killed, the doctor saves 7.
    const t = new Table('doctor', 'KKPDSCCC');
    while (t.state.step.kind === 'call') t.night(t.state.step.call === 'killers' ? 8 : t.state.step.call === 'doctor' ? 7 : 0);
    while (t.state.step.kind === 'last-words') t.act(t.state.step.seat, { type: 'pass' });
    t.act(1, { type: 'pass' });
    // Seat 2 (a killer, played by a person) claims the doctor's card and a save that did not happen.
    t.act(2, { type: 'say', text: 'I am the doctor, I saved #6.', claim: { role: 'doctor', acts: [{ night: 1, seat: 6 }] } });
    t.act(2, { type: 'pass' });
    t.act(3, { type: 'pass' });
    expect(t.state.step).toMatchObject({ kind: 'speech', seat: 4 });
    const { text, claim } = speechOf(t, 4);
    expect(claim).toMatchObject({ vote: 2, why: { kind: 'false-role', seat: 2 } });
    expect(text).toContain('#2 claims a role I know is not theirs.');
  });

  it('a stranger\'s result against the team\'s own check is contested too', () => {
    const t = quietDayOne();
    for (const seat of [6, 7, 8]) t.act(seat, { type: 'pass' });
    // Seat 1, a killer played by a person, claims police: "#6 is a killer" (the police team found #6 not a killer).
    t.act(1, { type: 'say', text: '#6 is a killer.', claim: { role: 'police', checks: [{ seat: 6, camp: 'killers' }] } });
    t.act(1, { type: 'pass' });
    t.act(2, { type: 'pass' });
    const { claim } = speechOf(t, 3);
    expect(claim).toMatchObject({ role: 'police', contest: { seat: 1, check: 6 } });
  });
});
