// What the bots do to a person among them, measured over seeded games (docs/balance.md, "Bots and
// people"): whether a passive player is singled out by seat, whether a police claim is heard, and
// which seat goes out first among bots alone.
import { legalActions } from '../engine/legal.ts';
import { campOf } from '../engine/rulesets.ts';
import type { Random } from '../engine/random.ts';
import { randomMove } from '../engine/random-policy.ts';
import { renderClaim } from '../engine/bots/claims.ts';
import { playGame, type Policies, type SeatHooks } from '../engine/simulate.ts';
import type { Action, Claim, GameState, LogEntry, Seat } from '../engine/types.ts';

/** Every seat the measures do not script is a heuristic bot. */
export const HEURISTIC: Policies = { good: 'heuristic', killers: 'heuristic' };

/** The seats put out by a verdict (a ballot or its lot), in order, with their round. */
export function verdictOuts(log: readonly LogEntry[]): { seat: Seat; round: number }[] {
  const outs: { seat: Seat; round: number }[] = [];
  for (const e of log) if (e.event.type === 'out' && (e.event.how === 'voted' || e.event.how === 'lot')) outs.push({ seat: e.event.seat, round: e.round });
  return outs;
}

export interface FairnessRow {
  players: number;
  games: number;
  /** By seat position (index 0 = seat 1): how often the stand-in in that seat was voted out on day 1, in %. */
  standIn: number[];
  /** How often any one seat was voted out on day 1, in % (the same games, every seat averaged). */
  average: number;
  /** All-bot games: how often seat 1 was the first seat voted out, in %, and a fair table's share. */
  seatOneFirst: number;
  fair: number;
}

/**
 * A passive stand-in for a person (it points and votes at random and never claims: the random policy)
 * in each seat position in turn among heuristic bots; game i of every position is dealt from `seed:i`.
 */
export function seatFairness(players: number, games: number, seed: string | number): FairnessRow {
  const standIn: number[] = [];
  let dayOneOuts = 0;
  for (let position = 1; position <= players; position++) {
    let out = 0;
    const hooks: SeatHooks = { move: (state, seat, random, at) => (seat === position ? randomMove(state, seat, random, at) : undefined) };
    for (let i = 0; i < games; i++) {
      const { state } = playGame({ ruleset: 'classic', players, options: {}, seed: `${seed}:${i}` }, `${seed}:${i}:bots`, HEURISTIC, undefined, hooks);
      for (const o of verdictOuts(state.log)) {
        if (o.round !== 1) continue;
        dayOneOuts++;
        if (o.seat === position) out++;
      }
    }
    standIn.push(pct(out, games));
  }
  let seatOne = 0;
  for (let i = 0; i < games; i++) {
    const { state } = playGame({ ruleset: 'classic', players, options: {}, seed: `${seed}:${i}` }, `${seed}:${i}:bots`, HEURISTIC);
    if (verdictOuts(state.log)[0]?.seat === 1) seatOne++;
  }
  return { players, games, standIn, average: pct(dayOneOuts, games * players * players), seatOneFirst: pct(seatOne, games), fair: pct(1, players) };
}

export interface ClaimsHeardRow {
  contested: boolean;
  /** Games in which the stand-in police made its claim, and the good bots' day-1 ballots in them. */
  games: number;
  ballots: number;
  /** Of those ballots, how many went to the checked killer, in %. */
  forChecked: number;
  /** Of those games, how often the checked killer was the first seat put out by a verdict, in %. */
  firstOut: number;
}

/**
 * A stand-in police (the first police seat) checks a killer on night 1 (its team points there) and
 * claims it in its first speech or last words, then votes that seat; the rest of its team are quiet
 * stand-ins (random, never claiming), and the good bots' day-1 ballots are counted. Uncontested: no
 * killer bot claims police; `contested`: one killer bot (not the checked one) does, with its own made-up results.
 */
export function claimsHeard(players: number, games: number, seed: string | number, contested: boolean): ClaimsHeardRow {
  let claimed = 0;
  let firstOut = 0;
  const heard = new BallotShare();
  for (let i = 0; i < games; i++) {
    const request = { ruleset: 'classic', players, options: {}, seed: `${seed}:${i}` };
    let police = 0;
    let checked = 0;
    let spoke = false;
    const hooks: SeatHooks = {
      // Read first, from the deal: the stand-in is the first police seat, the checked killer one of the killers in turn.
      memory: (state, seat) => {
        if (seat === 1) {
          police = state.roles.indexOf('police') + 1;
          const killers = state.roles.flatMap((r, s) => (r === 'killer' ? [s + 1] : []));
          checked = killers[i % killers.length]!;
        }
        // Contested: the first other killer claims police from its first speech on; uncontested: no killer does.
        if (state.roles[seat - 1] !== 'killer') return undefined;
        const liar = state.roles.findIndex((r, s) => r === 'killer' && s + 1 !== checked) + 1;
        return { fake: contested && seat === liar ? [] : null };
      },
      move: (state, seat, random, at) => {
        // Night 1: the whole police team points at the checked killer, so the check is true.
        if (state.step.kind === 'call' && state.round === 1 && state.roles[seat - 1] === 'police' && legalActions(state, seat).some((l) => l.type === 'point' && l.current === null)) {
          return { type: 'point', seat, target: checked, at };
        }
        // The rest of the police team stands in for quiet people (the random policy, which never claims): the claim heard is the stand-in's alone.
        if (state.roles[seat - 1] === 'police' && seat !== police) return randomMove(state, seat, random, at);
        if (seat !== police) return undefined;
        return standInPolice(state, seat, random, at, checked, () => {
          const first = !spoke;
          spoke = true;
          return first;
        });
      },
    };
    const { state } = playGame(request, `${seed}:${i}:bots`, HEURISTIC, undefined, hooks);
    if (!spoke) continue;
    claimed++;
    heard.count(state, police, checked);
    if (verdictOuts(state.log)[0]?.seat === checked) firstOut++;
  }
  return { contested, games: claimed, ballots: heard.ballots, forChecked: heard.share(), firstOut: pct(firstOut, claimed) };
}

