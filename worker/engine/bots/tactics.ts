// The bots' tactics, as data: a few named choices per role (the knobs), and the choice made for each
// ruleset and table size by self-play (`npm run simulate -- --tune`, docs/balance.md "Tactics chosen
// by self-play"). The night rules (night.ts), the killers' speech and vote (fakes.ts) and the police's
// reveal (speech.ts) read them from the seat's evidence (`Evidence.tactics`).
import type { Camp, RulesetId } from '../types.ts';

/** Every knob and its choices (`TODAY` names the play before tactics). */
export const CHOICES = {
  /** Killers: how often each killer, at its first speech, fakes a police claim (none, 13 %, 30 %). */
  fake: ['none', 'rare', 'often'],
  /** Killers: a faker stands alone, or a second killer claims police beside it with the same results (two claims that agree). */
  pair: ['alone', 'backed'],
  /** Killers: a killer named a killer (or whose mate is) by a police claimer counter-claims police against it. */
  counter: ['off', 'on'],
  /** Killers: whom a fake "not a killer" goes to: always the first mate (today's giveaway) or a mate or a stranger alike. */
  fakeClear: ['mate', 'mixed'],
  /** Killers: a mate the table is already voting out is bussed (voted by the team, named a killer by a faker) to gain trust. */
  bus: ['never', 'doomed'],
  /** Killers: whom they kill: claimed police first; seats police claims cleared (the table's anchors); anyone but a claimed police (the protected one). */
  kill: ['police', 'trusted', 'unclaimed'],
  /** Killers: whom they kill among the rest: those whose ballots came for a mate (the town reads that: "the victim had voted #N"), or never for that. */
  spite: ['accusers', 'quiet'],
  /** Killers: how they vote by day: as a block joining the table's votes, or each its own guess (no block to read), the dangerous seats first either way. */
  ballot: ['block', 'spread'],
  /** infernal, each side at the one night: open at its own call half the time and spy a quarter (mixed), mostly open at its own (own), or spy as often (spy). */
  policeEyes: ['mixed', 'own', 'spy'],
  banditEyes: ['mixed', 'own', 'spy'],
  /** Good side: what it reads by day besides the claims: the ballots' patterns too (few votes, voting alike, joining without a reason, the victim's votes), or the claims alone. */
  read: ['ballots', 'claims'],
  /** Doctor: the most credible police claimer (any credit); or only a claimer the table still believes, else the most trusted seat. */
  protect: ['credible', 'guard'],
  /** Butterfly: hug the most credible police claimer; or as the guarding doctor. */
  hug: ['police', 'guard'],
  /** Secret police, sniper: shoot on strong evidence only, or on fair evidence. */
  shoot: ['strong', 'fair'],
  /** Forest old man: mute on fair evidence, or on strong evidence only. */
  mute: ['fair', 'strong'],
  /** Police: stand up beside a teammate's claim when votes gather on it, or at once (the team known, the claim backed). */
  back: ['threat', 'always'],
  /** Police: reveal from round 2, from round 3 or on a found killer (today), or only when pressed (a rival claim, last words, round 4). */
  reveal: ['early', 'found', 'hold'],
} as const;

export type Knob = keyof typeof CHOICES;
/** One choice per knob. */
export type Tactics = { [K in Knob]: (typeof CHOICES)[K][number] };

/** The side whose bots turn each knob (and whose wins self-play maximises when it chooses it). */
export const SIDE: Record<Knob, Camp> = {
  fake: 'killers',
  pair: 'killers',
  counter: 'killers',
  fakeClear: 'killers',
  bus: 'killers',
  kill: 'killers',
  spite: 'killers',
  ballot: 'killers',
  policeEyes: 'good',
  banditEyes: 'killers',
  read: 'good',
  protect: 'good',
  hug: 'good',
  shoot: 'good',
  mute: 'good',
  reveal: 'good',
  back: 'good',
};

/** How the bots played before they had tactics: self-play starts here. */
export const TODAY: Tactics = { fake: 'rare', pair: 'alone', counter: 'off', fakeClear: 'mate', bus: 'never', kill: 'police', spite: 'accusers', ballot: 'block', policeEyes: 'mixed', banditEyes: 'mixed', read: 'ballots', protect: 'credible', hug: 'police', shoot: 'strong', mute: 'fair', reveal: 'found', back: 'threat' };

const FAKERS: Knob[] = ['fake', 'pair', 'counter', 'fakeClear', 'bus', 'kill', 'spite', 'ballot', 'read'];
/** The knobs a ruleset's cards give its bots (a knob of a role the deck lacks changes nothing, so self-play skips it). */
export const KNOBS: Record<RulesetId, readonly Knob[]> = {
  classic: [...FAKERS, 'reveal', 'back'],
  original: ['bus', 'kill', 'spite', 'ballot', 'read'],
  runoff: [...FAKERS, 'reveal', 'back'],
  infernal: ['policeEyes', 'banditEyes', 'read'],
  raw: ['kill', 'spite', 'ballot', 'read'],
  doctor: [...FAKERS, 'protect', 'shoot', 'reveal', 'back'],
  butterfly: [...FAKERS, 'protect', 'hug', 'shoot', 'mute', 'reveal', 'back'],
  dual: [...FAKERS, 'protect', 'hug', 'shoot', 'reveal', 'back'],
};

