// What a seat may do right now. The client draws its controls from this and bots play from it,
// so no rule is ever re-implemented outside the engine.
import { isDay } from './kernel.ts';
import { hasTeamChannel } from './call-audience.ts';
import { cardRefusal, pointRefusal } from './night-call.ts';
import { voteTargets } from './ballot.ts';
import { maySurrender } from './surrender.ts';
import { livingSeats } from './seats.ts';
import { indexOfCard, refOf, seatOfCard } from './cards.ts';
import { RULESETS } from './rulesets.ts';
import { readingPending } from './reading.ts';
import { isConfirmed, needsConfirm } from './night-confirm.ts';
import { owesSpeech, speechLeft } from './open-day.ts';
import { StateMemo } from './state-memo.ts';
import { messagesLeft, textRoom } from './talk-budget.ts';
import { MAX_TEXT } from './kernel.ts';
import type { CardRef, GameState, LegalAction, Seat } from './types.ts';

// Legal actions of the states asked about last, by seat: a state is asked about many times in a row
// (every viewer's view, the room's bots planning, a simulator's policies), so each seat's are worked out once.
const legalOf = new StateMemo<GameState, (LegalAction[] | undefined)[]>(4);

/** The actions this seat may take now, with their legal targets (read-only: callers share the list). */
export function legalActions(state: GameState, seat: Seat): LegalAction[] {
  // Only a seat of the table is kept (a room may ask about a number it was sent).
  if (!Number.isInteger(seat) || seat < 1 || seat > state.alive.length) return legalNow(state, seat);
  const bySeat = legalOf.of(state, () => []);
  return (bySeat[seat] ??= legalNow(state, seat));
}

function legalNow(state: GameState, seat: Seat): LegalAction[] {
  if (state.result || state.pausedRemaining !== null) return [];
  const step = state.step;
  const out: LegalAction[] = [];
  switch (step.kind) {
    case 'reading':
      if (readingPending(state).includes(seat)) out.push({ type: 'seen' });
      break;
    case 'call': {
      const confirm = needsConfirm(step);
      if (step.slots) {
        // `dual`: one pointer per acting card of this seat, each with the cards it may aim at.
        for (const actor of step.slots.filter((c) => seatOfCard(c) === seat)) {
          if (isConfirmed(step, actor)) continue;
          const cards: CardRef[] = [];
          for (const t of livingSeats(state)) {
            for (const card of [0, 1] as const) if (cardRefusal(state, step.call, actor, t, card) === null) cards.push({ seat: t, card });
          }
          const aim = step.aims?.[actor];
          // A card whose pointers for this call are spent (talk-budget.ts) keeps its aim: it may only confirm.
          if (messagesLeft(state, 'point', actor) > 0) out.push({
            type: 'point',
            call: step.call,
            targets: [...new Set(cards.map((c) => c.seat))],
            current: aim === undefined ? null : aim === 0 ? 0 : seatOfCard(aim),
            hand: indexOfCard(actor),
            cards,
            currentCard: aim === undefined ? null : aim === 0 ? 0 : refOf(aim),
            ...(confirm ? { confirm: true as const } : {}),
          });
          if (confirm && aim !== undefined) out.push({ type: 'confirm', call: step.call, hand: indexOfCard(actor) });
        }
        if ((step.actors.includes(seat) || step.watchers?.includes(seat)) && hasTeamChannel(step)) pushTalk(out, state, 'team-chat', seat);
      } else if (step.actors.includes(seat)) {
        if (!isConfirmed(step, seat)) {
          const targets = livingSeats(state).filter((t) => pointRefusal(state, step.call, seat, t) === null);
          const current = seat in step.pointers ? step.pointers[seat]! : null;
          // A seat whose pointers for this call are spent (talk-budget.ts) keeps its pointer: it may only confirm.
          if (messagesLeft(state, 'point', seat) > 0) out.push({ type: 'point', call: step.call, targets, current, ...(confirm ? { confirm: true as const } : {}) });
          if (confirm && current !== null) out.push({ type: 'confirm', call: step.call });
        }
        if (hasTeamChannel(step)) pushTalk(out, state, 'team-chat', seat);
      }
      break;
    }
    case 'talk':
      if (state.alive[seat - 1]) {
        pushTalk(out, state, 'say', seat);
        if (!step.ready.includes(seat)) out.push({ type: 'pass' });
      }
      break;
    case 'open-day':
      if (owesSpeech(step, seat)) {
        pushTalk(out, state, 'say', seat, speechLeft(step, seat));
        out.push({ type: 'pass' });
      }
      break;
    case 'eyes':
      if (state.alive[seat - 1] && !(seat in step.choices)) out.push({ type: 'open-eyes', choices: ['bandits', 'police', 'none'] });
      break;
    case 'last-words':
    case 'speech':
      if (step.seat === seat) {
        pushTalk(out, state, 'say', seat);
        out.push({ type: 'pass' });
      }
      break;
    case 'ballot':
      if (step.voters.includes(seat) && !(seat in step.ballots) && (step.turn === undefined || step.turn === seat)) {
        const targets = voteTargets(state, seat);
        out.push({ type: 'vote', targets, canAbstain: !step.mustVote || targets.length === 0 });
      }
      break;
    case 'over':
      return out;
  }
  if (isDay(state) && RULESETS[state.setup.ruleset].selfDestruct && state.alive[seat - 1] && state.roles[seat - 1] === 'killer') {
    out.push({ type: 'self-destruct' });
  }
  if (maySurrender(state, seat)) out.push({ type: 'surrender' });
  return out;
}

/**
 * A message move (a speech's `say`, the team's `team-chat`) while its budget holds one more
 * (talk-budget.ts): with how many messages are left and, when fewer than one message may hold, the
 * characters (`window`: an open day's speech still to post).
 */
function pushTalk(out: LegalAction[], state: GameState, type: 'say' | 'team-chat', seat: Seat, window = MAX_TEXT): void {
  const messages = messagesLeft(state, type === 'say' ? 'say' : 'chat', seat);
  const left = Math.min(window, textRoom(state, seat));
  if (messages === 0 || left === 0) return;
  out.push(left < MAX_TEXT || state.step.kind === 'open-day' ? { type, messages, left } : { type, messages });
}

/** The seats the current step waits for (who has not acted yet). */
export function pendingSeats(state: GameState): Seat[] {
  const step = state.step;
  switch (step.kind) {
    case 'reading':
      return readingPending(state);
    case 'call': {
      const confirm = needsConfirm(step);
      if (step.slots) return step.actors.filter((a) => step.slots!.some((c) => seatOfCard(c) === a && (!(c in (step.aims ?? {})) || (confirm && !isConfirmed(step, c)))));
      return step.actors.filter((a) => !step.surrender.includes(a) && (!(a in step.pointers) || (confirm && !isConfirmed(step, a))));
    }
    case 'talk':
      return livingSeats(state).filter((seat) => !step.ready.includes(seat));
    case 'open-day':
      return step.speakers.filter((seat) => owesSpeech(step, seat));
    case 'eyes':
      return livingSeats(state).filter((seat) => !(seat in step.choices));
    case 'last-words':
    case 'speech':
      return [step.seat];
    case 'ballot':
      if (step.turn !== undefined) return step.turn in step.ballots ? [] : [step.turn];
      return step.voters.filter((v) => !(v in step.ballots));
    case 'over':
      return [];
  }
}
