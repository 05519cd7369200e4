// What one seat's view tells a bot: its side, what it checked, who claimed what, who voted for whom,
// who died at night. Read from the View alone (never the state), so a bot knows what its player knows.
// How the bot weighs it (credibility, suspicion, danger) is in weigh.ts, re-exported here.
import { gameMemo, readingAt, readThrough, type Reading, type Readings } from '../log-reading.ts';
import type { Camp, Claim, ClaimedAct, LogEntry, Role, Seat, SeatView, View } from '../types.ts';

/** The claims one seat has made so far: its latest role claim, every check result it announced, its latest vote intention. */
export interface SeatClaims {
  role?: Role;
  checks: ReadonlyMap<Seat, Camp>;
  /** `checks` as a list in the same order (made once per claim: walked at every decision). */
  checkList: readonly (readonly [Seat, Camp])[];
  /** The last vote it announced, and in which round (only this round's counts). */
  vote?: { seat: Seat; round: number };
  /** The first vote it announced in the latest round it announced one (what a changed vote is measured against). */
  firstVote?: { seat: Seat; round: number };
  /** The last seat it said it suspects, and in which round. */
  suspect?: { seat: Seat; round: number };
  /** A power role's night acts it claimed (the latest list). */
  acts?: readonly ClaimedAct[];
}

export interface Evidence {
  view: View;
  me: Seat;
  /** This bot's own seed for its hunches (from its memory): where it leans when nothing in the view points anywhere. */
  lean: number;
  role: Role;
  camp: Camp;
  /** Read-only: kept from one decision to the next while no seat view changes. */
  living: readonly Seat[];
  /** Seats known to play on my side (a night team, dual's team knowledge, infernal's open eyes), in the order learnt. */
  mates: Seat[];
  /**
   * What I know of each seat, as flags by seat number (index 0 unused): LIVING, MATE (in `mates`),
   * KILLER (known to hold the killer camp: my team's checks, a killer revealed by the verdict, the
   * other side seen at night), GOOD (known good: my own camp's mates when I am good, checks answered
   * "not a killer"). One array of small numbers per decision, cheaper to build than four sets.
   */
  known: number[];
  /** Check results my team learnt at night (police), by seat. */
  checked: Map<Seat, Camp>;
  claims: ReadonlyMap<Seat, SeatClaims>;
  /** The same claims by seat number: looked up many times per decision, where an array index is cheaper than a map. */
  claimOf: readonly (SeatClaims | undefined)[];
  /** Every revealed ballot, by voter's seat number, in the order cast. */
  ballotsBy: readonly (readonly Ballot[] | undefined)[];
  /** The round of the dawn at which each seat went out at night. */
  nightOutRound: ReadonlyMap<Seat, number>;
  /** The doctor's empty needles by seat (butterfly). */
  needles: Map<Seat, number>;
  /** Killers: the seats they chose to kill on earlier nights. */
  killsChosen: Set<Seat>;
  /** Killers: the rounds in which they chose each seat (a seat still alive after them was saved, hugged or immune). */
  killTries: ReadonlyMap<Seat, readonly number[]>;
  /**
   * Scores already worked out for this view (each is asked for many times per decision): credibility by seat,
   * then suspicion by seat from `suspicionAt` on, then trust from `trustAt` on, in one array; a score is worked out
   * for this decision when its stamp is this decision's `gen` (see `scored`); `bandwagon` for every seat at once.
   */
  memo: Scores & { bandwagon?: number[]; announced: Announced };
  /** The log's indexes of the claims (kept with the seat's reading: they change only with a new claim). */
  index: ClaimIndex;
}

/**
 * A decision's scores, in lists its seat's reading keeps from one decision to the next (a decision asks for
 * dozens of scores, and fresh lists per decision were a tenth of a 20-seat game's garbage): a score holds for
 * the decision whose `gen` its stamp carries, so an older decision's evidence read again works its scores out again.
 */
