// The judge's procedure: a game is a current step plus an agenda of steps to come. Every action
// either completes or changes the current step; closing a step may push new steps (a PK after a tie,
// last words after a verdict). `apply` never throws for a bad action and never touches its input.
import { dealCommitment, dealWithRedeals } from './deal.ts';
import { actingCards, cardAnswer, cardId, cardUp, faceOf, indexOfCard, mayAim, refOf, seatOfCard, upCards, upCardsOf } from './cards.ts';
import { makeRandom, pick } from './random.ts';
import { RULESETS, campOf, roleOfCall, sideCount, type Ruleset } from './rulesets.ts';
import { livingSeats, tableOrder } from './seats.ts';
import { dawn } from './dawn.ts';
import { closeReadingIfDone, openReading, seeCard } from './reading.ts';
import { callComplete, confirmPointer, isConfirmed } from './night-confirm.ts';
import { readClaim } from './claim.ts';
import { handToBot, replaceSeat } from './absent.ts';
import { dayWindowEndsAt, pacingOf, setPace } from './pace-switch.ts';
import { callWait } from './call-wait.ts';
import { appJudges, judgeRefusal } from './judge-failover.ts';
import { countSpoken, doneInOpenDay, ejectFromOpenDay, openDay, openDayDeadline, openDaySayRefusal, opensOpenDay } from './open-day.ts';
import type {
  Action,
  ApplyResult,
  Audience,
  BallotPurpose,
  Call,
  CardId,
  Camp,
  ErrorCode,
  EyesChoice,
  GameEvent,
  GameSetup,
  GameState,
  LogEntry,
  OutHow,
  Plan,
  Result,
  Role,
  Seat,
  SpeechPurpose,
  Step,
  Team,
} from './types.ts';

export { livingSeats, tableOrder };

/** The longest text one message of a speech, last words or team chat may hold. */
export const MAX_TEXT = 500;

/** One action's work: a shallow draft of the state plus the events it emits (shared with the phase files). */
export interface Ctx {
  s: GameState;
  rules: Ruleset;
  at: number;
  events: LogEntry[];
}

/** Adds an event to the log for this audience. */
export function emit(ctx: Ctx, to: Audience, event: GameEvent): void {
  const entry: LogEntry = { seq: ctx.s.seq++, at: ctx.at, round: ctx.s.round, to, event };
  ctx.events.push(entry);
}

function speechDirection(state: GameState): 'right' | 'left' {
  return state.setup.options.speechDirection === 'left' ? 'left' : 'right';
}

/**
 * Starts a game: deals, publishes the commitment and runs up to the first step that waits.
 * `stackedDeck` seats chosen roles instead of the seeded deal: scenario tests only.
 */
export function newGame(setup: GameSetup, stackedDeck?: Role[]): GameState {
  const rules = RULESETS[setup.ruleset];
  const dealt = stackedDeck ? { deck: stackedDeck, redeals: 0 } : dealWithRedeals(setup);
  const deck = dealt.deck;
  const seats = rules.seats?.(setup.players, setup.options) ?? setup.players;
  // `dual`: seat s holds deck cards 2s-2 and 2s-1; `roles` keeps the left one.
  const roles = rules.twoCards ? Array.from({ length: seats }, (_, i) => deck[2 * i]!) : deck.slice(0, seats);
  const state: GameState = {
    setup,
    roles,
    deck,
    commitment: dealCommitment(setup.seed, deck),
    alive: roles.map(() => true),
    outs: [],
    round: 0,
    step: { kind: 'over' },
    // RULES.md 11: everyone reads their card before night 1.
    agenda: [{ kind: 'reading' }, { kind: 'nightfall' }],
    night: { kill: 0 },
    lastWordsGiven: 0,
    firstVictim: 0,
    speechAnchor: 0,
    judgeSeat: 0,
    pausedRemaining: null,
    ballotCount: 0,
    result: null,
    seq: 0,
    log: [],
  };
  const ctx: Ctx = { s: state, rules, at: setup.at, events: [] };
  // RULES.md 8.1: every void deal (a player held J and K) is on the record.
  for (let attempt = 1; attempt <= dealt.redeals; attempt++) emit(ctx, 'all', { type: 'redealt', attempt, reason: 'killer-and-police' });
  emit(ctx, 'all', { type: 'dealt', players: setup.players, commitment: state.commitment });
  if (rules.twoCards) dealCards(ctx);
  else for (let i = 0; i < roles.length; i++) emit(ctx, [i + 1], { type: 'card', seat: i + 1, role: roles[i]! });
  advance(ctx);
  state.log = ctx.events;
  return state;
}

/**
 * `dual` (RULES.md 8.1–8.2): two cards to each seat; whoever holds the big joker judges: they do not
 * play, and their other card is void and out of play (only the judge is told which it was).
 */
function dealCards(ctx: Ctx): void {
  const s = ctx.s;
  s.cards = s.deck.slice(0, 2 * s.alive.length);
  s.cardDown = s.cards.map(() => 0);
  s.downCount = 0;
  for (let seat = 1; seat <= s.alive.length; seat++) {
    for (const hand of [0, 1] as const) emit(ctx, [seat], { type: 'card', seat, role: faceOf(s, cardId(seat, hand)), hand });
  }
  const joker = s.cards.indexOf('judge');
  if (joker < 0) return;
  const seat = seatOfCard(joker + 1);
  const other = cardId(seat, indexOfCard(joker + 1) === 0 ? 1 : 0);
  s.judgeSeat = seat;
  s.roles = s.roles.slice();
  s.roles[seat - 1] = 'judge';
  s.alive = s.alive.slice();
  s.alive[seat - 1] = false;
  s.cardDown = s.cardDown.slice();
  s.cardDown[joker] = -1;
  s.cardDown[other - 1] = -1;
  emit(ctx, 'all', { type: 'judge', seat });
  emit(ctx, [seat], { type: 'void-card', seat, card: indexOfCard(other), role: faceOf(s, other) });
}

function fail(state: GameState, code: ErrorCode, message: string): ApplyResult {
  return { ok: false, error: { code, message }, state };
}

/**
 * Applies one action: the new state and its events, or a specific error and the untouched state.
 * With `consume`, the caller gives up `state` (a room, a simulator): its log array is extended in
 * place instead of copied, which keeps long games linear. Nothing else is shared or mutated.
 */
