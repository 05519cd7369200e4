// The one choke point for secrets: the only code that turns the state into what a viewer may know.
// Knowledge comes from the log entries addressed to the viewer, so the view and the log never disagree.
import { legalActions } from './legal.ts';
import { cardId, seatSide, upCards } from './cards.ts';
import { readingPending } from './reading.ts';
import type { Camp, GameState, LogEntry, OutRecord, Role, Seat, SeatView, StepView, View, Viewer } from './types.ts';
import { absentSeats } from './absent.ts';
import { RULESETS, winningSeats } from './rulesets.ts';
import { gameMemo, readingAt, readThrough, type Reading, type Readings } from './log-reading.ts';
import { StateMemo } from './state-memo.ts';
import { cardView, dualCardsKey, emptyKnowledge, learnCards, type CardKnowledge } from './view-cards.ts';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Whether this viewer sees everything: the judge, raw's judge seat, an out player when the room allows it, or anyone once the game is over. */
export function hasGodView(state: GameState, viewer: Viewer): boolean {
  if (state.result || viewer.kind === 'judge') return true;
  if (viewer.kind !== 'seat') return false;
  if (state.judgeSeat === viewer.seat) return true;
  // RULES.md 2.6: off by default, and forced off where the first victim becomes the judge.
  return state.setup.options.outSeeAll === true && !RULESETS[state.setup.ruleset].firstKilledJudges && !state.alive[viewer.seat - 1];
}

function addressedTo(entry: LogEntry, seat: Seat): boolean {
  return entry.to === 'all' || entry.to.includes(seat);
}

/** How many entries of the whole log this viewer can read: the last position of its own log. */
export function viewerLogLength(state: GameState, viewer: Viewer): number {
  const god = hasGodView(state, viewer);
  return viewerLog(state, god, viewer.kind === 'seat' ? viewer.seat : 0).entries.length;
}

// A numbered copy of a log entry depends only on the entry and its number in a viewer's log, and the
// log only grows: views share their copies instead of copying the whole log for every viewer at every
// change (the room builds a view per socket per change). Views are read-only to everyone.
// Copies by game (gameKey), then by position in the log: a few per entry (the teams see
// different numbers of entries), found by number. An array by position, not a map by entry: a bot
// asks for its view at every decision, and a lookup by position costs nothing.
const numbered = gameMemo<(LogEntry[] | undefined)[]>();

function numberedCopy(copiesByPosition: (LogEntry[] | undefined)[], at: number, entry: LogEntry, seq: number): LogEntry {
  const copies = copiesByPosition[at];
  // Another log with the same first entry (a test replaying a game differently) may hold another entry here: a copy is reused only when it is this entry's.
  if (copies) for (const c of copies) if (c.seq === seq && c.event === entry.event && c.at === entry.at && c.round === entry.round && c.to === entry.to) return c;
  // The same keys in the same order as the entry (worker/engine/kernel.ts emit), written out: a spread per copy was the view's hottest line.
  const copy: LogEntry = { seq, at: entry.at, round: entry.round, to: entry.to, event: entry.event };
  // Most positions have one copy: a list of one, not an empty list grown to room for seventeen.
  if (copies) copies.push(copy);
  else copiesByPosition[at] = [copy];
  return copy;
}

/** What a viewer's log holds so far: its numbered entries, its team mates, and (`dual`) its card knowledge. */
export interface ViewerLog extends Reading<LogEntry> {
  god: boolean;
  me: Seat | 0;
  entries: LogEntry[];
  mates: Set<Seat>;
  knows: CardKnowledge;
  /** The game's numbered copies, shared by its viewers. */
  copies: (LogEntry[] | undefined)[];
  /** The seats of this viewer's last view (by index): a seat whose view has not changed is given again, not built again. */
  seats: SeatSeen[];
  /** The game's last seat views that tell nothing only some viewers know (shared by its viewers, like `copies`). */
  shared: SeatSeen[];
  /** The running hash of this log's tag after each entry, as far as it was asked for (worker/engine/log-tag.ts). */
  tags: number[];
}

/**
 * A seat view with the facts it was made from, in one shape: a view is given again when the facts are the
 * same, and comparing these is cheaper than reading seat views, which come in many shapes (out, role, vote…).
 */
