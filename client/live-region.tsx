// The page's two live regions: what a screen reader says of the game without being asked (the judge's
// lines, client/announce.ts). They are on the page before anything is said in them (a region that
// appears with its text is not read out), so the room page draws them from the lobby on.
import { signal } from '@preact/signals';

/** One line said to the screen reader; `n` keeps two equal lines apart (each is said). */
export interface Said {
  n: number;
  text: string;
  urgent: boolean;
}

/** The lines said so far in this room visit, the newest last (only the last few stay on the page). */
export const said = signal<Said[]>([]);
const KEPT = 6;
let n = 0;

/** Says lines: polite ones wait for the reader to finish, urgent ones (your turn, your call) interrupt. */
export function announce(lines: { text: string; urgent: boolean }[]): void {
  if (!lines.length) return;
  said.value = [...said.value, ...lines.map((l) => ({ n: ++n, ...l }))].slice(-KEPT);
}

/** The two regions, visually hidden: each new line is a node of its own, so a repeated line is said again. */
export function LiveRegions() {
  const lines = said.value;
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
