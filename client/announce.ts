// A game a screen reader can follow on a phone: every line the table screen's judge would say aloud
// (client/table-voice.ts, the same words and the same moments) is said through the page's live
// regions (client/live-region.tsx) in the player's language, once; the line that opens the player's
// own turn or night call interrupts. When a step opens for the player by day, focus moves to its first control.
import { effect } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { LegalAction, View } from '../worker/engine/types.ts';
import { lang } from './i18n.ts';
import { afterNextFrame, room, view } from './state.ts';
import { tableLines } from './table-voice.ts';
import { announce } from './live-region.tsx';

// What a player is asked to do now: a step that offers one of these is the player's turn or call.
const YOUR_MOVE = new Set<LegalAction['type']>(['seen', 'point', 'open-eyes', 'say', 'pass', 'vote']);

/** Whether the view asks its player to act now. */
export function yourMove(v: View): boolean {
  return !v.result && v.legal.some((a) => YOUR_MOVE.has(a.type));
}

/** The view as the table sees it: the player's own entries (card, team, pointers, checks) are never said aloud. */
function tableView(v: View): View {
  return { ...v, log: v.log.filter((e) => e.to === 'all') };
}

/** Which turn a step is: a new one opens when this changes. */
function turnOf(v: View): string {
  const s = v.step;
  return [v.round, s.kind, 'call' in s ? s.call : '', 'seat' in s ? s.seat : '', 'purpose' in s ? s.purpose : '', 'turn' in s ? s.turn : ''].join('|');
}

/** The lines to say between two views; the step's own line is urgent when the step asks this player to act. */
export function phoneLines(before: View | null, after: View): { text: string; urgent: boolean }[] {
  const l = lang.peek();
  const a = tableView(after);
  // A player who cannot see the feed hears every other seat's speech (its claim in the reader's language), as the table screen says a bot's.
  const lines = tableLines(l, before && tableView(before), a, (seat) => seat !== after.me?.seat);
  const mine = yourMove(after);
  const stepLine = mine ? tableLines(l, null, a).at(-1)?.text : undefined;
  return lines.map((s) => ({ text: s.text, urgent: s.text === stepLine }));
}

// The step's first control, in the order a player acts: a speech's box, a pointer's or a ballot's first
// target, a Pass, "I have seen my card", else its first button.
const MAIN = ['textarea', '[data-testid=point-target]', '[data-testid=vote-target]', '[data-testid=pass]', '[data-testid=seen]', '[data-testid=reading] button', '.act button:not([disabled])'];

/** Moves focus to the open step's first control, unless the player is typing elsewhere. */
function focusStep(): void {
  const busy = document.activeElement;
  if (busy instanceof HTMLTextAreaElement && busy.value && !busy.closest('[data-testid=step]')) return;
  const step = document.querySelector('[data-testid=step]');
  for (const sel of MAIN) {
    const el = step?.querySelector<HTMLElement>(sel);
    if (el) return el.focus();
  }
}

/** Says the judge's lines for every view this screen gets, and moves focus when a step opens for the player. */
export function useAnnouncer(): void {
  useEffect(() => {
    let before: View | null = null;
    let turn = '';
    // A signal effect, not a render effect: every view is read, so two steps between renders are both said.
    return effect(() => {
      const v = view.value;
      if (!v || v === before) return;
      // Face to face the table screen says every line aloud to the room: a phone saying it again would
      // only echo it (and its dark night screen must hold nothing of a call, rules-decisions T3, T6).
      if (!room.peek()?.table) announce(phoneLines(before, v));
      before = v;
      const now = turnOf(v);
      // Not at night: a screen reader reads the control it lands on, a sound only a called phone would make (rules-decisions T6).
      if (now !== turn && yourMove(v) && v.phase !== 'night') afterNextFrame(focusStep);
      turn = now;
    });
  }, []);
}