export function apply(state: GameState, action: Action, consume = false): ApplyResult {
  if (state.result) return fail(state, 'game/over', 'the game is over');
  const ctx: Ctx = { s: { ...state }, rules: RULESETS[state.setup.ruleset], at: action.at, events: [] };
  let error: Refusal;
  try {
    error = dispatch(ctx, action);
  } catch {
    // Only a malformed action can get here (the draft is discarded, the state stays untouched).
    error = ['game/bad-action', 'malformed action'];
  }
  if (error) return fail(state, error[0], error[1]);
  if (ctx.events.length === 0) return { ok: true, state, events: [] };
  if (consume) {
    for (const entry of ctx.events) state.log.push(entry);
  } else {
    ctx.s.log = state.log.concat(ctx.events);
  }
  return { ok: true, state: ctx.s, events: ctx.events };
}

/** Why an action was refused, or null when it was applied. */
export type Refusal = [ErrorCode, string] | null;

function dispatch(ctx: Ctx, action: Action): Refusal {
  const s = ctx.s;
  // O15: once the app has taken over, the judge's place no longer holds the game up or speaks for it.
  if ('by' in action && action.by === 'judge') {
    const barred = judgeRefusal(s);
    if (barred) return barred;
  }
  switch (action.type) {
    case 'deadline':
      return onDeadline(ctx);
    case 'pause':
      if (s.pausedRemaining !== null) return ['game/paused', 'the game is already paused'];
      return pause(ctx, action.by);
    case 'resume':
      if (s.pausedRemaining === null) return ['game/not-paused', 'the game is not paused'];
      return resume(ctx);
    case 'extend':
      return extend(ctx, action.ms);
    case 'narrate': {
      const bad = checkText(action.text);
      if (bad) return bad;
      emit(ctx, 'all', { type: 'narration', text: action.text.trim() });
      return null;
    }
    case 'eject':
      return eject(ctx, action.seat);
    case 'hand-to-bot':
      return handToBot(ctx, action.seat);
    case 'set-pace':
      return setPace(ctx, action.preset, action.pace, action.day, action.dayCloses);
    case 'replace':
      return replaceSeat(ctx, action.seat, action.name);
    case 'app-judges':
      return appJudges(ctx);
  }
  if (s.pausedRemaining !== null) return ['game/paused', 'the game is paused'];
  const seat = action.seat;
  if (!Number.isInteger(seat) || seat < 1 || seat > s.alive.length) return ['game/seat-unknown', `there is no seat ${seat}`];
  switch (action.type) {
    case 'point':
      return point(ctx, seat, action.target, action.card, action.hand);
    case 'confirm':
      return confirmPointer(ctx, seat, action.hand);
    case 'seen':
      return seeCard(ctx, seat);
    case 'team-chat':
      return teamChat(ctx, seat, action.text);
    case 'open-eyes':
      return openEyes(ctx, seat, action.choice);
    case 'say':
      return say(ctx, seat, action.text, action.claim);
    case 'pass':
      return pass(ctx, seat);
    case 'vote':
      return vote(ctx, seat, action.target);
    case 'self-destruct':
      return selfDestruct(ctx, seat);
    case 'surrender':
      return surrender(ctx, seat);
    default:
      return ['game/bad-action', 'unknown action'];
  }
}

// ---------------------------------------------------------------- seat actions

/** Why a seat may not point at a target in this call, or null when it may. */
export function pointRefusal(state: GameState, call: Call, seat: Seat, target: Seat): Refusal {
  if (!Number.isInteger(target) || target < 1 || target > state.alive.length) return ['game/target-unknown', `there is no seat ${target}`];
  if (!state.alive[target - 1]) return ['game/target-not-alive', `seat ${target} is out`];
  if (target === seat && RULESETS[state.setup.ruleset].noSelfTarget?.includes(call)) {
    return ['game/target-not-eligible', `the ${call} may not choose themself`];
  }
  if (call === 'killers' && state.round === 1 && state.setup.previousFirstVictim === target) {
    return ['game/repeat-first-kill', `seat ${target} was the first kill of the previous game: kill again`];
  }
  return null;
}

function point(ctx: Ctx, seat: Seat, target: Seat | 0, card?: 0 | 1, hand?: 0 | 1): Refusal {
  const step = ctx.s.step;
  if (step.kind !== 'call') return ['game/phase-closed', 'no night call is open'];
  if (step.slots) return pointCard(ctx, step, seat, target, card, hand);
  if (!step.actors.includes(seat)) {
    if (step.call === 'secret-police' && ctx.s.alive[seat - 1] && ctx.s.roles[seat - 1] === 'secret-police') {
      return ['game/shot-spent', 'the secret police has used the one shot of the game'];
    }
    return ['game/not-your-turn', 'your team is not called now'];
  }
  if (isConfirmed(step, seat)) return ['game/not-allowed', 'your pointer is confirmed'];
  if (target !== 0) {
    const refusal = pointRefusal(ctx.s, step.call, seat, target);
    if (refusal) return refusal;
  }
  const firstPointed = target !== 0 && !step.firstPointed.includes(target) ? [...step.firstPointed, target] : step.firstPointed;
  const next: Step = { ...step, pointers: { ...step.pointers, [seat]: target }, firstPointed };
  ctx.s.step = next;
  emit(ctx, step.actors, { type: 'pointed', seat, target });
  if (callComplete(next)) closeStep(ctx);
  return null;
}

/** Who sees a seat's pointer (and its confirm): its team, or in `dual` see `cardCallAudience`. */
export function pointAudience(step: Extract<Step, { kind: 'call' }>, seat: Seat): Seat[] {
  return step.slots ? cardCallAudience(step, seat) : step.actors;
}

/** Who sees a `dual` card call's pointers: the killers (and the undercover watching in rounds 1–2), else the actor alone. */
function cardCallAudience(step: Extract<Step, { kind: 'call' }>, seat: Seat): Seat[] {
  return step.call === 'killers' ? [...step.actors, ...(step.watchers ?? [])] : [seat];
}

/** The acting card of `seat` a pointer is for: `hand` if given, else the first of its cards still to point. */
function actingCard(step: Extract<Step, { kind: 'call' }>, seat: Seat, hand?: 0 | 1): CardId | Refusal {
  const mine = (step.slots ?? []).filter((c) => seatOfCard(c) === seat);
  if (hand !== undefined) {
    if (hand !== 0 && hand !== 1) return ['game/bad-action', 'hand is 0 (your left card) or 1 (your right card)'];
    const c = cardId(seat, hand);
    return mine.includes(c) ? c : ['game/not-your-turn', 'that card of yours does not act now'];
  }
  return mine.find((c) => !(c in (step.aims ?? {}))) ?? mine[0]!;
}

