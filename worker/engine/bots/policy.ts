// The heuristic bot: a pure function from one seat's View (what viewFor(state, { kind: 'seat', seat })
// returns), a seeded random source and the bot's own memory to one action from `view.legal`, or none.
// It never reads the state, only the view, so a room can run it on exactly what the player would see.
import { renderClaim, type ClaimLang } from './claims.ts';
import { chooseVote } from './ballot.ts';
import { opt, readView } from './evidence.ts';
import { nightRule } from './night.ts';
import { speechClaim, type BotMemory } from './speech.ts';
import { pick, type Random } from '../random.ts';
import type { LegalAction, Seat, SeatAction, View } from '../types.ts';
import type { BotView } from '../bot-view.ts';
import type { Tactics } from './tactics.ts';

export type { BotMemory } from './speech.ts';

/** The action types this policy plays; any other legal type (a later step's "confirm") falls back to a random choice. */
const PLAYED = new Set(['point', 'open-eyes', 'say', 'pass', 'vote']);
/** Types the policy knows and never takes: the killers' self-destruct, surrender, team chat. */
const DECLINED = new Set(['team-chat', 'self-destruct', 'surrender']);
/** Marks a turn spoken in and passed (BotMemory.spoke). */
const DONE = '/passed';

export interface BotMove {
  action: SeatAction | null;
  memory: BotMemory;
}

type PointSlot = Extract<LegalAction, { type: 'point' }>;

/** What the bot does next, decided from the legal actions and the step alone, before it reads any evidence. */
export type BotPlan =
  | { kind: 'point'; slot: PointSlot }
  | { kind: 'open-eyes' }
  /** `left`: the characters the talk budget still holds, when fewer than one message may (`quiet`: whether "pass" is legal then). */
  | { kind: 'say'; turn: string; left?: number; quiet?: boolean }
  /** `spoke`: the turn's mark once spoken in and passed (BotMemory.spoke). */
  | { kind: 'pass'; spoke?: string }
  | { kind: 'vote'; vote: Extract<LegalAction, { type: 'vote' }> }
  | { kind: 'other'; choices: LegalAction[] };

/** The step as the plan reads it: a view's step or the state's (the same fields). */
export interface PlanStep {
  kind: string;
  purpose?: string;
}

/**
 * Which move the bot makes with these legal actions in this step and round, or null when it has
 * nothing to do: cheap, so a room can ask it of every bot after every change (worker/room/bots.ts).
 */
export function planMove(legal: readonly LegalAction[], step: PlanStep, round: number, memory: BotMemory): BotPlan | null {
  if (legal.length === 0) return null;
  const slot = legal.find((l): l is PointSlot => l.type === 'point' && (opt(l, 'cards') ? l.currentCard === null : l.current === null));
  if (slot) return { kind: 'point', slot };
  if (legal.some((l) => l.type === 'open-eyes')) return { kind: 'open-eyes' };
  if (step.kind === 'speech' || step.kind === 'last-words' || step.kind === 'talk' || step.kind === 'open-day') {
    // An open day (RULES.md 11) is one speech per window: say it once, then "done".
    const turn = `${round}:${step.kind}:${step.kind === 'speech' || step.kind === 'open-day' ? step.purpose : ''}`;
    const say = legal.find((l): l is Extract<LegalAction, { type: 'say' }> => l.type === 'say');
    const left = opt(say, 'left');
    if (memory.spoke !== turn && say) return { kind: 'say', turn, ...(left !== undefined ? { left, quiet: legal.some((l) => l.type === 'pass') } : {}) };
    // A speech turn's pass ends it: a later round of speeches of the same purpose (infernal's day 1 has two) is a new turn to speak in.
    if (legal.some((l) => l.type === 'pass')) return step.kind === 'speech' && memory.spoke === turn ? { kind: 'pass', spoke: turn + DONE } : { kind: 'pass' };
  }
  const vote = legal.find((l): l is Extract<LegalAction, { type: 'vote' }> => l.type === 'vote');
  if (vote) return { kind: 'vote', vote };
  // A legal action this policy does not play (added by a later rule, e.g. "I have seen my card"): taken at random, as the way forward.
  const choices = legal.filter((l) => !PLAYED.has(l.type) && !DECLINED.has(l.type));
  return choices.length > 0 ? { kind: 'other', choices } : null;
}

/**
 * The bot's move for this seat's view, and its memory afterwards; `lang` is the language of its speech text;
 * `tactics` replaces the ruleset's chosen tactics (tactics.ts), for self-play.
 */
