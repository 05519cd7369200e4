// What one seat's view tells a bot: its side, what it checked, who claimed what, who voted for whom,
// who died at night. Read from the View alone (never the state), so a bot knows what its player knows.
// How the bot weighs it (credibility, suspicion, danger) is in weigh.ts, re-exported here.
import { seatReading, type Ballot, type ClaimIndex, type LogReading, type SeatClaims } from './seat-reading.ts';
import { decisionStamp, work, type Announced, type Scores } from './scores.ts';
import { opt } from './view-field.ts';
import type { Camp, Role, Seat } from '../types.ts';
import type { BotView } from '../bot-view.ts';
import { tacticsFor, type Tactics } from './tactics.ts';

export { opt } from './view-field.ts';
export type { Ballot, SeatClaims } from './seat-reading.ts';

export interface Evidence {
  view: BotView;
  me: Seat;
  /** This bot's own seed for its hunches (from its memory): where it leans when nothing in the view points anywhere. */
  lean: number;
  role: Role;
  camp: Camp;
  /** Read-only: kept from one decision to the next while no seat view changes. */
  living: readonly Seat[];
  /** Seats known to play on my side (a night team, dual's team knowledge, infernal's open eyes), in the order learnt. */
  mates: readonly Seat[];
  /**
   * What I know of each seat, as flags by seat number (index 0 unused): LIVING, MATE (in `mates`),
   * KILLER (known to hold the killer camp: my team's checks, a killer revealed by the verdict),
   * SEEN_OTHER (infernal: opened eyes at the other side's call, so of that side or a spy of mine), GOOD (known good: my own camp's mates when I am good, checks answered
   * "not a killer"). One array of small numbers, cheaper to build than four sets; read-only: kept from one
   * decision to the next while nothing it is worked out from changes (and `mates` with it).
   */
  known: readonly number[];
  /** Check results my team learnt at night (police), by seat. */
  checked: Map<Seat, Camp>;
  claims: ReadonlyMap<Seat, SeatClaims>;
  /** The same claims by seat number: looked up many times per decision, where an array index is cheaper than a map. */
  claimOf: readonly (SeatClaims | undefined)[];
  /** Every revealed ballot, by voter's seat number, in the order cast. */
  ballotsBy: readonly (readonly Ballot[] | undefined)[];
  /** By voter: the seats its ballot helped put out by a verdict, and how many ballots did it. */
  putOutBy: readonly (readonly { target: Seat; votes: number }[] | undefined)[];
  /** By seat, the night victims who had voted against it the day before they died. */
  victimVoted: readonly (readonly Seat[] | undefined)[];
  /** By seat, the seats that voted alike with it on two days or more (alike-votes.ts; known killers not yet set aside). */
  alike: readonly (readonly Seat[])[];
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
  /** How this bot plays its role (tactics.ts): the ruleset's chosen tactics, or those self-play is trying. */
  tactics: Tactics;
}


/** What I know of a seat, as flags in `Evidence.known`: alive, on my side, in the killer camp, good. */
export const LIVING = 1;
const MATE = 2;
const KILLER = 4;
export const GOOD = 8;
/** Went out at dawn (the killers' victims, mostly good). */
export const NIGHT_OUT = 16;
/** infernal: opened eyes at the other side's call (that side, or a spy of my own side seen there too). */
const SEEN_OTHER = 32;

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
/** How much seeing a seat at the other side's call (infernal) adds to its suspicion: more than a caught liar, short of known. */
export const SPIED_SUSPICION = 5;

/** Whether `seat` is known to play on my side. */
export function isMate(ev: Evidence, seat: Seat): boolean {
  return ((ev.known[seat] ?? 0) & MATE) !== 0;
}

/** Whether `seat` is known to hold the killer camp. */
export function knownKiller(ev: Evidence, seat: Seat): boolean {
  return ((ev.known[seat] ?? 0) & KILLER) !== 0;
}

/**
 * infernal: whether I saw `seat` open its eyes at the other side's call (docs/rules/infernal.md "The one night").
 * Only a spy of my side sees that call, and every seat there is of the other side or a spy of mine like me:
 * a strong suspect, never a known one.
 */
