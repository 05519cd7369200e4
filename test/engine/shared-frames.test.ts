// The room makes each change's `game` and `patch` frames through GameFrames (worker/room/game-frames.ts): viewers
// share the work below their frames (a state's step, result and plain seats, built and stringified
// once). Sharing may only save work: each viewer's frame must be, byte for byte, the frame made from
// its own views built alone (on a copy of the states, so nothing any other viewer built is reused),
// and a viewer gets no frame exactly when that view, log aside, is the same as before the change and
// brings no entry. A patch holds exactly the fields and seats that changed, and makes the view after.
// Over a seeded heuristic game in every ruleset, after every other change, for every seat, the judge
// and a spectator. The check itself must catch a frame shared across viewers who differ:
// it is run once more with civilians sharing one frame per role, and must find frames that are wrong.
import { describe, expect, it } from 'vitest';
import { hasGodView, viewFor, type GameState, type RulesetId, type Viewer } from '../../worker/engine/index.ts';
import { GameFrames } from '../../worker/room/game-frames.ts';
import { patchedView } from '../../worker/protocol.ts';
import { EVERY_RULESET, playSeededGame, viewersOf } from './seeded-changes.ts';

/** A change's frame for each viewer, as some way of making frames gives it. */
type Framer = (prev: GameState | null, next: GameState) => (viewer: Viewer) => string | null;

const roomFrames: Framer = (prev, next) => {
  const frames = new GameFrames(prev, next);
  return (viewer) => frames.frameFor(viewer);
};

/**
 * The frame from this viewer's own views, built alone on copies of the two states and written the
 * plain way: the whole view, or a patch of every top-level field whose JSON changed (in the view's key
 * order), every seat whose JSON changed, and the new entries; null when there is none of them.
 */
function frameAlone(prev: GameState | null, next: GameState, viewer: Viewer): string | null {
  const after = structuredClone(next);
  const view = viewFor(after, viewer);
  const { log, ...rest } = view;
  const whole = `{"type":"game","view":${JSON.stringify({ ...rest, log })},"logFrom":0}`;
  if (!prev) return whole;
  const before = structuredClone(prev);
  if (hasGodView(before, viewer) !== hasGodView(after, viewer)) return whole;
  const { log: had, ...restBefore } = viewFor(before, viewer);
  const set: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) if (key !== 'seats' && JSON.stringify(value) !== JSON.stringify(restBefore[key as keyof typeof restBefore])) set[key] = value;
  const seats = rest.seats.filter((seat, i) => JSON.stringify(seat) !== JSON.stringify(restBefore.seats[i]));
  if (Object.keys(set).length === 0 && seats.length === 0 && log.length === had.length) return null;
  // The patch, put on the view before, is the view after (as client/socket.ts puts it together).
  const patch = { type: 'patch' as const, set, seats, log: log.slice(had.length), logFrom: had.length };
  const patched = patchedView({ ...restBefore, log: had }, patch);
  if (JSON.stringify(patched) !== JSON.stringify({ ...rest, log: log.slice(had.length) })) return 'the patch does not make the view after';
  return JSON.stringify(patch);
}

/** Plays one seeded game; returns how many frames `framer` got wrong, and how many it made. */
function checkGame(ruleset: RulesetId, players: number, seed: string, framer: Framer, maxSteps = 600): { wrong: number; frames: number } {
  const counts = { wrong: 0, frames: 0 };
  // Every change's frames are made (each is the next one's starting point); every other change's are
  // compared (a copy of the states per viewer is what keeps the check to seconds).
  let changes = 0;
  playSeededGame(
    ruleset,
    players,
    seed,
    (prev, next) => {
      const frameOf = framer(prev, next);
      const compare = changes++ % 2 === 0;
      for (const viewer of viewersOf(next)) {
        const frame = frameOf(viewer);
        if (frame !== null) counts.frames++;
        if (compare && frame !== frameAlone(prev, next, viewer)) counts.wrong++;
      }
    },
    maxSteps,
  );
  return counts;
}

describe('each viewer’s frame from the shared path is the frame of its own view built alone', () => {
  for (const [ruleset, players] of EVERY_RULESET) {
    it(`${ruleset} ${players}: every viewer after every other change of a seeded game`, () => {
      const { wrong, frames } = checkGame(ruleset, players, `shared-${ruleset}`, roomFrames);
      expect(frames).toBeGreaterThan(0);
      expect(wrong, 'frames that differ from the viewer’s own').toBe(0);
    });
  }

  it('catches civilians given one frame per role (they differ: each sees its own seat and its own moves)', () => {
    const perRole: Framer = (prev, next) => {
      const frames = new GameFrames(prev, next);
      const byRole = new Map<string, string | null>();
      return (viewer) => {
        if (viewer.kind !== 'seat') return frames.frameFor(viewer);
        const role = next.roles[viewer.seat - 1]!;
        if (!byRole.has(role)) byRole.set(role, frames.frameFor(viewer));
        return byRole.get(role)!;
      };
    };
    expect(checkGame('classic', 12, 'shared-classic', perRole, 80).wrong).toBeGreaterThan(0);
  });
});