/** The good bots' day-1 ballots (the 'day' ballot of round 1, the person's own left out), summed over games, and how many named one seat. */
export class BallotShare {
  ballots = 0;
  on = 0;
  /** Adds one game's day-1 ballots: every good seat's but `person`'s, and those of them for `target`. */
  count(state: GameState, person: Seat, target: Seat): void {
    const day = state.log.find((e) => e.round === 1 && e.event.type === 'ballots' && e.event.purpose === 'day')?.event;
    if (day?.type !== 'ballots') return;
    for (const b of day.ballots) {
      if (b.seat === person || campOf(state.roles[b.seat - 1]!) !== 'good') continue;
      this.ballots++;
      if (b.target === target) this.on++;
    }
  }
  /** The share of those ballots for the target, in %. */
  share(): number {
    return pct(this.on, this.ballots);
  }
}

/** The stand-in police's move: its claim in its first speech (or last words), its vote for the checked seat, else the random policy. */
function standInPolice(state: GameState, seat: Seat, random: Random, at: number, checked: Seat, firstSpeech: () => boolean): Action | null {
  const claim: Claim = { role: 'police', checks: [{ seat: checked, camp: 'killers' }], vote: checked };
  return scriptedMove(state, seat, random, at, () => (state.round === 1 && firstSpeech() ? claim : undefined), () => checked);
}

/**
 * A scripted person's move, through its legal actions only: in a speech or last words where it may
 * speak, the claim `speak` gives (none: it does not speak), as its words in English; at a ballot,
 * the seat `vote` gives when that is a legal target; else what the random stand-in does.
 */
export function scriptedMove(state: GameState, seat: Seat, random: Random, at: number, speak: () => Claim | undefined, vote: () => Seat | 0): Action | null {
  const legal = legalActions(state, seat);
  const kind = state.step.kind;
  if ((kind === 'speech' || kind === 'last-words') && legal.some((l) => l.type === 'say')) {
    const claim = speak();
    if (claim) return { type: 'say', seat, text: renderClaim(claim, 'en'), claim, at };
  }
  const ballot = legal.find((l) => l.type === 'vote');
  const target = ballot ? vote() : 0;
  if (ballot?.type === 'vote' && target !== 0 && ballot.targets.includes(target)) return { type: 'vote', seat, target, at };
  return randomMove(state, seat, random, at);
}

/** n of `of` in %, to one decimal (0 of nothing). */
export const pct = (n: number, of: number): number => (of > 0 ? Math.round((n / of) * 1000) / 10 : 0);

/**
 * The measures as Markdown, with their command: the fairness table per size, then the claim heard
 * uncontested and contested (each only when measured), then `after` (the person's words, person-measures.ts).
 */
export function renderPeople(rows: FairnessRow[], heard: ClaimsHeardRow[], games: number, seed: string | number, after = '', parts?: string): string {
  const each = rows.length > 0 ? `classic; ${games} games per seat position; day-1 verdicts` : `${games} games a measure`;
  const lines = [`Command: \`npm run simulate -- --people --games ${games} --seed ${seed}${parts ? ` --parts ${parts}` : ''}\` (${each}).`];
  if (rows.length > 0) {
    lines.push('', '| players | average seat out on day 1 % | stand-in out on day 1 %, by seat (1, 2, …) | largest gap (points) | seat 1 first out, bots alone % (fair) |', '|---|---|---|---|---|');
  }
  for (const r of rows) {
    const gap = Math.max(...r.standIn.map((x) => Math.abs(x - r.average)));
    lines.push(`| ${r.players} | ${r.average.toFixed(1)} | ${r.standIn.map((x) => x.toFixed(1)).join(' · ')} | ${gap.toFixed(1)} | ${r.seatOneFirst.toFixed(1)} (${r.fair.toFixed(1)}) |`);
  }
  if (heard.length > 0) lines.push('', '| classic 12: a stand-in police claims a true check of a killer on day 1 | games | good bots\' day-1 ballots | for the checked killer % |', '|---|---|---|---|');
  for (const h of heard) lines.push(`| ${h.contested ? 'contested: a killer bot claims police too' : 'uncontested'} | ${h.games} | ${h.ballots} | ${h.forChecked.toFixed(1)} |`);
  return `${lines.join('\n')}\n${after ? `\n${after}` : ''}`;
}
