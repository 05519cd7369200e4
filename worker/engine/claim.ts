// A speech's structured claim (a role, check results, a vote intention): checked for form only.
// It is public speech, so it may lie; the engine never compares it with the truth.
import type { Camp, Claim, GameState, Role } from './types.ts';

const CAMPS: readonly Camp[] = ['killers', 'good'];

/**
 * The claim as the log keeps it (only the known fields, in a fixed order), or why it is malformed:
 * a role of this game's deck (never the judge), checks of distinct seats, seats of this table.
 */
export function readClaim(state: GameState, raw: unknown): { claim: Claim } | { error: string } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { error: 'a claim is an object with role, checks or vote' };
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
  if (claim.role === undefined && claim.checks === undefined && claim.vote === undefined) return { error: 'a claim holds a role, checks or a vote' };
  return { claim };
}