class SeatSeen {
  view: SeatView;
  alive: boolean;
  how: OutRecord['how'] | undefined;
  outRound: number | undefined;
  camp: Camp | undefined;
  role: Role | undefined;
  mate: true | undefined;
  pointing: boolean;
  pointer: Seat | 0 | undefined;
  voted: boolean | undefined;
  away: true | undefined;
  /** `dual`: what the viewer sees of the seat's two cards (dualCardsKey); 0 elsewhere. */
  cards: number;
  constructor(view: SeatView, alive: boolean, out: OutRecord | undefined, role: Role | undefined, mate: true | undefined, pointing: boolean, pointer: Seat | 0 | undefined, voted: boolean | undefined, away: true | undefined, cards: number) {
    this.view = view;
    this.alive = alive;
    this.how = out?.how;
    this.outRound = out?.round;
    this.camp = out?.camp;
    this.role = role;
    this.mate = mate;
    this.pointing = pointing;
    this.pointer = pointer;
    this.voted = voted;
    this.away = away;
    this.cards = cards;
  }

  /** Whether the seat's view made from these facts is this one. */
  alike(alive: boolean, out: OutRecord | undefined, role: Role | undefined, mate: true | undefined, pointing: boolean, pointer: Seat | 0 | undefined, voted: boolean | undefined, away: true | undefined, cards: number): boolean {
    return this.cards === cards && this.alive === alive && this.how === out?.how && this.outRound === out?.round && this.camp === out?.camp && this.role === role && this.mate === mate && this.pointing === pointing && this.pointer === pointer && this.voted === voted && this.away === away;
  }
}

// Every viewer's log, kept between views and read onward (a bot asks for its view at every decision,
// the room for every socket at every change): by game (gameKey), then by viewer.
const viewerLogs: Readings<ViewerLog> = gameMemo();

function readForViewer(r: ViewerLog, e: LogEntry, at: number): void {
  const mine = r.me !== 0 && addressedTo(e, r.me);
  if (r.god || mine || (!r.me && e.to === 'all')) r.entries.push(numberedCopy(r.copies, at, e, r.entries.length + 1));
  if (!mine || r.god) return;
  // Team introductions and card knowledge come from the entries addressed to the seat.
  if (e.event.type === 'team' && e.event.seats.includes(r.me)) for (const s of e.event.seats) r.mates.add(s);
  learnCards(r.knows, e, r.me);
}

/** What this viewer's log holds so far, read onward from its last call (worker/engine/bot-view.ts reads it too). */
export function viewerLog(state: GameState, god: boolean, me: Seat | 0): ViewerLog {
  // A number per viewer: the seat (0 for a spectator or the judge), negative with god view.
  const log = state.log;
  const r = readingAt(viewerLogs, log, god ? -1 - me : me, freshViewerLog);
  for (let i = r.read; i < log.length; i++) readForViewer(r, log[i]!, i);
  return readThrough(r, log);
}

function freshViewerLog(log: readonly LogEntry[], key: string | number): ViewerLog {
  const god = (key as number) < 0;
  const me = god ? -1 - (key as number) : (key as number);
  return { read: 0, last: undefined, god, me, entries: [], mates: new Set<Seat>(), knows: emptyKnowledge(), copies: numbered.ofLog(log, () => []), seats: [], shared: sharedSeats.ofLog(log, () => []), tags: [] };
}

// A seat that every viewer without special knowledge of it sees alike, by game (gameKey): when a
// ballot's "voted" mark changes, the next voters' views share the seat's new view rather than each build one.
const sharedSeats = gameMemo<SeatSeen[]>();

/**
 * Everything this viewer may know about the game, and nothing more. The log is the viewer's own:
 * its entries are numbered 1..n (`seq`) with no gaps, so nothing counts the entries it may not read.
 * With `logFrom`, the log holds only the entries after that position (an update for a viewer who
 * already has the first `logFrom`).
 */
export function viewFor(state: GameState, viewer: Viewer, logFrom = 0): View {
  return buildView(state, viewer, logFrom);
}

