// The heuristic bots' rules, each on a seated scenario: the bot gets only its seat's view.
import { describe, expect, it } from 'vitest';
import { Table } from './table.ts';
import { viewFor, type LegalAction, type Seat, type View } from '../../worker/engine/index.ts';
import { heuristicMove } from '../../worker/engine/bots/policy.ts';
import { makeRandom } from '../../worker/engine/random.ts';
import { TODAY, type Tactics } from '../../worker/engine/bots/tactics.ts';

function botAt(t: Table, seat: Seat, tactics?: Tactics) {
  return heuristicMove(viewFor(t.state, { kind: 'seat', seat }), makeRandom(`bot:${seat}`), {}, 'en', tactics);
}

/** Classic, 8 players: killers 1–2, police 3–4. Night 1 the killers kill 5, the police check 1 (a killer). */
function policeFoundKiller(): Table {
  const t = new Table('classic', 'KKPPCCCC');
  t.night(5);
  t.night(1);
  t.act(5, { type: 'pass' }); // 5's last words
  // Speeches run 6, 7, 8, 1, 2, then the police seat 3.
  for (const seat of [6, 7, 8, 1, 2]) t.act(seat, { type: 'pass' });
  return t;
}

describe('police check unknown players and claim results', () => {
  it('a police who found a killer still alive says so when its reveal tactic is "found": "As police: #1 is a killer."', () => {
    const t = policeFoundKiller();
    const move = botAt(t, 3, { ...TODAY, reveal: 'found' });
    expect(move.action).toMatchObject({ type: 'say', seat: 3, text: 'As police: #1 is a killer. I vote #1.', claim: { role: 'police', checks: [{ seat: 1, camp: 'killers' }], vote: 1 } });
  });

  it('a police that holds its card ("hold") still votes the killer it found, with a reason a civilian could give, never "what I know"', () => {
    const t = policeFoundKiller();
    const move = botAt(t, 3, { ...TODAY, reveal: 'hold' });
    expect(move.action).toMatchObject({ type: 'say', seat: 3, claim: { role: 'civilian', vote: 1 } });
    const claim = (move.action as { claim: { why?: { kind: string } } }).claim;
    expect(claim.why?.kind).not.toBe('known-killer');
    expect((move.action as { text: string }).text).toBe('I am a civilian. Nothing firm yet; of the seats no claim clears, my guess is #1. I vote #1.');
  });

  it('on night 2 the police check someone not yet checked and not on their team', () => {
    const t = policeFoundKiller();
    t.talk();
    t.ballot({ 1: 6, 2: 6, 3: 1, 4: 1, 6: 1, 7: 1, 8: 1 });
    t.talk();
    t.night(7);
    const move = botAt(t, 3);
    expect(move.action?.type).toBe('point');
    // Seat 1 was checked and voted out, 4 is a teammate, 5 is out: the rest are unknown (7, the killers' target tonight, is still alive).
    expect([2, 6, 7, 8]).toContain((move.action as { target: Seat }).target);
  });
});

describe('civilians weigh claims; killers never vote or kill a teammate', () => {
  it('after the police claim, a civilian votes the accused seat, and the killers vote neither themselves nor each other', () => {
    const t = policeFoundKiller();
    t.act(3, { type: 'say', text: 'As police: #1 is a killer.', claim: { role: 'police', checks: [{ seat: 1, camp: 'killers' }] } });
    t.talk();
    expect(t.state.step.kind).toBe('ballot');
    expect(botAt(t, 6).action).toEqual({ type: 'vote', seat: 6, target: 1 });
    for (const killer of [1, 2]) {
      const vote = botAt(t, killer).action as { type: string; target: Seat };
      expect(vote.type).toBe('vote');
      expect([0, 1, 2]).not.toContain(vote.target);
    }
  });

  it('the killers kill the seat that claimed police rather than a teammate', () => {
    const t = policeFoundKiller();
    t.act(3, { type: 'say', text: 'As police: #1 is a killer.', claim: { role: 'police', checks: [{ seat: 1, camp: 'killers' }] } });
    t.talk();
    t.ballot({ 1: 6, 2: 6, 3: 6, 4: 6, 6: 7, 7: 6, 8: 6 });
    t.talk();
    expect(t.state.step).toMatchObject({ kind: 'call', call: 'killers' });
    expect(botAt(t, 1).action).toEqual({ type: 'point', seat: 1, target: 3 });
  });
});

describe('an action type the policy does not know is taken when it is the way forward', () => {
  it('a lone "I have seen my card" control is pressed; nothing is invented when nothing is legal', () => {
    const t = new Table('classic', 'KKPPCCCC');
    const view = viewFor(t.state, { kind: 'seat', seat: 6 });
    const seen: View = { ...view, legal: [{ type: 'seen-card' } as unknown as LegalAction] };
    expect(heuristicMove(seen, makeRandom('x'), {}).action).toEqual({ type: 'seen-card', seat: 6 });
    expect(heuristicMove({ ...view, legal: [] }, makeRandom('x'), {}).action).toBeNull();
  });
});