export interface Scores {
  scores: number[];
  stamps: number[];
  gen: number;
  suspicionAt: number;
  trustAt: number;
}

/** Whether score `at` has been worked out for this decision. */
export function scored(memo: Scores, at: number): boolean {
  return memo.stamps[at] === memo.gen;
}

/** Keeps score `at` for this decision, and gives it back. */
export function keepScore(memo: Scores, at: number, v: number): number {
  memo.scores[at] = v;
  memo.stamps[at] = memo.gen;
  return v;
}

/** Decisions read so far, in every game: each decision's stamp (module state, but only ever compared for equality). */
let decisions = 0;

/**
 * By seat, the most credible claimer (other than the seat itself) who announced it a killer, and that
 * credibility; the same for "not a killer" (0: nobody). Worked out once per decision (signals.ts), into
 * lists the seat's reading keeps (like `Scores`): they hold for the decision whose stamp is `gen`.
 */
export interface Announced {
  gen: number;
  killerBy: Seat[];
  killerCred: number[];
  goodBy: Seat[];
  goodCred: number[];
  /** By seat: a police claimer I take at its word (killed at night, or proven right). */
  trustedPolice: boolean[];
}

/** Lists of claims worked out once per new claim of their kind, not once per seat weighed. */
interface ClaimIndex {
  /** The seats that announced check results, in the order of their first claims. */
  checkers?: Seat[];
  /** The votes announced in round `votesRound`, as voter, seat, voter, seat…, in the order of the voters' first claims. */
  votes?: Seat[];
  votesRound?: number;
}

/**
 * A field the view may leave out, read only where the view has it: the policy never reads a field
 * its seat's view does not hold (test/engine/bots.test.ts checks this on every view it plays).
 */
export function opt<T extends object, K extends keyof T>(obj: T | undefined, key: K): T[K] | undefined {
  return obj !== undefined && key in obj ? obj[key] : undefined;
}

/** What I know of a seat, as flags in `Evidence.known`: alive, on my side, in the killer camp, good. */
export const LIVING = 1;
const MATE = 2;
const KILLER = 4;
export const GOOD = 8;
/** Went out at dawn (the killers' victims, mostly good). */
export const NIGHT_OUT = 16;

/** Whether `seat` went out at dawn (the killers' victims are mostly good). */
export function outAtNight(ev: Evidence, seat: Seat): boolean {
  return ((ev.known[seat] ?? 0) & NIGHT_OUT) !== 0;
}

/** Whether `seat` is alive in my view. */
export function living(ev: Evidence, seat: Seat): boolean {
  return ((ev.known[seat] ?? 0) & LIVING) !== 0;
}

/**
 * My hunch about `seat` when nothing in the view points anywhere, from 0 to 1: drawn from my own
 * seed, so each bot leans its own way and no seat number is favoured (the same all game long).
 */
