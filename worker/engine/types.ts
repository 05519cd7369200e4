// The engine's vocabulary: seats, cards, steps, actions, events and views.
// Everything here is plain JSON so that a Durable Object can store it as is.

/** A seat at the round table, numbered 1..N; seat i+1 sits at the right hand of seat i. */
export type Seat = number;

/** A day window that closes at a clock time in a time zone: "the day closes at 21:00, Europe/Madrid". */
export interface DayClose {
  /** Local wall-clock time, 24-hour "HH:MM". */
  time: string;
  /** IANA time zone name, e.g. "Europe/Madrid". */
  zone: string;
}

/** The deadlines, the day mode and the day's clock-time close that new steps use now. */
export interface Pacing {
  pace: Pace;
  day: DayMode;
  dayCloses?: DayClose;
  /** Live or async, where the game recorded it (O15: only an async game fails over). */
  preset?: 'live' | 'async';
}

export type RulesetId = 'classic' | 'original' | 'runoff' | 'infernal' | 'raw' | 'doctor' | 'butterfly' | 'dual';

/**
 * What a player drew. `killer` is also the bandit (匪) of `infernal`; `civilian` the good guy of `original`.
 * The power roles of `doctor` (3.0) and `butterfly` (4.0): doctor, secret police, butterfly (花蝴蝶),
 * sniper and the forest old man (森林老人).
 */
export type Role = 'killer' | 'police' | 'civilian' | 'doctor' | 'secret-police' | 'butterfly' | 'sniper' | 'old-man' | 'judge' | 'undercover';

/**
 * `dual` (5.0): one card of a seat's two, numbered 1..2N: seat s holds cards 2s-1 (left, index 0)
 * and 2s (right, index 1). Players name a card by seat and index, see `CardRef`.
 */
export type CardId = number;

/** A card as players name it: a seat and its left (0) or right (1) card. */
export interface CardRef {
  seat: Seat;
  card: 0 | 1;
}

/**
 * What a speech claims, as data next to its text: a role, police check results, a vote intention.
 * Public speech, so it may lie (that is the game); the engine only checks that it is well formed.
 */
export interface Claim {
  /** "I am a civilian." / "I am the police." */
  role?: Role;
  /** "As police: #4 is a killer." — one result per seat checked. */
  checks?: { seat: Seat; camp: Camp }[];
  /** "I vote #6." / "I will vote #6." */
  vote?: Seat;
  /** "I suspect #4." */
  suspect?: Seat;
  /**
   * A power role's own night acts, one per night: with `role` doctor "night 2 I saved #4", butterfly
   * "I hugged", old-man "I muted", secret-police or sniper "I shot". Needs that `role` in the claim.
   */
  acts?: ClaimedAct[];
  /** Why the speaker suspects or votes `why.seat` (the claim's `suspect` or `vote`): what the table saw. */
  why?: ClaimReason;
  /** "#5's result on #2 is not what I know": `seat` announced a check result on `check` that the speaker's own view disproves. */
  contest?: { seat: Seat; check: Seat };
}

/** A claimed night act: which night (1 = the first) and whose seat. */
export interface ClaimedAct {
  night: number;
  seat: Seat;
}

