// What a bot's own night knowledge says of a claim: its police team checks together and knows every
// result, so a teammate's claimed result the team never found, or anyone's result against one the
// team found, is false; and where the deck has one card of an acting role, whoever else claims the
// bot's own role lies. The bot weighs it so (credibility) and says so (`contest`, the vote's reason).
import { claimsPolice, isMate, type Evidence } from './evidence.ts';
import { ACTING, ONE_EACH } from './one-card-roles.ts';
import type { Seat } from '../types.ts';


/** Whether `seat` claims the acting role I hold, where the deck has only one card of it. */
export function claimsMyRole(ev: Evidence, seat: Seat): boolean {
  return seat !== ev.me && ACTING.has(ev.role) && ONE_EACH.has(ev.view.ruleset) && ev.claimOf[seat]?.role === ev.role;
}

/** Whether I sit on a police team that checks together and knows all its results (not dual: a check there answers for one card). */
function knowsTeamChecks(ev: Evidence): boolean {
  return ev.camp === 'good' && ev.role === 'police' && ev.view.ruleset !== 'dual' && ev.view.ruleset !== 'infernal';
}

/** The first seat of `claimer`'s announced check results that my own view disproves, or 0. */
export function disprovedCheck(ev: Evidence, claimer: Seat): Seat {
  if (claimer === ev.me || ev.checked.size === 0 && !knowsTeamChecks(ev)) return 0;
  const list = ev.claimOf[claimer]?.checkList;
  if (!list) return 0;
  const teammate = knowsTeamChecks(ev) && isMate(ev, claimer) && claimsPolice(ev, claimer);
  for (const [target, camp] of list) {
    const found = ev.checked.get(target);
    // dual: "not a killer" answers for one card only; a "killer" found stands.
    if (found !== undefined && found !== camp && (ev.view.ruleset !== 'dual' || found === 'killers')) return target;
    if (found === undefined && teammate) return target;
  }
  return 0;
}

/** The claim to contest in my speech: a living claimer's result my own view disproves (the first in seat order), or none. */
export function checkToContest(ev: Evidence): { seat: Seat; check: Seat } | undefined {
  for (const seat of ev.living) {
    const check = disprovedCheck(ev, seat);
    if (check !== 0) return { seat, check };
  }
  return undefined;
}
