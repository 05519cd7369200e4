// Each ruleset of RULES.md as data plus the few functions that really differ between them:
// the deck, the night's calls, who leaves last words, the tie procedure and the win check.
import type { Call, Camp, GameState, OptionValue, Options, Result, Role, RulesetId, Seat } from './types.ts';

export interface OptionSpec {
  name: string;
  values: readonly OptionValue[];
  default: OptionValue;
  /** One line for the host's settings screen and for the simulator's errors. */
  about: string;
}

export interface Ruleset {
  id: RulesetId;
  /** The rule sheet's own name and RULES.md section. */
  title: string;
  minPlayers: number;
  maxPlayers: number;
  options: readonly OptionSpec[];
  /** The cards for N players, before the shuffle. */
  deck(players: number, options: Options): Role[];
  /** The judge's calls this night, in order; `eyes` is infernal's single night. */
  nightCalls(state: GameState): Call[] | 'eyes';
  /** Infernal: one night at the start, then only days. */
  singleNight?: boolean;
  /** Teams whose members see each other when their call opens. */
  teamsKnowEachOther: readonly Call[];
  /** 爆匪: a living killer may reveal themself during the day. */
  selfDestruct: boolean;
  /** Whether a voter may put their own seat on the ballot. */
  selfVote: boolean;
  /** Whether a player out by this removal leaves last words. */
  lastWords(state: GameState, seat: Seat, how: 'killed' | 'voted'): boolean;
  /** A verdict that makes this camp public (runoff: "a killer"). */
  revealOnVerdict?(role: Role): Camp | undefined;
  /** The vote of the day: classic's ballot with PK, or runoff's two stages. */
  dayVote: 'classic' | 'runoff';
  /** What an unbreakable tie does. */
  finalTie(options: Options): 'peaceful-night' | 'draw' | 'lot' | 'end';
  /** Checked after every removal; `afterVerdict` is set when a ballot has just closed. */
  winCheck(state: GameState, afterVerdict: boolean): Result | null;
}

/** The camp a role plays for (RULES.md section 1). */
export function campOf(role: Role): Camp {
  return role === 'killer' ? 'killers' : 'good';
}

function count(state: GameState, role: Role): number {
  let n = 0;
  for (let i = 0; i < state.roles.length; i++) if (state.alive[i] && state.roles[i] === role) n++;
  return n;
}

function cards(counts: [Role, number][]): Role[] {
  const out: Role[] = [];
  for (const [role, n] of counts) for (let i = 0; i < n; i++) out.push(role);
  return out;
}

/** [001 1]: 2 police and 2 killers for 8–10 players, 3 for 11–14, 4 for 15–16. */
function classicTeamSize(players: number): number {
  return players <= 10 ? 2 : players <= 14 ? 3 : players <= 16 ? 4 : 5;
}

const finalTie: OptionSpec = {
  name: 'finalTie',
  values: ['peaceful-night', 'draw', 'lot'],
  default: 'peaceful-night',
  about: 'after PK and outside PK are still tied: nobody is out, the game is a draw, or one tied player is drawn by lot',
};
const outsidePkMustVote: OptionSpec = {
  name: 'outsidePkMustVote',
  values: [true, false],
  default: true,
  about: 'nobody may abstain in the outside-PK ballot',
};
const outSeeAll: OptionSpec = {
  name: 'outSeeAll',
  values: [false, true],
  default: false,
  about: 'players who are out see everything (the god view)',
};
const speechDirection: OptionSpec = {
  name: 'speechDirection',
  values: ['right', 'left'],
  default: 'right',
  about: 'speeches go to the right (increasing seat numbers) or to the left',
};

/** First-K last words (RULES.md 3): only the first K players killed or voted out speak. */
function firstK(k: (state: GameState) => number) {
  return (state: GameState) => state.lastWordsGiven < k(state);
}

function deckCount(state: GameState, role: Role): number {
  let n = 0;
  for (const r of state.roles) if (r === role) n++;
  return n;
}