/**
 * What a seat did that the table saw, as a reason to suspect it (`seat`), about another seat (`other`):
 * - `checked-killer`: police claimer `other` announced `seat` as a killer;
 * - `voted-cleared`: `seat` voted against `other`, whom a police claim cleared (checked good);
 * - `voted-victim`: `seat` voted against `other`, who was then killed at night (mostly good);
 * - `voted-police`: `seat` voted against `other`, a credible police claimer;
 * - `changed-vote`: `seat` said it would vote `other`, then voted someone else;
 * - `counter-claim`: `seat` claims police against the more credible police claimer `other`;
 * - `defended-killer`: `seat` called `other` good, and `other` is a killer (revealed, or checked by a credible police);
 * - `false-check`: `seat` announced a check result on `other` that the speaker's own view disproves;
 * - `followed-vote`: `other` said it will vote (or suspects) `seat` this round, and the speaker goes along;
 * - `false-role`: `seat` claims the speaker's own role, of which the deck holds one card (no `other`);
 * - `known-killer`: the speaker's own night knowledge (its team's check, who opened eyes, every other seat cleared) puts `seat` in the killer camp (no `other`);
 * - `checks-agree`: `count` police claims (the most credible of them `other`) agree that `seat` is a killer;
 * - `role-contested`: `seat` claims a one-of-a-kind acting role (one card in the deck) that `other` claims too: one of them lies;
 * - `voted-me-out`: `seat`'s ballot was one of only `count` that put the speaker out (its last words; no `other`);
 * - `named-me`: `seat` announced the speaker a killer, and the speaker knows its own card (no `other`);
 * - `spared-claimer`: `seat` claimed police, and the killers let it live through a night they killed another seat, where nothing protects a seat (no `other`);
 * - `seen-at-call`: the speaker saw `seat` with its eyes open at the other side's call (infernal; no `other`);
 * - `victim-voted`: `other`, killed at night, had voted against `seat` the day before (the killers kill those who come for them);
 * - `voted-together`: `seat`'s ballots named the same seat as `other`'s on two days or more (a block votes as one);
 * - `echoed-vote`: `seat` said it will vote `other` only because another seat said so, with no reason of its own (跟票);
 * - `few-votes`: `seat`'s ballot was one of only `count` that put `other` out (the killers' block decides a day the town's votes scatter);
 * - `against-police`: `seat` said it will vote out `other`, a police claimer whose word holds (neither contested nor disproved);
 * - `named-proven`: `seat` named `other` a killer, though `other`'s word as police has proven true (killed at night, or a killer it named revealed);
 * - `unchecked`: nothing firm points anywhere, and no credible claim clears `seat`: the speaker's own guess among those (no `other`);
 * - `hunch`: nothing in the view points anywhere, so a hunch (no `other`).
 */
export interface ClaimReason {
  kind: ReasonKind;
  seat: Seat;
  /** The other seat the reason is about; absent only for the kinds in `LONE_REASONS` (claim.ts). */
  other?: Seat;
  /** `checks-agree`: how many police claims agree (2 or more); `few-votes`: how many ballots put `other` out; `voted-me-out`: how many put the speaker out. */
  count?: number;
}

/** The kinds of `ClaimReason`. */
export type ReasonKind =
  | 'checked-killer'
  | 'voted-cleared'
  | 'voted-victim'
  | 'voted-police'
  | 'changed-vote'
  | 'counter-claim'
  | 'defended-killer'
  | 'false-check'
  | 'followed-vote'
  | 'false-role'
  | 'known-killer'
  | 'checks-agree'
  | 'named-proven'
  | 'against-police'
  | 'few-votes'
  | 'echoed-vote'
  | 'voted-together'
  | 'victim-voted'
  | 'seen-at-call'
  | 'spared-claimer'
  | 'named-me'
  | 'voted-me-out'
  | 'role-contested'
  | 'unchecked'
  | 'hunch';

/** The two camps of RULES.md section 1: the killer camp and the good camp. */
export type Camp = 'killers' | 'good';

/** A team that opens its eyes together at a night call. */
export type Team = 'killers' | 'police';

/** The judge's calls at night, in the order a ruleset makes them; each is answered by one role. */
export type Call = 'killers' | 'police' | 'doctor' | 'secret-police' | 'butterfly' | 'sniper' | 'old-man';

/** Infernal's two calls: a player may open eyes at one of them, or at neither. */
export type EyesChoice = 'bandits' | 'police' | 'none';

export type SpeechPurpose = 'day' | 'pk' | 'outside-pk' | 'defence';
export type BallotPurpose = 'day' | 'pk' | 'outside-pk' | 'runoff-first' | 'runoff-final';

/** How a player left the game. */
export type OutHow = 'killed' | 'voted' | 'lot' | 'self-destruct' | 'ejected';

/** The game's result: `good` includes infernal's police side, `killers` its bandits. */
export type Winner = 'good' | 'killers' | 'draw';

/** Milliseconds each kind of waiting step may last before its deadline. */
export interface Pace {
  call: number;
  eyes: number;
  lastWords: number;
  speech: number;
  ballot: number;
}

