// Self-play over the bots' tactics (worker/engine/bots/tactics.ts): per ruleset and table size, a
// best-response iteration, heuristic against heuristic. Each side in turn, one knob at a time, takes
// the choice that wins it the most games given the other side's current choices; passes repeat until
// neither side moves. Every candidate plays the same seeded games (common random numbers), so two
// candidates differ by their tactics, not by their deals. Lives beside the CLI: it is a measurement.
import type { RulesetId, Winner } from '../engine/index.ts';
import { simulate } from '../engine/simulate.ts';
import { CHOICES, KNOBS, SIDE, TODAY, tacticsFor, type Knob, type Tactics } from '../engine/bots/tactics.ts';
import { TABLE_SIZES } from './balance.ts';

/** One candidate's games: results by winner, and games stopped unfinished. */
export interface Trial {
  wins: Record<Winner, number>;
  unfinished: number;
}

/** One knob's turn: every choice tried with the rest as they stood, and the one the side kept. */
export interface Step {
  pass: number;
  knob: Knob;
  tried: { value: string; trial: Trial }[];
  kept: string;
}

/** Where an iteration ended: its tactics, their games, and the steps that led there. */
export interface Outcome {
  tactics: Tactics;
  trial: Trial;
  steps: Step[];
}

/**
 * A table size tuned, from today's play (`before`): the free best-response iteration (`free`: each side takes
 * whatever wins it most), and the one held to the target (`held`: a side takes its best choice among those that
 * keep the cell within 38–62 % good wins (3 points clear of the target's edges) and ≤ 15 % draws, or bring it closer;
 * the same as `free` when that stays there).
 */
export interface TunedCell {
  ruleset: RulesetId;
  players: number;
  games: number;
  before: Trial;
  free: Outcome;
  held: Outcome;
  /** The candidate closest to 50 % good wins among all tried (for comparison). */
  closest: { tactics: Tactics; trial: Trial };
}

/**
 * How far a trial is outside the target: good wins outside 35–65 %, draws over 15 % (0 inside); `margin` narrows
 * the good wins' band on each side (the held iteration keeps 3 points clear of its edges: at a few hundred games a
 * cell's figure moves by about that much from one set of deals to another).
 */
export function offTarget(t: Trial, games: number, margin = 0): number {
  const good = t.wins.good / games;
  return Math.max(0, 0.35 + margin - good, good - 0.65 + margin) + Math.max(0, t.wins.draw / games - 0.15);
}

/** The held iteration's margin inside the 35–65 % band. */
const HELD_MARGIN = 0.03;

/** A side switches only for at least this share of the games more wins (with common deals, less is mostly the bots' own draws). */
const MARGIN = 0.01;

/** Best-response iterations for one table size, from today's play; `passes` bounds the rounds of both sides' turns. */
export function tuneCell(ruleset: RulesetId, players: number, games: number, seed: string | number, passes = 3): TunedCell {
  const cache = new Map<string, Trial>();
  const play = (tactics: Tactics): Trial => {
    const key = JSON.stringify(tactics);
    let trial = cache.get(key);
    if (!trial) {
      const s = simulate({ ruleset, players, games, seed, policies: { good: 'heuristic', killers: 'heuristic' }, tactics });
      trial = { wins: s.wins, unfinished: s.unfinished ?? 0 };
      cache.set(key, trial);
    }
    return trial;
  };
  const before = play(TODAY);
  const free = iterate(ruleset, games, passes, play, false);
  const held = offTarget(free.trial, games, HELD_MARGIN) === 0 ? free : iterate(ruleset, games, passes, play, true);
  let closest = { tactics: held.tactics, trial: held.trial };
  for (const [key, trial] of cache) if (Math.abs(trial.wins.good - games / 2) < Math.abs(closest.trial.wins.good - games / 2)) closest = { tactics: JSON.parse(key) as Tactics, trial };
  return { ruleset, players, games, before, free, held, closest };
}

/** One best-response iteration from today's play; `held`: a side's choice may not take the cell further from the target. */
function iterate(ruleset: RulesetId, games: number, passes: number, play: (t: Tactics) => Trial, held: boolean): Outcome {
  let current: Tactics = { ...TODAY };
  const steps: Step[] = [];
  const margin = Math.max(1, Math.ceil(MARGIN * games));
  for (let pass = 1; pass <= passes; pass++) {
    let moved = false;
    for (const side of ['killers', 'good'] as const) {
      for (const knob of KNOBS[ruleset].filter((k) => SIDE[k] === side)) {
        const tried = CHOICES[knob].map((value) => ({ value: value as string, trial: play({ ...current, [knob]: value }) }));
        let kept = current[knob] as string;
        let top = play(current).wins[side];
        const off = offTarget(play(current), games, HELD_MARGIN);
        for (const t of tried) {
          if (held && offTarget(t.trial, games, HELD_MARGIN) > off) continue;
          if (t.trial.wins[side] >= top + margin) {
            kept = t.value;
            top = t.trial.wins[side];
          }
        }
        steps.push({ pass, knob, tried, kept });
        if (kept !== current[knob]) {
          current = { ...current, [knob]: kept } as Tactics;
          moved = true;
        }
      }
    }
    if (!moved) break;
  }
  return { tactics: current, trial: play(current), steps };
}