function buildView(state: GameState, viewer: Viewer, logFrom: number): View {
  const god = hasGodView(state, viewer);
  const me = viewer.kind === 'seat' ? viewer.seat : 0;
  const read = viewerLog(state, god, me);
  const step = state.step;
  const phase = state.result ? 'over' : step.kind === 'call' || step.kind === 'eyes' ? 'night' : 'day';
  const paused = state.pausedRemaining !== null;
  const meSeat = me ? meView(state, me) : undefined;
  const seats = seatViews(state, god, me, read);
  const stepNow = sharedStepView(state, god);
  const legalNow = me ? legalActions(state, me) : [];
  const log = read.entries.slice(logFrom);
  const result = state.result ? sharedResult(state) : null;
  const { ruleset, options, players } = state.setup;
  // One literal per shape, every key at once in the order the protocol shows (a seat's view has `me`): a bot builds a
  // view at every decision, and keys added one by one after the literal outgrew the object and moved it to a slower shape.
  const view: View = meSeat
    ? { ruleset, options, players, round: state.round, phase, paused, commitment: state.commitment, viewer, god, me: meSeat, seats, step: stepNow, legal: legalNow, log, result }
    : { ruleset, options, players, round: state.round, phase, paused, commitment: state.commitment, viewer, god, seats, step: stepNow, legal: legalNow, log, result };
  return view;
}

const NO_MATES: ReadonlySet<Seat> = new Set();

/** The viewer's own seat: its card(s), its side (`dual`), its sealed ballot. */
function meView(state: GameState, me: Seat): NonNullable<View['me']> {
  const view: NonNullable<View['me']> = { seat: me, role: state.roles[me - 1]!, alive: state.alive[me - 1]! };
  if (state.cards) {
    view.cards = [0, 1].map((i) => ({ role: state.cards![cardId(me, i as 0 | 1) - 1]!, down: state.cardDown![cardId(me, i as 0 | 1) - 1] !== 0 }));
    const side = seatSide(state, me);
    if (side) view.side = side;
  }
  if (state.step.kind === 'ballot' && me in state.step.ballots) view.ballot = state.step.ballots[me];
  return view;
}

/** Whether this viewer sees the team pointers of the call under way (a seat's `pointer`): the god view, the call's actors and watchers. */
export function seesPointers(state: GameState, god: boolean, me: Seat | 0): boolean {
  const step = state.step;
  return step.kind === 'call' && (god || step.actors.includes(me) || step.watchers?.includes(me) === true);
}

/** What every viewer's seat views are made of, worked out once per state rather than once per viewer. */
interface SeatFacts {
  /** Each seat's first way out, by seat number. */
  outs: (OutRecord | undefined)[];
  /** Whether each seat votes in this ballot, by seat number (null: no ballot). */
  voters: boolean[] | null;
  absent: ReadonlySet<Seat>;
  /** Every seat as a viewer who knows nothing special of it sees it (not in `dual`); made when first asked. */
  plain?: SeatView[];
}

// The last few states' facts: every viewer's view of a change asks for them in turn.
const seatFacts = new StateMemo<GameState, SeatFacts>(4);

/** The state's seat facts, kept for its other viewers. */
function factsOf(state: GameState): SeatFacts {
  return seatFacts.of(state, () => seatFactsOf(state));
}

function seatFactsOf(state: GameState): SeatFacts {
  const n = state.roles.length + 1;
  const outs = new Array<OutRecord | undefined>(n).fill(undefined);
  for (let k = state.outs.length - 1; k >= 0; k--) outs[state.outs[k]!.seat] = state.outs[k];
  const step = state.step;
  let voters: boolean[] | null = null;
  if (step.kind === 'ballot') {
    voters = new Array<boolean>(n).fill(false);
    for (const v of step.voters) voters[v] = true;
  }
  return { outs, voters, absent: absentSeats(state.log) };
}

/** How one viewer sees the seats: who it is, what it knows, and its last seat views (null: none kept). */
interface SeatSight {
  god: boolean;
  me: Seat | 0;
  mates: ReadonlySet<Seat>;
  knows: CardKnowledge | null;
  inCall: boolean;
  own: SeatSeen[] | null;
  shared: SeatSeen[];
}

