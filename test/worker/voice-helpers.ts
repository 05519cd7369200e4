// What the voice's worker tests share: moving a room's game on by its deadlines.
import { runDurableObjectAlarm } from 'cloudflare:test';
import { expect } from 'vitest';
import type { GameState } from '../../worker/engine/index.ts';
import { setClock, storedGame, stubOf } from './helpers.ts';

/** Lets the room's clock reach the current step's deadline and fires its alarm. */
export async function passDeadline(code: string): Promise<GameState> {
  const { state } = await storedGame(code);
  await setClock(code, (state!.step as { endsAt: number }).endsAt);
  await runDurableObjectAlarm(stubOf(code));
  return (await storedGame(code)).state!;
}

/** Deadlines pass until the step is `kind` (nobody acts: a peaceful night, then the day). */
export async function passUntil(code: string, kind: GameState['step']['kind']): Promise<GameState> {
  let state = (await storedGame(code)).state!;
  for (let i = 0; i < 8 && state.step.kind !== kind; i++) state = await passDeadline(code);
  expect(state.step.kind).toBe(kind);
  return state;
}