export type OptionValue = string | number | boolean;
export type Options = Record<string, OptionValue>;

/** Everything needed to start one game; with the log it replays the game exactly. */
export interface GameSetup {
  ruleset: RulesetId;
  players: number;
  options: Options;
  pace: Pace;
  /** Secret until the game ends; the deal and every lot are drawn from it. */
  seed: string;
  /** When the game starts (ms since the epoch), from the caller's clock. */
  at: number;
  /** Repeat-first-kill rule: the seat killed on night 1 of the room's previous game. */
  previousFirstVictim?: Seat;
  /** How the day's speeches are given: one at a time (`turns`, the default) or in one open window (`open`, RULES.md 11). */
  day?: DayMode;
  /** Async pace: the day window closes at a clock time in a time zone instead of after a length. */
  dayCloses?: DayClose;
  /** Live (the table plays in one sitting) or async (over days); absent in games that did not record it. */
  preset?: 'live' | 'async';
}

/** `turns`: each speaker speaks in their turn; `open`: every speaker posts at any time in one window and says "done". */
export type DayMode = 'turns' | 'open';

export interface OutRecord {
  seat: Seat;
  how: OutHow;
  round: number;
  /** Made public with the removal (runoff: "a killer was voted out"). */
  camp?: Camp;
}

/** The step the game waits on. `endsAt` is null only while the game is paused. */
export type Step =
  | {
      kind: 'call';
      call: Call;
      actors: Seat[];
      pointers: Record<Seat, Seat | 0>;
      firstPointed: Seat[];
      surrender: Seat[];
      endsAt: number | null;
      /** `dual`: the acting cards (each acts alone); `aims` holds each one's target card (0 = none). */
      slots?: CardId[];
      aims?: Record<CardId, CardId | 0>;
      /** `dual`: seats that open eyes with this call without acting (the undercover with the killers, rounds 1–2). */
      watchers?: Seat[];
      /** D11: an empty call ends this many ms before the full call deadline it shows (only the judge sees the real end). */
      lead?: number;
      /** A call that needs a confirm (D15): the seats (`dual`: the acting cards) whose pointer is final. */
      confirmed?: number[];
    }
  /** Before night 1 (RULES.md 11 "Reading the cards"): every living seat looks at its card; `seen` have said so. */
  | { kind: 'reading'; seen: Seat[]; endsAt: number | null }
  /** `dual`: the day's free talk; any living player may speak until all are ready or the deadline. */
  | { kind: 'talk'; ready: Seat[]; endsAt: number | null }
  /**
   * An open day (RULES.md 11): `speakers` in the rule sheet's order post at any time; `spoken` counts each
   * one's characters, `voiced` the ms of its voice notes (one note's length in all; older windows lack it).
   */
  | { kind: 'open-day'; purpose: SpeechPurpose; speakers: Seat[]; done: Seat[]; spoken: Record<Seat, number>; voiced?: Record<Seat, number>; endsAt: number | null }
  | { kind: 'eyes'; choices: Record<Seat, EyesChoice>; endsAt: number | null }
  /** `opened`: when the turn opened (bounds a live voice speech's length; turns kept before it lack it). */
  | { kind: 'last-words'; seat: Seat; endsAt: number | null; opened?: number }
  | { kind: 'speech'; purpose: SpeechPurpose; seat: Seat; endsAt: number | null; opened?: number }
  | {
      kind: 'ballot';
      purpose: BallotPurpose;
      candidates: Seat[];
      voters: Seat[];
      ballots: Record<Seat, Seat | 0>;
      mustVote: boolean;
      /** A ballot cast in turns (`butterfly`): only this seat votes now. */
      turn?: Seat;
      endsAt: number | null;
    }
  | { kind: 'over' };

/** A ballot whose voters vote in turns between defences; it lives across steps until it is revealed. */
export interface OpenBallot {
  purpose: BallotPurpose;
  candidates: Seat[];
  /** In turn order (the order ballots are shown in). */
  voters: Seat[];
  ballots: Record<Seat, Seat | 0>;
  mustVote: boolean;
}

