// The heuristic bot: a pure function from one seat's View (what viewFor(state, { kind: 'seat', seat })
// returns), a seeded random source and the bot's own memory to one action from `view.legal`, or none.
// It never reads the state, only the view, so a room can run it on exactly what the player would see.
import { renderClaim, type ClaimLang } from './claims.ts';
import { chooseVote } from './ballot.ts';
import { opt, readView, type Evidence } from './evidence.ts';
import { nightRule } from './night.ts';
import { speechClaim, type BotMemory } from './speech.ts';
import { pick, type Random } from '../random.ts';
import type { LegalAction, SeatAction, View } from '../types.ts';

export type { BotMemory } from './speech.ts';

/** The action types this policy plays; any other legal type (a later step's "confirm") falls back to a random choice. */
const PLAYED = new Set(['point', 'open-eyes', 'say', 'pass', 'vote']);
/** Types the policy knows and never takes: the killers' self-destruct, surrender, team chat. */
const DECLINED = new Set(['team-chat', 'self-destruct', 'surrender']);

export interface BotMove {
  action: SeatAction | null;
  memory: BotMemory;
}

/** The bot's move for this seat's view, and its memory afterwards; `lang` is the language of its speech text. */
export function heuristicMove(view: View, random: Random, memory: BotMemory, lang: ClaimLang = 'en'): BotMove {
  const me = opt(view, 'me')?.seat;
  if (!me || view.legal.length === 0) return { action: null, memory };
  let ev: Evidence | undefined;
  const evidence = (): Evidence => (ev ??= readView(view));

  const points = view.legal.filter((l): l is Extract<LegalAction, { type: 'point' }> => l.type === 'point');
  const slot = points.find((p) => (opt(p, 'cards') ? p.currentCard === null : p.current === null));
  if (slot) {
    const target = nightRule(slot.call, evidence())(evidence(), slot.targets, random);
    const slotCards = opt(slot, 'cards');
    if (!slotCards) return { action: { type: 'point', seat: me, target }, memory };
    // dual: aim at one of the chosen seat's cards this card may aim at.
    const cards = slotCards.filter((c) => c.seat === target);
    const aim = cards.length > 0 ? pick(random, cards) : null;
    return { action: aim ? { type: 'point', seat: me, target: aim.seat, card: aim.card, hand: slot.hand! } : { type: 'point', seat: me, target: 0, hand: slot.hand! }, memory };
  }

  const eyes = view.legal.find((l) => l.type === 'open-eyes');
  if (eyes) return { action: { type: 'open-eyes', seat: me, choice: evidence().camp === 'killers' ? 'bandits' : 'police' }, memory };

  const step = view.step;
  if (step.kind === 'speech' || step.kind === 'last-words' || step.kind === 'talk' || step.kind === 'open-day') {
    // An open day (RULES.md 11) is one speech per window: say it once, then "done".
    const turn = `${view.round}:${step.kind}:${step.kind === 'speech' || step.kind === 'open-day' ? step.purpose : ''}`;
    if (memory.spoke !== turn && view.legal.some((l) => l.type === 'say')) {
      const said = speechClaim(evidence(), memory, random, step.kind === 'last-words');
      return { action: { type: 'say', seat: me, text: renderClaim(said.claim, lang), claim: said.claim }, memory: { ...said.memory, spoke: turn } };
    }
    if (view.legal.some((l) => l.type === 'pass')) return { action: { type: 'pass', seat: me }, memory };
  }

  const vote = view.legal.find((l): l is Extract<LegalAction, { type: 'vote' }> => l.type === 'vote');
  if (vote) return { action: { type: 'vote', seat: me, target: chooseVote(evidence(), vote.targets, vote.canAbstain) }, memory };

  return { action: unknownMove(view, random), memory };
}

/** A legal action this policy does not play (added by a later rule, e.g. "I have seen my card"): taken at random, as the way forward. */
function unknownMove(view: View, random: Random): SeatAction | null {
  const unknown = view.legal.filter((l) => !PLAYED.has(l.type) && !DECLINED.has(l.type));
  if (unknown.length === 0) return null;
  return { type: pick(random, unknown).type, seat: view.me!.seat } as SeatAction;
}