export function heuristicMove(view: View, random: Random, memory: BotMemory, lang: ClaimLang = 'en', tactics?: Tactics): BotMove {
  const me = opt(view, 'me')?.seat;
  const plan = me ? planMove(view.legal, view.step, view.round, memory) : null;
  if (!me || !plan) return { action: null, memory };
  return plannedMove(me, plan, () => view, random, memory, lang, tactics);
}

/**
 * The move that carries out `plan` (from `planMove`) for seat `me`. Only a move that weighs evidence
 * (point, open eyes, speech, vote) reads the seat's view, so a caller that holds the state (the
 * simulator) builds the view only for those: a pass or a card read takes no view.
 */
export function plannedMove(me: Seat, plan: BotPlan, viewOf: () => BotView, random: Random, given: BotMemory, lang: ClaimLang = 'en', tactics?: Tactics): BotMove {
  // The bot's hunches are seeded once, at its first move that weighs evidence, and kept all game.
  const memory = plan.kind === 'pass' || plan.kind === 'other' || given.lean !== undefined ? given : { ...given, lean: Math.floor(random() * 0x40000000) };
  const lean = memory.lean ?? 0;
  switch (plan.kind) {
    case 'point': {
      const { slot } = plan;
      const ev = readView(viewOf(), lean, tactics);
      const target = nightRule(slot.call, ev)(ev, slot.targets, random);
      const slotCards = opt(slot, 'cards');
      if (!slotCards) return { action: { type: 'point', seat: me, target }, memory };
      // dual: aim at one of the chosen seat's cards this card may aim at.
      const cards = slotCards.filter((c) => c.seat === target);
      const aim = cards.length > 0 ? pick(random, cards) : null;
      return { action: aim ? { type: 'point', seat: me, target: aim.seat, card: aim.card, hand: slot.hand! } : { type: 'point', seat: me, target: 0, hand: slot.hand! }, memory };
    }
    case 'open-eyes': {
      const ev = readView(viewOf(), lean, tactics);
      return { action: { type: 'open-eyes', seat: me, choice: eyesChoice(ev.camp, random(), ev.camp === 'killers' ? ev.tactics.banditEyes : ev.tactics.policeEyes) }, memory };
    }
    case 'say': {
      const view = viewOf();
      const said = speechClaim(readView(view, lean, tactics), memory, random, view.step.kind === 'last-words');
      const text = renderClaim(said.claim, lang);
      // The talk budget (docs/rules-decisions.md O22) has room for fewer characters than this speech: keep quiet this turn.
      if (plan.left !== undefined && text.trim().length > plan.left) return { action: plan.quiet ? { type: 'pass', seat: me } : null, memory: { ...memory, spoke: plan.turn } };
      return { action: { type: 'say', seat: me, text, claim: said.claim }, memory: { ...said.memory, spoke: plan.turn } };
    }
    case 'pass':
      return { action: { type: 'pass', seat: me }, memory: plan.spoke ? { ...memory, spoke: plan.spoke } : memory };
    case 'vote':
      return { action: { type: 'vote', seat: me, target: chooseVote(readView(viewOf(), lean, tactics), plan.vote.targets, plan.vote.canAbstain) }, memory };
    case 'other':
      return { action: { type: pick(random, plan.choices).type, seat: me } as SeatAction, memory };
  }
}

/**
 * infernal's one night (RULES.md 9): two sides that each open eyes at their own call know each other
 * alike, vote in equal blocks and tie every ballot to a draw. To win, a side needs to know more than
 * the other: most open at their own call, some spy at the other side's (and are taken there for
 * one of them), a few keep their eyes shut (nobody learns their side).
 */
export function eyesChoice(camp: 'killers' | 'good', r: number, how: Tactics['policeEyes'] = 'mixed'): 'bandits' | 'police' | 'none' {
  const own = camp === 'killers' ? 'bandits' : 'police';
  const [open, spy] = EYES[how];
  if (r < open) return own;
  return r < open + spy ? (own === 'bandits' ? 'police' : 'bandits') : 'none';
}

/** By the side's `eyes` tactic: how often a bot opens at its own call, and how often it spies at the other (else its eyes stay shut). */
const EYES: Record<Tactics['policeEyes'], [number, number]> = { mixed: [0.5, 0.25], own: [0.75, 0.1], spy: [0.4, 0.4] };