/**
 * Every seat as this viewer sees it. Outside `dual`, a viewer without god view knows more than anyone
 * only of its own seat, its mates' and (in a call it takes part in) the pointers: the other seats are
 * the state's plain seats, made once per state and shared by every viewer, not looked at per viewer.
 */
function seatViews(state: GameState, god: boolean, me: Seat | 0, read: ViewerLog): SeatView[] {
  const twoCards = state.cards !== undefined;
  const step = state.step;
  const sight: SeatSight = {
    god,
    me,
    mates: me && !god && !twoCards ? read.mates : NO_MATES,
    knows: me && !god && twoCards ? read.knows : null,
    inCall: seesPointers(state, god, me),
    own: read.seats,
    shared: read.shared,
  };
  const facts = factsOf(state);
  const n = state.roles.length;
  if (twoCards || god) {
    const seats: SeatView[] = new Array<SeatView>(n);
    for (let i = 0; i < n; i++) seats[i] = seatView(state, facts, sight, i);
    return seats;
  }
  const seats = plainSeats(state, facts, read.shared).slice();
  if (me) seats[me - 1] = seatView(state, facts, sight, me - 1);
  for (const mate of sight.mates) seats[mate - 1] = seatView(state, facts, sight, mate - 1);
  if (sight.inCall && step.kind === 'call') for (const seat in step.pointers) seats[Number(seat) - 1] = seatView(state, facts, sight, Number(seat) - 1);
  return seats;
}

const PLAIN_SIGHT_BASE = { god: false, me: 0, mates: NO_MATES, knows: null, inCall: false, own: null } as const;

/** The state's seats as a viewer who knows nothing special of them sees them (outside `dual`). */
function plainSeats(state: GameState, facts: SeatFacts, shared: SeatSeen[]): SeatView[] {
  if (facts.plain) return facts.plain;
  const sight: SeatSight = { ...PLAIN_SIGHT_BASE, shared };
  const seats: SeatView[] = new Array<SeatView>(state.roles.length);
  for (let i = 0; i < seats.length; i++) seats[i] = seatView(state, facts, sight, i);
  return (facts.plain = seats);
}

/** Seat `i + 1` as this viewer sees it. */
function seatView(state: GameState, facts: SeatFacts, sight: SeatSight, i: number): SeatView {
  const { god, me, mates, knows, inCall, own, shared } = sight;
  const twoCards = state.cards !== undefined;
  const step = state.step;
  const seat = i + 1;
  const alive = state.alive[i]!;
  const out = facts.outs[seat];
  const mated = mates.size > 0 && mates.has(seat);
  const role = god || seat === me || mated ? state.roles[i]! : undefined;
  const mate = mated && seat !== me ? true : undefined;
  const pointing = inCall && step.kind === 'call' && seat in step.pointers;
  const pointer = pointing ? step.pointers[seat] : undefined;
  const voted = facts.voters?.[seat] && step.kind === 'ballot' ? seat in step.ballots : undefined;
  const away = alive && facts.absent.size > 0 && facts.absent.has(seat) ? true : undefined;
  const cards = twoCards ? dualCardsKey(state, seat, god, me, knows) : 0;
  // A view is read-only to everyone: the same seat seen the same way is the same object (a bot asks for its view at every decision).
  const last = own?.[i];
  if (last && last.alike(alive, out, role, mate, pointing, pointer, voted, away, cards)) return last.view;
  // What every viewer without special knowledge of the seat sees: another viewer may have built it already.
  const plain = !twoCards && role === undefined && mate === undefined && !pointing;
  const kept = plain ? shared[i] : undefined;
  if (kept && kept.alike(alive, out, role, mate, pointing, pointer, voted, away, cards)) {
    if (own) own[i] = kept;
    return kept.view;
  }
  const view: SeatView = { seat, alive };
  if (out) {
    view.out = { how: out.how, round: out.round };
    if (out.camp) view.camp = out.camp;
  }
  if (role) view.role = role;
  if (mate) view.mate = true;
  if (twoCards) {
    if (state.judgeSeat === seat) view.judge = true;
    // Which cards are down is public (laid down at dawn, or both with the verdict); faces only for the holder and the judge.
    if (state.judgeSeat !== seat || god) view.cards = ([0, 1] as const).map((k) => cardView(state, cardId(seat, k), god || seat === me, knows));
    const holds = seat === me ? undefined : knows?.holds.get(seat);
    if (holds) view.holds = holds;
    if (holds || view.cards?.some((c) => c.known)) view.mate = true;
  }
  if (pointing) view.pointer = pointer;
  if (voted !== undefined) view.voted = voted;
  if (away) view.absent = true;
  const seen = new SeatSeen(view, alive, out, role, mate, pointing, pointer, voted, away, cards);
  if (own) own[i] = seen;
  if (plain) shared[i] = seen;
  return view;
}