/** Why `actor` may not aim at this seat's card now, or null when it may (`dual`). */
export function cardRefusal(state: GameState, call: Call, actor: CardId, target: Seat, card: unknown): Refusal {
  if (!Number.isInteger(target) || target < 1 || target > state.alive.length) return ['game/target-unknown', `there is no seat ${target}`];
  if (card !== 0 && card !== 1) return ['game/bad-action', 'name the card: 0 (left) or 1 (right)'];
  if (!state.alive[target - 1]) return ['game/target-not-alive', `seat ${target} is out`];
  const aim = cardId(target, card);
  if (!cardUp(state, aim)) return ['game/target-not-alive', `that card of seat ${target} is down`];
  if (!mayAim(state, call, actor, aim)) return ['game/target-not-eligible', `the ${call} may not choose a card of their own`];
  if (call === 'killers' && state.round === 1 && state.setup.previousFirstVictim === target) {
    return ['game/repeat-first-kill', `seat ${target} was the first kill of the previous game: kill again`];
  }
  return null;
}

/** RULES.md 8.4: each card acts alone and aims at a card; a seat holding two acting cards points for each. */
function pointCard(ctx: Ctx, step: Extract<Step, { kind: 'call' }>, seat: Seat, target: Seat | 0, card?: 0 | 1, hand?: 0 | 1): Refusal {
  const s = ctx.s;
  if (!step.actors.includes(seat)) {
    if (step.call === 'secret-police' && s.alive[seat - 1] && upCards(s, seat).some((c) => faceOf(s, c) === 'secret-police')) {
      return ['game/shot-spent', 'your secret police card has used its one shot of the game'];
    }
    return ['game/not-your-turn', 'none of your cards is called now'];
  }
  const actor = actingCard(step, seat, hand);
  if (typeof actor !== 'number') return actor;
  if (isConfirmed(step, actor)) return ['game/not-allowed', 'this card\'s pointer is confirmed'];
  let aim: CardId | 0 = 0;
  if (target !== 0) {
    const refusal = cardRefusal(s, step.call, actor, target, card);
    if (refusal) return refusal;
    aim = cardId(target, card!);
  }
  const aims = { ...step.aims, [actor]: aim };
  const next: Step = { ...step, aims };
  s.step = next;
  emit(ctx, cardCallAudience(step, seat), { type: 'pointed', seat, target, ...(aim !== 0 ? { card: card! } : {}), hand: indexOfCard(actor) });
  if (callComplete(next)) closeStep(ctx);
  return null;
}

/** The calls a team answers together (RULES.md 2.2–2.3); the power roles act alone. */
export function isTeamCall(call: Call): boolean {
  return call === 'killers' || call === 'police';
}

/** Whether this call has a team channel: killers and police; in `dual` the killers only ("police cannot communicate like the killer"). */
export function hasTeamChannel(step: Extract<Step, { kind: 'call' }>): boolean {
  return step.slots ? step.call === 'killers' : isTeamCall(step.call);
}

/** Whether a message's text is acceptable (1 to MAX_TEXT characters). */
export function checkText(text: unknown): Refusal {
  if (typeof text !== 'string' || text.trim().length === 0 || text.length > MAX_TEXT) {
    return ['game/text-invalid', `a message holds 1 to ${MAX_TEXT} characters`];
  }
  return null;
}

function teamChat(ctx: Ctx, seat: Seat, text: string): Refusal {
  const step = ctx.s.step;
  if (step.kind !== 'call') return ['game/phase-closed', 'the team channel is open only during your team\'s call'];
  if (!step.actors.includes(seat) && !step.watchers?.includes(seat)) return ['game/not-your-turn', 'your team is not called now'];
  if (!hasTeamChannel(step)) return ['game/not-allowed', step.slots ? 'only the killers have a team channel' : 'only the killers and the police have a team channel'];
  const bad = checkText(text);
  if (bad) return bad;
  emit(ctx, [...step.actors, ...(step.watchers ?? [])], { type: 'team-chat', seat, text: text.trim() });
  return null;
}

function openEyes(ctx: Ctx, seat: Seat, choice: EyesChoice): Refusal {
  const step = ctx.s.step;
  if (step.kind !== 'eyes') return ['game/phase-closed', 'the night is over'];
  if (!ctx.s.alive[seat - 1]) return ['game/seat-out', 'you are out'];
  if (seat in step.choices) return ['game/not-allowed', 'you have already chosen: eyes open at most once'];
  if (choice !== 'bandits' && choice !== 'police' && choice !== 'none') return ['game/bad-action', 'choose bandits, police or none'];
  const next: Step = { ...step, choices: { ...step.choices, [seat]: choice } };
  ctx.s.step = next;
  emit(ctx, [seat], { type: 'eyes-chosen', seat, choice });
  if (livingSeats(ctx.s).every((a) => a in next.choices)) closeStep(ctx);
  return null;
}

function speakerOf(state: GameState): Seat | 0 {
  const step = state.step;
  return step.kind === 'speech' || step.kind === 'last-words' ? step.seat : 0;
}

function say(ctx: Ctx, seat: Seat, text: string, rawClaim: unknown): Refusal {
  const step = ctx.s.step;
  if (step.kind === 'open-day') {
    const refused = openDaySayRefusal(step, seat, text);
    if (refused) return refused;
  } else if (step.kind === 'talk') {
    // RULES.md 8.10: free talk; any living player speaks, as often as they like, until the talk ends.
    if (!ctx.s.alive[seat - 1]) return ['game/seat-out', 'you are out'];
  } else if (speakerOf(ctx.s) !== seat) {
    return ['game/not-your-turn', 'it is not your turn to speak'];
  }
  const bad = checkText(text);
  if (bad) return bad;
  const read = rawClaim === undefined ? null : readClaim(ctx.s, rawClaim);
  if (read && 'error' in read) return ['game/claim-invalid', read.error];
  if (step.kind === 'open-day') countSpoken(ctx, step, seat, text.trim().length);
  emit(ctx, 'all', read ? { type: 'said', seat, text: text.trim(), claim: read.claim } : { type: 'said', seat, text: text.trim() });
  return null;
}

function pass(ctx: Ctx, seat: Seat): Refusal {
  const step = ctx.s.step;
  if (step.kind === 'open-day') return doneInOpenDay(ctx, step, seat);
  if (step.kind === 'talk') {
    // "Ready": the talk ends when every living player is ready (or at its deadline).
    if (!ctx.s.alive[seat - 1]) return ['game/seat-out', 'you are out'];
    if (step.ready.includes(seat)) return ['game/not-allowed', 'you are already ready to vote'];
    const ready = [...step.ready, seat];
    ctx.s.step = { ...step, ready };
    emit(ctx, 'all', { type: 'passed', seat, missed: false, ready: true });
    if (livingSeats(ctx.s).every((a) => ready.includes(a))) closeStep(ctx);
    return null;
  }
  if (speakerOf(ctx.s) !== seat) return ['game/not-your-turn', 'it is not your turn to speak'];
  emit(ctx, 'all', { type: 'passed', seat, missed: false });
  closeStep(ctx);
  return null;
}

