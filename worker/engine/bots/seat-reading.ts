// What a seat's log says, read onward: its claims (by seat, shared by the game's seats), its ballots
// revealed, its checks, deaths, kill choices and eyes seen. Kept between the seat's decisions, so each
// decision reads only the entries added since its last one (evidence.ts turns it into evidence).
import { gameMemo, readingAt, readThrough, type Reading, type Readings } from '../log-reading.ts';
import { emptyKey, type Announced, type ScoreKey } from './scores.ts';
import { alikeVoters } from './alike-votes.ts';
import { ACTING } from './one-card-roles.ts';
import type { Camp, Claim, ClaimedAct, LogEntry, ReasonKind, Role, Seat } from '../types.ts';
import type { BotSeatView } from '../bot-view.ts';

/** The claims one seat has made so far: its latest role claim, every check result it announced, its latest vote intention. */
export interface SeatClaims {
  role?: Role;
  checks: ReadonlyMap<Seat, Camp>;
  /** `checks` as a list in the same order (made once per claim: walked at every decision). */
  checkList: readonly (readonly [Seat, Camp])[];
  /** The last vote it announced, in which round (only this round's counts), and the kind of reason it gave for it (none: a bare vote). */
  vote?: { seat: Seat; round: number; why?: ReasonKind };
  /** The first vote it announced in the latest round it announced one (what a changed vote is measured against). */
  firstVote?: { seat: Seat; round: number };
  /** The round of its first police claim (the role, or check results), and its place among the game's claims (which police claim came first). */
  policeSince?: number;
  policeOrder?: number;
  /** The last seat it said it suspects, and in which round. */
  suspect?: { seat: Seat; round: number };
  /** A power role's night acts it claimed (the latest list). */
  acts?: readonly ClaimedAct[];
  /** The seats whose claims it said its own knowledge disproves (a contested check, a false role or check as its vote's reason), in order. */
  disputes?: readonly Seat[];
}

/** Lists of claims worked out once per new claim of their kind, not once per seat weighed. */
export interface ClaimIndex {
  /** The seats that announced check results, in the order of their first claims. */
  checkers?: Seat[];
  /** The votes announced in round `votesRound`, as voter, seat, the kind of reason given (or none), voter…, in the order of the voters' first claims. */
  votes?: (Seat | ReasonKind | undefined)[];
  votesRound?: number;
}

/**
 * What a seat's log says, read once per entry: a bot decides many times per game, and its log only
 * grows, so each decision reads only the entries after the last one read. Every field is what a
 * full read of the same entries gives, in the same order (the bots' choices do not depend on it).
 */
export interface LogReading extends Reading<LogEntry> {
  share: GameShare;
  /** How many claims this reading has read in all (a claim's place in the game). */
  claimsSeen: number;
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
  /** By voter: the seats its ballot helped put out by a verdict, with how many ballots did it (the killers' block decides a day the town's votes scatter). */
  putOutBy: ({ target: Seat; votes: number }[] | undefined)[];
  /** By seat, the night victims who had voted against it the day before they died (the killers kill those who come for them). */
  victimVoted: (Seat[] | undefined)[];
  /** By seat, the seats that voted alike with it on two days or more, after the reveals read (the game's share, alike-votes.ts). */
  alike: readonly (readonly Seat[])[];
  /** The last reveal of ballots read (a verdict follows the ballot that decided it). */
  lastBallots: readonly Ballot[] | undefined;
  /** The round each seat was first chosen as the killers' target. */
  killsChosen: Map<Seat, number>;
  /** The rounds in which each seat was chosen as the killers' target (once per choice: `dual` has one per killer card). */
  killTries: Map<Seat, number[]>;
  needles: Map<Seat, number>;
  /** infernal: who opened eyes at each call, in log order. */
  eyes: { call: string; seats: Seat[] }[];
  index: ClaimIndex;
  /** The seat views read last (by index), and what each says: its number, whether it is alive, whether it shows a mate. */
  seatsSeen: BotSeatView[];
  /** The list of seat views read last. */
  seatList: readonly BotSeatView[] | undefined;
  /** The living seats of those views, and a flags list with LIVING set for each. */
  living?: Seat[];
  livingFlags?: number[];
  seatNo: Seat[];
  aliveSeen: boolean[];
  mateSeen: boolean[];
  /** Which of those views show the seat holding a police card (dual's card knowledge). */
  policeSeen: boolean[];
  /** The flags and mates of the last decision (Evidence.known, .mates), and what they were worked out from: see readView. */
  known: number[] | undefined;
  mates: Seat[];
  knownVersion: number;
  knownCamp: string;
  knownRole: string;
  /** The decisions' scores and their stamps (Scores), kept for the next decision. */
  scores: number[];
  stamps: number[];
  announced: Announced | undefined;
  /** What the scores kept were worked out from (scores.ts), and each seat's claims and ballots its suspicion was worked out from. */
  key: ScoreKey;
  claimSeen: (SeatClaims | undefined)[];
  credSeen: (SeatClaims | undefined)[];
  ballotsSeen: (readonly Ballot[] | undefined)[];
  /**
   * Counts what changes the scores of every seat at once (scores.ts): a check result found, a seat out at dawn or
   * revealed a killer, eyes seen, new check results claimed, a police claimer's new role or acts. Any other claim, and
   * a reveal of ballots, change no score but the seat's own credibility and suspicion (checked by seat, weigh.ts).
   */
  version: number;
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
  reveals: { event: object; round: number; ballots: Ballot[]; afters: ({ before: readonly Ballot[] | undefined; after: readonly Ballot[] } | undefined)[]; alike?: Seat[][] }[];
}

