// The killers' day tactics (tactics.ts): when a killer fakes a police claim, what its made-up results
// say (a counter-claim against an accuser, a cleared mate or stranger, a bussed mate), and when the
// team votes out a mate the table is voting out already. Read by the killers' speech (speech.ts) and vote (ballot.ts).
import { claimsPolice, isMate, living, type Evidence } from './evidence.ts';
import { best, danger } from './weigh.ts';
import { FAKE_RATE } from './tactics.ts';
import type { Camp, Seat } from '../types.ts';
import { pick, type Random } from '../random.ts';

/** One made-up check result. */
export type FakeResult = { seat: Seat; camp: Camp };

/** Whether this killer, not faking yet, starts a fake police claim at this speech: at its first one by chance, or against an accuser. */
export function startsFaking(ev: Evidence, firstSpeech: boolean, random: Random): boolean {
  if (firstSpeech && random() < FAKE_RATE[ev.tactics.fake]) return true;
  return ev.tactics.counter === 'on' && accuser(ev, null) !== 0;
}

/** A living stranger claiming police who named me or a mate a killer (and whom `told` does not yet answer), or 0. */
function accuser(ev: Evidence, told: ReadonlySet<Seat> | null): Seat | 0 {
  for (const s of ev.living) {
    if (s === ev.me || isMate(ev, s) || told?.has(s) || !claimsPolice(ev, s)) continue;
    for (const [target, camp] of ev.claimOf[s]!.checkList) if (camp === 'killers' && (target === ev.me || isMate(ev, target)) && living(ev, target)) return s;
  }
  return 0;
}

/** A living mate that a majority of the living seats, outside the team, announced they vote this round (the team cannot save it), or 0. */
export function doomedMate(ev: Evidence): Seat | 0 {
  if (ev.tactics.bus !== 'doomed') return 0;
  const round = ev.view.round;
  for (const m of ev.mates) {
    if (!living(ev, m)) continue;
    let against = 0;
    for (const s of ev.living) {
      const v = ev.claimOf[s]?.vote;
      if (v && v.round === round && v.seat === m && s !== ev.me && !isMate(ev, s)) against++;
    }
    // A majority of every living seat, whatever the team votes.
    if (2 * against > ev.living.length) return m;
  }
  return 0;
}

/**
 * The faker's next made-up result (one per speech): an accuser named a killer (counter-claim); a doomed mate
 * named a killer (bussing); else now and then a "not a killer" (the first mate, or anyone alike), else the most dangerous good seat.
 */
export function nextFake(ev: Evidence, fake: readonly FakeResult[], random: Random): FakeResult | undefined {
  const told = new Set(fake.map((f) => f.seat));
  if (ev.tactics.counter === 'on') {
    const a = accuser(ev, told);
    if (a !== 0) return { seat: a, camp: 'killers' };
  }
  const doomed = doomedMate(ev);
  if (doomed !== 0 && !told.has(doomed)) return { seat: doomed, camp: 'killers' };
  const victims = ev.living.filter((s) => s !== ev.me && !isMate(ev, s) && !told.has(s));
  const mates = ev.mates.filter((s) => ev.living.includes(s) && !told.has(s));
  if (ev.tactics.fakeClear === 'mate') {
    if (mates.length > 0 && random() < 0.3) return { seat: mates[0]!, camp: 'good' };
  } else if (random() < 0.3) {
    // A mate or a stranger alike: a "not a killer" that always lands on the team gives it away.
    const pool = mates.length > 0 && (victims.length === 0 || random() < 0.5) ? mates : victims;
    if (pool.length > 0) return { seat: pick(random, pool), camp: 'good' };
  }
  return victims.length > 0 ? { seat: best(victims, (s) => danger(ev, s), random)!, camp: 'killers' } : undefined;
}
