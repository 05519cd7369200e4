// Each ruleset of RULES.md as data plus the few functions that really differ between them:
// the deck, the night's calls, the dawn, the day's plan, who leaves last words, ties and the win check.
import { butterflyDawn, doctorDawn, type DawnOutcome } from './dawn.ts';
import { dualDawn, dualStalemate, dualWin, dualWinners, upCards } from './cards.ts';
import { fromSeatOne, tableOrder } from './seats.ts';
import type { Call, Camp, GameState, OptionValue, Options, Plan, Result, Role, RulesetId, Seat } from './types.ts';

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
  /** The good roles whose loss wins for the killers: a team surrender counts them as the other side. */
  keyRoles: readonly Role[];
  /** Why the host's counts cannot seat this many players, or null (checked with the player range). */
  checkDeck?(players: number, options: Options): string | null;
  /**
   * Power-role rulesets: a call whose actors are all out (or whose one power is spent) still opens,
   * with no actors, for a seeded random time, so its length tells nobody a death (D11).
   */
  emptyCallsRun?: boolean;
  /** Calls whose actor may not choose themself (the butterfly, the sniper, the secret police). */
  noSelfTarget?: readonly Call[];
  /** The police's answer on a target, or undefined for no answer (4.0: the hugged player). Default: the camp. */
  checkAnswer?(state: GameState, target: Seat): Camp | undefined;
  /** Who is out at dawn and what the night's actors learn. Default: the killers' target. */
  resolveDawn?(state: GameState): DawnOutcome;
  /** The day after dawn (last words of `words` included). Default: last words, speeches from the anchor, ballot. */
  dayPlan?(state: GameState, words: Seat[]): Plan[];
  /** A tie in the day ballot: classic's PK procedure (default), or nobody out (4.0). */
  ties?: 'pk' | 'nobody';
  /** Nobody may abstain in the day ballot (4.0 "everyone must vote"). */
  mustVote?: boolean;
  /** Seats at the table for this many players (`dual`: one more, the judge's, unless the judge is automatic). Default: players. */
  seats?(players: number, options: Options): number;
  /** `dual`: two cards per seat, cards as lives, night actions aimed at cards, each card acting alone. */
  twoCards?: boolean;
  /** A deal the ruleset voids, to be dealt again (`dual`: a player holds both J and K). */
  voidDeal?(deck: readonly Role[]): boolean;
  /** How many votes a voter's ballot counts for (`dual`: one per living card). Default: 1. */
  voteWeight?(state: GameState, seat: Seat): number;
  /** The seats that won, listed in the result (`dual`, where a seat may hold cards of both camps). */
  winners?(state: GameState, result: Result): Seat[];
}

const CALL_ROLE: Record<Call, Role> = {
  killers: 'killer',
  police: 'police',
  doctor: 'doctor',
  'secret-police': 'secret-police',
  butterfly: 'butterfly',
  sniper: 'sniper',
  'old-man': 'old-man',
};

/** The role whose members answer a night call. */
export function roleOfCall(call: Call): Role {
  return CALL_ROLE[call];
}

/** The night call a role answers, if any. */
export function callOfRole(role: Role): Call | undefined {
  return (Object.keys(CALL_ROLE) as Call[]).find((c) => CALL_ROLE[c] === role);
}

