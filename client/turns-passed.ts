// The turns a frame passed through without showing them (client/table-voice.ts says their lines).
import type { LogEntry, Seat, SpeechPurpose, StepView, View } from '../worker/engine/types.ts';

/** The speaker's turn a step is ("speech:4", "last-words:5", "defence:3"), or null for a step that is nobody's turn. */
export function turnOf(step: StepView): string | null {
  if (step.kind === 'speech' || step.kind === 'last-words') return `${step.kind}:${step.seat}`;
  if (step.kind === 'ballot' && step.turn !== undefined) return `defence:${step.turn}`;
  return null;
}

// The log's turn boundaries: after one, whose turn it is and for what has changed.
const BOUNDARY = new Set<LogEntry['event']['type']>(['dawn', 'day', 'nightfall', 'ballot', 'ballots', 'out']);

/** A turn a frame passed through: whose, for what (a speech's purpose, or last words), and its `turn` mark. */
export interface PassedTurn {
  seat: Seat;
  purpose: SpeechPurpose | 'last-words';
  turn: string;
}

/**
 * A bot's quick pass and the next turn can reach a screen as one frame (docs/protocol.md, Bursts),
 * whose step is then the turn after. The log still carries each such turn, as its speaker's speech
 * or pass: its line belongs just before that entry, so the lines are the same however the frames
 * fall (each turn once, in order). A window where everyone speaks at once (`dual`'s free talk, an
 * open day) has no turns but last words.
 */
export class TurnsPassed {
  /** The turn said last (its mark), so the step's own line is not said again. */
  lastSaid: string | undefined;
  private turn: string | null;
  private purpose: SpeechPurpose;
  private readonly out: Set<Seat>;
  private readonly first: number;
  private readonly last: number;
  private readonly before: View;
  private readonly after: View;
  private readonly fresh: readonly LogEntry[];

  constructor(before: View, after: View, fresh: readonly LogEntry[]) {
    this.before = before;
    this.after = after;
    this.fresh = fresh;
    this.turn = turnOf(before.step);
    this.purpose = before.step.kind === 'speech' ? before.step.purpose : 'day';
    this.out = new Set(before.seats.filter((s) => !s.alive).map((s) => s.seat));
    const bounds = fresh.flatMap((e, i) => (BOUNDARY.has(e.event.type) ? [i] : []));
    this.first = bounds[0] ?? fresh.length;
    this.last = bounds.at(-1) ?? -1;
  }

  /** The turn that entry `i` (read in order) shows begun and that no frame showed; null when it begins none. */
  at(i: number): PassedTurn | null {
    const ev = this.fresh[i]!.event;
    switch (ev.type) {
      case 'dawn':
        for (const seat of ev.out) this.out.add(seat);
        this.purpose = 'day';
        this.turn = null;
        return null;
      case 'out':
        this.out.add(ev.seat);
        this.turn = null;
        return null;
      case 'ballots':
        // A tie's face-off (PK), then the outside face-off; the first stage of a runoff leads to defences.
        if (ev.purpose === 'runoff-first') this.purpose = 'defence';
        else if (ev.top.length > 1 && (ev.purpose === 'day' || ev.purpose === 'pk')) this.purpose = ev.purpose === 'day' ? 'pk' : 'outside-pk';
        this.turn = null;
        return null;
      case 'day':
      case 'nightfall':
      case 'ballot':
        this.turn = null;
        return null;
      case 'said':
      case 'passed': {
        // Ready to vote (free talk) and an open day's Done end no turn.
        if (ev.type === 'passed' && (ev.ready || ev.done)) return null;
        const lastWords = this.out.has(ev.seat);
        const turn = `${lastWords ? 'last-words' : 'speech'}:${ev.seat}`;
        const shown = this.turn === turn;
        this.turn = ev.type === 'passed' ? null : turn;
        if (shown || (!lastWords && this.inWindow(i))) return null;
        this.lastSaid = turn;
        return { seat: ev.seat, purpose: lastWords ? 'last-words' : this.purpose, turn };
      }
      default:
        return null;
    }
  }

  /** Whether entry `i` falls in a window where everyone speaks at once: the one the frame began or ended in. */
  private inWindow(i: number): boolean {
    const windowed = (step: StepView) => step.kind === 'talk' || step.kind === 'open-day';
    return (windowed(this.before.step) && i < this.first) || (windowed(this.after.step) && i > this.last);
  }
}
