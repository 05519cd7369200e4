// Who may be heard now: the mic follows the game's step (RULES.md 2.7 "nobody else may speak
// meanwhile"). A speech, last words or a defence: only that seat talks, the table listens. Free talk
// (`dual`) and the open day: one voice at a time by floor control, among the seats that may speak.
// A night call with a team channel (RULES.md 2.2: the online form of the silent gestures): its
// members hear each other; everyone else hears nothing. The judge may always speak and is heard by
// all. The room (worker/room/voice-*.ts) turns each answer into the sockets it relays between.
// Each answer takes only what its viewer may know: a seat outside the called team gets the same
// answer at every call, whoever is called and whether they are a team or a lone actor.
import { hasTeamChannel } from './call-audience.ts';
import { owesSpeech } from './open-day.ts';
import { livingSeats } from './seats.ts';
import { hasGodView } from './view.ts';
import type { GameState, Seat, Viewer } from './types.ts';

/** `speech`: one seat talks; `floor`: one voice at a time by press-to-talk; `team`: a called team talks among itself; `silent`: only the judge. */
export type VoiceMode = 'speech' | 'floor' | 'team' | 'silent';

/** Whose voice: a seat, or the room's human judge (who holds no seat). */
export type VoicePlace = Seat | 'judge';

/** What one viewer may say and hear now. */
export interface VoiceRule {
  mode: VoiceMode;
  /** Whether this viewer's microphone may be heard now; in `floor` mode, whether it may take the floor. */
  talk: boolean;
  /** The places this viewer may hear now, seats in order then the judge; in `floor` mode the room narrows the seats to the floor's holder. */
  hear: VoicePlace[];
  /** The places that may always be heard (the judges): the room keeps them in `hear` whoever holds the floor. */
  judges: VoicePlace[];
}

/** Who talks at this step, for everyone at once: the mode and its talkers (in `floor` mode, who may take the floor). */
interface Talkers {
  mode: VoiceMode;
  seats: Seat[];
}

/** The step's talkers; the god view's knowledge (who is in the team), never handed to a viewer without it. */
function talkersOf(state: GameState): Talkers {
  const step = state.step;
  if (state.result) return { mode: 'silent', seats: [] };
  switch (step.kind) {
    case 'speech':
    case 'last-words':
      return { mode: 'speech', seats: [step.seat] };
    case 'talk':
      // `dual`'s free talk (RULES.md 8.10): any living player; the judge's seat speaks as the judge.
      return { mode: 'floor', seats: livingSeats(state).filter((s) => s !== state.judgeSeat) };
    case 'open-day':
      // RULES.md 11, open days: the speakers who have not said they are done, as for their text.
      return { mode: 'floor', seats: step.speakers.filter((s) => owesSpeech(step, s)) };
    case 'call': {
      // RULES.md 2.2: the team channel; a lone actor has nobody to talk to.
      const members = [...new Set([...step.actors, ...(step.watchers ?? [])])].sort((a, b) => a - b);
      return hasTeamChannel(step) && members.length > 1 ? { mode: 'team', seats: members } : { mode: 'silent', seats: [] };
    }
    default:
      return { mode: 'silent', seats: [] };
  }
}

/** The voices anyone may hear at any time: the human judge, and in `dual` the seat that judges (RULES.md 11); `raw`'s judge never speaks again (RULES.md 10.2). */
function judgesOf(state: GameState): VoicePlace[] {
  const dualJudge = !state.result && state.setup.ruleset === 'dual' && state.judgeSeat !== 0 ? [state.judgeSeat] : [];
  return [...dualJudge, 'judge'];
}

/** Whether this viewer is a judge who may always speak: the human judge, or `dual`'s judging seat. */
function speaksAlways(state: GameState, viewer: Viewer, judges: VoicePlace[]): boolean {
  return viewer.kind === 'judge' || (viewer.kind === 'seat' && judges.includes(viewer.seat));
}

/**
 * What `viewer` may say and hear at this step. A seat that talks hears its fellow talkers; a viewer
 * with the god view (a judge, an out seat that sees everything) hears every voice heard now; anyone
 * else hears a speech or the floor, and at night only the judges: the same answer at every call.
 */
export function voiceFor(state: GameState, viewer: Viewer): VoiceRule {
  const judges = judgesOf(state);
  const self: VoicePlace | null = viewer.kind === 'seat' ? viewer.seat : viewer.kind === 'judge' ? 'judge' : null;
  const others = (seats: Seat[]): VoicePlace[] => [...seats, ...judges].filter((p, i, all) => p !== self && all.indexOf(p) === i);
  const always = speaksAlways(state, viewer, judges);
  const t = talkersOf(state);
  if (viewer.kind === 'seat' && t.seats.includes(viewer.seat)) return { mode: t.mode, talk: true, hear: others(t.seats), judges };
  if (hasGodView(state, viewer)) return { mode: t.mode, talk: always, hear: others(t.seats), judges };
  // A team's call is silence to everyone outside it, exactly as any other call is.
  if (t.mode === 'team') return { mode: 'silent', talk: always, hear: others([]), judges };
  return { mode: t.mode, talk: always, hear: others(t.seats), judges };
}

/** Before a game and between games: nobody but the human judge, who may always speak. */
export function idleVoice(viewer: Viewer): VoiceRule {
  const judge = viewer.kind === 'judge';
  return { mode: 'silent', talk: judge, hear: judge ? [] : ['judge'], judges: ['judge'] };
}

/**
 * The step as the voice knows it, from public facts only (the step's kind, call, seat, purpose, the
 * floor's speakers, the round): the room sends every joined socket its route when this changes, so
 * whether a route arrives never tells anyone more than the step they already see.
 */
export function voiceStepKey(state: GameState): string {
  const step = state.step;
  if (state.result) return 'over';
  switch (step.kind) {
    case 'call':
      return `${state.round}:call:${step.call}`;
    case 'speech':
      return `${state.round}:speech:${step.purpose}:${step.seat}`;
    case 'last-words':
      return `${state.round}:last-words:${step.seat}`;
    case 'open-day':
      return `${state.round}:open-day:${step.purpose}:${step.speakers.filter((s) => owesSpeech(step, s)).join(',')}`;
    case 'talk':
      return `${state.round}:talk:${livingSeats(state).join(',')}`;
    case 'ballot':
      return `${state.round}:ballot:${step.purpose}:${step.turn ?? ''}`;
    default:
      return `${state.round}:${step.kind}`;
  }
}
