// Which seats voted alike on two days or more (the ballots' patterns, ballot-patterns.ts): worked out
// once per reveal of ballots for every seat of a game, since every seat sees the same ballots.
import type { Seat } from '../types.ts';

/** A revealed ballot as this file reads it (seat-reading.ts's Ballot). */
type Ballot = { target: Seat; round: number };
const NO_BALLOTS: readonly Ballot[] = [];

/** By seat, the seats whose day ballots named the same seat as its own, one of a small group, on two days or more, in seat order (before any seat's knowledge is applied). */
export function alikeVoters(ballotsBy: readonly (readonly Ballot[] | undefined)[]): Seat[][] {
  // By day and seat voted for, its voters (each voter's first ballot of the day); then each pair of them counts a day alike.
  const days = new Map<number, Map<Seat, Seat[]>>();
  for (let voter = 1; voter < ballotsBy.length; voter++) {
    let round = 0;
    for (const b of ballotsBy[voter] ?? NO_BALLOTS) {
      if (b.round === round) continue;
      round = b.round;
      let day = days.get(b.round);
      if (!day) days.set(b.round, (day = new Map()));
      const voters = day.get(b.target);
      if (voters) voters.push(voter);
      else day.set(b.target, [voter]);
    }
  }
  const count = new Map<number, number>();
  const bySeat: Seat[][] = [];
  for (const day of days.values()) {
    let cast = 0;
    for (const voters of day.values()) cast += voters.length;
    // A small group only: the killers are about a quarter of the table, and a town that follows evidence votes in a crowd.
    const small = Math.max(3, Math.ceil(cast / 4) + 1);
    for (const voters of day.values()) {
      if (voters.length > small) continue;
      for (let i = 0; i < voters.length; i++) {
        for (let j = i + 1; j < voters.length; j++) {
          const k = voters[i]! * 256 + voters[j]!;
          const c = (count.get(k) ?? 0) + 1;
          count.set(k, c);
          if (c !== 2) continue;
          (bySeat[voters[i]!] ??= []).push(voters[j]!);
          (bySeat[voters[j]!] ??= []).push(voters[i]!);
        }
      }
    }
  }
  for (const list of bySeat) list?.sort((a, b) => a - b);
  return bySeat;
}
