// A speech's structured claim (a role, check results, a vote intention, a suspicion, a power role's
// night acts, a reason, a contested check): checked for form only.
// It is public speech, so it may lie; the engine never compares it with the truth.
import type { Camp, Claim, ClaimedAct, GameState, ReasonKind, Role } from './types.ts';

const CAMPS: readonly Camp[] = ['killers', 'good'];

/** The roles whose card acts on one seat at night, other than the police's checks (those are `checks`). */
export const ACTING_ROLES: readonly Role[] = ['doctor', 'butterfly', 'old-man', 'secret-police', 'sniper'];

const REASONS: readonly ReasonKind[] = ['checked-killer', 'voted-cleared', 'voted-victim', 'voted-police', 'changed-vote', 'counter-claim', 'defended-killer', 'false-check', 'false-role', 'followed-vote', 'known-killer', 'checks-agree', 'named-proven', 'against-police', 'few-votes', 'echoed-vote', 'voted-together', 'victim-voted', 'seen-at-call', 'spared-claimer', 'named-me', 'voted-me-out', 'role-contested', 'unchecked', 'hunch'];

/** The reasons about one seat alone (no `other`): a hunch or a guess, and what the speaker's own card and night knowledge say. */
export const LONE_REASONS: readonly ReasonKind[] = ['false-role', 'known-killer', 'seen-at-call', 'spared-claimer', 'named-me', 'voted-me-out', 'unchecked', 'hunch'];

/**
 * The claim as the log keeps it (only the known fields, in a fixed order), or why it is malformed:
 * a role of this game's deck (never the judge), checks of distinct seats, seats of this table;
 * night acts only with an acting role, one per night, on nights played so far; a reason about the
 * seat the claim suspects or votes, and another seat.
 */
export function readClaim(state: GameState, raw: unknown): { claim: Claim } | { error: string } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { error: 'a claim is an object with role, checks, vote, suspect or acts' };
  const given = raw as Record<string, unknown>;
  const seats = state.alive.length;
  const isSeat = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 1 && x <= seats;
  const claim: Claim = {};
  if (given.role !== undefined) {
    const deck: readonly Role[] = state.cards ?? state.deck;
    if (typeof given.role !== 'string' || given.role === 'judge' || !deck.includes(given.role as Role)) {
      return { error: 'a claimed role must be one of this game\'s cards' };
    }
    claim.role = given.role as Role;
  }
  if (given.checks !== undefined) {
    if (!Array.isArray(given.checks) || given.checks.length === 0 || given.checks.length > seats) return { error: `claimed checks are a list of 1 to ${seats} results` };
    const checks: NonNullable<Claim['checks']> = [];
    for (const c of given.checks as unknown[]) {
      const check = c as Record<string, unknown> | null;
      if (typeof check !== 'object' || check === null || !isSeat(check.seat) || !CAMPS.includes(check.camp as Camp)) {
        return { error: 'a claimed check names a seat and a camp (killers or good)' };
      }
      if (checks.some((x) => x.seat === check.seat)) return { error: 'a claim checks each seat at most once' };
      checks.push({ seat: check.seat, camp: check.camp as Camp });
    }
    claim.checks = checks;
  }
  if (given.vote !== undefined) {
    if (!isSeat(given.vote)) return { error: 'a claimed vote names a seat of this table' };
    claim.vote = given.vote;
  }
  if (given.suspect !== undefined) {
    if (!isSeat(given.suspect)) return { error: 'a claimed suspicion names a seat of this table' };
    claim.suspect = given.suspect;
  }
  if (given.acts !== undefined) {
    if (claim.role === undefined || !ACTING_ROLES.includes(claim.role)) return { error: `claimed night acts need the role that acts (${ACTING_ROLES.join(', ')})` };
    if (!Array.isArray(given.acts) || given.acts.length === 0 || given.acts.length > state.round) return { error: `claimed night acts are a list of 1 to ${state.round} acts` };
    const acts: ClaimedAct[] = [];
    for (const a of given.acts as unknown[]) {
      const act = a as Record<string, unknown> | null;
      const night = act?.night;
      if (typeof act !== 'object' || act === null || !isSeat(act.seat) || typeof night !== 'number' || !Number.isInteger(night) || night < 1 || night > state.round) {
        return { error: `a claimed night act names a night from 1 to ${state.round} and a seat` };
      }
      if (acts.some((x) => x.night === night)) return { error: 'a claim names each night at most once' };
      acts.push({ night, seat: act.seat });
    }
    claim.acts = acts;
  }
  if (given.why !== undefined) {
    const why = given.why as Record<string, unknown> | null;
    const lone = LONE_REASONS.includes(why?.kind as ReasonKind);
    const otherOk = lone ? why?.other === undefined : isSeat(why?.other) && why.seat !== why.other;
    if (typeof why !== 'object' || why === null || !REASONS.includes(why.kind as ReasonKind) || !isSeat(why.seat) || !otherOk) {
      return { error: `a reason has a kind (${REASONS.join(', ')}) and two different seats (one seat only for ${LONE_REASONS.join(', ')})` };
    }
    if (why.seat !== claim.suspect && why.seat !== claim.vote) return { error: 'a reason is about the seat the claim suspects or votes' };
    // "3 police claims agree", "one of only 3 votes": a count, only with those kinds, at most one per seat.
    const counted = why.kind === 'checks-agree' || why.kind === 'few-votes' || why.kind === 'voted-me-out';
    const least = why.kind === 'checks-agree' ? 2 : 1;
    if (counted ? typeof why.count !== 'number' || !Number.isInteger(why.count) || why.count < least || why.count > seats : why.count !== undefined) {
      return { error: 'a checks-agree reason counts 2 or more claims, a few-votes reason 1 or more ballots (and only those kinds have a count)' };
    }
    claim.why = lone ? { kind: why.kind as ReasonKind, seat: why.seat } : { kind: why.kind as ReasonKind, seat: why.seat, other: why.other as number };
    if (counted) claim.why.count = why.count as number;
  }
  if (given.contest !== undefined) {
    const c = given.contest as Record<string, unknown> | null;
    if (typeof c !== 'object' || c === null || !isSeat(c.seat) || !isSeat(c.check) || c.seat === c.check) return { error: 'a contested check names the claimer and the seat it claims to have checked' };
    claim.contest = { seat: c.seat, check: c.check };
  }
  if (claim.role === undefined && claim.checks === undefined && claim.vote === undefined && claim.suspect === undefined && claim.contest === undefined) {
    return { error: 'a claim holds a role, checks, a vote or a suspicion' };
  }
  return { claim };
}
