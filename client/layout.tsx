// The game screen's areas. Phones stack them in this order; at ≥ 1000 px (style.css) the controls,
// the table and the rest sit in a column beside the history/feed column, which stays in view.
import type { ComponentChildren } from 'preact';

/**
 * Areas by name (CSS grid areas `controls`, `table`, `more`, `history`): other screens fill the same slots.
 * The history column scrolls on its own on a desktop, so it takes the keyboard's focus (arrows scroll it) and is named.
 */
export function GameLayout({ controls, table, more, history, historyLabel }: { controls: ComponentChildren; table: ComponentChildren; more: ComponentChildren; history: ComponentChildren; historyLabel: string }) {
  return (
    <div class="layout">
      <div class="area-controls">{controls}</div>
      <div class="area-table">{table}</div>
      <div class="area-more">{more}</div>
      <div class="area-history" tabIndex={0} role="region" aria-label={historyLabel}>
        {history}
      </div>
    </div>
  );
}