const shares = gameMemo<GameShare>();

/** A reading of nothing yet, every field present from the start (one shape for every reading). */
function emptyReading(log: readonly LogEntry[]): LogReading {
  return { read: 0, last: undefined, share: shares.ofLog(log, () => ({ claims: [], reveals: [] })), claimsSeen: 0, claimsRead: [], revealsRead: 0, checked: new Map(), claims: new Map(), claimOf: [], ballotsBy: [], nightOut: new Set(), nightOutRound: new Map(), outKillers: new Set(), putOutBy: [], victimVoted: [], alike: [], lastBallots: undefined, killsChosen: new Map(), killTries: new Map(), needles: new Map(), eyes: [], index: {}, killsBefore: undefined, killsBeforeRound: undefined, scores: [], stamps: [], announced: undefined, key: emptyKey(), claimSeen: [], credSeen: [], ballotsSeen: [], version: 0, seatsSeen: [], seatList: undefined, living: undefined, livingFlags: undefined, seatNo: [], aliveSeen: [], mateSeen: [], policeSeen: [], known: undefined, mates: [], knownVersion: -1, knownCamp: '', knownRole: '' };
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
  r.lastBallots = reveal.ballots;
  for (let i = 0; i < reveal.ballots.length; i++) {
    const b = reveal.ballots[i]!;
    const before = r.ballotsBy[b.voter];
    let kept = reveal.afters[i];
    if (!kept || kept.before !== before) reveal.afters[i] = kept = { before, after: before ? [...before, b] : [b] };
    r.ballotsBy[b.voter] = kept.after;
  }
  // Every seat reads the same ballots: who voted alike is worked out by the first reader of this reveal.
  r.alike = reveal.alike ??= alikeVoters(r.ballotsBy);
}

/** A verdict put `seat` out: each ballot that did it is noted against its voter, with how many there were. */
function putOut(r: LogReading, seat: Seat, ballots: readonly Ballot[]): void {
  let votes = 0;
  for (const b of ballots) if (b.target === seat) votes++;
  for (const b of ballots) if (b.target === seat) (r.putOutBy[b.voter] ??= []).push({ target: seat, votes });
  // Every voter's suspicion may change.
  r.version++;
}

function readEntry(r: LogReading, entry: LogEntry): void {
  const e = entry.event;
  switch (e.type) {
    case 'checked':
      // `in` written out at each hot site, not through opt(): each site then sees a few shapes of object, not all of them.
      if (e.target && 'answer' in e && e.answer) {
        r.checked.set(e.target, e.answer);
        r.version++;
      }
      break;
    case 'said':
      if ('claim' in e && e.claim) {
        r.claimsSeen++;
        noteClaim(r, e.seat, e.claim, entry.round);
      }
      break;
    case 'ballots':
      readBallots(r, e, entry.round);
      break;
    case 'dawn':
      for (const s of e.out) {
        r.nightOut.add(s);
        r.nightOutRound.set(s, entry.round);
        r.version++;
        for (const b of r.ballotsBy[s] ?? []) if (b.round === entry.round - 1) (r.victimVoted[b.target] ??= []).push(s);
      }
      break;
    case 'out':
      if ('camp' in e && e.camp === 'killers') {
        r.outKillers.add(e.seat);
        r.version++;
      }
      if (e.how === 'voted' && r.lastBallots) putOut(r, e.seat, r.lastBallots);
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
      r.version++;
      break;
  }
}

