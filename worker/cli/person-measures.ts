// What the bots do by day with a person's words, measured over seeded games (docs/balance.md, "Bots
// and people"): a bare hunch voiced, a killer's false police claim, a police backed by its team's
// checks. Each scripted person acts only through its legal actions and knows only what its seat sees.
import { campOf } from '../engine/rulesets.ts';
import { makeRandom, pick, randomIndex, type Random } from '../engine/random.ts';
import { viewFor } from '../engine/view.ts';
import { playGame, type SeatHooks } from '../engine/simulate.ts';
import type { Camp, Claim, GameState, Seat } from '../engine/types.ts';
import { BallotShare, HEURISTIC, pct, scriptedMove, type ClaimsHeardRow } from './measures.ts';

/** Game i of a measure: dealt from `seed:i`, its bots drawn from `seed:i:bots`, every seat the hooks leave a heuristic bot. */
function playSeeded(ruleset: string, players: number, seed: string | number, i: number, hooks: SeatHooks): GameState {
  return playGame({ ruleset, players, options: {}, seed: `${seed}:${i}` }, `${seed}:${i}:bots`, HEURISTIC, undefined, hooks).state;
}

/** The person's own draws (its seat, the seat it names), from `seed:i:person`: the bots' draws stay as they are. */
const personRandom = (seed: string | number, i: number): Random => makeRandom(`${seed}:${i}:person`);

/** The living seats other than `seat` (public: the table sees who is out). */
const livingOthers = (state: GameState, seat: Seat): Seat[] => state.alive.flatMap((up, s) => (up && s + 1 !== seat ? [s + 1] : []));

/** Its first speech of day 1 (not last words, not a later speech): where the scripted words are said. */
const firstDaySpeech = (state: GameState): boolean => state.round === 1 && state.step.kind === 'speech' && state.step.purpose === 'day';

/** A ruleset's table for a measure of the good bots' day-1 ballots on the seat a person named. */
export interface NamedRow {
  ruleset: string;
  players: number;
  /** Games in which the person said its words (it was still in the game at its first speech of day 1). */
  games: number;
  /** The good bots' day-1 ballots in those games (the person's own left out), and the share for the seat named, in %. */
  ballots: number;
  share: number;
  /** The same, in the games where the person's was the first vote or suspicion a living seat announced that day (nothing before it to follow). */
  first?: { games: number; ballots: number; share: number };
}

/**
 * A hunch voiced: one seat drawn from the seed (any card) says only "I will vote #X" in its first
 * speech of day 1 (a claim with a vote and nothing else), X another living seat drawn from the seed,
 * and votes X; otherwise it plays as the passive stand-in (random pointer and ballot, no word).
 */
export function hunchHeard(ruleset: string, players: number, games: number, seed: string | number): NamedRow {
  const heard = new BallotShare();
  const heardFirst = new BallotShare();
  let said = 0;
  let saidFirst = 0;
  for (let i = 0; i < games; i++) {
    const draw = personRandom(seed, i);
    const person = 1 + randomIndex(draw, players);
    let named: Seat = 0;
    let first = false;
    const speak = (state: GameState): Claim | undefined => {
      if (named !== 0 || !firstDaySpeech(state)) return undefined;
      named = pick(draw, livingOthers(state, person));
      // The measure's own note (public speech), not the person's: did a living seat announce a vote or suspicion before it today?
      first = !state.log.some((e) => e.round === 1 && e.event.type === 'said' && state.alive[e.event.seat - 1] && (e.event.claim?.vote !== undefined || e.event.claim?.suspect !== undefined));
      return { vote: named };
    };
    const hooks: SeatHooks = { move: (state, seat, random, at) => (seat === person ? scriptedMove(state, seat, random, at, () => speak(state), () => named) : undefined) };
    const state = playSeeded(ruleset, players, seed, i, hooks);
    if (named === 0) continue;
    said++;
    heard.count(state, person, named);
    if (!first) continue;
    saidFirst++;
    heardFirst.count(state, person, named);
  }
  return { ruleset, players, games: said, ballots: heard.ballots, share: heard.share(), first: { games: saidFirst, ballots: heardFirst.ballots, share: heardFirst.share() } };
}