/** A step not yet begun; instant ones (`nightfall`, `dawn`) resolve as soon as they are reached. */
export type Plan =
  | { kind: 'reading' }
  | { kind: 'nightfall' }
  | { kind: 'call'; call: Call }
  | { kind: 'eyes' }
  | { kind: 'dawn' }
  | { kind: 'day' }
  | { kind: 'talk' }
  | { kind: 'last-words'; seat: Seat }
  | { kind: 'speech'; purpose: SpeechPurpose; seat: Seat }
  | { kind: 'ballot'; purpose: BallotPurpose; candidates: Seat[] }
  /** Opens a ballot cast in turns, with its voters in turn order; `vote-turn`s follow, then `reveal`. */
  | { kind: 'open-ballot'; purpose: BallotPurpose; order: Seat[] }
  | { kind: 'vote-turn'; seat: Seat }
  | { kind: 'reveal' };

export interface Result {
  winner: Winner;
  reason: string;
  /** `dual`: the seats that won (a seat holding cards of both camps wins with one of them); the judge never. */
  winners?: Seat[];
}

export interface GameState {
  setup: GameSetup;
  /** Roles by seat index (seat - 1). */
  roles: Role[];
  /** The whole deck in dealt order; `infernal` with odd N has one card more than seats. */
  deck: Role[];
  /** sha256 of seed and deck, shown from the start so the deal can be checked at the end. */
  commitment: string;
  alive: boolean[];
  outs: OutRecord[];
  round: number;
  step: Step;
  agenda: Plan[];
  /** Outcomes of this night's calls, resolved at dawn; `picks` holds every call's decision (power roles). */
  night: {
    kill: Seat | 0;
    check?: { target: Seat; answer: Camp };
    picks?: Partial<Record<Call, Seat | 0>>;
    /** `dual`: every acting card's target card this night (0 = none), by call. */
    aims?: Partial<Record<Call, Record<CardId, CardId | 0>>>;
  };
  /**
   * What power roles carry from night to night: the round the secret police fired their one shot
   * (`doctor`), and each seat's empty needles so far (`butterfly`, index seat - 1).
   */
  powers?: { shotRound?: number; needles?: number[]; shots?: Record<CardId, number> };
  /**
   * `dual`: every seat's two cards by card id - 1, and when each went down: 0 while up, else the
   * number of the resolution that laid it down (the order matters for a seat of both camps); -1 is
   * out of play (the judge's two cards). `roles` then holds each seat's left card ('judge' for the judge).
   */
  cards?: Role[];
  cardDown?: number[];
  /** `dual`: how many resolutions have laid cards down so far, and the round of the last one. */
  downCount?: number;
  lastDownRound?: number;
  /** Living seats the forest old man muted for this day (`butterfly`): their speaking turns are skipped. */
  muted?: Seat[];
  /** A ballot cast one voter at a time, each after their own defence (`butterfly`); revealed at once. */
  openBallot?: OpenBallot;
  /** How many players have left last words under the first-K rule. */
  lastWordsGiven: number;
  /** RULES.md 3 Repeat first kill: the seat the killers put out on night 1 (0: none, or night 1 not over). */
  firstVictim: Seat | 0;
  /** The seat the next speech round starts after. */
  speechAnchor: Seat | 0;
  /** Seat of `raw`'s judge, once the first victim has left last words. */
  judgeSeat: Seat | 0;
  /** Remaining milliseconds of the current step while the game is paused. */
  pausedRemaining: number | null;
  /** The host switched the pace mid-game: new steps use this instead of the setup's. */
  pacing?: Pacing;
  /** The human judge did not act for a whole step that waited on them: the app judges from now on (O15). */
  appJudges?: true;
  /** How many ballots have closed: each lot draw is keyed by it. */
  ballotCount: number;
  /** What each player and the judge have posted (talk-budget.ts); absent in states kept before it. */
  talkSpent?: TalkSpent;
  result: Result | null;
  seq: number;
  log: LogEntry[];
}

/** What a talk budget counts: a message of a speech or free talk, a team-chat line, a pointer, a judge's move. */
export type TalkKind = 'say' | 'chat' | 'point' | 'judge';

