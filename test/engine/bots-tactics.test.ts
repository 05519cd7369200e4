// The bots' tactics (worker/engine/bots/tactics.ts, docs/balance.md "Tactics chosen by self-play"):
// every ruleset has chosen ones, the bots play the chosen table, and a changed tactic changes the move.
import { describe, expect, it } from 'vitest';
import { Table } from './table.ts';
import { RULESETS, viewFor, type RulesetId, type Seat } from '../../worker/engine/index.ts';
import { heuristicMove } from '../../worker/engine/bots/policy.ts';
import { readView } from '../../worker/engine/bots/evidence.ts';
import { CHOICES, KNOBS, TODAY, tacticsFor, type Knob, type Tactics } from '../../worker/engine/bots/tactics.ts';
import { makeRandom } from '../../worker/engine/random.ts';

function botAt(t: Table, seat: Seat, tactics?: Tactics) {
  return heuristicMove(viewFor(t.state, { kind: 'seat', seat }), makeRandom(`bot:${seat}`), {}, 'en', tactics);
}

/** Classic, 8 players: killers 1–2, police 3–4. Night 1 the killers kill 5, the police check 1 (a killer); the day's speeches reach the police seat 3. */
function policeFoundKiller(votes: Record<Seat, Seat> = {}): Table {
  const t = new Table('classic', 'KKPPCCCC');
  t.night(5);
  t.night(1);
  t.act(5, { type: 'pass' }); // 5's last words
  for (const seat of [6, 7, 8, 1, 2]) {
    const vote = votes[seat];
    if (vote) t.act(seat, { type: 'say', text: `I vote #${vote}.`, claim: { role: 'civilian', vote } });
    t.act(seat, { type: 'pass' });
  }
  return t;
}

describe('every ruleset has chosen tactics, and the bots play them', () => {
  it('every ruleset and table size gets a whole record of named choices', () => {
    for (const id of Object.keys(RULESETS) as RulesetId[]) {
      for (let seats = RULESETS[id].minPlayers; seats <= RULESETS[id].maxPlayers + 1; seats++) {
        const t = tacticsFor(id, seats);
        for (const knob of Object.keys(CHOICES) as Knob[]) expect(CHOICES[knob] as readonly string[], `${id} ${seats} ${knob}`).toContain(t[knob]);
      }
      // A knob self-play turns is one the ruleset's cards have.
      for (const knob of KNOBS[id]) expect(Object.keys(TODAY)).toContain(knob);
    }
  });

  it('a seat reads the chosen tactics of its ruleset and table size, unless self-play gives others', () => {
    const t = policeFoundKiller();
    const view = viewFor(t.state, { kind: 'seat', seat: 3 });
    expect(readView(view).tactics).toBe(tacticsFor('classic', 8));
    const tried: Tactics = { ...TODAY, reveal: 'hold' };
    expect(readView(view, 0, tried).tactics).toBe(tried);
  });
});

describe('a changed tactic changes the move', () => {
  it('police reveal: a police who found a killer says so by "found", keeps hidden by "hold" until pressed', () => {
    const t = policeFoundKiller();
    expect(botAt(t, 3, { ...TODAY, reveal: 'found' }).action).toMatchObject({ type: 'say', claim: { role: 'police', checks: [{ seat: 1, camp: 'killers' }] } });
    expect(botAt(t, 3, { ...TODAY, reveal: 'hold' }).action).toMatchObject({ type: 'say', claim: { role: 'civilian' } });
  });

  it('killers\' kill: the claimed police by "police", anyone else by "unclaimed" (the seat a doctor would guard)', () => {
    const t = policeFoundKiller();
    t.act(3, { type: 'say', text: 'As police: #1 is a killer.', claim: { role: 'police', checks: [{ seat: 1, camp: 'killers' }] } });
    t.talk();
    t.ballot({ 1: 6, 2: 6, 3: 6, 4: 6, 6: 7, 7: 6, 8: 6 });
    t.talk();
    expect(botAt(t, 1, { ...TODAY, kill: 'police' }).action).toEqual({ type: 'point', seat: 1, target: 3 });
    const other = botAt(t, 1, { ...TODAY, kill: 'unclaimed' }).action as { target: Seat };
    expect([4, 7, 8]).toContain(other.target);
  });

  it('bussing: a mate the table is voting out is voted by its team under "doomed", never under "never"', () => {
    // 6, 7 and 8 announce votes for killer 1, and the police 3 names it: four of the five seats outside the team.
    const t = policeFoundKiller({ 6: 1, 7: 1, 8: 1 });
    t.act(3, { type: 'say', text: 'As police: #1 is a killer. I vote #1.', claim: { role: 'police', checks: [{ seat: 1, camp: 'killers' }], vote: 1 } });
    t.talk();
    expect(t.state.step.kind).toBe('ballot');
    expect(botAt(t, 2, { ...TODAY, bus: 'doomed' }).action).toEqual({ type: 'vote', seat: 2, target: 1 });
    expect((botAt(t, 2, { ...TODAY, bus: 'never' }).action as { target: Seat }).target).not.toBe(1);
  });
});