/** The camp a role plays for (RULES.md section 1). */
export function campOf(role: Role): Camp {
  return role === 'killer' || role === 'undercover' ? 'killers' : 'good';
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
  keyRoles: ['police'],
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
  keyRoles: ['civilian'],
  checkDeck(players, options) {
    return options.killers !== 'auto' && Number(options.killers) * 2 >= players ? 'original needs more good guys than killers' : null;
  },
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
  keyRoles: ['police'],
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
  keyRoles: ['police'],
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
  keyRoles: ['civilian'],
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

/** 3.0 defaults (RULES.md 6, decision): killers = ⌊N/4⌋ (min 2), police = killers − 1 (min 1). */
function doctorCounts(players: number, options: Options): { killers: number; police: number; civilians: number } {
  const killers = options.killers === 'auto' || options.killers === undefined ? Math.max(2, Math.floor(players / 4)) : Number(options.killers);
  const police = options.police === 'auto' || options.police === undefined ? Math.max(1, killers - 1) : Number(options.police);
  return { killers, police, civilians: players - killers - police - 2 };
}

const doctor: Ruleset = {
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
  nightCalls: () => ['killers', 'police', 'doctor', 'secret-police'],
  teamsKnowEachOther: ['killers', 'police'],
  emptyCallsRun: true,
  noSelfTarget: ['secret-police'],
  resolveDawn: doctorDawn,
  selfDestruct: true,
  selfVote: false,
  lastWords: (state) => firstK((s) => deckCount(s, 'killer'))(state),
  keyRoles: ['police', 'doctor', 'secret-police'],
  dayVote: 'classic',
  finalTie: (o) => o.finalTie as 'peaceful-night' | 'draw' | 'lot',
  winCheck(state) {
    const good = count(state, 'killer') === 0;
    const specialsOut = count(state, 'police') + count(state, 'doctor') + count(state, 'secret-police') === 0;
    const massacre = count(state, 'civilian') === 0;
    // (decision, RULES.md 6) both sides' conditions at once: a draw.
    if (good && (specialsOut || massacre)) return { winner: 'draw', reason: 'both-sides-out' };
    if (good) return { winner: 'good', reason: 'all-killers-out' };
    if (specialsOut) return { winner: 'killers', reason: 'all-specials-out' };
    if (massacre) return { winner: 'killers', reason: 'massacre' };
    return null;
  },
};

/** 4.0 (RULES.md 7, decision): killers for 11..20 players; civilians are the rest after the five specials. */
const BUTTERFLY_KILLERS = [3, 3, 3, 4, 4, 5, 5, 6, 6, 7];
const SPECIALS: readonly Role[] = ['butterfly', 'sniper', 'doctor', 'police', 'old-man'];

function butterflyKillers(players: number, options: Options): number {
  return options.killers === 'auto' || options.killers === undefined ? BUTTERFLY_KILLERS[players - 11] ?? 3 : Number(options.killers);
}

const butterfly: Ruleset = {
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
  nightCalls: () => ['butterfly', 'sniper', 'doctor', 'killers', 'police', 'old-man'],
  teamsKnowEachOther: ['killers'],
  emptyCallsRun: true,
  noSelfTarget: ['butterfly', 'sniper'],
  // "If the police is verifying the person the butterfly is hugging, the judge will not give any prompt."
  checkAnswer: (state, target) => (state.night.picks?.butterfly === target ? undefined : campOf(state.roles[target - 1]!)),
  resolveDawn: butterflyDawn,
  dayPlan(state, words) {
    // Last words from the judge's position (seat 1), in table order in odd rounds, reversed in even ones;
    // then each living player's defence followed by their own vote, from the next player on.
    const direction = state.round % 2 === 1 ? 'right' : 'left';
    const said = fromSeatOne(words, state.alive.length, direction);
    const order = tableOrder(state, said.at(-1) ?? 0, direction);
    return [
      ...said.map((seat): Plan => ({ kind: 'last-words', seat })),
      { kind: 'open-ballot', purpose: 'day', order },
      ...order.flatMap((seat): Plan[] => [{ kind: 'speech', purpose: 'defence', seat }, { kind: 'vote-turn', seat }]),
      { kind: 'reveal' },
    ];
  },
  ties: 'nobody',
  mustVote: true,
  selfDestruct: false,
  selfVote: true,
  // Everyone out at dawn speaks; a voted-out killer does not ("thrown to death without any last words").
  lastWords: (state, seat, how) => how === 'killed' || state.roles[seat - 1] !== 'killer',
  revealOnVerdict: (role) => (role === 'killer' ? 'killers' : undefined),
  keyRoles: SPECIALS,
  dayVote: 'classic',
  finalTie: () => 'peaceful-night',
  winCheck(state) {
    const killers = count(state, 'killer');
    let specials = 0;
    for (const r of SPECIALS) specials += count(state, r);
    const others = state.alive.filter(Boolean).length - killers;
    if (killers === 0 && specials === 0) return { winner: 'draw', reason: 'both-sides-out' };
    if (killers === 0) return { winner: 'good', reason: 'all-killers-out' };
    if (specials === 0) return { winner: 'killers', reason: 'all-specials-out' };
    if (killers >= others) return { winner: 'killers', reason: 'killer-parity' };
    return null;
  },
};

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

const dual: Ruleset = {
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
  twoCards: true,
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
  nightCalls: () => ['butterfly', 'killers', 'doctor', 'police', 'secret-police'],
  teamsKnowEachOther: ['killers', 'police'],
  emptyCallsRun: true,
  resolveDawn: dualDawn,
  dayPlan(state, words) {
    // Last words, then the free talk instead of speech turns, then the sealed vote (RULES.md 8.10).
    return [...words.map((seat): Plan => ({ kind: 'last-words', seat })), { kind: 'talk' }, { kind: 'ballot', purpose: 'day', candidates: [] }];
  },
  voteWeight: (state, seat) => upCards(state, seat).length,
  winners: dualWinners,
  selfDestruct: false,
  selfVote: false,
  // (decision) every player out at dawn or by the verdict leaves last words; ejection none.
  lastWords: () => true,
  keyRoles: ['police', 'secret-police'],
  dayVote: 'classic',
  finalTie: (o) => o.finalTie as 'peaceful-night' | 'draw' | 'lot',
  // After a day that put nobody out (`afterVerdict` with every card as it was), a dead end is a draw.
  winCheck: (state, afterVerdict) => dualWin(state) ?? (afterVerdict ? dualStalemate(state) : null),
};

export const RULESETS: Record<RulesetId, Ruleset> = { classic, original, runoff, infernal, raw, doctor, butterfly, dual };

/** How many seats a game of this ruleset has for `players` players (`dual`: the judge's seat too). */
export function seatCount(id: RulesetId, players: number, options: Options): number {
  return RULESETS[id].seats?.(players, options) ?? players;
}

/** How many seats beyond the players a table needs (dual: the big joker's holder, who becomes the judge). */
export function extraSeats(id: RulesetId, options: Options): number {
  return seatCount(id, 0, options);
}

/** The seats on the winning side of a finished game (none for a draw or a running game). */
export function winningSeats(state: GameState): Seat[] {
  const result = state.result;
  if (!result || result.winner === 'draw') return [];
  if (result.winners) return result.winners;
  return state.roles.flatMap((role, i) => (campOf(role) === result.winner ? [i + 1] : []));
}

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
  return r.checkDeck?.(players, options) ?? null;
}