/**
 * The counts behind talk-budget.ts: this step's moves by kind and by who made them (a seat, a `dual`
 * card for pointers, 0 for the judge), and each one's messages and characters in the game (by seat - 1,
 * the judge last).
 */
export interface TalkSpent {
  step: Partial<Record<TalkKind, Record<number, number>>>;
  messages: number[];
  chars: number[];
}

/** Who may read a log entry: everyone, or these seats (the judge reads everything). */
export type Audience = 'all' | Seat[];

export interface LogEntry {
  seq: number;
  at: number;
  round: number;
  to: Audience;
  event: GameEvent;
}

export type GameEvent =
  | { type: 'dealt'; players: number; commitment: string }
  /** `dual`: a deal was void because a player held both J and K; the whole deck was dealt again (public). */
  | { type: 'redealt'; attempt: number; reason: 'killer-and-police' }
  /** `dual`, to the judge: the big joker's partner card, out of play for the whole game. */
  | { type: 'void-card'; seat: Seat; card: 0 | 1; role: Role }
  /** `dual`, public at dawn: seat lost a card (which index, never which face). */
  | { type: 'card-down'; seat: Seat; card: 0 | 1 }
  /** `dual`, to the judge only: how the night resolved, card by card. */
  | { type: 'night-cards'; taken: CardRef | null; killed: CardRef[]; voided: CardRef[]; saved: CardRef[]; shot: CardRef[]; down: CardRef[] }
  /** A seat's card, to that seat; `hand` (`dual`): its left (0) or right (1) card. */
  | { type: 'card'; seat: Seat; role: Role; hand?: 0 | 1 }
  /** A team opening eyes together; `undercover` (`dual`): the killers and the undercover know which seat that is. */
  /** `cards` (`dual`, the killers): which cards of those seats are killer cards (docs/rules-decisions.md V16). */
  | { type: 'team'; team: Team; seats: Seat[]; undercover?: Seat; cards?: CardRef[] }
  | { type: 'nightfall' }
  | { type: 'call'; call: Call }
  /** `card` (`dual`): which card of the target; `hand`: which of the actor's own cards acts. */
  | { type: 'pointed'; seat: Seat; target: Seat | 0; card?: 0 | 1; hand?: 0 | 1 }
  /** A solo actor made its pointer final (D15); same audience as its `pointed`. */
  | { type: 'confirmed'; seat: Seat; hand?: 0 | 1 }
  /** Public: this seat has looked at its card (the reading step before night 1). */
  | { type: 'seen'; seat: Seat }
  | { type: 'team-chat'; seat: Seat; text: string }
  /** `dual`: one per killer card, `by` its seat and `hand` its index, `card` the target's card. */
  | { type: 'kill-chosen'; target: Seat | 0; card?: 0 | 1; by?: Seat; hand?: 0 | 1 }
  /** The police's check; no `answer` with a target means no answer (4.0: the butterfly hugged that player). */
  | { type: 'checked'; target: Seat | 0; answer?: Camp; card?: 0 | 1; hand?: 0 | 1 }
  /** A power role's decision, to that role alone: doctor's save or injection, the secret police's shot (0 = declined), hug, snipe, mute. */
  | { type: 'chosen'; call: Exclude<Call, 'killers' | 'police'>; target: Seat | 0; card?: 0 | 1; hand?: 0 | 1 }
  /** To the doctor: the player they injected got an empty needle (`count` so far). */
  | { type: 'empty-needle'; seat: Seat; count: number }
  /** To the judge only: how the night resolved, rule by rule. */
  | { type: 'night-effects'; killed: Seat[]; shot: Seat[]; injected: Seat[]; muted: Seat[]; saved: Seat[]; emptyNeedles: Seat[]; voided: Seat[]; out: Seat[] }
  /** Public at dawn: this player may not speak this day. */
  | { type: 'muted'; seat: Seat }
  /** Public: a speaking turn that did not happen, and why. */
  | { type: 'skipped'; seat: Seat; reason: 'muted' }
  | { type: 'eyes-chosen'; seat: Seat; choice: EyesChoice }
  | { type: 'eyes-seen'; call: Exclude<EyesChoice, 'none'>; seats: Seat[] }
  | { type: 'dawn'; out: Seat[] }
  | { type: 'day' }
  /** `claim`: the structured part of the speech, as said (public speech: it may lie). */
  /** `voice`: the speech is a recorded voice note (its text then may be empty). */
  | { type: 'said'; seat: Seat; text: string; claim?: Claim; voice?: VoiceNote }
  /** A speech or last words ended; in `dual`'s free talk, `ready` marks a player ready to vote; `done`: a speaker said "Done" in an open day (older logs lack it). */
  | { type: 'passed'; seat: Seat; missed: boolean; ready?: true; done?: true; voice?: LiveVoice }
  | { type: 'ballot'; purpose: BallotPurpose; candidates: Seat[]; mustVote: boolean }
  | { type: 'voted'; seat: Seat; target: Seat | 0 }
  /** `weight` (`dual`): the voter's living cards, the votes the ballot counts for. */
  | { type: 'ballots'; purpose: BallotPurpose; ballots: { seat: Seat; target: Seat | 0; missed: boolean; weight?: number }[]; top: Seat[] }
  | { type: 'lot'; among: Seat[]; drawn: Seat }
  | { type: 'out'; seat: Seat; how: OutHow; camp?: Camp }
  | { type: 'peaceful-night' }
  | { type: 'surrender-wish'; seat: Seat }
  | { type: 'surrendered'; side: Camp }
  | { type: 'judge'; seat: Seat }
  | { type: 'deadline' }
  /** `by: 'judge'`: the human judge (or `dual`'s big joker) paused; only then may the app take over (docs/rules-decisions.md O15). */
  | { type: 'paused'; by?: 'judge' }
  | { type: 'resumed' }
  /** Public: the human judge left a step they held up unanswered; the app judges from now on (O15). */
  | { type: 'app-judges' }
  | { type: 'extended'; ms: number }
  | { type: 'narration'; text: string }
  /** Public: the host handed an absent seat to a bot; the seat keeps its number and card. */
  | { type: 'handed-to-bot'; seat: Seat }
  /** Public: the host switched the pace; steps from the next one on use it. */
  | ({ type: 'pace-set'; preset: 'live' | 'async' } & Pacing)
  /** Public: a new person took the seat over through the host's replacement link; it keeps its number and card. */
  /** `was`: the name the seat was played under until now (absent in logs from before it was kept). */
  | { type: 'replaced'; seat: Seat; name: string; was?: string }
  | { type: 'game-over'; winner: Winner; reason: string; roles: Role[]; deck: Role[]; seed: string; winners?: Seat[]; cards?: Role[] };