/**
 * A false police claim: one killer seat drawn from the seed is a person; its first speech of day 1
 * claims police and names a good seat (another living non-killer, drawn from the seed) a killer, and
 * it votes that seat. Its mates are killer bots told not to fake a police claim, so the lie is the person's alone.
 */
export function falsePoliceHeard(players: number, games: number, seed: string | number): NamedRow {
  const heard = new BallotShare();
  let said = 0;
  for (let i = 0; i < games; i++) {
    const draw = personRandom(seed, i);
    let person: Seat = 0;
    let named: Seat = 0;
    const speak = (state: GameState): Claim | undefined => {
      if (named !== 0 || !firstDaySpeech(state)) return undefined;
      // The person knows its mates (they opened eyes together): it names a seat it knows is good.
      named = pick(draw, livingOthers(state, person).filter((s) => campOf(state.roles[s - 1]!) !== 'killers'));
      return { role: 'police', checks: [{ seat: named, camp: 'killers' }], vote: named };
    };
    const hooks: SeatHooks = {
      memory: (state, seat) => {
        if (seat === 1) person = pick(draw, state.roles.flatMap((r, s) => (r === 'killer' ? [s + 1] : [])));
        return state.roles[seat - 1] === 'killer' && seat !== person ? { fake: null } : undefined;
      },
      move: (state, seat, random, at) => (seat === person ? scriptedMove(state, seat, random, at, () => speak(state), () => named) : undefined),
    };
    const state = playSeeded('classic', players, seed, i, hooks);
    if (named === 0) continue;
    said++;
    heard.count(state, person, named);
  }
  return { ruleset: 'classic', players, games: said, ballots: heard.ballots, share: heard.share() };
}

/** The backed police's table: how often the good bots' ballots put the true police out while a killer lives. */
export interface BackedRow {
  players: number;
  games: number;
  /** Games in which the person police went out by a verdict (a ballot or its lot) while a killer still lived, in %. */
  out: number;
  /** In the ballots that put it out, the good bots' share of the ballots for it, in %. */
  goodShare: number;
}

/** The check results this seat's view shows (its team's night calls), each other seat once, in the order found. */
function teamChecks(state: GameState, seat: Seat): { seat: Seat; camp: Camp }[] {
  const checks: { seat: Seat; camp: Camp }[] = [];
  for (const e of viewFor(state, { kind: 'seat', seat }).log) {
    if (e.event.type !== 'checked' || e.event.target === 0 || !e.event.answer) continue;
    const target = e.event.target;
    // A check of its own seat (the team pointed at it) tells the table nothing.
    if (target !== seat && !checks.some((c) => c.seat === target)) checks.push({ seat: target, camp: e.event.answer });
  }
  return checks;
}

/**
 * A police backed by its checks: the first police seat is a person (its mates are police bots,
 * playing as they do); from day 1 on, in every speech and last words, it claims police with every
 * check result its team has found so far, as its own view shows them, and votes a living seat they
 * found a killer (else as the passive stand-in does).
 */
