// The game screen's areas. Phones stack them in this order; at ≥ 1000 px (style.css) the controls,
// the table and the rest sit in a column beside the history/feed column, which stays in view.
import type { ComponentChildren } from 'preact';

/** Areas by name (CSS grid areas `controls`, `table`, `more`, `history`): other screens fill the same slots. */
export function GameLayout({ controls, table, more, history }: { controls: ComponentChildren; table: ComponentChildren; more: ComponentChildren; history: ComponentChildren }) {
  return (
    <div class="layout">
      <div class="area-controls">{controls}</div>
      <div class="area-table">{table}</div>
      <div class="area-more">{more}</div>
      <div class="area-history">{history}</div>
    </div>
  );
}