/** The seats a voter may choose in the open ballot (self excluded unless the ruleset allows it). */
export function voteTargets(state: GameState, seat: Seat): Seat[] {
  const step = state.step;
  if (step.kind !== 'ballot') return [];
  const selfVote = RULESETS[state.setup.ruleset].selfVote;
  return step.candidates.filter((c) => state.alive[c - 1] && (selfVote || c !== seat));
}

function vote(ctx: Ctx, seat: Seat, target: Seat | 0): Refusal {
  const step = ctx.s.step;
  if (step.kind !== 'ballot') return ['game/phase-closed', 'no ballot is open'];
  if (!ctx.s.alive[seat - 1]) return ['game/seat-out', 'you are out'];
  if (!step.voters.includes(seat)) return ['game/not-your-turn', 'you do not vote in this ballot'];
  if (seat in step.ballots) return ['game/already-voted', 'your ballot is sealed'];
  if (step.turn !== undefined && step.turn !== seat) return ['game/not-your-turn', `seat ${step.turn} votes now; you vote after your own defence`];
  const targets = voteTargets(ctx.s, seat);
  if (target === 0) {
    if (step.mustVote && targets.length > 0) return ['game/must-vote', 'everyone must vote in this ballot'];
  } else if (!targets.includes(target)) {
    if (!Number.isInteger(target) || target < 1 || target > ctx.s.alive.length) return ['game/target-unknown', `there is no seat ${target}`];
    if (!ctx.s.alive[target - 1]) return ['game/target-not-alive', `seat ${target} is out`];
    return ['game/target-not-eligible', `seat ${target} is not on this ballot`];
  }
  const next: Step = { ...step, ballots: { ...step.ballots, [seat]: target } };
  ctx.s.step = next;
  emit(ctx, [seat], { type: 'voted', seat, target });
  if (step.turn !== undefined || step.voters.every((v) => v in next.ballots)) closeStep(ctx);
  return null;
}

/** Whether the game is in its day (dawn announced, before nightfall). */
export function isDay(state: GameState): boolean {
  const k = state.step.kind;
  return k === 'last-words' || k === 'speech' || k === 'ballot' || k === 'talk' || k === 'open-day';
}

function selfDestruct(ctx: Ctx, seat: Seat): Refusal {
  const s = ctx.s;
  if (!ctx.rules.selfDestruct) return ['game/not-allowed', 'this ruleset has no self-destruct'];
  if (!s.alive[seat - 1]) return ['game/seat-out', 'you are out'];
  if (s.roles[seat - 1] !== 'killer') return ['game/not-allowed', 'only a killer may self-destruct'];
  if (!isDay(s)) return ['game/phase-closed', 'self-destruct is for the day'];
  // [001 3.21③]: out with no last words, nobody speaks after it, straight to night.
  removeSeat(ctx, seat, 'self-destruct');
  s.step = { kind: 'over' };
  s.agenda = [{ kind: 'nightfall' }];
  if (!checkWin(ctx, false)) advance(ctx);
  return null;
}

/** Whether this seat may surrender now under the room's `surrender` option. */
export function maySurrender(state: GameState, seat: Seat): boolean {
  const option = state.setup.options.surrender;
  if (option === undefined || option === 'off' || !state.alive[seat - 1]) return false;
  const step = state.step;
  if (RULESETS[state.setup.ruleset].surrenderInDay) return isDay(state);
  if (step.kind !== 'call' || !isTeamCall(step.call) || !step.actors.includes(seat) || step.surrender.includes(seat)) return false;
  if (option === 'last-member') return step.actors.length === 1;
  // `team` [001 5.5], RULES.md 3 (decision): only once the called team is down to one living member,
  // counted on the members the team knows (its own cards: in `doctor` the police never count the doctor
  // or the secret police); neither the other side's count nor any hidden card may show in `legal`.
  const member: Role = step.call === 'killers' ? 'killer' : 'police';
  return state.roles.filter((r, i) => r === member && state.alive[i]).length <= 1;
}

function surrender(ctx: Ctx, seat: Seat): Refusal {
  const s = ctx.s;
  if (!maySurrender(s, seat)) return ['game/not-allowed', 'you may not surrender now'];
  const side = campOf(s.roles[seat - 1]!);
  const step = s.step;
  if (step.kind === 'call') {
    // A team surrenders together: every living member of the called team must ask for it.
    const wishes = [...step.surrender, seat];
    s.step = { ...step, surrender: wishes };
    emit(ctx, step.actors, { type: 'surrender-wish', seat });
    if (!step.actors.every((a) => wishes.includes(a))) return null;
  } else {
    emit(ctx, 'all', { type: 'surrender-wish', seat });
  }
  emit(ctx, 'all', { type: 'surrendered', side });
  finish(ctx, { winner: side === 'killers' ? 'good' : 'killers', reason: 'surrender' });
  return null;
}

// ---------------------------------------------------------------- host and clock

function pause(ctx: Ctx, by?: 'judge'): Refusal {
  const step = ctx.s.step;
  if (!('endsAt' in step) || step.endsAt === null) return ['game/phase-closed', 'nothing to pause'];
  ctx.s.pausedRemaining = Math.max(0, step.endsAt - ctx.at);
  ctx.s.step = { ...step, endsAt: null };
  emit(ctx, 'all', by ? { type: 'paused', by } : { type: 'paused' });
  return null;
}

/** Restarts the paused step's clock with the time it had left (shared with worker/engine/judge-failover.ts). */
export function resume(ctx: Ctx): Refusal {
  const step = ctx.s.step;
  if (!('endsAt' in step)) return ['game/phase-closed', 'nothing to resume'];
  ctx.s.step = { ...step, endsAt: ctx.at + ctx.s.pausedRemaining! };
  ctx.s.pausedRemaining = null;
  emit(ctx, 'all', { type: 'resumed' });
  return null;
}

function extend(ctx: Ctx, ms: number): Refusal {
  if (!Number.isFinite(ms) || ms <= 0) return ['game/bad-action', 'extend by a positive number of milliseconds'];
  const step = ctx.s.step;
  if (!('endsAt' in step)) return ['game/phase-closed', 'nothing to extend'];
  if (ctx.s.pausedRemaining !== null) ctx.s.pausedRemaining += ms;
  else ctx.s.step = { ...step, endsAt: step.endsAt! + ms };
  emit(ctx, 'all', { type: 'extended', ms });
  return null;
}

