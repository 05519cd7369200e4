// The voice screens' words that must match what the player sees beside them: the speaker's line names
// the button that ends a spoken turn ("I'm done", RULES.md 2.7: the speaker ends the speech), and a
// killer whose living teammates are all bots is told that nobody of the team hears them (bots have no
// voice), from what the seat's own view knows (RULES.md 2.2: the team opens eyes together).
import { describe, expect, it } from 'vitest';
import { viewFor } from '../../worker/engine/index.ts';
import type { Seat } from '../../worker/engine/types.ts';
import { T } from '../../client/strings.ts';
import { matesAllBots } from '../../client/team-bots.ts';
import { Table } from './table.ts';

describe('the line above a spoken turn names its button', () => {
  it('in every language the line says the words of the "I\'m done" button', () => {
    T.imDone.forEach((button, i) => {
      // zh's button is "过（我说完了）": the line quotes it whole.
      expect(T.yourTurnAloud[i]).toContain(button);
      expect(T.yourTurnAloud[i]).not.toBe(T.yourTurn[i]);
    });
  });
});

describe('a killer whose teammates are bots', () => {
  // Classic, 8 seats: killers at seats 1 and 2 (KKPPCCCC).
  const t = new Table('classic', 'KKPPCCCC');
  const seats = (bots: Seat[]) => ({ seats: [1, 2, 3, 4, 5, 6, 7, 8].map((seat) => ({ seat, ...(bots.includes(seat as Seat) ? { bot: true as const } : {}) })) });
  const view = (seat: Seat) => viewFor(t.state, { kind: 'seat', seat });

  it('is told so when every other killer is a bot', () => {
    expect(matesAllBots(seats([2, 5]), view(1))).toBe(true);
  });
  it('is not, when a teammate is a person', () => {
    expect(matesAllBots(seats([5, 6]), view(1))).toBe(false);
  });
  it('a civilian has no team to be told about, whoever the bots are', () => {
    expect(matesAllBots(seats([1, 2]), view(5))).toBe(false);
  });
  it('a teammate out of the game hears nothing either: only the living count', () => {
    const v = view(1);
    const out = { ...v, seats: v.seats.map((s) => (s.seat === 2 ? { ...s, alive: false } : s)) };
    expect(matesAllBots(seats([2]), out)).toBe(false);
    expect(matesAllBots(seats([]), out)).toBe(false);
  });
});
