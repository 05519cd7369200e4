// Who is connected, as each viewer is told it. At night the room wakes (by push, in async pace) only
// the seats a call names, so a seat whose phone comes and goes while a call is open would name the
// call's role to anyone watching the seat plates. During a game the table (spectators, and every seat
// but its own) is therefore shown presence as it stood at the last public step change, and a night is
// one step for it: nothing it sees moves from dusk to dawn. At dawn the table learns who left in the
// night, but a seat that came in during the night, or left and came back (a phone that answered its
// call's push and is still open when its call ends the night), is shown only from the next public
// step change, together with everyone the day brings in: otherwise the one seat still up at dawn
// among those who went to bed would be the night's last call. A seat sees its own presence truly;
// the judge, and any viewer with the god view, sees the truth. Outside a game presence is live.
import { hasGodView, voiceStepKey, type GameState, type Seat, type Viewer } from '../engine/index.ts';
import type { Presence } from '../protocol.ts';

/** Whether the game stands in a night's step (a call, infernal's eyes), when only the seats it calls are woken. */
export function atNight(state: GameState): boolean {
  return !state.result && (state.step.kind === 'call' || state.step.kind === 'eyes');
}

/**
 * The presence the table is shown once the game went from `prev` (null: a new game) to `next`, from
 * what it was shown (`shown`) and who is connected now (`truth`), `dozed` the seats whose every socket went during the
 * night; null when it stays as it was shown.
 * It moves only at a public step change (the voice's step key: the step, its call, seat or speakers),
 * never from one call of a night to the next.
 */
export function tableAfter(prev: GameState | null, next: GameState, shown: Presence, truth: Presence, dozed: readonly Seat[] = []): Presence | null {
  if (!prev) return truth;
  if (voiceStepKey(prev) === voiceStepKey(next)) return null;
  if (atNight(prev) && atNight(next) && prev.round === next.round) return null;
  // Dawn: whoever left in the night is shown gone, and so is one that left and came back (`dozed`);
  // a seat that came in then waits a public step more.
  if (atNight(prev) && !atNight(next)) return { ...truth, connected: truth.connected.filter((s) => shown.connected.includes(s) && !dozed.includes(s)) };
  return truth;
}

/**
 * What `viewer` is told of who is connected: the truth outside a game (`game` null) and to the god
 * view; otherwise the table's presence (`table`), with the viewer's own seat as it truly is and the
 * bots (public, always at the table) connected.
 */
export function presenceFor(viewer: Viewer, game: GameState | null, table: Presence, truth: Presence, bots: readonly Seat[]): Presence {
  if (!game || hasGodView(game, viewer)) return truth;
  const connected = new Set([...table.connected, ...bots]);
  if (viewer.kind === 'seat') {
    if (truth.connected.includes(viewer.seat)) connected.add(viewer.seat);
    else connected.delete(viewer.seat);
  }
  return { ...table, connected: [...connected].sort((a, b) => a - b) };
}