function onDeadline(ctx: Ctx): Refusal {
  const step = ctx.s.step;
  // An early or repeated alarm finds nothing due and changes nothing.
  if (!('endsAt' in step) || step.endsAt === null || step.endsAt > ctx.at) return null;
  // A night call's deadline is news only to its own team: in public it would tell an empty call (D11)
  // from one whose players all chose in time.
  emit(ctx, step.kind === 'call' ? [...step.actors, ...(step.watchers ?? [])] : 'all', { type: 'deadline' });
  if (step.kind === 'speech' || step.kind === 'last-words') emit(ctx, 'all', { type: 'passed', seat: step.seat, missed: true });
  if (step.kind === 'open-day') openDayDeadline(ctx, step);
  closeStep(ctx);
  return null;
}

function eject(ctx: Ctx, seat: Seat): Refusal {
  const s = ctx.s;
  if (!Number.isInteger(seat) || seat < 1 || seat > s.alive.length) return ['game/seat-unknown', `there is no seat ${seat}`];
  if (!s.alive[seat - 1]) return ['game/seat-out', `seat ${seat} is already out`];
  // (decision) [001 5.14]: the judge's ejection leaves no last words.
  removeSeat(ctx, seat, 'ejected');
  if (checkWin(ctx, false)) return null;
  if (s.openBallot) {
    const { [seat]: _gone, ...ballots } = s.openBallot.ballots;
    const b = s.openBallot;
    s.openBallot = { ...b, ballots, voters: b.voters.filter((v) => v !== seat), candidates: b.candidates.filter((c) => c !== seat) };
  }
  const step = s.step;
  if (step.kind === 'call' && step.slots) {
    const slots = step.slots.filter((c) => seatOfCard(c) !== seat);
    const aims: Record<CardId, CardId | 0> = {};
    for (const c of slots) if (step.aims && c in step.aims) aims[c] = step.aims[c]!;
    const confirmed = step.confirmed?.filter((c) => slots.includes(c));
    const next: Step = { ...step, actors: step.actors.filter((a) => a !== seat), slots, aims, ...(step.watchers ? { watchers: step.watchers.filter((w) => w !== seat) } : {}), ...(confirmed ? { confirmed } : {}) };
    s.step = next;
    // A call that still has actors closes once they have all pointed; one left with nobody keeps its clock.
    if (slots.length > 0 && callComplete(next)) closeStep(ctx);
  } else if (step.kind === 'talk') {
    const ready = step.ready.filter((r) => r !== seat);
    s.step = { ...step, ready };
    if (livingSeats(s).every((a) => ready.includes(a))) closeStep(ctx);
  } else if (step.kind === 'call') {
    const actors = step.actors.filter((a) => a !== seat);
    const { [seat]: _gone, ...pointers } = step.pointers;
    const next: Step = { ...step, actors, pointers, surrender: step.surrender.filter((a) => a !== seat), ...(step.confirmed ? { confirmed: step.confirmed.filter((a) => a !== seat) } : {}) };
    s.step = next;
    if (callComplete(next)) closeStep(ctx);
  } else if (step.kind === 'speech' && step.seat === seat) {
    closeStep(ctx);
  } else if (step.kind === 'open-day') {
    ejectFromOpenDay(ctx, step, seat);
  } else if (step.kind === 'ballot') {
    const voters = step.voters.filter((v) => v !== seat);
    const { [seat]: _gone, ...ballots } = step.ballots;
    s.step = { ...step, voters, ballots, candidates: step.candidates.filter((c) => c !== seat) };
    if (step.turn !== undefined ? step.turn === seat : voters.every((v) => v in ballots)) closeStep(ctx);
  } else if (step.kind === 'eyes') {
    if (livingSeats(s).every((a) => a in step.choices)) closeStep(ctx);
  } else if (step.kind === 'reading') {
    closeReadingIfDone(ctx);
  }
  return null;
}

// ---------------------------------------------------------------- the procedure

/** `dual`: lays cards down in one resolution; at dawn everyone sees which seat's left or right card went down. */
export function layDown(ctx: Ctx, cards: readonly CardId[], announce: boolean): void {
  const s = ctx.s;
  if (cards.length === 0) return;
  s.downCount = (s.downCount ?? 0) + 1;
  s.lastDownRound = s.round;
  s.cardDown = s.cardDown!.slice();
  for (const c of cards) {
    s.cardDown[c - 1] = s.downCount;
    if (announce) emit(ctx, 'all', { type: 'card-down', seat: seatOfCard(c), card: indexOfCard(c) });
  }
}

/** Puts a player out, in public. */
export function removeSeat(ctx: Ctx, seat: Seat, how: OutHow, camp?: Camp): void {
  const s = ctx.s;
  // `dual` (RULES.md 8.3): a player voted out (or ejected) is out with both cards laid down.
  if (s.cards) layDown(ctx, upCards(s, seat), false);
  s.alive = s.alive.slice();
  s.alive[seat - 1] = false;
  s.outs = [...s.outs, camp ? { seat, how, round: s.round, camp } : { seat, how, round: s.round }];
  s.speechAnchor = seat;
  emit(ctx, 'all', camp ? { type: 'out', seat, how, camp } : { type: 'out', seat, how });
}

function finish(ctx: Ctx, result: Result): void {
  const s = ctx.s;
  if (ctx.rules.winners) result = { ...result, winners: ctx.rules.winners(s, result) };
  s.result = result;
  s.step = { kind: 'over' };
  s.agenda = [];
  s.pausedRemaining = null;
  emit(ctx, 'all', {
    type: 'game-over',
    winner: result.winner,
    reason: result.reason,
    roles: s.roles,
    deck: s.deck,
    seed: s.setup.seed,
    ...(result.winners ? { winners: result.winners } : {}),
    ...(s.cards ? { cards: s.cards } : {}),
  });
}

/** Runs the ruleset's win check; ends the game and returns true when a side has won. */
export function checkWin(ctx: Ctx, afterVerdict: boolean): boolean {
  const result = ctx.rules.winCheck(ctx.s, afterVerdict);
  if (!result) return false;
  finish(ctx, result);
  return true;
}

/** The deadline of a step opening now; while paused, its clock waits for the resume. */
function endsAt(ctx: Ctx, kind: keyof GameState['setup']['pace']): number | null {
  return endsAfter(ctx, pacingOf(ctx.s).pace[kind]);
}

/** The deadline `ms` from now, or null (the clock kept in `pausedRemaining`) while the game is paused. */
export function endsAfter(ctx: Ctx, ms: number): number | null {
  if (ctx.s.pausedRemaining !== null) {
    ctx.s.pausedRemaining = ms;
    return null;
  }
  return ctx.at + ms;
}