export function seenAtOtherCall(ev: Evidence, seat: Seat): boolean {
  return ((ev.known[seat] ?? 0) & SEEN_OTHER) !== 0;
}

/** Whether `seat` is known to be good. */
export function knownGood(ev: Evidence, seat: Seat): boolean {
  return ((ev.known[seat] ?? 0) & GOOD) !== 0;
}

const KILLER_CAMP: ReadonlySet<Role> = new Set(['killer', 'undercover']);

/** My camp from my own card(s): a killer or undercover card puts a seat in the killers' camp. */
function myCamp(view: BotView): Camp {
  const me = view.me!;
  // `in` written out, not through opt(): this site sees only the viewer's own seat.
  const cards = 'cards' in me ? me.cards : undefined;
  // dual (RULES.md 8, 11): a seat of both camps plays for the camp whose card is still up.
  if (cards) return cards.some((c) => KILLER_CAMP.has(c.role) && !c.down) ? 'killers' : 'good';
  return KILLER_CAMP.has(view.me!.role) ? 'killers' : 'good';
}
/**
 * Reads the seat's view into evidence; `view.me` must be set (a seat's view); `lean` seeds the bot's hunches (`prior`);
 * `tactics` replaces the ruleset's chosen tactics (self-play trying others).
 */
export function readView(view: BotView, lean = 0, tactics?: Tactics): Evidence {
  const me = view.me!.seat;
  const camp = myCamp(view);
  work.evidence++;
  const log = seatReading(view.log, me);
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
    log.announced = { gen: 0, killerBy: new Array<Seat>(n + 1).fill(0), killerCred: new Array<number>(n + 1).fill(0), goodBy: new Array<Seat>(n + 1).fill(0), goodCred: new Array<number>(n + 1).fill(0), killerCount: new Array<number>(n + 1).fill(0), trustedPolice: new Array<boolean>(n + 1).fill(false) };
  }
  const seatsSeen = log.seatsSeen;
  const seatNo = log.seatNo;
  const aliveSeen = log.aliveSeen;
  const mateSeen = log.mateSeen;
  const policeHeld = log.policeSeen;
  let changed = seatsSeen.length !== n;
  // Whether a seat's mate mark or police card changed (what `known` reads of the seat views besides life and number).
  let marks = false;
  // The very list read last (botSeatView gives its list again while no seat changed): every seat was read from it.
  if (log.seatList !== view.seats) for (let i = 0; i < n; i++) {
    const s = view.seats[i]!;
    // Views give an unchanged seat again (the same object): what it says is read once per seat view, not per decision.
    if (seatsSeen[i] === s) continue;
    seatsSeen[i] = s;
    // A new view of the seat (a vote cast, a pointer) mostly leaves who is living as it was.
    if (seatNo[i] !== s.seat || aliveSeen[i] !== s.alive) changed = true;
    seatNo[i] = s.seat;
    aliveSeen[i] = s.alive;
    // dual: the police take the undercover for one of them, so a 'police' seat is only probably good.
    // `in` written out, not through opt(): this site then sees only seat views' shapes.
    const holds = 'holds' in s ? s.holds : undefined;
    const mate = s.seat !== me && 'mate' in s && !!s.mate && holds !== 'police';
    if (mate !== mateSeen[i] || (holds === 'police') !== policeHeld[i]) marks = true;
    mateSeen[i] = mate;
    policeHeld[i] = holds === 'police';
  }
  log.seatList = view.seats;
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
  // What I know of each seat is worked out again only when something it reads changed: a seat's life, number, mate
  // mark or police card, my camp or role, or what the reading's `version` counts (checks, deaths, eyes, claims of a role).
  const role = view.me!.role;
  if (log.known && !changed && !marks && log.knownVersion === log.version && log.knownCamp === camp && log.knownRole === role) {
    const key = log.key;
    return evidence(view, me, lean, role, camp, log, log.known, log.mates, lean === key.lean ? key.gen : decisionStamp(key, log.known, LIVING, camp, role, lean, log.version), tactics);
  }
  const known = log.livingFlags!.slice();
  const mates: Seat[] = [];
  const addMate = (seat: Seat) => {
    if (known[seat]! & MATE) return;
    known[seat]! |= MATE;
    mates.push(seat);
  };
  for (const seat of log.outKillers) known[seat]! |= KILLER;
  for (const seat of log.nightOut) known[seat]! |= NIGHT_OUT;
  for (let i = 0; i < n; i++) if (mateSeen[i]) addMate(seatNo[i]!);
  // infernal: who opened at my side's call is taken for my side; who opened at the other call, where I spied, is of the
  // other side or spying like me (nothing there tells the two apart), so a suspect but not a known one.
  const myEyes = view.ruleset === 'infernal' ? (camp === 'killers' ? 'bandits' : 'police') : null;
  for (const e of log.eyes) for (const s of e.seats) if (s !== me) e.call === myEyes ? addMate(s) : (known[s]! |= SEEN_OTHER);
  log.checked.forEach((answer, seat) => {
    // dual: a check answers for one card; "not a killer" leaves the seat's other card unknown.
    if (answer === 'killers') known[seat]! |= KILLER;
    else if (view.ruleset !== 'dual') known[seat]! |= GOOD;
  });
  if (camp === 'good') for (const m of mates) known[m]! |= GOOD;
  else for (let i = 0; i < n; i++) if (seatNo[i] !== me && !(known[seatNo[i]!]! & MATE)) known[seatNo[i]!]! |= GOOD;
  known[me]! |= GOOD;
  if (camp === 'good') {
    // A stranger's police claim is a lie when my police team opened eyes together and knows all its members.
    if (role === 'police' && view.ruleset !== 'infernal') {
      log.claims.forEach((c, seat) => {
        if (c.role === 'police' && !(known[seat]! & MATE) && seat !== me && !policeSeen(view, seat)) known[seat]! |= KILLER;
      });
    }
    for (let seat = 1; seat <= n; seat++) if (known[seat]! & KILLER) known[seat]! &= ~GOOD;
    // infernal: my side is only what the eyes showed, and a spy of the other side may have opened at my call: a seat
    // left over beside my mates is not known to be theirs.
    if (view.ruleset !== 'infernal') lastSuspect(known, living);
  }
  log.known = known;
  log.mates = mates;
  log.knownVersion = log.version;
  log.knownCamp = camp;
  log.knownRole = role;
  // The scores of this seat's last decision hold when it knows the same things as then (LIVING: no score reads it).
  return evidence(view, me, lean, role, camp, log, known, mates, decisionStamp(log.key, known, LIVING, camp, role, lean, log.version), tactics);
}

