// `dual`: every seat's two cards as a list, shared by the running game's god view and the end screen.
import type { View } from '../worker/engine/types.ts';
import { roleName, who } from './log-text.ts';

/** `dual`: every seat's two cards as far as the view shows them (the god view: all faces), those laid down struck through; ★ marks a winner. */
export function CardList({ v }: { v: View }) {
  return (
    <ul class="roles" data-testid="card-list">
      {v.seats.map((s) => (
        <li data-testid="role" data-role={s.role}>
          {who(s.seat)}:{' '}
          {s.cards?.map((c, k) => (
            <>
              {k ? ' · ' : ''}
              <span class={c.role}>
                <b class={c.down && c.role !== 'judge' ? 'down' : ''} data-testid="card-face">
                  {c.role ? roleName(c.role) : '?'}
                </b>
              </span>
            </>
          ))}
          {v.result?.winners?.includes(s.seat) && ' ★'}
        </li>
      ))}
    </ul>
  );
}