/** Tunes every size of the given rulesets (all by default), or the one size `players`; `done` reports each cell. */
export function tune(games: number, seed: string | number, rulesets: RulesetId[], players?: number, done: (cell: TunedCell) => void = () => {}): TunedCell[] {
  const cells: TunedCell[] = [];
  for (const ruleset of rulesets) {
    for (const n of TABLE_SIZES[ruleset]) {
      if (players !== undefined && n !== players) continue;
      const cell = tuneCell(ruleset, n, games, seed);
      cells.push(cell);
      done(cell);
    }
  }
  return cells;
}

const pct = (n: number, games: number): string => `${Math.round((n / games) * 1000) / 10}`;

/** A trial as "good % (draws %) [unfinished]". */
function shown(t: Trial, games: number): string {
  return `${pct(t.wins.good, games)}${t.wins.draw ? ` (${pct(t.wins.draw, games)})` : ''}${t.unfinished ? ` [${t.unfinished} unfinished]` : ''}`;
}

/** The knobs a tactics record sets away from today's play, as "knob=value, …" ("today" when none). */
export function changes(t: Tactics): string {
  const set = (Object.keys(TODAY) as Knob[]).filter((k) => t[k] !== TODAY[k]).map((k) => `${k}=${t[k]}`);
  return set.length > 0 ? set.join(', ') : 'today';
}

/** The self-play report as Markdown: a summary table, then each cell's steps (good-side win % per choice). */
export function renderTune(cells: TunedCell[], games: number, seed: string | number): string {
  const lines = [
    `Command: \`npm run simulate -- --tune --games ${games} --seed ${seed}\` (heuristic against heuristic, ${games} games per candidate; good side wins %, draws % in brackets).`,
    '',
    '| ruleset | players | today | free best response | its tactics | held to 38–62 % | its tactics | the table plays now |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const c of cells) {
    const now = changes(tacticsFor(c.ruleset, c.players));
    const mark = (o: Outcome) => `${shown(o.trial, games)}${offTarget(o.trial, games) === 0 ? '' : ' ✗'}`;
    lines.push(`| ${c.ruleset} | ${c.players} | ${shown(c.before, games)} | ${mark(c.free)} | ${changes(c.free.tactics)} | ${mark(c.held)} | ${changes(c.held.tactics)} | ${now} |`);
  }
  lines.push('', '✗: outside 35–65 % good wins or over 15 % draws. Each step: the knob, its side, and the good side\'s win % for each choice (the others as they stood); → the choice kept.', '');
  for (const c of cells) {
    for (const [name, o] of [['free', c.free], ['held', c.held]] as const) {
      if (name === 'held' && o === c.free) continue;
      lines.push(`- ${c.ruleset} ${c.players}, ${name}:`);
      for (const s of o.steps) lines.push(`  pass ${s.pass} ${s.knob} (${SIDE[s.knob]}): ${s.tried.map((t) => `${t.value} ${shown(t.trial, games)}`).join(' · ')} → ${s.kept}`);
    }
    lines.push(`  closest to 50 % of all tried: ${shown(c.closest.trial, games)} with ${changes(c.closest.tactics)}`);
  }
  lines.push('', 'The held choices as `CHOSEN` bands (worker/engine/bots/tactics.ts; a band reaches halfway to the next size tuned):', '', '```ts', ...chosenBands(cells), '```');
  return `${lines.join('\n')}\n`;
}

/** The held choices of each ruleset tuned, as the source lines of its `CHOSEN` entry. */
function chosenBands(cells: TunedCell[]): string[] {
  const out: string[] = [];
  for (const ruleset of new Set(cells.map((c) => c.ruleset))) {
    const mine = cells.filter((c) => c.ruleset === ruleset);
    const bands = mine.map((c, i) => {
      const next = mine[i + 1];
      const upTo = next ? String(Math.floor((c.players + next.players) / 2)) : 'Infinity';
      const set = (Object.keys(TODAY) as Knob[]).filter((k) => c.held.tactics[k] !== TODAY[k]).map((k) => `${k}: '${c.held.tactics[k]}'`);
      return `{ upTo: ${upTo}, tactics: { ${set.join(', ')} } }`.replace('{  }', '{}');
    });
    out.push(`  ${ruleset}: [${bands.join(', ')}],`);
  }
  return out;
}
