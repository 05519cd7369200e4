// RULES.md D11: a call's length tells nothing. A night call nobody can answer (its role is out) and a
// call held by room bots take the same seeded wait, so a spectator timing calls cannot tell which
// roles live; and it is short (live: a few seconds to 20 s, not the whole 60 s timer). Whole games
// of room bots run on the room's own schedule (worker/room/bots.ts) and the engine's deadlines.
import { describe, expect, it } from 'vitest';
import { apply, createGame, PACE_PRESETS, type Action, type GameState, type RulesetId, type Seat } from '../../worker/engine/index.ts';
import { callWait, callWaitBand } from '../../worker/engine/call-wait.ts';
import { botMove, firstDue, nextDue, reschedule, type BotState } from '../../worker/room/bots.ts';

interface CallTime {
  call: string;
  round: number;
  empty: boolean;
  ms: number;
}

/** A game of room bots in every seat, timed as the room times it; each night call's length, from its opening to the next event (calls still open at the end left out). */
function botGameCalls(ruleset: RulesetId, players: number, seed: string): CallTime[] {
  const created = createGame({ ruleset, players, options: {}, seed, at: 0, pace: PACE_PRESETS.live });
  if (!created.ok) throw new Error(created.message);
  let state: GameState = created.state;
  let now = 0;
  const bots = new Map<Seat, BotState>(Array.from({ length: state.alive.length }, (_, i) => [i + 1, { lang: 'en', memory: {}, due: null }]));
  const schedule = () => {
    for (const [seat, bot] of bots) bots.set(seat, { ...bot, due: reschedule(state, seat, bot, 'live', now) });
  };
  const step = (action: Action) => {
    const r = apply(state, action);
    if (!r.ok) throw new Error(`${r.error}: ${JSON.stringify(action)}`);
    state = r.state;
  };
  schedule();
  // A game the bots cannot end (two left who only vote each other: the stalemate rule's business) is cut short: its calls so far count.
  for (let n = 0; !state.result && n < 3_000; n++) {
    const due = nextDue(bots.values());
    const ends = 'endsAt' in state.step ? state.step.endsAt : null;
    if (due !== null && (ends === null || due <= ends)) {
      now = Math.max(now, due);
      const seat = firstDue(bots, now)!;
      const bot = bots.get(seat)!;
      const move = botMove(state, seat, bot, now);
      if (move.action) step(move.action);
      bots.set(seat, { ...bot, memory: move.memory, due: move.action ? bot.due : null });
    } else {
      now = Math.max(now, ends!);
      step({ type: 'deadline', at: now });
    }
    schedule();
  }
  const calls: CallTime[] = [];
  const log = state.log;
  for (let i = 0; i < log.length; i++) {
    const ev = log[i]!.event;
    if (ev.type !== 'call') continue;
    const next = log.slice(i + 1).find((e) => e.to === 'all' && (e.event.type === 'call' || e.event.type === 'dawn' || e.event.type === 'game-over'));
    if (!next) continue;
    calls.push({ call: ev.call, round: log[i]!.round, empty: false, ms: next.at - log[i]!.at });
  }
  // Which calls were empty: those where nobody pointed (a bot always points, at a seat or at nobody).
  for (const c of calls) c.empty = !log.some((e) => e.round === c.round && e.to !== 'all' && e.event.type === 'pointed' && callOf(log, e.seq) === c.call);
  return calls;
}

/** The call a log entry was made in: the last public `call` before it. */
function callOf(log: GameState['log'], seq: number): string | undefined {
  for (let i = log.findIndex((e) => e.seq === seq); i >= 0; i--) {
    const ev = log[i]!.event;
    if (ev.type === 'call') return ev.call;
  }
  return undefined;
}

/** The largest gap between two samples' empirical distributions (the Kolmogorov–Smirnov statistic). */
function ksDistance(a: number[], b: number[]): number {
  const xs = [...a, ...b].sort((x, y) => x - y);
  const cdf = (s: number[], x: number) => s.filter((v) => v <= x).length / s.length;
  return Math.max(...xs.map((x) => Math.abs(cdf(a, x) - cdf(b, x))));
}

describe('D11: a night call lasts as long whether its role lives or not', () => {
  it('the wait is short: live 3–20 s, async 1–10 min, and never more than a third of a short custom deadline', () => {
    expect(callWaitBand(PACE_PRESETS.live.call)).toEqual([3_000, 20_000]);
    expect(callWaitBand(PACE_PRESETS.async.call)).toEqual([60_000, 600_000]);
    const [lo, hi] = callWaitBand(10_000);
    expect(lo).toBeLessThan(hi);
    expect(hi).toBeLessThanOrEqual(10_000 / 3);
  });

  for (const [ruleset, players] of [['butterfly', 12], ['doctor', 8], ['dual', 8]] as const) {
    it(`${ruleset}: over many games of room bots, calls held by bots and empty calls last alike`, () => {
      const all: CallTime[] = [];
      for (let g = 0; g < 25; g++) all.push(...botGameCalls(ruleset, players, `${ruleset}-length-${g}`));
      const held = all.filter((c) => !c.empty).map((c) => c.ms);
      const empty = all.filter((c) => c.empty).map((c) => c.ms);
      expect(empty.length).toBeGreaterThan(10);
      expect(held.length).toBeGreaterThan(10);
      // Every call, held or empty, ends at its seeded wait: the same value for the same game, round and call.
      for (const c of all.slice(0, 60)) expect(c.ms, `${c.call} ${c.round} ${c.empty ? 'empty' : 'held'}`).toBeLessThanOrEqual(20_000);
      for (const ms of [...held, ...empty]) expect(ms).toBeGreaterThanOrEqual(3_000);
      // A spectator's best single threshold tells them apart little better than a coin: the two samples
      // pass the two-sample Kolmogorov–Smirnov test at α = 0.001 (before, held and empty calls were 0.88 apart).
      const d = ksDistance(held, empty);
      const critical = 1.95 * Math.sqrt((held.length + empty.length) / (held.length * empty.length));
      console.log(`${ruleset}: ${held.length} held calls ${Math.min(...held)}–${Math.max(...held)} ms, ${empty.length} empty ${Math.min(...empty)}–${Math.max(...empty)} ms, KS ${d.toFixed(3)} (critical ${critical.toFixed(3)})`);
      expect(d).toBeLessThan(critical);
      // 25 whole games of room bots: seconds alone, more beside the property files on two cores.
    }, 60_000);
  }

  it('a call held by bots ends exactly at the wait an empty call of that game, round and call would take', () => {
    const calls = botGameCalls('butterfly', 12, 'exact');
    for (const c of calls) expect(c.ms).toBe(callWait('exact', c.round, c.call as never, PACE_PRESETS.live.call));
  });
});
