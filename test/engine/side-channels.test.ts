// Nothing a viewer receives may depend on events outside its audience — not the numbering
// of its log, not counts, not whether or when a frame arrives. Frames are taken as the room sends
// them: `viewUpdate` after every change, nothing when the view did not change.
import { describe, expect, it } from 'vitest';
import { framesUpToDayTwo } from './two-nights.ts';

describe('D11 "a dead role\'s call must look like a living one": frames do not tell an empty night call', () => {
  it('the police dead or alive at night 2: a civilian and a spectator receive identical frames through that night', () => {
    // Seat 3 is the police in the first game and a civilian in the second, where seat 6 holds the police card.
    const dead = framesUpToDayTwo('KKPDSCCC', 3);
    const alive = framesUpToDayTwo('KKCDSPCC', 6, dead.policeEnd);
    expect(dead.frames.length).toBeGreaterThan(10);
    expect(alive.frames).toEqual(dead.frames);
  });
});