/** A recorded voice note: the id the room gave its upload, and its length in ms (at most VOICE_NOTE_MAX_MS). */
export interface VoiceNote {
  note: string;
  ms: number;
}

/** A live voice speech's length in ms, at most as long as its turn was open. */
export interface LiveVoice {
  ms: number;
}

/** A player's move; `seat` is set by the server from the socket, never taken from the client. */
export type SeatAction =
  /** `dual`: `card` names the target's card, `hand` which of the actor's own cards acts (default: the first still to point). */
  | { type: 'point'; seat: Seat; target: Seat | 0; card?: 0 | 1; hand?: 0 | 1 }
  /** Makes this seat's pointer (`dual`: the pointer of its card `hand`) final in a call that needs a confirm. */
  | { type: 'confirm'; seat: Seat; hand?: 0 | 1 }
  /** "I have seen my card", in the reading step. */
  | { type: 'seen'; seat: Seat }
  | { type: 'team-chat'; seat: Seat; text: string }
  | { type: 'open-eyes'; seat: Seat; choice: EyesChoice }
  /** `claim`: an optional structured claim next to the text, so bots can read a speech without parsing words. */
  /** `voice`: a recorded voice note carries the speech; `text` may then be empty (a `say` needs one or the other). */
  | { type: 'say'; seat: Seat; text: string; claim?: Claim; voice?: VoiceNote }
  /** `voice`: the turn was a live voice speech of this length (measured by the speaker's page). */
  | { type: 'pass'; seat: Seat; voice?: LiveVoice }
  | { type: 'vote'; seat: Seat; target: Seat | 0 }
  | { type: 'self-destruct'; seat: Seat }
  | { type: 'surrender'; seat: Seat };

