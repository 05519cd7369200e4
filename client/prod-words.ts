// What the host is told after reminding a seat: honest about the push (it reaches a phone only where
// notifications are on and something is due, which the host may not learn) and about the one thing
// the host may know, whether the player has the room open now.
import type { Key } from './strings.ts';

/** The words after the host's reminder to a seat that is (or is not) connected now. */
export function prodWords(connected: boolean | undefined): [Key, Key] {
  return ['prodded', connected ? 'prodOnline' : 'prodOffline'];
}
