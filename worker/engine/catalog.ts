// What a ruleset is before any rule is played: its name, player range, options and deck. Kept apart
// from the rules themselves, so the client (settings screen, deal check) carries none of them.
import type { OptionValue, Options, Pace, Role, RulesetId } from './types.ts';

/** One room option a ruleset takes: its values and default, for the create form and the checks. */
export interface OptionSpec {
  name: string;
  values: readonly OptionValue[];
  default: OptionValue;
  /** One line for the host's settings screen and for the simulator's errors. */
  about: string;
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

/** 3.0 defaults (RULES.md 6, decision): killers = ⌊N/4⌋ (min 2), police = killers − 1 (min 1). */
function doctorCounts(players: number, options: Options): { killers: number; police: number; civilians: number } {
  const killers = options.killers === 'auto' || options.killers === undefined ? Math.max(2, Math.floor(players / 4)) : Number(options.killers);
  const police = options.police === 'auto' || options.police === undefined ? Math.max(1, killers - 1) : Number(options.police);
  return { killers, police, civilians: players - killers - police - 2 };
}

const BUTTERFLY_KILLERS = [3, 3, 3, 4, 4, 5, 5, 6, 6, 7];

/** The special roles of butterfly's deck (4.0): when all are out, the killers win. */
export const SPECIALS: readonly Role[] = ['butterfly', 'sniper', 'doctor', 'police', 'old-man'];

function butterflyKillers(players: number, options: Options): number {
  return options.killers === 'auto' || options.killers === undefined ? BUTTERFLY_KILLERS[players - 11] ?? 3 : Number(options.killers);
}

/** Participants (card holders) of a `dual` table: the players, plus the judge unless the judge is automatic. */
function dualParticipants(players: number, options: Options): number {
  return options.autoJudge === true ? players : players + 1;
}

/**
 * RULES.md 8: p police = p killers = p doctors, chosen so that number cards : picture cards comes closest
 * to 4:5 (option 5:5) over 2 cards per participant; ties go to the smaller p (a longer game).
 */
export function dualCounts(players: number, options: Options): { p: number; pictures: number; numbers: number; cards: number } {
  const participants = dualParticipants(players, options);
  const cards = 2 * participants;
  // Jokers (the big one only with a human judge), 2 aces, then J, Q, K p times each.
  const fixed = (options.autoJudge === true ? 1 : 2) + 2;
  const share = options.ratio === '5:5' ? 5 / 10 : 5 / 9;
  let p = Number(options.p);
  if (options.p === 'auto' || options.p === undefined) {
    p = 1;
    for (let q = 1; fixed + 3 * q < cards; q++) {
      if (Math.abs(fixed + 3 * q - cards * share) < Math.abs(fixed + 3 * p - cards * share)) p = q;
    }
  }
  const pictures = fixed + 3 * p;
  return { p, pictures, numbers: cards - pictures, cards };
}

/** What the client may know of a ruleset without its hooks: names, player range, options, deck. */
export interface RulesetInfo {
  id: RulesetId;
  /** The rule sheet's own name and RULES.md section. */
  title: string;
  minPlayers: number;
  maxPlayers: number;
  options: readonly OptionSpec[];
  /** The cards for N players, before the shuffle. */
  deck(players: number, options: Options): Role[];
  /** Why the deck the host's options make cannot be dealt for this many players, or null. */
  checkDeck?(players: number, options: Options): string | null;
  /** The kinds of timed step its games have, for the deadline settings (default: DEADLINE_KINDS without `eyes`). */
  deadlines?: readonly (keyof Pace)[];
  /** Seats at the table for this many players (`dual`: one more, the judge's, unless the judge is automatic). Default: players. */
  seats?(players: number, options: Options): number;
  /** A deal the ruleset voids, to be dealt again (`dual`: a player holds both J and K). */
  voidDeal?(deck: readonly Role[]): boolean;
}

const classic: RulesetInfo = {
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
};

const original: RulesetInfo = {
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
  checkDeck(players, options) {
    return options.killers !== 'auto' && Number(options.killers) * 2 >= players ? 'original needs more good guys than killers' : null;
  },
};

const runoff: RulesetInfo = {
  id: 'runoff',
  title: 'Version 2.0 with the two-stage vote (RULES.md 5)',
  minPlayers: 10,
  maxPlayers: 20,
  options: [finalTie, speechDirection, outSeeAll],
  deck(players) {
    const k = classicTeamSize(players);
    return cards([['police', k], ['killer', k], ['civilian', players - 2 * k]]);
  },
};

const infernal: RulesetInfo = {
  id: 'infernal',
  title: '无间道 — two equal sides (RULES.md 9)',
  // One night of eye-opening, no called roles, no last words (RULES.md 9).
  deadlines: ['eyes', 'speech', 'ballot'],
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
};

const raw: RulesetInfo = {
  id: 'raw',
  title: '生推版（改）— one killer, no judge (RULES.md 10)',
  minPlayers: 6,
  maxPlayers: 8,
  options: [outsidePkMustVote],
  deck(players) {
    return cards([['killer', 1], ['civilian', players - 1]]);
  },
};

const doctor: RulesetInfo = {
  id: 'doctor',
  title: 'Version 3.0 — doctor and secret police (RULES.md 6)',
  minPlayers: 8,
  maxPlayers: 20,
  options: [
    { name: 'killers', values: ['auto', 2, 3, 4, 5, 6], default: 'auto', about: 'killer count: auto is a quarter of the players, at least 2' },
    { name: 'police', values: ['auto', 1, 2, 3, 4, 5], default: 'auto', about: 'police count: auto is one fewer than the killers, at least 1' },
    finalTie,
    outsidePkMustVote,
    { name: 'surrender', values: ['team', 'last-member', 'off'], default: 'team', about: 'who may surrender at the killers\' or police call: a team once either side is down to one member, only a last surviving member, or nobody' },
    outSeeAll,
  ],
  deck(players, options) {
    const c = doctorCounts(players, options);
    return cards([['killer', c.killers], ['police', c.police], ['doctor', 1], ['secret-police', 1], ['civilian', c.civilians]]);
  },
  checkDeck(players, options) {
    const c = doctorCounts(players, options);
    if (c.civilians < 1) return `doctor with ${players} players has no room for ${c.killers} killers, ${c.police} police, a doctor, a secret police and a civilian`;
    if (c.killers * 2 >= players) return 'doctor needs more good players than killers';
    return null;
  },
};

const butterfly: RulesetInfo = {
  id: 'butterfly',
  title: 'Version 4.0 — butterfly, sniper, doctor, police, forest old man (RULES.md 7)',
  minPlayers: 11,
  maxPlayers: 20,
  options: [
    { name: 'killers', values: ['auto', 1, 2, 3, 4, 5, 6, 7], default: 'auto', about: 'killer count (the rest after the five specials are civilians): auto is 3 for 11–13 players, then one more every two players' },
    outSeeAll,
  ],
  deck(players, options) {
    const k = butterflyKillers(players, options);
    return cards([...SPECIALS.map((r): [Role, number] => [r, 1]), ['killer', k], ['civilian', players - 5 - k]]);
  },
  checkDeck(players, options) {
    const k = butterflyKillers(players, options);
    if (players - 5 - k < 1) return `butterfly with ${players} players has no room for 5 specials, ${k} killers and a civilian`;
    if (k * 2 >= players) return 'butterfly needs more non-killers than killers';
    return null;
  },
};

const dual: RulesetInfo = {
  id: 'dual',
  title: 'Version 5.0 — two cards each, with the undercover (RULES.md 8)',
  minPlayers: 8,
  maxPlayers: 16,
  options: [
    { name: 'autoJudge', values: [false, true], default: false, about: 'leave the big joker out: the server judges and everyone plays (otherwise whoever draws it judges)' },
    { name: 'ratio', values: ['4:5', '5:5'], default: '4:5', about: 'number cards : picture cards in the deck' },
    { name: 'p', values: ['auto', 1, 2, 3, 4, 5, 6], default: 'auto', about: 'police = killers = doctors = p: auto brings the deck closest to the ratio' },
    finalTie,
    outsidePkMustVote,
    outSeeAll,
  ],
  seats: dualParticipants,
  deck(players, options) {
    const c = dualCounts(players, options);
    return cards([
      ...(options.autoJudge === true ? [] : [['judge', 1] as [Role, number]]),
      ['butterfly', 1],
      ['killer', c.p],
      ['doctor', c.p],
      ['police', c.p],
      ['secret-police', 2],
      ['undercover', 1],
      ['civilian', c.numbers - 1],
    ]);
  },
  checkDeck(players, options) {
    const c = dualCounts(players, options);
    if (c.numbers < 2) return `dual with ${players} players has ${c.cards} cards: no room for ${c.pictures} picture cards, the 7♠ and a civilian`;
    return null;
  },
  // "If a person touches J and K at the same time, then the deal is invalid and the hand starts over."
  voidDeal(deck) {
    for (let i = 0; i + 1 < deck.length; i += 2) {
      const hand = [deck[i], deck[i + 1]];
      if (hand.includes('killer') && hand.includes('police')) return true;
    }
    return false;
  },
};

/** Every ruleset's name, player range, options and deck. */
export const CATALOG: Record<RulesetId, RulesetInfo> = { classic, original, runoff, infernal, raw, doctor, butterfly, dual };

/** Every ruleset id, in the catalog's order (the create form lists them so). */
export const RULESET_IDS = Object.keys(CATALOG) as RulesetId[];

/** Every kind of timed step, in the order a round meets them. */
export const DEADLINE_KINDS: readonly (keyof Pace)[] = ['call', 'eyes', 'lastWords', 'speech', 'ballot'];

/** The kinds of timed step a ruleset's games have: what its host may set a deadline for. */
export function deadlineKinds(id: RulesetId): readonly (keyof Pace)[] {
  return CATALOG[id].deadlines ?? DEADLINE_KINDS.filter((k) => k !== 'eyes');
}

/** How many seats a game of this ruleset has for `players` players (`dual`: the judge's seat too). */
export function seatCount(id: RulesetId, players: number, options: Options): number {
  return CATALOG[id].seats?.(players, options) ?? players;
}

/** How many seats beyond the players a table needs (dual: the big joker's holder, who becomes the judge). */
export function extraSeats(id: RulesetId, options: Options): number {
  return seatCount(id, 0, options);
}

/** Whether a string names a ruleset this engine plays. */
export function isRulesetId(id: string): id is RulesetId {
  return Object.hasOwn(CATALOG, id);
}

/** A request's options resolved against the ruleset's, or why they cannot be. */
export type OptionsCheck = { ok: true; options: Options } | { ok: false; message: string };

/** Fills in defaults and refuses unknown options or values, with a message saying what is allowed. */
export function resolveOptions(id: RulesetId, given: Record<string, unknown> = {}): OptionsCheck {
  const ruleset = CATALOG[id];
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
  const r = CATALOG[id];
  if (!Number.isInteger(players) || players < r.minPlayers || players > r.maxPlayers) {
    return `${id} seats ${r.minPlayers} to ${r.maxPlayers} players, not ${players}`;
  }
  return r.checkDeck?.(players, options) ?? null;
}