function noteClaim(r: LogReading, seat: Seat, claim: Claim, round: number): void {
  if (('vote' in claim && claim.vote !== undefined) || ('suspect' in claim && claim.suspect !== undefined)) r.index.votes = undefined;
  const before = r.claimOf[seat];
  const checksBefore = before?.checkList ?? NO_CHECK_LIST;
  // Map.set keeps a seat's place in the order of first claims.
  const after = afterClaim(r, seat, claim, round);
  // Check results that say something new (police repeat theirs at every speech).
  if (after.checkList !== checksBefore || after.disputes !== before?.disputes || after.role !== before?.role) r.index.checkers = undefined;
  // New check results, or a police claimer's new role or acts, can change any seat's scores; any other claim changes only
  // the claimer's own credibility and suspicion (weigh.ts works those out again when the seat's claims change).
  // A claim of a one-of-a-kind acting role changes the rival claimers' suspicion too (signals.ts).
  const acting = after.role !== before?.role && (ACTING.has(after.role!) || ACTING.has(before?.role!));
  if (acting || after.checkList !== checksBefore || after.disputes !== before?.disputes || ((!before || after.role !== before.role || after.acts !== before.acts) && (claimsPolice(before) || claimsPolice(after)))) r.version++;
  r.claims.set(seat, after);
  r.claimOf[seat] = after;
}

/** Whether these claims claim police (the role, or check results): such a claimer's word weighs on every seat's scores. */
function claimsPolice(c: SeatClaims | undefined): boolean {
  return c !== undefined && (c.role === 'police' || c.checks.size > 0);
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
  // `in` written out, not through opt(): this site then sees only claims' shapes.
  const role = 'role' in claim ? claim.role : undefined;
  const checks = 'checks' in claim ? claim.checks : undefined;
  const vote = 'vote' in claim ? claim.vote : undefined;
  const suspect = 'suspect' in claim ? claim.suspect : undefined;
  const acts = 'acts' in claim ? claim.acts : undefined;
  // Read-only once made: a new claim makes a new record (and a new map only when it announces checks).
  const after: SeatClaims = { checks: before?.checks ?? NO_CHECKS, checkList: before?.checkList ?? NO_CHECK_LIST };
  const roleBefore = before?.role;
  if (roleBefore !== undefined) after.role = roleBefore;
  if (before?.vote) after.vote = before.vote;
  if (before?.firstVote) after.firstVote = before.firstVote;
  if (before?.suspect) after.suspect = before.suspect;
  if (before?.acts) after.acts = before.acts;
  if (before?.disputes) after.disputes = before.disputes;
  if (before?.policeSince !== undefined) after.policeSince = before.policeSince;
  if (before?.policeOrder !== undefined) after.policeOrder = before.policeOrder;
  if (role) after.role = role;
  if (acts) after.acts = acts;
  if (suspect !== undefined) after.suspect = { seat: suspect, round };
  // "#5's result on #2 is not what I know", "#5 claims a role I know is not theirs": the speaker disputes #5's claim.
  const contested = 'contest' in claim ? claim.contest?.seat : undefined;
  const why = 'why' in claim ? claim.why : undefined;
  const disputed = why && (why.kind === 'false-role' || why.kind === 'false-check') ? why.seat : undefined;
  for (const d of [contested, disputed]) if (d !== undefined && d !== seat && !after.disputes?.includes(d)) after.disputes = [...(after.disputes ?? []), d];
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
  if (after.policeSince === undefined && (after.role === 'police' || after.checks.size > 0)) {
    after.policeSince = round;
    after.policeOrder = r.claimsSeen;
  }
  if (vote !== undefined) {
    const kind = why?.seat === vote ? why.kind : undefined;
    after.vote = kind ? { seat: vote, round, why: kind } : { seat: vote, round };
    if (after.firstVote?.round !== round) after.firstVote = after.vote;
  }
  steps[k] = { claim, before, round, after };
  return after;
}


/** The seat's reading of `log` (its own view's log), brought up to date. */
export function seatReading(log: readonly LogEntry[], me: Seat): LogReading {
  const r = readingAt(readings, log, me, emptyReading);
  for (let i = r.read; i < log.length; i++) readEntry(r, log[i]!);
  return readThrough(r, log);
}