const classic: Ruleset = {
  id: 'classic',
  title: '京杀 2.0 — Beijing style with police (RULES.md 3)',
  minPlayers: 8,
  maxPlayers: 16,
  options: [
    finalTie,
    outsidePkMustVote,
    { name: 'civilianWipeout', values: ['killers-win', 'draw'], default: 'killers-win', about: 'when all civilians are out (massacre): the killers win, or a draw' },
    { name: 'surrender', values: ['team', 'last-member', 'off'], default: 'team', about: 'who may surrender at their night call: a team once either side is down to one member, only a last surviving member, or nobody' },
    outSeeAll,
  ],
  deck(players) {
    const k = classicTeamSize(players);
    return cards([['police', k], ['killer', k], ['civilian', players - 2 * k]]);
  },
  nightCalls: () => ['killers', 'police'],
  teamsKnowEachOther: ['killers', 'police'],
  selfDestruct: true,
  selfVote: false,
  lastWords: (state) => firstK((s) => deckCount(s, 'police'))(state),
  dayVote: 'classic',
  finalTie: (o) => o.finalTie as 'peaceful-night' | 'draw' | 'lot',
  winCheck(state) {
    if (count(state, 'killer') === 0) return { winner: 'good', reason: 'all-killers-out' };
    if (count(state, 'police') === 0) return { winner: 'killers', reason: 'all-police-out' };
    if (count(state, 'civilian') === 0) {
      return state.setup.options.civilianWipeout === 'draw'
        ? { winner: 'draw', reason: 'massacre' }
        : { winner: 'killers', reason: 'massacre' };
    }
    return null;
  },
};

const original: Ruleset = {
  id: 'original',
  title: 'Version 1.0 — killers only (RULES.md 4)',
  minPlayers: 10,
  maxPlayers: 20,
  options: [
    { name: 'killers', values: ['auto', 2, 3], default: 'auto', about: 'killer count: auto is 2 up to 14 players and 3 above' },
    { name: 'killerParity', values: [false, true], default: false, about: 'the killers also win as soon as they are as many as the good guys' },
    finalTie,
    outsidePkMustVote,
    speechDirection,
    outSeeAll,
  ],
  deck(players, options) {
    const k = options.killers === 'auto' ? (players <= 14 ? 2 : 3) : Number(options.killers);
    return cards([['killer', k], ['civilian', players - k]]);
  },
  nightCalls: () => ['killers'],
  teamsKnowEachOther: ['killers'],
  selfDestruct: false,
  selfVote: false,
  lastWords: (state) => firstK((s) => deckCount(s, 'killer'))(state),
  dayVote: 'classic',
  finalTie: (o) => o.finalTie as 'peaceful-night' | 'draw' | 'lot',
  winCheck(state) {
    const killers = count(state, 'killer');
    const good = count(state, 'civilian');
    if (killers === 0) return { winner: 'good', reason: 'all-killers-out' };
    if (good === 0) return { winner: 'killers', reason: 'all-good-out' };
    if (state.setup.options.killerParity && killers >= good) return { winner: 'killers', reason: 'killer-parity' };
    return null;
  },
};

const runoff: Ruleset = {
  id: 'runoff',
  title: 'Version 2.0 with the two-stage vote (RULES.md 5)',
  minPlayers: 10,
  maxPlayers: 20,
  options: [finalTie, speechDirection, outSeeAll],
  deck(players) {
    const k = classicTeamSize(players);
    return cards([['police', k], ['killer', k], ['civilian', players - 2 * k]]);
  },
  nightCalls: () => ['killers', 'police'],
  teamsKnowEachOther: ['killers', 'police'],
  selfDestruct: false,
  selfVote: false,
  // Night victims always speak; a voted-out killer never does (RULES.md 5).
  lastWords: (state, seat, how) => how === 'killed' || state.roles[seat - 1] !== 'killer',
  revealOnVerdict: (role) => (role === 'killer' ? 'killers' : undefined),
  dayVote: 'runoff',
  finalTie: (o) => o.finalTie as 'peaceful-night' | 'draw' | 'lot',
  winCheck(state) {
    if (count(state, 'killer') === 0) return { winner: 'good', reason: 'all-killers-out' };
    if (count(state, 'police') === 0) return { winner: 'killers', reason: 'all-police-out' };
    if (count(state, 'civilian') === 0) return { winner: 'killers', reason: 'massacre' };
    return null;
  },
};