export function prior(ev: Evidence, seat: Seat): number {
  let h = Math.imul(ev.lean ^ Math.imul(seat, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** How much a hunch weighs: less than any signal the view holds (a claim, a ballot), so evidence always wins. */
export const HUNCH = 0.3;

/** Whether `seat` is known to play on my side. */
export function isMate(ev: Evidence, seat: Seat): boolean {
  return ((ev.known[seat] ?? 0) & MATE) !== 0;
}

/** Whether `seat` is known to hold the killer camp. */
export function knownKiller(ev: Evidence, seat: Seat): boolean {
  return ((ev.known[seat] ?? 0) & KILLER) !== 0;
}

/** Whether `seat` is known to be good. */
export function knownGood(ev: Evidence, seat: Seat): boolean {
  return ((ev.known[seat] ?? 0) & GOOD) !== 0;
}

const KILLER_CAMP: ReadonlySet<Role> = new Set(['killer', 'undercover']);

/** My camp from my own card(s): a killer or undercover card puts a seat in the killers' camp. */
function myCamp(view: View): Camp {
  const me = view.me!;
  // `in` written out, not through opt(): this site sees only the viewer's own seat.
  const cards = 'cards' in me ? me.cards : undefined;
  // dual (RULES.md 8, 11): a seat of both camps plays for the camp whose card is still up.
  if (cards) return cards.some((c) => KILLER_CAMP.has(c.role) && !c.down) ? 'killers' : 'good';
  return KILLER_CAMP.has(view.me!.role) ? 'killers' : 'good';
}

/**
 * What a seat's log says, read once per entry: a bot decides many times per game, and its log only
 * grows, so each decision reads only the entries after the last one read. Every field is what a
 * full read of the same entries gives, in the same order (the bots' choices do not depend on it).
 */
interface LogReading extends Reading<LogEntry> {
  share: GameShare;
  /** How many claims of each seat, and how many reveals of ballots, this reading has read (positions in `share`). */
  claimsRead: number[];
  revealsRead: number;
  checked: Map<Seat, Camp>;
  claims: Map<Seat, SeatClaims>;
  claimOf: (SeatClaims | undefined)[];
  ballotsBy: (readonly Ballot[] | undefined)[];
  nightOut: Set<Seat>;
  nightOutRound: Map<Seat, number>;
  /** Killers revealed by the verdict. */
  outKillers: Set<Seat>;
  /** The round each seat was first chosen as the killers' target. */
  killsChosen: Map<Seat, number>;
  /** The rounds in which each seat was chosen as the killers' target (once per choice: `dual` has one per killer card). */
  killTries: Map<Seat, number[]>;
  needles: Map<Seat, number>;
  /** infernal: who opened eyes at each call, in log order. */
  eyes: { call: string; seats: Seat[] }[];
  index: ClaimIndex;
  /** The seat views read last (by index), and what each says: its number, whether it is alive, whether it shows a mate. */
  seatsSeen: SeatView[];
  /** The living seats of those views, and a flags list with LIVING set for each. */
  living?: Seat[];
  livingFlags?: number[];
  seatNo: Seat[];
  aliveSeen: boolean[];
  mateSeen: boolean[];
  /** The decisions' scores and their stamps (Scores), kept for the next decision. */
  scores: number[];
  stamps: number[];
  announced: Announced | undefined;
  /** The seats chosen as targets before round `killsBeforeRound` (read again only after a new choice or in a new round). */
  killsBefore?: Set<Seat>;
  killsBeforeRound?: number;
}


/** A revealed ballot: who voted for whom, in which round. */
export interface Ballot {
  voter: Seat;
  target: Seat;
  round: number;
}

// Each seat's reading of its own log, kept between its decisions (views of one game share their numbered entries).
const readings: Readings<LogReading> = gameMemo();

/**
 * What the seats of one game read alike, made once for all of them: each seat's reading of a 20-seat game
 * kept its own copy of every claim and ballot. Found by position (a seat's k-th claim, the game's k-th
 * reveal of ballots), not looked up by object, and checked against what the reader holds: a reader that
 * saw something else at that position (another log with the same first entry) makes its own. Read-only to the bots.
 */
interface GameShare {
  /** By seat, the k-th claim read from it: what that seat has claimed after it. */
  claims: ({ claim: Claim; before: SeatClaims | undefined; round: number; after: SeatClaims }[] | undefined)[];
  /** The k-th reveal of ballots read: its ballots, and each voter's ballots after that one. */
  reveals: { event: object; round: number; ballots: Ballot[]; afters: ({ before: readonly Ballot[] | undefined; after: readonly Ballot[] } | undefined)[] }[];
}

const shares = gameMemo<GameShare>();

/** A reading of nothing yet, every field present from the start (one shape for every reading). */
function emptyReading(log: readonly LogEntry[]): LogReading {
  return { read: 0, last: undefined, share: shares.ofLog(log, () => ({ claims: [], reveals: [] })), claimsRead: [], revealsRead: 0, checked: new Map(), claims: new Map(), claimOf: [], ballotsBy: [], nightOut: new Set(), nightOutRound: new Map(), outKillers: new Set(), killsChosen: new Map(), killTries: new Map(), needles: new Map(), eyes: [], index: {}, killsBefore: undefined, killsBeforeRound: undefined, scores: [], stamps: [], announced: undefined, seatsSeen: [], living: undefined, livingFlags: undefined, seatNo: [], aliveSeen: [], mateSeen: [] };
}

/** Reads one reveal of ballots: each voter's ballots after it. */
function readBallots(r: LogReading, e: Extract<LogEntry['event'], { type: 'ballots' }>, round: number): void {
  const k = r.revealsRead++;
  let reveal = r.share.reveals[k];
  if (!reveal || reveal.event !== e || reveal.round !== round) {
    const ballots: Ballot[] = [];
    for (const b of e.ballots) if (b.target) ballots.push({ voter: b.seat, target: b.target, round });
    r.share.reveals[k] = reveal = { event: e, round, ballots, afters: [] };
  }
  for (let i = 0; i < reveal.ballots.length; i++) {
    const b = reveal.ballots[i]!;
    const before = r.ballotsBy[b.voter];
    let kept = reveal.afters[i];
    if (!kept || kept.before !== before) reveal.afters[i] = kept = { before, after: before ? [...before, b] : [b] };
    r.ballotsBy[b.voter] = kept.after;
  }
}

function readEntry(r: LogReading, entry: LogEntry): void {
  const e = entry.event;
  switch (e.type) {
    case 'checked':
      // `in` written out at each hot site, not through opt(): each site then sees a few shapes of object, not all of them.
      if (e.target && 'answer' in e && e.answer) r.checked.set(e.target, e.answer);
      break;
    case 'said':
      if ('claim' in e && e.claim) noteClaim(r, e.seat, e.claim, entry.round);
      break;
    case 'ballots':
      readBallots(r, e, entry.round);
      break;
    case 'dawn':
      for (const s of e.out) {
        r.nightOut.add(s);
        r.nightOutRound.set(s, entry.round);
      }
      break;
    case 'out':
      if ('camp' in e && e.camp === 'killers') r.outKillers.add(e.seat);
      break;
    case 'kill-chosen':
      if (e.target) {
        const tries = r.killTries.get(e.target);
        if (tries) tries.push(entry.round);
        else r.killTries.set(e.target, [entry.round]);
      }
      if (e.target && !r.killsChosen.has(e.target)) {
        r.killsChosen.set(e.target, entry.round);
        r.killsBefore = undefined;
      }
      break;
    case 'empty-needle':
      r.needles.set(e.seat, e.count);
      break;
    case 'eyes-seen':
      r.eyes.push({ call: e.call, seats: e.seats });
      break;
  }
}

function noteClaim(r: LogReading, seat: Seat, claim: Claim, round: number): void {
  if (('vote' in claim && claim.vote !== undefined) || ('suspect' in claim && claim.suspect !== undefined)) r.index.votes = undefined;
  const checksBefore = r.claimOf[seat]?.checkList ?? NO_CHECK_LIST;
  // Map.set keeps a seat's place in the order of first claims.
  const after = afterClaim(r, seat, claim, round);
  // Check results that say something new (police repeat theirs at every speech).
  if (after.checkList !== checksBefore) r.index.checkers = undefined;
  r.claims.set(seat, after);
  r.claimOf[seat] = after;
}

const NO_CHECKS: ReadonlyMap<Seat, Camp> = new Map();
/** No check results (shared: read-only). */
export const NO_CHECK_LIST: readonly (readonly [Seat, Camp])[] = [];

/** What `seat` has claimed after one more claim (the game's share, when another seat read it after the same ones). */
function afterClaim(r: LogReading, seat: Seat, claim: Claim, round: number): SeatClaims {
  const before = r.claimOf[seat];
  const k = r.claimsRead[seat] ?? 0;
  r.claimsRead[seat] = k + 1;
  const steps = (r.share.claims[seat] ??= []);
  const kept = steps[k];
  if (kept && kept.claim === claim && kept.before === before && kept.round === round) return kept.after;
  const role = opt(claim, 'role');
  const checks = opt(claim, 'checks');
  const vote = opt(claim, 'vote');
  const suspect = opt(claim, 'suspect');
  const acts = opt(claim, 'acts');
  // Read-only once made: a new claim makes a new record (and a new map only when it announces checks).
  const after: SeatClaims = { checks: before?.checks ?? NO_CHECKS, checkList: before?.checkList ?? NO_CHECK_LIST };
  const roleBefore = before?.role;
  if (roleBefore !== undefined) after.role = roleBefore;
  if (before?.vote) after.vote = before.vote;
  if (before?.firstVote) after.firstVote = before.firstVote;
  if (before?.suspect) after.suspect = before.suspect;
  if (before?.acts) after.acts = before.acts;
  if (role) after.role = role;
  if (acts) after.acts = acts;
  if (suspect !== undefined) after.suspect = { seat: suspect, round };
  if (checks) {
    if (!role) after.role ??= 'police';
    // Results already announced, the same again: the same map and list (a new one only for something new).
    let news = false;
    for (const x of checks) if (after.checks.get(x.seat) !== x.camp) news = true;
    if (news) {
      const all = new Map(after.checks);
      for (const x of checks) all.set(x.seat, x.camp);
      after.checks = all;
      after.checkList = [...all];
    }
  }
  if (vote !== undefined) {
    after.vote = { seat: vote, round };
    if (after.firstVote?.round !== round) after.firstVote = after.vote;
  }
  steps[k] = { claim, before, round, after };
  return after;
}

/** Reads the seat's view into evidence; `view.me` must be set (a seat's view); `lean` seeds the bot's hunches (`prior`). */
export function readView(view: View, lean = 0): Evidence {
  const me = view.me!.seat;
  const camp = myCamp(view);
  const log = readingAt(readings, view.log, me, emptyReading);
  for (let i = log.read; i < view.log.length; i++) readEntry(log, view.log[i]!);
  readThrough(log, view.log);
  if (!log.killsBefore || log.killsBeforeRound !== view.round) {
    log.killsBefore = new Set<Seat>();
    log.killsBeforeRound = view.round;
    const before = log.killsBefore;
    // forEach, not for…of: no [key, value] pair per entry.
    log.killsChosen.forEach((round, seat) => {
      if (round < view.round) before.add(seat);
    });
  }
  const n = view.seats.length;
  if (log.stamps.length < 3 * (n + 1)) {
    log.scores = new Array<number>(3 * (n + 1)).fill(0);
    log.stamps = new Array<number>(3 * (n + 1)).fill(0);
    log.announced = { gen: 0, killerBy: new Array<Seat>(n + 1).fill(0), killerCred: new Array<number>(n + 1).fill(0), goodBy: new Array<Seat>(n + 1).fill(0), goodCred: new Array<number>(n + 1).fill(0), trustedPolice: new Array<boolean>(n + 1).fill(false) };
  }
  const seatsSeen = log.seatsSeen;
  const seatNo = log.seatNo;
  const aliveSeen = log.aliveSeen;
  const mateSeen = log.mateSeen;
  let changed = seatsSeen.length !== n;
  for (let i = 0; i < n; i++) {
    const s = view.seats[i]!;
    // Views give an unchanged seat again (the same object): what it says is read once per seat view, not per decision.
    if (seatsSeen[i] === s) continue;
    seatsSeen[i] = s;
    // A new view of the seat (a vote cast, a pointer) mostly leaves who is living as it was.
    if (seatNo[i] !== s.seat || aliveSeen[i] !== s.alive) changed = true;
    seatNo[i] = s.seat;
    aliveSeen[i] = s.alive;
    // dual: the police take the undercover for one of them, so a 'police' seat is only probably good.
    mateSeen[i] = s.seat !== me && !!opt(s, 'mate') && opt(s, 'holds') !== 'police';
  }
  // The living seats (read-only to the bots) and their flags, listed again only when a seat's number or life changed.
  if (changed || !log.living) {
    const living: Seat[] = [];
    const flags = new Array<number>(n + 1).fill(0);
    for (let i = 0; i < n; i++) {
      if (!aliveSeen[i]) continue;
      living.push(seatNo[i]!);
      flags[seatNo[i]!] = LIVING;
    }
    log.living = living;
    log.livingFlags = flags;
  }
  const living = log.living;
  const known = log.livingFlags!.slice();
  const mates: Seat[] = [];
  const addMate = (seat: Seat) => {
    if (known[seat]! & MATE) return;
    known[seat]! |= MATE;
    mates.push(seat);
  };
  const ev: Evidence = {
    view,
    me,
    lean,
    role: view.me!.role,
    camp,
    living,
    mates,
    known,
    checked: log.checked,
    claims: log.claims,
    claimOf: log.claimOf,
    ballotsBy: log.ballotsBy,
    nightOutRound: log.nightOutRound,
    needles: log.needles,
    killsChosen: log.killsBefore,
    killTries: log.killTries,
    memo: { scores: log.scores, stamps: log.stamps, gen: ++decisions, suspicionAt: n + 1, trustAt: 2 * (n + 1), announced: log.announced! },
    index: log.index,
  };
  for (const seat of log.outKillers) known[seat]! |= KILLER;
  for (const seat of log.nightOut) known[seat]! |= NIGHT_OUT;
  for (let i = 0; i < n; i++) if (mateSeen[i]) addMate(seatNo[i]!);
  // infernal: who opened at my side's call is on my side; at the other call, on the other side.
  const myEyes = view.ruleset === 'infernal' ? (camp === 'killers' ? 'bandits' : 'police') : null;
  for (const e of log.eyes) for (const s of e.seats) if (s !== me) e.call === myEyes ? addMate(s) : (known[s]! |= KILLER);
  ev.checked.forEach((answer, seat) => {
    // dual: a check answers for one card; "not a killer" leaves the seat's other card unknown.
    if (answer === 'killers') known[seat]! |= KILLER;
    else if (view.ruleset !== 'dual') known[seat]! |= GOOD;
  });
  if (camp === 'good') for (const m of mates) known[m]! |= GOOD;
  else for (let i = 0; i < n; i++) if (seatNo[i] !== me && !(known[seatNo[i]!]! & MATE)) known[seatNo[i]!]! |= GOOD;
  known[me]! |= GOOD;
  if (camp === 'good') {
    // A stranger's police claim is a lie when my police team opened eyes together and knows all its members.
    if (ev.role === 'police' && view.ruleset !== 'infernal') {
      ev.claims.forEach((c, seat) => {
        if (c.role === 'police' && !(known[seat]! & MATE) && seat !== me && !policeSeen(view, seat)) known[seat]! |= KILLER;
      });
    }
    for (let seat = 1; seat <= n; seat++) if (known[seat]! & KILLER) known[seat]! &= ~GOOD;
    lastSuspect(known, living);
  }
  return ev;
}

/**
 * The game goes on, so the killer camp still has someone in play: when every living seat but one is
 * known good (or known to be on my side) and none is known to be a killer, that one is.
 */
function lastSuspect(known: number[], living: readonly Seat[]): void {
  let left = 0;
  for (const seat of living) {
    const k = known[seat]!;
    if (k & KILLER) return;
    if (k & (GOOD | MATE)) continue;
    if (left !== 0) return;
    left = seat;
  }
  if (left !== 0) known[left]! |= KILLER;
}

function policeSeen(view: View, seat: Seat): boolean {
  return opt(view.seats[seat - 1], 'holds') === 'police';
}

export { bandwagon, best, checkers, credibility, danger, suspicion } from './weigh.ts';
