// The viewer's own card is face down until its owner taps it, and turns down again by itself after
// PEEK_MS or on a second tap: at a shared table (face to face, a café) a neighbour may glance at the
// phone, so no screen keeps a role up unattended. One state for every place that shows the card
// (the card itself, the reading step's panel, roles and teammates on the table, the team panel).
import { signal } from '@preact/signals';

/** How long a card turned up stays up before it turns down by itself. */
export const PEEK_MS = 10_000;

/** Whether the viewer's own card is turned up now. */
export const cardUp = signal(false);

let timer: ReturnType<typeof setTimeout> | undefined;

/** Turns the card up (until PEEK_MS have passed) or down; by default, the other way from now. */
export function turnCard(up = !cardUp.value): void {
  clearTimeout(timer);
  cardUp.value = up;
  if (up) timer = setTimeout(() => (cardUp.value = false), PEEK_MS);
}