/** Closes the current step with what it has, then runs the agenda to the next waiting step. */
export function closeStep(ctx: Ctx): void {
  const s = ctx.s;
  const step = s.step;
  s.step = { kind: 'over' };
  switch (step.kind) {
    case 'call':
      closeCall(ctx, step);
      break;
    case 'eyes':
      closeEyes(ctx, step.choices);
      break;
    case 'last-words':
      // Where the ruleset says so (`raw`), the first player killed becomes the judge once their last words are said.
      if (ctx.rules.firstKilledJudges && s.judgeSeat === 0 && step.seat === s.outs.find((o) => o.how === 'killed')?.seat) {
        s.judgeSeat = step.seat;
        emit(ctx, 'all', { type: 'judge', seat: step.seat });
      }
      break;
    case 'speech':
    case 'talk':
    case 'reading':
    case 'open-day':
      break;
    case 'ballot':
      if (step.turn !== undefined) {
        // One turn of a ballot cast in turns: keep the sealed ballots for the reveal.
        s.openBallot = { purpose: step.purpose, candidates: step.candidates, voters: step.voters, ballots: step.ballots, mustVote: step.mustVote };
        break;
      }
      if (closeBallot(ctx, step)) return;
      break;
    case 'over':
      return;
  }
  advance(ctx);
}

/** The team's decision [001 3.6]: most pointers wins, the first pointed breaks a tie, none means no action. */
export function teamDecision(pointers: Record<Seat, Seat | 0>, firstPointed: readonly Seat[]): Seat | 0 {
  let best: Seat | 0 = 0;
  let bestCount = 0;
  for (const target of firstPointed) {
    let n = 0;
    for (const key in pointers) if (pointers[key] === target) n++;
    if (n > bestCount) {
      best = target;
      bestCount = n;
    }
  }
  return best;
}

function closeCall(ctx: Ctx, step: Extract<Step, { kind: 'call' }>): void {
  const s = ctx.s;
  if (step.slots) return closeCardCall(ctx, step, step.slots);
  const target = teamDecision(step.pointers, step.firstPointed);
  // A call that ran with nobody to answer it (D11) decides nothing and tells nobody anything.
  if (step.actors.length === 0) return;
  s.night = { ...s.night, picks: { ...s.night.picks, [step.call]: target } };
  switch (step.call) {
    case 'killers':
      s.night.kill = target;
      emit(ctx, step.actors, { type: 'kill-chosen', target });
      return;
    case 'police': {
      if (target === 0) {
        emit(ctx, step.actors, { type: 'checked', target: 0 });
        return;
      }
      const answer = ctx.rules.checkAnswer ? ctx.rules.checkAnswer(s, target) : campOf(s.roles[target - 1]!);
      if (answer === undefined) {
        emit(ctx, step.actors, { type: 'checked', target });
        return;
      }
      s.night.check = { target, answer };
      emit(ctx, step.actors, { type: 'checked', target, answer });
      return;
    }
    default:
      // The shot is spent whether it hits or not (RULES.md 6); declining keeps it.
      if (step.call === 'secret-police' && target !== 0) s.powers = { ...s.powers, shotRound: s.round };
      emit(ctx, step.actors, { type: 'chosen', call: step.call, target });
  }
}

/** `dual`: each acting card's aim is kept for the dawn; each actor learns its own outcome (the police their answer). */
function closeCardCall(ctx: Ctx, step: Extract<Step, { kind: 'call' }>, slots: CardId[]): void {
  const s = ctx.s;
  if (slots.length === 0) return;
  const aims: Record<CardId, CardId | 0> = {};
  for (const c of slots) aims[c] = step.aims?.[c] ?? 0;
  s.night = { ...s.night, aims: { ...s.night.aims, [step.call]: aims } };
  for (const c of slots) {
    const seat = seatOfCard(c);
    const hand = indexOfCard(c);
    const aim = aims[c]!;
    const at = aim !== 0 ? { target: seatOfCard(aim), card: indexOfCard(aim) } : { target: 0 };
    switch (step.call) {
      case 'killers':
        emit(ctx, cardCallAudience(step, seat), { type: 'kill-chosen', ...at, by: seat, hand });
        break;
      case 'police':
        // RULES.md 8.7: each police card checks one card alone; the undercover's card answers "killer".
        emit(ctx, [seat], aim !== 0 ? { type: 'checked', ...at, answer: cardAnswer(faceOf(s, aim)), hand } : { type: 'checked', target: 0, hand });
        break;
      default:
        // The secret police's shot is spent by pointing, hit or miss (even when the butterfly holds the card).
        if (step.call === 'secret-police' && aim !== 0) s.powers = { ...s.powers, shots: { ...s.powers?.shots, [c]: s.round } };
        emit(ctx, [seat], { type: 'chosen', call: step.call, ...at, hand });
    }
  }
}

function closeEyes(ctx: Ctx, choices: Record<Seat, EyesChoice>): void {
  for (const call of ['bandits', 'police'] as const) {
    const seats = livingSeats(ctx.s).filter((seat) => choices[seat] === call);
    if (seats.length > 0) emit(ctx, seats, { type: 'eyes-seen', call, seats });
  }
  startDay(ctx);
}

function speeches(seats: Seat[], purpose: SpeechPurpose): Plan[] {
  return seats.map((seat) => ({ kind: 'speech', purpose, seat }));
}

/** The day: last words of `words`, then the ruleset's speeches and vote. */
export function startDay(ctx: Ctx, words: Seat[] = []): void {
  const s = ctx.s;
  emit(ctx, 'all', { type: 'day' });
  const plan = ctx.rules.dayPlan ? ctx.rules.dayPlan(s, words) : classicDay(ctx, words);
  s.agenda = [...plan, ...s.agenda];
}

/** Last words, speeches from the right of the last player out [RULES.md 2.7], the ballot. */
function classicDay(ctx: Ctx, words: Seat[]): Plan[] {
  const s = ctx.s;
  const order = tableOrder(s, s.speechAnchor, speechDirection(s));
  const rounds = ctx.rules.speechRounds?.(s) ?? 1;
  const plan: Plan[] = words.map((seat): Plan => ({ kind: 'last-words', seat }));
  for (let r = 0; r < rounds; r++) plan.push(...speeches(order, 'day'));
  plan.push({ kind: 'ballot', purpose: ctx.rules.dayVote === 'runoff' ? 'runoff-first' : 'day', candidates: [] });
  return plan;
}