/** The evidence of one decision, from the seat's reading and what it knows of each seat; `gen` stamps its scores. */
function evidence(view: BotView, me: Seat, lean: number, role: Role, camp: Camp, log: LogReading, known: readonly number[], mates: readonly Seat[], gen: number, tactics: Tactics | undefined): Evidence {
  const n = view.seats.length;
  return {
    view,
    me,
    lean,
    role,
    camp,
    living: log.living!,
    mates,
    known,
    checked: log.checked,
    claims: log.claims,
    claimOf: log.claimOf,
    ballotsBy: log.ballotsBy,
    putOutBy: log.putOutBy,
    alike: log.alike,
    victimVoted: log.victimVoted,
    nightOutRound: log.nightOutRound,
    needles: log.needles,
    killsChosen: log.killsBefore!,
    killTries: log.killTries,
    memo: { scores: log.scores, stamps: log.stamps, gen, suspicionAt: n + 1, trustAt: 2 * (n + 1), claimSeen: log.claimSeen, ballotsSeen: log.ballotsSeen, credSeen: log.credSeen, announced: log.announced! },
    index: log.index,
    tactics: tactics ?? tacticsFor(view.ruleset, n),
  };
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

function policeSeen(view: BotView, seat: Seat): boolean {
  return opt(view.seats[seat - 1], 'holds') === 'police';
}

/** Whether `claimer` claims police (a role or check results), by its claims in my view. */
export function claimsPolice(ev: Evidence, claimer: Seat): boolean {
  const c = ev.claimOf[claimer];
  return c !== undefined && (c.role === 'police' || c.checks.size > 0);
}
