// The dawn's resolutions: who is out after the night's calls, rule by rule, and what each actor
// privately learns. Pure functions of the state, below the kernel, so that the rulesets can name
// them as hooks; dawn.ts applies one to the game being played.
import type { Audience, CardId, GameEvent, GameState, Seat } from './types.ts';

/** What one dawn resolves: who is out, who learns what, who is muted. */
export interface DawnOutcome {
  /** Out at this dawn, in announcement order (the killers' victim first). */
  out: Seat[];
  /** The killers' victim: out by the killers' kill this night (first in `out`), or 0 when their kill failed or was none. */
  victim: Seat | 0;
  /** Private results: to the seats of one role, or to the judge alone (audience `[]`). */
  notes: { to: Audience; event: GameEvent }[];
  /** Players muted for the day (never one who is out at this dawn). */
  muted: Seat[];
  /** Empty needles after this night, by seat index, when the ruleset counts them. */
  needles?: number[];
  /** `dual`: the cards laid down at this dawn (a seat in `out` has no card left up). */
  cardsDown?: CardId[];
}

function inGame(state: GameState, seat: Seat | 0): seat is Seat {
  return seat !== 0 && state.alive[seat - 1] === true;
}

function seatsOf(state: GameState, role: string, except: readonly Seat[] = []): Seat[] {
  const out: Seat[] = [];
  state.roles.forEach((r, i) => {
    if (r === role && state.alive[i] && !except.includes(i + 1)) out.push(i + 1);
  });
  return out;
}

/** Every ruleset without power roles: the killers' target, if still in, is out. */
export function killersOnlyDawn(state: GameState): DawnOutcome {
  const kill = state.night.kill;
  return inGame(state, kill) ? { out: [kill], victim: kill, notes: [], muted: [] } : { out: [], victim: 0, notes: [], muted: [] };
}

/**
 * RULES.md 6 (3.0): the doctor's save cancels the killers' kill; the secret police cannot be killed
 * while the shot is unspent, judged when the killers act (so also on the night of the shot); the
 * shot puts a killer out and does nothing to anyone else. 0, 1 or 2 out.
 */
export function doctorDawn(state: GameState): DawnOutcome {
  const picks = state.night.picks ?? {};
  const kill = state.night.kill;
  const save = picks.doctor ?? 0;
  const shot = picks['secret-police'] ?? 0;
  const shotRound = state.powers?.shotRound;
  const killed: Seat[] = inGame(state, kill) ? [kill] : [];
  const immune = killed.filter((s) => state.roles[s - 1] === 'secret-police' && (shotRound === undefined || shotRound === state.round));
  const saved = killed.filter((s) => s === save && !immune.includes(s));
  const out = killed.filter((s) => !immune.includes(s) && !saved.includes(s));
  const victim = out[0] ?? 0;
  if (inGame(state, shot) && state.roles[shot - 1] === 'killer' && !out.includes(shot)) out.push(shot);
  const summary: GameEvent = {
    type: 'night-effects',
    killed,
    shot: shot !== 0 ? [shot] : [],
    injected: save !== 0 ? [save] : [],
    muted: [],
    saved,
    emptyNeedles: [],
    voided: immune,
    out,
  };
  return { out, victim, notes: [{ to: [], event: summary }], muted: [] };
}

/**
 * RULES.md 7 (4.0), in its order: (1) the hug voids every effect aimed at the hugged player and
 * copies every effect on the butterfly onto them; (2) killed and shot dies; (3) killed or shot, and
 * injected, survives; (4) injected alone is an empty needle, the second one kills; (5) out: killed,
 * shot, or the second empty needle; (6) the muted do not speak this day.
 */
export function butterflyDawn(state: GameState): DawnOutcome {
  const picks = state.night.picks ?? {};
  const hug = picks.butterfly ?? 0;
  const butterfly = hug !== 0 ? state.roles.indexOf('butterfly') + 1 : 0;
  const voided: Seat[] = [];
  const land = (target: Seat | 0): Seat[] => {
    if (!inGame(state, target)) return [];
    if (hug !== 0 && target === hug) {
      if (!voided.includes(target)) voided.push(target);
      return [];
    }
    return hug !== 0 && target === butterfly ? [butterfly, hug] : [target];
  };
  const killed = land(state.night.kill);
  const shot = land(picks.sniper ?? 0);
  const injected = land(picks.doctor ?? 0);
  const muted = land(picks['old-man'] ?? 0);

  const needles = state.powers?.needles?.slice() ?? state.alive.map(() => 0);
  const out: Seat[] = [];
  const saved: Seat[] = [];
  const empty: Seat[] = [];
  for (let seat = 1; seat <= state.alive.length; seat++) {
    const k = killed.includes(seat);
    const s = shot.includes(seat);
    const i = injected.includes(seat);
    if (k && s) out.push(seat);
    else if (k || s) (i ? saved : out).push(seat);
    else if (i) {
      needles[seat - 1] = (needles[seat - 1] ?? 0) + 1;
      empty.push(seat);
      if (needles[seat - 1]! >= 2) out.push(seat);
    }
  }

  // The killers' own target, if it went out (on the butterfly, the hug's copy dies with it, announced after).
  const kill = state.night.kill;
  const victim = kill !== 0 && killed.includes(kill) && out.includes(kill) ? kill : 0;
  if (victim !== 0) {
    out.splice(out.indexOf(victim), 1);
    out.unshift(victim);
  }
  const notes: DawnOutcome['notes'] = [
    { to: [], event: { type: 'night-effects', killed, shot, injected, muted, saved, emptyNeedles: empty, voided, out } },
  ];
  // The doctor learns of an empty needle only on the player they aimed at (never of a copy through the hug).
  const aim = picks.doctor ?? 0;
  const doctors = seatsOf(state, 'doctor', out);
  if (aim !== 0 && empty.includes(aim) && doctors.length > 0) {
    notes.push({ to: doctors, event: { type: 'empty-needle', seat: aim, count: needles[aim - 1]! } });
  }
  return { out, victim, notes, muted: muted.filter((s) => !out.includes(s)), needles };
}
