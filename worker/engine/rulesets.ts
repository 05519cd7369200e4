// Each ruleset of RULES.md as data plus the few functions that really differ between them:
// the deck, the night's calls, the dawn, the day's plan, who leaves last words, ties and the win check.
import { butterflyDawn, doctorDawn, type DawnOutcome } from './dawn-rules.ts';
import { dualDawn, dualStalemate, dualWin, dualWinners, upCards } from './cards.ts';
import { fromSeatOne, tableOrder } from './seats.ts';
import { CATALOG, SPECIALS, type RulesetInfo } from './catalog.ts';
import type { Call, Camp, GameState, Options, Plan, Result, Role, RulesetId, Seat } from './types.ts';

export { CATALOG, RULESET_IDS, SPECIALS, checkPlayers, dualCounts, extraSeats, isRulesetId, resolveOptions, seatCount, type OptionSpec, type OptionsCheck, type RulesetInfo } from './catalog.ts';


/** A ruleset: its catalog entry (name, range, options, deck) plus the hooks that play it. */
export interface Ruleset extends RulesetInfo {
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
  /** How many full rounds of speeches the default day plan gives this day. Default: 1. */
  speechRounds?(state: GameState): number;
  /** `raw`: the first player killed, at any night, becomes the judge once their last words are said (and out players never see all). */
  firstKilledJudges?: boolean;
  /** `infernal`: the `surrender` option lets a seat give up in any step of the day, not at its team's call. */
  surrenderInDay?: boolean;
  /** A tie in the day ballot: classic's PK procedure (default), or nobody out (4.0). */
  ties?: 'pk' | 'nobody';
  /** Nobody may abstain in the day ballot (4.0 "everyone must vote"). */
  mustVote?: boolean;
  /** `dual`: two cards per seat, cards as lives, night actions aimed at cards, each card acting alone. */
  twoCards?: boolean;
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




/** First-K last words (RULES.md 3): only the first K players killed or voted out speak, K = this role's cards in the deck. */
function firstK(role: Role) {
  return (state: GameState) => state.lastWordsGiven < deckCount(state, role);
}

function deckCount(state: GameState, role: Role): number {
  let n = 0;
  for (const r of state.roles) if (r === role) n++;
  return n;
}

const classic: Ruleset = {
  ...CATALOG.classic,
  nightCalls: () => ['killers', 'police'],
  teamsKnowEachOther: ['killers', 'police'],
  selfDestruct: true,
  selfVote: false,
  lastWords: firstK('police'),
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
  ...CATALOG.original,
  nightCalls: () => ['killers'],
  teamsKnowEachOther: ['killers'],
  selfDestruct: false,
  selfVote: false,
  lastWords: firstK('killer'),
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
  ...CATALOG.runoff,
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
  ...CATALOG.infernal,
  nightCalls: () => 'eyes',
  singleNight: true,
  // [001 无间道]: day 1 of infernal has two full rounds of speeches.
  speechRounds: (state) => (state.round === 1 ? 2 : 1),
  surrenderInDay: true,
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
  ...CATALOG.raw,
  nightCalls: () => ['killers'],
  // [001 生推版] "第一个被杀的人": the first player killed, at any night (not RULES.md 3's first victim, night 1's only).
  firstKilledJudges: true,
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


const doctor: Ruleset = {
  ...CATALOG.doctor,
  nightCalls: () => ['killers', 'police', 'doctor', 'secret-police'],
  teamsKnowEachOther: ['killers', 'police'],
  emptyCallsRun: true,
  noSelfTarget: ['secret-police'],
  resolveDawn: doctorDawn,
  selfDestruct: true,
  selfVote: false,
  lastWords: firstK('killer'),
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


const butterfly: Ruleset = {
  ...CATALOG.butterfly,
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



const dual: Ruleset = {
  ...CATALOG.dual,
  twoCards: true,
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
  dayVote: 'classic',
  finalTie: (o) => o.finalTie as 'peaceful-night' | 'draw' | 'lot',
  // After a day that put nobody out (`afterVerdict` with every card as it was), a dead end is a draw.
  winCheck: (state, afterVerdict) => dualWin(state) ?? (afterVerdict ? dualStalemate(state) : null),
};

/** Every ruleset's hooks by id: the one place a ruleset's differences live. */
export const RULESETS: Record<RulesetId, Ruleset> = { classic, original, runoff, infernal, raw, doctor, butterfly, dual };



/** The seats on the winning side of a finished game (none for a draw or a running game). */
export function winningSeats(state: GameState): Seat[] {
  const result = state.result;
  if (!result || result.winner === 'draw') return [];
  if (result.winners) return result.winners;
  return state.roles.flatMap((role, i) => (campOf(role) === result.winner ? [i + 1] : []));
}