export function backedPoliceOut(players: number, games: number, seed: string | number): BackedRow {
  let out = 0;
  let onPerson = 0;
  let fromGood = 0;
  for (let i = 0; i < games; i++) {
    let person: Seat = 0;
    let turn = '';
    const knownKiller = (state: GameState): Seat | 0 => teamChecks(state, person).find((c) => c.camp === 'killers' && state.alive[c.seat - 1])?.seat ?? 0;
    const speak = (state: GameState): Claim | undefined => {
      // Once in each speaking turn (a day speech, a PK defence, last words): the first move of the turn says it.
      const step = state.step;
      const key = `${state.round}:${step.kind}:${step.kind === 'speech' ? step.purpose : ''}`;
      if (key === turn) return undefined;
      turn = key;
      const checks = teamChecks(state, person);
      const vote = knownKiller(state);
      return { role: 'police', ...(checks.length > 0 ? { checks } : {}), ...(vote !== 0 ? { vote } : {}) };
    };
    const hooks: SeatHooks = {
      memory: (state, seat) => {
        if (seat === 1) person = state.roles.indexOf('police') + 1;
        return undefined;
      },
      move: (state, seat, random, at) => (seat === person ? scriptedMove(state, seat, random, at, () => speak(state), () => knownKiller(state)) : undefined),
    };
    const state = playSeeded('classic', players, seed, i, hooks);
    const at = state.outs.findIndex((o) => o.seat === person && (o.how === 'voted' || o.how === 'lot'));
    if (at < 0) continue;
    const gone = new Set(state.outs.slice(0, at).map((o) => o.seat));
    if (!state.roles.some((r, s) => r === 'killer' && !gone.has(s + 1))) continue;
    out++;
    // The ballot that put it out: the last one counted before its verdict.
    const verdict = state.log.findIndex((e) => e.event.type === 'out' && e.event.seat === person);
    const ballot = state.log
      .slice(0, verdict)
      .reverse()
      .find((e) => e.event.type === 'ballots')?.event;
    if (ballot?.type !== 'ballots') continue;
    for (const b of ballot.ballots) {
      if (b.target !== person) continue;
      onPerson++;
      if (campOf(state.roles[b.seat - 1]!) === 'good') fromGood++;
    }
  }
  return { players, games, out: pct(out, games), goodShare: pct(fromGood, onPerson) };
}

/** The targets (docs/balance.md, "Bots and people"): at most or at least this share, in %. */
type Target = { most: number } | { least: number };

const met = (figure: number, target: Target): boolean => ('most' in target ? figure <= target.most : figure >= target.least);

/** The four measures as one Markdown table, each row beside its target (the true claim's row is claimsHeard's uncontested one). */
export function renderPersonWords(hunches: NamedRow[], heard: ClaimsHeardRow, lie: NamedRow, backed: BackedRow): string {
  const rows: { measure: string; table: string; counted: string; figure: number; target: Target }[] = [
    ...hunches.flatMap((h) => [
      { measure: 'hunch: a seat says only "I will vote #X" and votes X; good bots\' day-1 ballots on X', table: `${h.ruleset} ${h.players}`, counted: `${h.games} games, ${h.ballots} ballots`, figure: h.share, target: { most: 25 } },
      ...(h.first ? [{ measure: '… of those, the games where its vote was the first a living seat announced that day', table: `${h.ruleset} ${h.players}`, counted: `${h.first.games} games, ${h.first.ballots} ballots`, figure: h.first.share, target: { most: 25 } }] : []),
    ]),
    { measure: 'true police claim: good bots\' day-1 ballots on the checked killer', table: 'classic 12', counted: `${heard.games} games, ${heard.ballots} ballots`, figure: heard.forChecked, target: { least: 75 } },
    { measure: 'true police claim: the checked killer is the first seat out by verdict', table: 'classic 12', counted: `${heard.games} games`, figure: heard.firstOut, target: { least: 80 } },
    { measure: 'false police claim by a killer: good bots\' day-1 ballots on the good seat it names', table: 'classic 12', counted: `${lie.games} games, ${lie.ballots} ballots`, figure: lie.share, target: { most: 30 } },
    { measure: 'backed police (claims its team\'s checks every speech): out by verdict while a killer lives', table: 'classic 12', counted: `${backed.games} games`, figure: backed.out, target: { most: 10 } },
  ];
  const lines = ['| a scripted person among heuristic bots: what is counted | table | counted | % | target % | met |', '|---|---|---|---|---|---|'];
  for (const r of rows) {
    const target = 'most' in r.target ? `≤ ${r.target.most}` : `≥ ${r.target.least}`;
    lines.push(`| ${r.measure} | ${r.table} | ${r.counted} | ${r.figure.toFixed(1)} | ${target} | ${met(r.figure, r.target) ? 'yes' : 'no'} |`);
  }
  lines.push('', `(Backed police: of the ballots that put it out, the good bots cast ${backed.goodShare.toFixed(1)} %.)`);
  return `${lines.join('\n')}\n`;
}