// The step and the result as viewers see them, by state: every viewer without god view sees one step
// view and every viewer sees one result, built once per change rather than once per viewer (views are
// read-only, so they share the objects; view-text.ts then stringifies each once).
const stepViews = new StateMemo<GameState, [StepView | undefined, StepView | undefined]>(4);
const results = new StateMemo<GameState, NonNullable<View['result']>>(4);

function sharedStepView(state: GameState, god: boolean): StepView {
  const both = stepViews.of(state, () => [undefined, undefined]);
  const i = god ? 1 : 0;
  return (both[i] ??= stepView(state, god));
}

/** The seats that won, in every ruleset (each player's game over says whether they did). */
function sharedResult(state: GameState): NonNullable<View['result']> {
  return results.of(state, () => {
    const twoCards = state.cards !== undefined;
    return { ...state.result!, winners: winningSeats(state), seed: state.setup.seed, roles: state.roles, deck: state.deck, ...(twoCards ? { cards: state.cards!, sides: state.roles.map((_, i) => seatSide(state, i + 1)) } : {}) };
  });
}

function stepView(state: GameState, god: boolean): StepView {
  const step = state.step;
  switch (step.kind) {
    case 'reading':
      return { kind: 'reading', seen: step.seen, waiting: readingPending(state), endsAt: step.endsAt };
    case 'call':
      // D11: an empty call shows the full call deadline like any other; only the judge sees its seeded end.
      // The judge reads who is choosing at a call; nobody else may (D11: an empty call looks like any other).
      return { kind: 'call', call: step.call, endsAt: step.endsAt === null || god ? step.endsAt : step.endsAt + (step.lead ?? 0), ...(god ? { actors: step.actors } : {}) };
    case 'eyes':
      return { kind: 'eyes', endsAt: step.endsAt };
    case 'last-words':
      return { kind: 'last-words', seat: step.seat, endsAt: step.endsAt };
    case 'talk':
      return { kind: 'talk', ready: step.ready, endsAt: step.endsAt };
    case 'open-day':
      return { kind: 'open-day', purpose: step.purpose, speakers: step.speakers, done: step.done, endsAt: step.endsAt };
    case 'speech': {
      const queue: Seat[] = [];
      for (const plan of state.agenda) {
        // A defence's own vote turn (4.0) sits between two defences.
        if (plan.kind === 'vote-turn') continue;
        if (plan.kind !== 'speech' || plan.purpose !== step.purpose) break;
        if (state.alive[plan.seat - 1] && !state.muted?.includes(plan.seat)) queue.push(plan.seat);
      }
      return { kind: 'speech', purpose: step.purpose, seat: step.seat, queue, endsAt: step.endsAt };
    }
    case 'ballot':
      return {
        kind: 'ballot',
        purpose: step.purpose,
        candidates: step.candidates,
        mustVote: step.mustVote,
        ballotsIn: Object.keys(step.ballots).length,
        voters: step.voters.length,
        // `dual` (RULES.md 8.3): votes weigh the voter's living cards, public like the cards laid down.
        ...(state.cards ? { weightIn: sum(Object.keys(step.ballots).map((seat) => upCards(state, Number(seat)).length)), weight: sum(step.voters.map((seat) => upCards(state, seat).length)) } : {}),
        ...(step.turn !== undefined ? { turn: step.turn } : {}),
        endsAt: step.endsAt,
      };
    case 'over':
      return { kind: 'over' };
  }
}
