// The judge's procedure: a game is a current step plus an agenda of steps to come. Every action
// either completes or changes the current step; closing a step may push new steps (a PK after a tie,
// last words after a verdict). `apply` never throws for a bad action and never touches its input.
// This file holds only the three entry points: `newGame`, `apply` (dispatch to the phase files) and
// `advance` (the plan); each phase sits in a file of its own over kernel.ts.
import { dealCommitment, dealWithRedeals } from './deal.ts';
import { RULESETS } from './rulesets.ts';
import { emit, endsAt, type Ctx, type Flow, type Refusal } from './kernel.ts';
import { settleStep } from './settle.ts';
import { dealCards } from './deal-cards.ts';
import { openReading, seeCard } from './reading.ts';
import { openCall, point, teamChat } from './night-call.ts';
import { confirmPointer } from './night-confirm.ts';
import { openEyes } from './eyes.ts';
import { dawn } from './dawn.ts';
import { nextDay, startDay } from './day-plan.ts';
import { openLastWords, openSpeech, openTalk, pass, say } from './speech.ts';
import { openBallot, openTurnBallot, openVoteTurn, revealTurnBallot, vote } from './ballot.ts';
import { selfDestruct, surrender } from './surrender.ts';
import { extend, narrate, onDeadline, pause, resume } from './host.ts';
import { eject } from './eject.ts';
import { handToBot, replaceSeat } from './absent.ts';
import { setPace } from './pace-switch.ts';
import { appJudges, judgeRefusal } from './judge-failover.ts';
import { budgetRefusal, freshBudget, newStepBudget, spend } from './talk-budget.ts';
import type { Action, ApplyResult, ErrorCode, GameSetup, GameState, Plan, Role } from './types.ts';

/** The procedure handed to the phases through the context: how a closed step settles, and the plan. */
const FLOW: Flow = { settle: settleStep, advance };

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
    // Every game starts with its talk budgets (a state kept before them gains them at its first message).
    talkSpent: freshBudget(seats),
    result: null,
    seq: 0,
    log: [],
  };
  const ctx: Ctx = { s: state, rules, at: setup.at, events: [], flow: FLOW };
  // RULES.md 8.1: every void deal (a player held J and K) is on the record.
  for (let attempt = 1; attempt <= dealt.redeals; attempt++) emit(ctx, 'all', { type: 'redealt', attempt, reason: 'killer-and-police' });
  emit(ctx, 'all', { type: 'dealt', players: setup.players, commitment: state.commitment });
  if (rules.twoCards) dealCards(ctx);
  else for (let i = 0; i < roles.length; i++) emit(ctx, [i + 1], { type: 'card', seat: i + 1, role: roles[i]! });
  advance(ctx);
  state.log = ctx.events;
  return state;
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
  const ctx: Ctx = { s: { ...state }, rules: RULESETS[state.setup.ruleset], at: action.at, events: [], flow: FLOW };
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

function dispatch(ctx: Ctx, action: Action): Refusal {
  const s = ctx.s;
  // O15: once the app has taken over, the judge's place no longer holds the game up or speaks for it.
  if ('by' in action && action.by === 'judge') {
    const barred = judgeRefusal(s);
    if (barred) return barred;
  }
  // The host's and the judge's moves on the table are counted like a player's messages (talk-budget.ts).
  if (action.type === 'pause' || action.type === 'resume' || action.type === 'extend' || action.type === 'narrate') {
    const chars = action.type === 'narrate' && typeof action.text === 'string' ? action.text.trim().length : 0;
    const spent = budgetRefusal(s, 'judge', 0, chars);
    if (spent) return spent;
    const refused = hostMove(ctx, action);
    if (!refused) spend(ctx, 'judge', 0, chars);
    return refused;
  }
  switch (action.type) {
    case 'deadline':
      return onDeadline(ctx);
    case 'eject':
      return eject(ctx, action.seat);
    case 'hand-to-bot':
      return handToBot(ctx, action.seat);
    case 'set-pace':
      return setPace(ctx, action.preset, action.pace, action.day, action.dayCloses);
    case 'replace':
      return replaceSeat(ctx, action.seat, action.name, action.was);
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
      return say(ctx, seat, action.text, action.claim, action.voice);
    case 'pass':
      return pass(ctx, seat, action.voice);
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

type HostMove = Extract<Action, { type: 'pause' | 'resume' | 'extend' | 'narrate' }>;

/** The host's and the judge's moves on the clock and the table. */
function hostMove(ctx: Ctx, action: HostMove): Refusal {
  const s = ctx.s;
  switch (action.type) {
    case 'pause':
      if (s.pausedRemaining !== null) return ['game/paused', 'the game is already paused'];
      return pause(ctx, action.by);
    case 'resume':
      if (s.pausedRemaining === null) return ['game/not-paused', 'the game is not paused'];
      return resume(ctx);
    case 'extend':
      return extend(ctx, action.ms);
    case 'narrate':
      return narrate(ctx, action.text);
  }
}

/** Runs instant steps and opens the next step that waits for players (Flow.advance). */
function advance(ctx: Ctx): void {
  const s = ctx.s;
  while (!s.result) {
    const plan = s.agenda[0];
    if (!plan) {
      s.agenda = [nextDay(ctx.rules)];
      continue;
    }
    s.agenda = s.agenda.slice(1);
    newStepBudget(ctx);
    if (open(ctx, plan)) return;
  }
}

/** Runs or opens one planned step; true when it opened a step that waits for players. */
function open(ctx: Ctx, plan: Plan): boolean {
  const s = ctx.s;
  switch (plan.kind) {
    case 'reading':
      openReading(ctx);
      return true;
    case 'nightfall': {
      s.round++;
      s.night = { kill: 0 };
      if (s.muted) s.muted = [];
      const calls = ctx.rules.nightCalls(s);
      emit(ctx, 'all', { type: 'nightfall' });
      s.agenda = calls === 'eyes' ? [{ kind: 'eyes' }] : [...calls.map((call): Plan => ({ kind: 'call', call })), { kind: 'dawn' }];
      return false;
    }
    case 'call':
      return openCall(ctx, plan.call);
    case 'eyes':
      s.step = { kind: 'eyes', choices: {}, endsAt: endsAt(ctx, 'eyes') };
      return true;
    case 'dawn':
      dawn(ctx);
      return false;
    case 'day':
      s.round++;
      startDay(ctx);
      return false;
    case 'talk':
      return openTalk(ctx);
    case 'last-words':
      return openLastWords(ctx, plan.seat);
    case 'speech':
      return openSpeech(ctx, plan);
    case 'ballot':
      openBallot(ctx, plan);
      return true;
    case 'open-ballot':
      openTurnBallot(ctx, plan);
      return false;
    case 'vote-turn':
      return openVoteTurn(ctx, plan.seat);
    case 'reveal':
      revealTurnBallot(ctx);
      return false;
  }
}