const infernal: Ruleset = {
  id: 'infernal',
  title: '无间道 — two equal sides (RULES.md 9)',
  minPlayers: 6,
  maxPlayers: 16,
  options: [
    outsidePkMustVote,
    { name: 'surrender', values: ['on', 'off'], default: 'on', about: 'a living player may surrender for their side during the day' },
    outSeeAll,
  ],
  deck(players) {
    const half = Math.ceil(players / 2);
    return cards([['police', half], ['killer', half]]);
  },
  nightCalls: () => 'eyes',
  singleNight: true,
  teamsKnowEachOther: [],
  selfDestruct: false,
  selfVote: false,
  lastWords: () => false,
  dayVote: 'classic',
  finalTie: () => 'end',
  winCheck(state) {
    const police = count(state, 'police');
    const bandits = count(state, 'killer');
    const left = police + bandits;
    // (decision, docs/rules-decisions.md) a side with nobody left has lost, even above 3 players.
    if (left > 3 && police > 0 && bandits > 0) return null;
    return sideCount(police, bandits, left <= 3 ? 'three-left' : 'side-out');
  },
};

/** Infernal's end: the side with more players still in wins; equal numbers draw. */
export function sideCount(police: number, bandits: number, reason: string): Result {
  if (police > bandits) return { winner: 'good', reason };
  if (bandits > police) return { winner: 'killers', reason };
  return { winner: 'draw', reason };
}

const raw: Ruleset = {
  id: 'raw',
  title: '生推版（改）— one killer, no judge (RULES.md 10)',
  minPlayers: 6,
  maxPlayers: 8,
  options: [outsidePkMustVote],
  deck(players) {
    return cards([['killer', 1], ['civilian', players - 1]]);
  },
  nightCalls: () => ['killers'],
  teamsKnowEachOther: [],
  selfDestruct: false,
  selfVote: false,
  lastWords: () => true,
  dayVote: 'classic',
  finalTie: () => 'peaceful-night',
  winCheck(state, afterVerdict) {
    if (count(state, 'killer') === 0) return { winner: 'good', reason: 'killer-voted-out' };
    const civilians = count(state, 'civilian');
    if (civilians === 0) return { winner: 'killers', reason: 'all-civilians-out' };
    if (afterVerdict && civilians <= 2) return { winner: 'killers', reason: 'two-civilians-left' };
    return null;
  },
};

export const RULESETS: Record<RulesetId, Ruleset> = { classic, original, runoff, infernal, raw };

export const RULESET_IDS = Object.keys(RULESETS) as RulesetId[];

/** Whether a string names a ruleset this engine plays. */
export function isRulesetId(id: string): id is RulesetId {
  return Object.hasOwn(RULESETS, id);
}

export type OptionsCheck = { ok: true; options: Options } | { ok: false; message: string };

/** Fills in defaults and refuses unknown options or values, with a message saying what is allowed. */
export function resolveOptions(id: RulesetId, given: Record<string, unknown> = {}): OptionsCheck {
  const ruleset = RULESETS[id];
  const options: Options = {};
  for (const name of Object.keys(given)) {
    if (!ruleset.options.some((o) => o.name === name)) {
      const names = ruleset.options.map((o) => o.name).join(', ') || 'none';
      return { ok: false, message: `unknown option "${name}" for ${id}; allowed: ${names}` };
    }
  }
  for (const spec of ruleset.options) {
    if (!(spec.name in given)) {
      options[spec.name] = spec.default;
      continue;
    }
    const value = parseOptionValue(given[spec.name], spec);
    if (value === undefined) {
      return { ok: false, message: `bad value ${JSON.stringify(given[spec.name])} for option ${spec.name} of ${id}; allowed: ${spec.values.join(' | ')}` };
    }
    options[spec.name] = value;
  }
  return { ok: true, options };
}

// Accepts the value itself or its text form ("true", "3"), as typed on a command line or in a form.
function parseOptionValue(raw: unknown, spec: OptionSpec): OptionValue | undefined {
  return spec.values.find((v) => v === raw || String(v) === String(raw));
}

/** Checks a player count against the ruleset's range. */
export function checkPlayers(id: RulesetId, players: number, options: Options): string | null {
  const r = RULESETS[id];
  if (!Number.isInteger(players) || players < r.minPlayers || players > r.maxPlayers) {
    return `${id} seats ${r.minPlayers} to ${r.maxPlayers} players, not ${players}`;
  }
  if (id === 'original' && options.killers !== 'auto' && Number(options.killers) * 2 >= players) {
    return `original needs more good guys than killers`;
  }
  return null;
}