/** The chosen tactics of one size band: tables of up to `upTo` seats (dual counts the judge's seat). */
interface Band {
  upTo: number;
  tactics: Partial<Tactics>;
}

/**
 * Chosen by self-play, `npm run simulate -- --tune` on today's code (docs/balance.md "Tactics chosen by self-play": the best
 * response of each side, held to the 35–65 % target where a side's free best response leaves it): per ruleset, its size
 * bands in order (a band reaches halfway to the next size tuned); unnamed knobs play as `TODAY`.
 */
export const CHOSEN: Record<RulesetId, readonly Band[]> = {
  classic: [{ upTo: 10, tactics: { fake: 'often', pair: 'backed', counter: 'on', bus: 'doomed', reveal: 'hold' } }, { upTo: 14, tactics: { fake: 'often', pair: 'backed', counter: 'on', bus: 'doomed', reveal: 'hold' } }, { upTo: Infinity, tactics: { fake: 'none', bus: 'doomed', reveal: 'hold', back: 'always' } }],
  original: [{ upTo: 12, tactics: { spite: 'quiet', ballot: 'spread', read: 'claims' } }, { upTo: 17, tactics: { bus: 'doomed', spite: 'quiet', ballot: 'spread', read: 'claims' } }, { upTo: Infinity, tactics: { bus: 'doomed', spite: 'quiet', ballot: 'spread', read: 'claims' } }],
  runoff: [{ upTo: 12, tactics: { fake: 'often', pair: 'backed', counter: 'on', reveal: 'hold' } }, { upTo: 17, tactics: { fake: 'none', pair: 'backed', counter: 'on', bus: 'doomed', spite: 'quiet', reveal: 'hold' } }, { upTo: Infinity, tactics: { fake: 'none', pair: 'backed', counter: 'on', bus: 'doomed', reveal: 'hold' } }],
  infernal: [{ upTo: 8, tactics: { policeEyes: 'own', banditEyes: 'spy' } }, { upTo: 13, tactics: { policeEyes: 'own' } }, { upTo: Infinity, tactics: { policeEyes: 'own', read: 'claims' } }],
  raw: [{ upTo: 6, tactics: { ballot: 'spread' } }, { upTo: 7, tactics: { ballot: 'spread', read: 'claims' } }, { upTo: Infinity, tactics: { ballot: 'spread', read: 'claims' } }],
  doctor: [{ upTo: 10, tactics: { fake: 'often', pair: 'backed', counter: 'on', fakeClear: 'mixed', bus: 'doomed', kill: 'trusted', spite: 'quiet', protect: 'guard', shoot: 'fair', reveal: 'early' } }, { upTo: 16, tactics: { fake: 'often', pair: 'backed', counter: 'on', fakeClear: 'mixed', bus: 'doomed', kill: 'unclaimed', spite: 'quiet', protect: 'guard', reveal: 'hold' } }, { upTo: Infinity, tactics: { fake: 'often', pair: 'backed', bus: 'doomed' } }],
  butterfly: [{ upTo: 13, tactics: { fake: 'often', pair: 'backed', counter: 'on', fakeClear: 'mixed', bus: 'doomed', shoot: 'fair', reveal: 'hold' } }, { upTo: 17, tactics: { fake: 'often', pair: 'backed', counter: 'on', bus: 'doomed', kill: 'unclaimed', reveal: 'early' } }, { upTo: Infinity, tactics: { fake: 'often', pair: 'backed', fakeClear: 'mixed' } }],
  dual: [{ upTo: 10, tactics: { fake: 'often', pair: 'backed', protect: 'guard' } }, { upTo: 14, tactics: { fake: 'often', pair: 'backed', kill: 'unclaimed', spite: 'quiet', protect: 'guard', hug: 'guard' } }, { upTo: Infinity, tactics: { fake: 'often', pair: 'backed', counter: 'on', kill: 'trusted', protect: 'guard', reveal: 'early' } }],
};

/** The chosen bands as whole records, made once (the bots look their tactics up at every decision). */
const RESOLVED = Object.fromEntries(
  Object.entries(CHOSEN).map(([id, bands]) => [id, bands.map((b) => ({ upTo: b.upTo, tactics: { ...TODAY, ...b.tactics } as Tactics }))]),
) as Record<RulesetId, { upTo: number; tactics: Tactics }[]>;

/** The tactics the bots of a ruleset play at a table of `seats` seats. */
export function tacticsFor(ruleset: RulesetId, seats: number): Tactics {
  const bands = RESOLVED[ruleset];
  for (const b of bands) if (seats <= b.upTo) return b.tactics;
  return bands[bands.length - 1]!.tactics;
}

/** Each killer's chance of faking a police claim at its first speech. */
export const FAKE_RATE: Record<Tactics['fake'], number> = { none: 0, rare: 0.13, often: 0.3 };

/** Whether a police bot with nothing pressing (no rival claim, not its last words) reveals its results now. */
export function revealsNow(t: Tactics, foundKiller: boolean, round: number): boolean {
  if (t.reveal === 'hold') return round >= 4;
  return foundKiller || round >= (t.reveal === 'early' ? 2 : 3);
}