/** Counts sealed ballots for the candidates: votes by seat (index 0 unused). */
function tally(ballots: Record<Seat, Seat | 0>, candidates: readonly Seat[], seats: number, weight: (seat: Seat) => number): number[] {
  const counts = new Array<number>(seats + 1).fill(0);
  for (const key in ballots) {
    const target = ballots[key]!;
    if (target !== 0 && candidates.includes(target)) counts[target]! += weight(Number(key));
  }
  return counts;
}

/** The seats with the most votes (below `below`, for runoff's second place), in seat order. */
function topOf(counts: readonly number[], below = Infinity): Seat[] {
  let max = 0;
  for (const n of counts) if (n > max && n < below) max = n;
  const top: Seat[] = [];
  if (max === 0) return top;
  for (let seat = 1; seat < counts.length; seat++) if (counts[seat] === max) top.push(seat);
  return top;
}

/** Reveals a closed ballot and decides what follows; returns true when it ended the game or set the step itself. */
function closeBallot(ctx: Ctx, step: Omit<Extract<Step, { kind: 'ballot' }>, 'kind' | 'endsAt'>, votedInTurns = false): boolean {
  const s = ctx.s;
  s.ballotCount++;
  // Ballots are shown in voting order, from the right of the last player out [001 3.16] (or in the turns' order).
  // `dual` (RULES.md 8.3): one vote per living card.
  const weigh = ctx.rules.voteWeight;
  const weight = (seat: Seat) => (weigh ? weigh(s, seat) : 1);
  const ballots = (votedInTurns ? step.voters : inOrder(s, step.voters)).map((seat) => ({
    seat,
    target: (step.ballots[seat] ?? 0) as Seat | 0,
    missed: !(seat in step.ballots),
    ...(weigh ? { weight: weight(seat) } : {}),
  }));
  const counts = tally(step.ballots, step.candidates, s.alive.length, weight);
  const top = topOf(counts);
  emit(ctx, 'all', { type: 'ballots', purpose: step.purpose, ballots, top });

  if (top.length === 0) {
    // RULES.md 2.11 (decision): no vote cast, nobody out.
    if (ctx.rules.finalTie(s.setup.options) === 'end') {
      finish(ctx, endBySides(s, 'no-verdict'));
      return true;
    }
    return peacefulNight(ctx);
  }
  if (step.purpose === 'runoff-first') {
    // RULES.md 5: the two most voted go through (decision: everyone tied for second too).
    const finalists = top.length >= 2 ? top : [...top, ...topOf(counts, counts[top[0]!]!)].sort((a, b) => a - b);
    s.agenda = [...speeches(inOrder(s, finalists), 'defence'), { kind: 'ballot', purpose: 'runoff-final', candidates: finalists }, ...s.agenda];
    return false;
  }
  if (top.length === 1) return verdict(ctx, top[0]!, 'voted');
  return tie(ctx, step.purpose, top);
}

/** Seats in the current speaking order. */
function inOrder(state: GameState, seats: readonly Seat[]): Seat[] {
  return tableOrder(state, state.speechAnchor, speechDirection(state)).filter((seat) => seats.includes(seat));
}

function endBySides(state: GameState, reason: string): Result {
  let police = 0;
  let bandits = 0;
  state.roles.forEach((role, i) => {
    if (!state.alive[i]) return;
    if (role === 'killer') bandits++;
    else police++;
  });
  return sideCount(police, bandits, reason);
}

/** The tie procedure [001 4.5]: PK, then outside PK, then the ruleset's final tie. */
function tie(ctx: Ctx, purpose: BallotPurpose, tied: Seat[]): boolean {
  const s = ctx.s;
  // 4.0: "if 2 or more people have the most votes, no one dies during the day".
  if (ctx.rules.ties === 'nobody') return peacefulNight(ctx);
  if (purpose === 'day') {
    s.agenda = [...speeches(inOrder(s, tied), 'pk'), { kind: 'ballot', purpose: 'pk', candidates: tied }, ...s.agenda];
    return false;
  }
  if (purpose === 'pk') {
    const others = tableOrder(s, s.speechAnchor, speechDirection(s)).filter((seat) => !tied.includes(seat));
    s.agenda = [...speeches(others, 'outside-pk'), { kind: 'ballot', purpose: 'outside-pk', candidates: tied }, ...s.agenda];
    return false;
  }
  switch (ctx.rules.finalTie(s.setup.options)) {
    case 'draw':
      finish(ctx, { winner: 'draw', reason: 'final-tie' });
      return true;
    case 'end':
      finish(ctx, endBySides(s, 'final-tie'));
      return true;
    case 'lot': {
      const drawn = pick(makeRandom(`${s.setup.seed}:lot:${s.ballotCount}`), tied);
      emit(ctx, 'all', { type: 'lot', among: tied, drawn });
      return verdict(ctx, drawn, 'lot');
    }
    case 'peaceful-night':
      return peacefulNight(ctx);
  }
}

/** A muted player's speaking turn this day is skipped, in public (RULES.md 7, dawn rule 6). */
/** A muted seat's turn is skipped in public; true when it was. */
export function skipMuted(ctx: Ctx, seat: Seat): boolean {
  if (!ctx.s.muted?.includes(seat)) return false;
  emit(ctx, 'all', { type: 'skipped', seat, reason: 'muted' });
  return true;
}

function peacefulNight(ctx: Ctx): boolean {
  emit(ctx, 'all', { type: 'peaceful-night' });
  // Raw's killer wins "after a vote" with two civilians left, even when nobody went out.
  if (checkWin(ctx, true)) return true;
  ctx.s.agenda = [nextDay(ctx.rules)];
  return false;
}

// Infernal has a single night: after it, one day follows another.
function nextDay(rules: Ruleset): Plan {
  return rules.singleNight ? { kind: 'day' } : { kind: 'nightfall' };
}

function verdict(ctx: Ctx, seat: Seat, how: 'voted' | 'lot'): boolean {
  const s = ctx.s;
  const camp = ctx.rules.revealOnVerdict?.(s.roles[seat - 1]!);
  removeSeat(ctx, seat, how, camp);
  if (checkWin(ctx, true)) return true;
  const words = ctx.rules.lastWords(s, seat, 'voted');
  s.lastWordsGiven++;
  s.agenda = words ? [{ kind: 'last-words', seat }, nextDay(ctx.rules)] : [nextDay(ctx.rules)];
  return false;
}

/**
 * `dual` (RULES.md 8.4–8.9): every living card of the called face acts alone. The killers and the
 * undercover open eyes together in rounds 1–2 (the undercover watches, it cannot kill); the police cards
 * and the undercover open eyes together, so the police see one "police" too many.
 */
