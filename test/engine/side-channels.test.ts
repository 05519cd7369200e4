// Issue 7.2: nothing a viewer receives may depend on events outside its audience — not the numbering
// of its log, not counts, not whether or when a frame arrives. Frames are taken as the room sends
// them: `viewUpdate` after every change, nothing when the view did not change.
import { describe, expect, it } from 'vitest';
import { viewUpdate, type Seat, type Viewer } from '../../worker/engine/index.ts';
import { Table } from './table.ts';

const WATCHERS: Viewer[] = [{ kind: 'seat', seat: 7 }, { kind: 'spectator' }];

interface Frame {
  at: number;
  viewer: string;
  logFrom: number;
  view: unknown;
}

/**
 * `doctor` (RULES.md 6) with the police at `police`: night 1 the killers kill seat 3, day 1 votes out
 * seat 8, night 2 nobody acts. Returns the frames seat 7 (a civilian) and a spectator receive up to
 * day 2. The police act at `policeEnd` on night 2 (or, when out, their empty call runs to its seeded end).
 */
function framesUpToDayTwo(cards: string, police: Seat, policeEnd?: number): { frames: Frame[]; policeEnd: number } {
  const t = new Table('doctor', cards);
  const frames: Frame[] = [];
  const record = (change: () => void) => {
    const prev = t.state;
    change();
    for (const viewer of WATCHERS) {
      const u = viewUpdate(prev, t.state, viewer);
      // The commitment hashes the two different decks: opaque, and the same for every viewer of one game.
      if (u) frames.push({ at: t.now, viewer: viewer.kind, logFrom: u.logFrom, view: { ...u.view, commitment: '' } });
    }
  };
  const tick = (seat: Seat, move: Parameters<Table['act']>[1]) => {
    t.now += 1000;
    record(() => t.act(seat, move));
  };
  const speeches = () => {
    while (t.step.kind === 'speech' || t.step.kind === 'last-words') tick(t.step.seat, { type: 'pass' });
  };
  // Night 1: everyone alive.
  tick(1, { type: 'point', target: 3 });
  tick(2, { type: 'point', target: 3 });
  tick(police, { type: 'point', target: 0 });
  tick(4, { type: 'point', target: 0 });
  tick(5, { type: 'point', target: 0 });
  expect(t.state.alive[2]).toBe(false);
  speeches();
  const step = t.step;
  if (step.kind !== 'ballot') throw new Error(`expected the day's ballot, got ${step.kind}`);
  for (const v of step.voters) tick(v, { type: 'vote', target: v === 8 ? 0 : 8 });
  speeches();
  // Night 2.
  tick(1, { type: 'point', target: 0 });
  tick(2, { type: 'point', target: 0 });
  const call = t.step;
  expect(call).toMatchObject({ kind: 'call', call: 'police' });
  let end = policeEnd ?? 0;
  if (call.kind === 'call' && call.actors.length === 0) {
    end = call.endsAt!;
    t.now = end;
    record(() => t.control({ type: 'deadline' }));
  } else {
    t.now = end;
    record(() => t.act(police, { type: 'point', target: 0 }));
  }
  tick(4, { type: 'point', target: 0 });
  tick(5, { type: 'point', target: 0 });
  expect(t.step.kind).not.toBe('call');
  return { frames, policeEnd: end };
}

describe('issue 7.2, D11 "a dead role\'s call must look like a living one": frames do not tell an empty night call', () => {
  it('the police dead or alive at night 2: a civilian and a spectator receive identical frames through that night', () => {
    // Seat 3 is the police in the first game and a civilian in the second, where seat 6 holds the police card.
    const dead = framesUpToDayTwo('KKPDSCCC', 3);
    const alive = framesUpToDayTwo('KKCDSPCC', 6, dead.policeEnd);
    expect(dead.frames.length).toBeGreaterThan(10);
    expect(alive.frames).toEqual(dead.frames);
  });
});
