// Two seeded `doctor` games up to day 2, one with the police out before night 2 (D11): the frames a
// civilian and a spectator receive. Shared by the side-channel test and the table voice test.
import { expect } from 'vitest';
import { viewUpdate, type Seat, type Viewer } from '../../worker/engine/index.ts';
import { Table } from './table.ts';

const WATCHERS: Viewer[] = [{ kind: 'seat', seat: 7 }, { kind: 'spectator' }];

export interface Frame {
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
export function framesUpToDayTwo(cards: string, police: Seat, policeEnd?: number): { frames: Frame[]; policeEnd: number } {
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
