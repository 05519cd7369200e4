// docs/rules/infernal.md "The one night": everyone who opened at a call sees everyone else who opened at
// that same call, so a police who spies at the bandits' call sees the bandits there and any other police
// spying beside them, with nothing to tell the two apart. A spying bot suspects them all, knows none.
import { describe, expect, it } from 'vitest';
import { Table } from './table.ts';
import { viewFor, type EyesChoice, type Seat } from '../../worker/engine/index.ts';
import { heuristicMove } from '../../worker/engine/bots/policy.ts';
import { knownKiller, readView } from '../../worker/engine/bots/evidence.ts';
import { suspicion } from '../../worker/engine/bots/weigh.ts';
import { makeRandom } from '../../worker/engine/random.ts';

/** infernal, 8 players: police 1–4, bandits 5–8. Police 1 and 2 spy at the bandits' call with bandits 5 and 6. */
function twoSpies(): Table {
  const t = new Table('infernal', 'PPPPKKKK');
  const choices: Record<Seat, EyesChoice> = { 1: 'bandits', 2: 'bandits', 5: 'bandits', 6: 'bandits', 3: 'police', 4: 'police', 7: 'none', 8: 'none' };
  for (const [seat, choice] of Object.entries(choices)) t.act(Number(seat), { type: 'open-eyes', choice });
  return t;
}

describe('infernal: a police who spied at the bandits\' call', () => {
  it('suspects every seat it saw there, above the seats it knows nothing of, but knows none of them a bandit', () => {
    const t = twoSpies();
    const ev = readView(viewFor(t.state, { kind: 'seat', seat: 1 }));
    for (const seen of [2, 5, 6]) {
      expect(knownKiller(ev, seen)).toBe(false);
      for (const unseen of [3, 4, 7, 8]) expect(suspicion(ev, seen)).toBeGreaterThan(suspicion(ev, unseen));
    }
  });

  it('does not say "What I know makes #2 a killer" of the other police spying beside it', () => {
    const t = twoSpies();
    expect(t.step).toMatchObject({ kind: 'speech', seat: 1 });
    const move = heuristicMove(viewFor(t.state, { kind: 'seat', seat: 1 }), makeRandom('bot:1'), {});
    const claim = (move.action as { claim?: { vote?: Seat; why?: { kind: string } } }).claim;
    expect([2, 5, 6]).toContain(claim?.vote);
    expect(claim?.why?.kind).not.toBe('known-killer');
  });

  it('a police who opened at the police call still takes the seats it saw there for its side', () => {
    const t = twoSpies();
    const ev = readView(viewFor(t.state, { kind: 'seat', seat: 3 }));
    expect(ev.mates).toEqual([4]);
  });
});

describe('infernal: a police who opened at the police call', () => {
  it('does not take the one seat left beside those it saw there for a known bandit: bandits may spy at that call too', () => {
    // Police 1–3, bandits 4–6; police 1 and 2 open at their call, where bandits 4, 5 and 6 spy; police 3 keeps its eyes shut.
    const t = new Table('infernal', 'PPPKKK');
    const choices: Record<Seat, EyesChoice> = { 1: 'police', 2: 'police', 4: 'police', 5: 'police', 6: 'police', 3: 'none' };
    for (const [seat, choice] of Object.entries(choices)) t.act(Number(seat), { type: 'open-eyes', choice });
    const ev = readView(viewFor(t.state, { kind: 'seat', seat: 1 }));
    expect(ev.mates).toEqual([2, 4, 5, 6]);
    expect(knownKiller(ev, 3)).toBe(false);
  });
});
