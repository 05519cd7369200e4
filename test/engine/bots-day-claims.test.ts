// Claims are judged, not queued (docs/balance.md, "Bots by day"): a police claim is weighed by how it
// holds up against the night and the other claims, never by who spoke first; a word the bot rates low
// adds nothing; voting against a police whose word holds counts against the voter. Each bot gets only its seat's view.
import { describe, expect, it } from 'vitest';
import { Table } from './table.ts';
import { viewFor, type Claim, type Seat } from '../../worker/engine/index.ts';
import { heuristicMove } from '../../worker/engine/bots/policy.ts';
import { makeRandom } from '../../worker/engine/random.ts';

/** The bot in `seat` decides its move in the current step (ten different bots: ten random sources). */
function botMoves(t: Table, seat: Seat, k: number) {
  return heuristicMove(viewFor(t.state, { kind: 'seat', seat }), makeRandom(`day-claims:${seat}:${k}`), {}).action;
}

/** Speeches and last words up to the ballot: a scripted seat says its claim, every other seat passes. */
function speak(t: Table, said: Partial<Record<Seat, Claim>>): void {
  while (t.state.step.kind === 'speech' || t.state.step.kind === 'last-words') {
    const seat = t.state.step.seat;
    const claim = said[seat];
    if (claim) t.act(seat, { type: 'say', text: 'claim', claim });
    t.act(seat, { type: 'pass' });
  }
}

const police = (checks: [Seat, 'killers' | 'good'][], vote?: Seat): Claim => ({ role: 'police', checks: checks.map(([seat, camp]) => ({ seat, camp })), ...(vote ? { vote } : {}) });

describe('a confirmed police is not voted out on a discredited word', () => {
  // Classic 12: police 1–3, killers 4–6, civilians 7–12. Seat 1 is a person police.
  it('classic 12: police #1 checks #4 a killer, the police killed that night and the third police confirm it; #4 counter-claims, is voted out and names #1 in its last words; on day 2 no good bot votes #1 on that word', () => {
    const t = new Table('classic', 'PPPKKKCCCCCC');
    t.night(2);
    t.night(4);
    // Day 1: the dead police's last words, #1's claim and #3's confirm all name #4; #4 counter-claims against #1.
    speak(t, { 2: police([[4, 'killers']], 4), 1: police([[4, 'killers']], 4), 3: police([[4, 'killers']], 4), 4: police([[1, 'killers']], 1) });
    t.ballot({ 1: 4, 2: 4, 3: 4, 5: 1, 6: 1, 7: 4, 8: 4, 9: 4, 10: 4, 11: 4, 12: 4 });
    expect(t.state.alive[3]).toBe(false);
    // #4's last words name #1 again.
    speak(t, { 4: police([[1, 'killers']], 1) });
    // Night 2: the killers kill civilian #7; the police check #8, not a killer.
    t.night(7);
    t.night(8);
    // Day 2: #3 confirms again, with its new result; nobody alive has been named a killer by a police whose word holds.
    speak(t, { 3: police([[4, 'killers'], [8, 'good']]) });
    expect(t.state.step.kind).toBe('ballot');
    for (const seat of [8, 9, 10, 11, 12] as Seat[]) {
      for (let k = 0; k < 10; k++) {
        const move = botMoves(t, seat, k);
        expect(move, `civilian #${seat}`).toMatchObject({ type: 'vote' });
        expect((move as { target: Seat }).target, `civilian #${seat}`).not.toBe(1);
      }
    }
  });
});

describe('claims are judged by how they hold up, not by who spoke first', () => {
  it('classic 12: a lone "police" who names a good seat, then three police claims that agree and dispute it: the good bots vote the lone claimer, not the seat it named', () => {
    const t = new Table('classic', 'PPPKKKCCCCCC');
    t.night(9);
    t.night(7);
    // Killer #4 speaks first (before the police) and names civilian #8 a killer; the three police then all claim #7 cleared and call #4's claim false.
    const dispute: Claim = { ...police([[7, 'good']]), vote: 4, why: { kind: 'false-role', seat: 4 } };
    speak(t, { 4: police([[8, 'killers']], 8), 1: dispute, 2: dispute, 3: dispute });
    for (const seat of [10, 11, 12] as Seat[]) {
      for (let k = 0; k < 10; k++) expect((botMoves(t, seat, k) as { target: Seat }).target, `civilian #${seat}`).toBe(4);
    }
  });

  it('classic 12: two claims that name each other a killer draw the good bots alike whichever was said first', () => {
    // Killer #4 says #1 is a killer; police #1 says #4 is a killer. Speeches run from the right of the night's victim:
    // with #9 killed, #1 speaks before #4; with #3 killed, #4 speaks first.
    const forKiller: number[] = [];
    for (const victim of [9, 3] as Seat[]) {
      const t = new Table('classic', 'PPPKKKCCCCCC');
      t.night(victim);
      t.night(7);
      speak(t, { 4: police([[1, 'killers']], 1), 1: police([[4, 'killers']], 4) });
      let votes = 0;
      let ballots = 0;
      for (const seat of [8, 10, 11, 12] as Seat[]) {
        for (let k = 0; k < 25; k++) {
          const target = (botMoves(t, seat, k) as { target: Seat }).target;
          ballots++;
          if (target === 4) votes++;
        }
      }
      forKiller.push(votes / ballots);
    }
    // The same share of ballots on the killer in both orders (within 15 points), and neither claimer drawing most of them.
    expect(Math.abs(forKiller[0]! - forKiller[1]!)).toBeLessThanOrEqual(0.15);
    for (const share of forKiller) expect(share).toBeLessThan(0.6);
  });
});

describe('a one-of-a-kind role claimed twice: one of the claimers lies', () => {
  /** doctor, 8 players: killers 1–2, police 3, doctor 4, secret police 5, civilians 6–8. Night 1: 8 is killed, the doctor saves 7; killer #1 and the real doctor #4 both claim the doctor. */
  function twoDoctors(): Table {
    const t = new Table('doctor', 'KKPDSCCC');
    while (t.state.step.kind === 'call') t.night(t.state.step.call === 'killers' ? 8 : t.state.step.call === 'doctor' ? 7 : 0);
    while (t.state.step.kind === 'last-words') t.act(t.state.step.seat, { type: 'pass' });
    // Speeches run from the right of #8: #1 claims, #2 and #3 pass, #4 claims, #5 passes, then #6 speaks.
    for (const seat of [1, 2, 3, 4, 5] as Seat[]) {
      expect(t.state.step).toMatchObject({ kind: 'speech', seat });
      if (seat === 1 || seat === 4) t.act(seat, { type: 'say', text: 'I am the doctor.', claim: { role: 'doctor' } });
      t.act(seat, { type: 'pass' });
    }
    return t;
  }

  it('doctor 8 (one doctor card): a civilian bot votes one of the two claimers and says why: "#1 and #4 claim the same one-of-a-kind role: one of them lies."', () => {
    const t = twoDoctors();
    for (let k = 0; k < 10; k++) {
      const move = botMoves(t, 6, k) as { type: string; claim: Claim; text: string };
      expect(move.type).toBe('say');
      expect([1, 4]).toContain(move.claim.vote);
      expect(move.claim.why?.kind).toBe('role-contested');
    }
    const said = heuristicMove(viewFor(t.state, { kind: 'seat', seat: 6 }), makeRandom('day-claims:6:0'), {}).action as { text: string };
    expect(said.text).toMatch(/^I am a civilian\. #[14] and #[14] claim the same one-of-a-kind role: one of them lies\. I vote #[14]\.$/);
  });
});