function openCardCall(ctx: Ctx, call: Call): boolean {
  const s = ctx.s;
  const slots = actingCards(s, call);
  const actors = [...new Set(slots.map(seatOfCard))];
  const undercover = upCardsOf(s, 'undercover').map(seatOfCard)[0];
  const watchers = call === 'killers' && s.round <= 2 && undercover !== undefined && !actors.includes(undercover) ? [undercover] : [];
  emit(ctx, 'all', { type: 'call', call });
  if (s.round === 1 && actors.length > 0 && (call === 'killers' || call === 'police')) {
    // The undercover opens eyes with both teams: the killers know who it is, the police take it for one of theirs.
    const seen = [...new Set([...actors, ...(undercover !== undefined ? [undercover] : [])])].sort((a, b) => a - b);
    if (call === 'killers') emit(ctx, seen, { type: 'team', team: 'killers', seats: actors, ...(undercover !== undefined ? { undercover } : {}), cards: slots.map(refOf) });
    else emit(ctx, seen, { type: 'team', team: 'police', seats: seen });
  }
  s.step = { kind: 'call', call, actors, pointers: {}, firstPointed: [], surrender: [], ...callClock(ctx, call, actors), slots, aims: {}, ...(watchers.length > 0 ? { watchers } : {}) };
  return true;
}

function openCall(ctx: Ctx, call: Call): boolean {
  const s = ctx.s;
  if (ctx.rules.twoCards) return openCardCall(ctx, call);
  const role = roleOfCall(call);
  let actors = livingSeats(s).filter((seat) => s.roles[seat - 1] === role);
  // The secret police's one shot, once fired, leaves nothing to do at their call.
  if (call === 'secret-police' && s.powers?.shotRound !== undefined) actors = [];
  if (actors.length === 0 && !ctx.rules.emptyCallsRun) return false;
  emit(ctx, 'all', { type: 'call', call });
  if (s.round === 1 && actors.length > 0 && ctx.rules.teamsKnowEachOther.includes(call)) emit(ctx, actors, { type: 'team', team: call as Team, seats: actors });
  s.step = { kind: 'call', call, actors, pointers: {}, firstPointed: [], surrender: [], ...callClock(ctx, call, actors) };
  return true;
}

/**
 * D11: a call nobody can answer lasts the seeded wait a room's bots take at that call (call-wait.ts),
 * like a player who chooses quickly, so that neither its length nor its existence tells the table a
 * death. It shows the full deadline (`lead` ms after its real end), as a call with players would.
 */
function callClock(ctx: Ctx, call: Call, actors: readonly Seat[]): { endsAt: number | null; lead?: number } {
  const s = ctx.s;
  if (actors.length > 0) return { endsAt: endsAt(ctx, 'call') };
  const full = pacingOf(s).pace.call;
  const ms = callWait(s.setup.seed, s.round, call, full);
  return { endsAt: endsAfter(ctx, ms), lead: full - ms };
}

/** Runs instant steps and opens the next step that waits for players. */
function advance(ctx: Ctx): void {
  const s = ctx.s;
  while (!s.result) {
    const plan = s.agenda[0];
    if (!plan) {
      s.agenda = [nextDay(ctx.rules)];
      continue;
    }
    s.agenda = s.agenda.slice(1);
    switch (plan.kind) {
      case 'reading':
        openReading(ctx);
        return;
      case 'nightfall': {
        s.round++;
        s.night = { kill: 0 };
        if (s.muted) s.muted = [];
        const calls = ctx.rules.nightCalls(s);
        emit(ctx, 'all', { type: 'nightfall' });
        s.agenda = calls === 'eyes' ? [{ kind: 'eyes' }] : [...calls.map((call): Plan => ({ kind: 'call', call })), { kind: 'dawn' }];
        continue;
      }
      case 'call':
        if (openCall(ctx, plan.call)) return;
        continue;
      case 'eyes':
        s.step = { kind: 'eyes', choices: {}, endsAt: endsAt(ctx, 'eyes') };
        return;
      case 'dawn':
        dawn(ctx);
        continue;
      case 'day':
        s.round++;
        startDay(ctx);
        continue;
      case 'talk': {
        // RULES.md 8.10 (decision): the free talk lasts as long as the speech turns it replaces.
        const living = livingSeats(s);
        if (living.length === 0) continue;
        s.step = { kind: 'talk', ready: [], endsAt: dayWindowEndsAt(ctx, pacingOf(s).pace.speech * living.length) };
        return;
      }
      case 'last-words':
        if (skipMuted(ctx, plan.seat)) continue;
        s.step = { kind: 'last-words', seat: plan.seat, endsAt: endsAt(ctx, 'lastWords') };
        return;
      case 'speech':
        if (opensOpenDay(s, plan)) {
          if (openDay(ctx, plan)) return;
          continue;
        }
        if (!s.alive[plan.seat - 1] || skipMuted(ctx, plan.seat)) continue;
        s.step = { kind: 'speech', purpose: plan.purpose, seat: plan.seat, endsAt: endsAt(ctx, 'speech') };
        return;
      case 'ballot': {
        const living = livingSeats(s);
        const candidates = plan.candidates.length > 0 ? plan.candidates.filter((c) => s.alive[c - 1]) : living;
        const mustVote = plan.purpose === 'outside-pk' ? s.setup.options.outsidePkMustVote === true : plan.purpose === 'day' && ctx.rules.mustVote === true;
        emit(ctx, 'all', { type: 'ballot', purpose: plan.purpose, candidates, mustVote });
        s.step = { kind: 'ballot', purpose: plan.purpose, candidates, voters: living, ballots: {}, mustVote, endsAt: endsAt(ctx, 'ballot') };
        return;
      }
      case 'open-ballot': {
        const candidates = livingSeats(s);
        const voters = plan.order.filter((seat) => s.alive[seat - 1]);
        const mustVote = ctx.rules.mustVote === true;
        emit(ctx, 'all', { type: 'ballot', purpose: plan.purpose, candidates, mustVote });
        s.openBallot = { purpose: plan.purpose, candidates, voters, ballots: {}, mustVote };
        continue;
      }
      case 'vote-turn': {
        const b = s.openBallot;
        if (!b || !s.alive[plan.seat - 1] || !b.voters.includes(plan.seat)) continue;
        s.step = { kind: 'ballot', ...b, candidates: b.candidates.filter((c) => s.alive[c - 1]), turn: plan.seat, endsAt: endsAt(ctx, 'ballot') };
        return;
      }
      case 'reveal': {
        const b = s.openBallot;
        delete s.openBallot;
        if (b) closeBallot(ctx, b, true);
        continue;
      }
    }
  }
}