/** The host's (or human judge's) moves, and the clock's. */
export type ControlAction =
  /** `by: 'judge'` on a control: the human judge's place made it (not the host), so O15 may bar it. */
  | { type: 'eject'; seat: Seat; by?: 'judge' }
  /** `by: 'judge'`: the human judge pauses (recorded, so the room knows the game waits on them). */
  | { type: 'pause'; by?: 'judge' }
  | { type: 'resume'; by?: 'judge' }
  /** The room's clock: the human judge held the game up for a whole step; the app judges from now on. */
  | { type: 'app-judges' }
  | { type: 'extend'; ms: number; by?: 'judge' }
  /** The human judge speaks to the table (RULES.md 11: "may narrate"). */
  | { type: 'narrate'; text: string; by?: 'judge' }
  /** The host hands an absent seat to a bot; only the log records it. */
  | { type: 'hand-to-bot'; seat: Seat }
  /** The host switches between live and async, from the next step on. */
  | { type: 'set-pace'; preset: 'live' | 'async'; pace: Pace; day: DayMode; dayCloses?: DayClose }
  /** A new person takes a living seat over, named `name` (the room has checked the name); only the log records it. */
  | { type: 'replace'; seat: Seat; name: string; was?: string }
  | { type: 'deadline' };

/** Every input the engine accepts, stamped with the caller's clock. */
export type Action = (SeatAction | ControlAction) & { at: number };

export type ErrorCode =
  | 'game/over'
  | 'game/paused'
  | 'game/not-paused'
  | 'game/seat-unknown'
  | 'game/seat-out'
  | 'game/not-your-turn'
  | 'game/phase-closed'
  | 'game/target-unknown'
  | 'game/target-not-alive'
  | 'game/target-not-eligible'
  | 'game/shot-spent'
  | 'game/repeat-first-kill'
  | 'game/already-voted'
  | 'game/must-vote'
  | 'game/not-allowed'
  | 'game/app-judges'
  | 'game/not-absent'
  | 'game/text-invalid'
  /** A player's (or the judge's) budget of messages for this step or this game is spent (talk-budget.ts). */
  | 'game/limit-reached'
  | 'game/claim-invalid'
  | 'game/bad-action';

export interface RuleError {
  code: ErrorCode;
  message: string;
}

export type ApplyResult =
  | { ok: true; state: GameState; events: LogEntry[] }
  | { ok: false; error: RuleError; state: GameState };

/** Who is looking: a seated player, the judge (god view) or a spectator. */
export type Viewer = { kind: 'seat'; seat: Seat } | { kind: 'judge' } | { kind: 'spectator' };

/** A control the viewer may use now, built from the rules; the client draws exactly these. */
export type LegalAction =
  /** `dual`: one per acting card of the viewer (`hand`), with the cards it may aim at. */
  /** `confirm`: this pointer closes the call only with a `confirm` (D15); else the call closes when every member has pointed. */
  | { type: 'point'; call: Call; targets: Seat[]; current: Seat | 0 | null; hand?: 0 | 1; cards?: CardRef[]; currentCard?: CardRef | 0 | null; confirm?: true }
  /** Makes the current pointer final (offered once this seat, or its card `hand`, has pointed). */
  | { type: 'confirm'; call: Call; hand?: 0 | 1 }
  | { type: 'seen' }
  /** `messages`: the lines this player may still post in this call (and game). */
  | { type: 'team-chat'; messages: number; left?: number }
  | { type: 'open-eyes'; choices: EyesChoice[] }
  /**
   * `messages`: how many more messages this turn (or free talk) and game hold for the speaker; `left`:
   * the characters they may still post, in an open day (one speech's length) or when the game's budget
   * holds fewer than one message may.
   */
  | { type: 'say'; messages: number; left?: number }
  | { type: 'pass' }
  | { type: 'vote'; targets: Seat[]; canAbstain: boolean }
  | { type: 'self-destruct' }
  | { type: 'surrender' };

