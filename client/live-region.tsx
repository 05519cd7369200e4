// The page's two live regions: what a screen reader says of the game without being asked (the judge's
// lines, client/announce.ts). They are on the page before anything is said in them (a region that
// appears with its text is not read out), so the room page draws them from the lobby on.
import { signal } from '@preact/signals';
import { useLayoutEffect } from 'preact/hooks';

/** One line said to the screen reader; `n` keeps two equal lines apart (each is said). */
export interface Said {
  n: number;
  text: string;
  urgent: boolean;
}

/**
 * The lines said since the page last drew them, in order: a drawn line leaves with the next batch, so the
 * regions never grow, and lines that come faster than the page draws (a burst of quick passes) all reach it:
 * a line leaves only once the regions have drawn it.
 */
export const said = signal<Said[]>([]);
let n = 0;
/** The last line the regions have drawn (set as they draw, not by a timer: a timer once let a line go undrawn). */
let drawnUpTo = 0;
// A hidden page draws nothing: what it keeps meanwhile is bounded.
const MAX_WAITING = 40;

/** Says lines: polite ones wait for the reader to finish, urgent ones (your turn, your call) interrupt. */
export function announce(lines: { text: string; urgent: boolean }[]): void {
  if (!lines.length) return;
  const batch = lines.map((l) => ({ n: ++n, ...l }));
  // The lines not drawn yet stay, before the new ones; those drawn leave.
  said.value = [...said.value.filter((l) => l.n > drawnUpTo), ...batch].slice(-MAX_WAITING);
}

/** The two regions, visually hidden: each new line is a node of its own, so a repeated line is said again. */
export function LiveRegions() {
  const lines = said.value;
  useLayoutEffect(() => {
    drawnUpTo = Math.max(drawnUpTo, lines.at(-1)?.n ?? 0);
  }, [lines]);
  return (
    <div class="sr-only">
      <div aria-live="polite" aria-atomic="false" data-testid="announce-polite">
        {lines.filter((l) => !l.urgent).map((l) => <p key={l.n}>{l.text}</p>)}
      </div>
      <div aria-live="assertive" aria-atomic="false" data-testid="announce-urgent">
        {lines.filter((l) => l.urgent).map((l) => <p key={l.n}>{l.text}</p>)}
      </div>
    </div>
  );
}