/** `dual`: one card as the viewer knows it. Every label is about this card only, never its seat's other card. */
export interface CardView {
  down: boolean;
  /** The face: the holder's own cards, and everything for the god view. */
  role?: Role;
  /** A killer card, known to the killers and (rounds 1–2) the undercover from the team call and the pointers. */
  known?: 'killer';
  /** The viewer's own police check of this card: "killer" (killers) or "not killer" (good). */
  checked?: Camp;
}

/**
 * `dual`: which side a seat plays for and why (RULES.md 8.11): `one-camp` both cards agree; `card-up`
 * the camps differ and only `card` is up; `both-up` both up, the killers; `last-down` both down, `card`
 * went down last; `together` both down at once, the killers.
 */
export interface SeatSide {
  camp: Camp;
  why: 'one-camp' | 'card-up' | 'both-up' | 'last-down' | 'together';
  card?: 0 | 1;
}

/** What the viewer may know about one seat. */
export interface SeatView {
  seat: Seat;
  alive: boolean;
  out?: { how: OutHow; round: number };
  role?: Role;
  camp?: Camp;
  /** A teammate of the viewer (same night team). */
  mate?: boolean;
  /** The viewer's team pointer from this seat, during the team's call. */
  pointer?: Seat | 0;
  /** Whether this seat has cast its sealed ballot (never what it voted). */
  voted?: boolean;
  /** `dual`: the seat's two cards, which are down (public) and what the viewer knows of each. */
  cards?: CardView[];
  /**
   * `dual`: what the viewer knows of the seat but of neither card in particular: it holds the undercover
   * (the killers), or it opened eyes at the police call (the police and the undercover: a police card or the undercover).
   */
  holds?: 'undercover' | 'police';
  /** `dual`: the participant who drew the big joker and judges. */
  judge?: boolean;
  /** A living seat that missed the last two public steps it owed (speech, last words, ballot): the table sees it is away. */
  absent?: true;
}

/** The public face of the current step. */
export type StepView =
  | { kind: 'reading'; seen: Seat[]; waiting: Seat[]; endsAt: number | null }
  /** `actors`: the god view only, the seats choosing at this call ("Doctor's call: #3 is choosing"). */
  | { kind: 'call'; call: Call; endsAt: number | null; actors?: Seat[] }
  | { kind: 'eyes'; endsAt: number | null }
  | { kind: 'last-words'; seat: Seat; endsAt: number | null }
  | { kind: 'talk'; ready: Seat[]; endsAt: number | null }
  /** An open day: the speakers in seat order from the anchor and who is done. */
  | { kind: 'open-day'; purpose: SpeechPurpose; speakers: Seat[]; done: Seat[]; endsAt: number | null }
  | { kind: 'speech'; purpose: SpeechPurpose; seat: Seat; queue: Seat[]; endsAt: number | null }
  /** `weightIn`/`weight` (`dual`): the living cards of the voters who have cast a ballot, and of all voters (public: which cards are down is). */
  | { kind: 'ballot'; purpose: BallotPurpose; candidates: Seat[]; mustVote: boolean; ballotsIn: number; voters: number; weightIn?: number; weight?: number; turn?: Seat; endsAt: number | null }
  | { kind: 'over' };

export interface View {
  ruleset: RulesetId;
  options: Options;
  players: number;
  round: number;
  phase: 'night' | 'day' | 'over';
  paused: boolean;
  commitment: string;
  viewer: Viewer;
  /** The viewer sees everything: the judge, raw's first victim, or everyone at game over. */
  god: boolean;
  /** `side` (`dual`): the side the viewer plays for now, and why. */
  me?: { seat: Seat; role: Role; alive: boolean; ballot?: Seat | 0; cards?: { role: Role; down: boolean }[]; side?: SeatSide };
  seats: SeatView[];
  step: StepView;
  legal: LegalAction[];
  log: LogEntry[];
  /** `sides` (`dual`): each seat's end side and the card that decided it (null for the judge). */
  result: (Result & { seed: string; roles: Role[]; deck: Role[]; cards?: Role[]; sides?: (SeatSide | null)[] }) | null;
}
