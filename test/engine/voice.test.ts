// The voice follows the step (worker/engine/voice.ts), checked at every step of many seeded games of
// every ruleset: in a speech only the speaker talks (RULES.md 2.7 "nobody else may speak
// meanwhile"); at a team's call exactly its living members hear each other (RULES.md 2.2, the team
// channel); a seat outside the team gets the same answer at every call of the game; out players are
// heard only in their own last words; the judge may always speak (docs/rules-decisions.md O21).
import { describe, expect, it } from 'vitest';
import { CATALOG, RULESET_IDS } from '../../worker/engine/catalog.ts';
import { apply, createGame, pendingSeats, type GameState, type Seat, type Viewer } from '../../worker/engine/index.ts';
import { makeRandom, shuffle } from '../../worker/engine/random.ts';
import { randomMove } from '../../worker/engine/random-policy.ts';
import { hasTeamChannel } from '../../worker/engine/call-audience.ts';
import { hasGodView } from '../../worker/engine/view.ts';
import { idleVoice, voiceFor, voiceStepKey } from '../../worker/engine/voice.ts';

/** Every state one seeded random game passes through, from the deal to the result. */
function statesOf(ruleset: (typeof RULESET_IDS)[number], players: number, seed: string, options: Record<string, unknown> = {}, day?: 'open'): GameState[] {
  const created = createGame({ ruleset, players, seed, at: 0, options, ...(day ? { day } : {}) });
  if (!created.ok) throw new Error(created.message);
  let state = created.state;
  const random = makeRandom(`${seed}:moves`);
  const states = [state];
  let at = 0;
  for (let n = 0; !state.result && n < 3_000; n++) {
    let move = null;
    for (const seat of shuffle(random, pendingSeats(state))) if ((move = randomMove(state, seat, random, at))) break;
    if (!move) at = 'endsAt' in state.step && state.step.endsAt !== null ? state.step.endsAt : at;
    const result = apply(state, move ?? { type: 'deadline', at });
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
    states.push(state);
  }
  return states;
}

const seats = (state: GameState): Seat[] => state.alive.map((_, i) => i + 1);
const viewers = (state: GameState): Viewer[] => [...seats(state).map((seat): Viewer => ({ kind: 'seat', seat })), { kind: 'spectator' }, { kind: 'judge' }];
const label = (v: Viewer) => (v.kind === 'seat' ? `seat ${v.seat}` : v.kind);
/** The judges everyone may always hear: the human judge, and `dual`'s judging seat. */
const judgesOf = (state: GameState) => (!state.result && state.setup.ruleset === 'dual' && state.judgeSeat ? [state.judgeSeat, 'judge'] : ['judge']);
const speaksAlways = (state: GameState, v: Viewer) => v.kind === 'judge' || (v.kind === 'seat' && judgesOf(state).includes(v.seat));

/** The first state of each step (by the voice's step key): within a step the answers do not change (checked below). */
function stepsOf(states: GameState[]): GameState[] {
  return states.filter((s, i) => i === 0 || voiceStepKey(s) !== voiceStepKey(states[i - 1]!));
}

/** The games each ruleset is checked over: its smallest and largest tables, one with an open day, one where out players see everything. */
function gamesOf(ruleset: (typeof RULESET_IDS)[number]): { name: string; all: GameState[]; states: GameState[] }[] {
  const { minPlayers, maxPlayers } = CATALOG[ruleset];
  const out = [];
  for (const players of [minPlayers, maxPlayers]) {
    for (let g = 0; g < 4; g++) {
      const outSeeAll = g === 3 && ruleset !== 'raw';
      const all = statesOf(ruleset, players, `voice:${ruleset}:${players}:${g}`, outSeeAll ? { outSeeAll } : {}, g === 2 ? 'open' : undefined);
      out.push({ name: `${players} players, game ${g}`, all, states: stepsOf(all) });
    }
  }
  return out;
}

describe.each(RULESET_IDS)('the voice in %s', (ruleset) => {
  const games = gamesOf(ruleset);

  it('in a speech, last words or a defence only the speaker talks, and every other viewer hears them (RULES.md 2.7)', () => {
    let speeches = 0;
    for (const { states } of games) {
      for (const state of states) {
        const step = state.step;
        if (state.result || (step.kind !== 'speech' && step.kind !== 'last-words')) continue;
        speeches++;
        for (const v of viewers(state)) {
          const rule = voiceFor(state, v);
          expect(rule.mode, label(v)).toBe('speech');
          const speaker = v.kind === 'seat' && v.seat === step.seat;
          expect(rule.talk, label(v)).toBe(speaker || speaksAlways(state, v));
          if (!speaker) expect(rule.hear, label(v)).toContain(step.seat);
          // Nobody hears a seat that is not the speaker (or a judge).
          for (const p of rule.hear) expect(p === step.seat || judgesOf(state).includes(p), `${label(v)} hears ${p}`).toBe(true);
        }
      }
    }
    expect(speeches).toBeGreaterThan(0);
  });

  it('at a night call exactly the living members of a team with a channel hear each other; a lone actor and everyone else hear only the judges (RULES.md 2.2)', () => {
    for (const { states } of games) {
      for (const state of states) {
        const step = state.step;
        if (state.result || step.kind !== 'call') continue;
        const members = [...new Set([...step.actors, ...(step.watchers ?? [])])];
        const team = hasTeamChannel(step) && members.length > 1;
        for (const member of members) expect(state.alive[member - 1], `member ${member}`).toBe(true);
        for (const v of viewers(state)) {
          const rule = voiceFor(state, v);
          const inTeam = team && v.kind === 'seat' && members.includes(v.seat);
          if (inTeam) {
            expect(rule).toMatchObject({ mode: 'team', talk: true });
            expect(rule.hear.filter((p) => typeof p === 'number' && !judgesOf(state).includes(p)).sort()).toEqual(members.filter((m) => m !== (v as { seat: Seat }).seat).sort());
          } else if (hasGodView(state, v)) {
            // The judges (and an out seat that sees everything) hear what is said, and may not join in but the judge.
            expect(rule.talk, label(v)).toBe(speaksAlways(state, v));
            expect(rule.hear.filter((p) => !judgesOf(state).includes(p)).sort()).toEqual(team ? members.filter((m) => v.kind !== 'seat' || m !== v.seat).sort() : []);
          } else {
            expect(rule, label(v)).toEqual({ mode: 'silent', talk: speaksAlways(state, v), hear: judgesOf(state).filter((j) => v.kind !== 'seat' || j !== v.seat), judges: judgesOf(state) });
          }
        }
      }
    }
  });

  it("a viewer outside the called team gets one and the same answer at every call of the game, whoever is called (the side-channel rule)", () => {
    let calls = 0;
    for (const { name, states } of games) {
      const answers = new Map<string, Set<string>>();
      for (const state of states) {
        const step = state.step;
        if (state.result || step.kind !== 'call') continue;
        calls++;
        const members = hasTeamChannel(step) ? [...step.actors, ...(step.watchers ?? [])] : [];
        for (const v of viewers(state)) {
          if (v.kind === 'seat' && members.includes(v.seat)) continue;
          if (hasGodView(state, v)) continue;
          const key = label(v);
          if (!answers.has(key)) answers.set(key, new Set());
          answers.get(key)!.add(JSON.stringify(voiceFor(state, v)));
        }
      }
      for (const [key, set] of answers) expect([...set], `${name}, ${key}`).toHaveLength(1);
    }
    // `infernal` has no night calls, only the eyes step (RULES.md 9).
    if (ruleset !== 'infernal') expect(calls).toBeGreaterThan(0);
  });

  it('free talk and the open day give the floor to the seats that may speak; the ballot, the reading, the eyes and game over are silent but for the judges', () => {
    for (const { states } of games) {
      for (const state of states) {
        const step = state.step;
        for (const v of viewers(state)) {
          const rule = voiceFor(state, v);
          if (!state.result && (step.kind === 'talk' || step.kind === 'open-day')) {
            const eligible = step.kind === 'talk' ? seats(state).filter((s) => state.alive[s - 1] && s !== state.judgeSeat) : step.speakers.filter((s) => !step.done.includes(s));
            expect(rule.mode).toBe('floor');
            expect(rule.talk, label(v)).toBe((v.kind === 'seat' && eligible.includes(v.seat)) || speaksAlways(state, v));
            for (const s of eligible) if (v.kind !== 'seat' || v.seat !== s) expect(rule.hear).toContain(s);
          } else if (state.result || step.kind === 'ballot' || step.kind === 'reading' || step.kind === 'eyes') {
            expect(rule.mode).toBe('silent');
            expect(rule.talk, label(v)).toBe(speaksAlways(state, v));
            expect(rule.hear.every((p) => judgesOf(state).includes(p)), label(v)).toBe(true);
          }
        }
      }
    }
  });

  it('out players are heard only in their own last words (RULES.md 2.6), and nobody hears themself', () => {
    for (const { states } of games) {
      for (const state of states) {
        for (const v of viewers(state)) {
          const rule = voiceFor(state, v);
          if (v.kind === 'seat') expect(rule.hear).not.toContain(v.seat);
          if (v.kind === 'judge') expect(rule.hear).not.toContain('judge');
          for (const p of rule.hear) {
            if (p === 'judge' || state.alive[p - 1] || p === state.judgeSeat) continue;
            expect(state.step, `${label(v)} hears out seat ${p}`).toMatchObject({ kind: 'last-words', seat: p });
          }
          if (v.kind === 'seat' && !state.alive[v.seat - 1] && rule.talk && !state.result) {
            expect(state.step.kind === 'last-words' || v.seat === state.judgeSeat, `out seat ${v.seat} talks`).toBe(true);
          }
        }
      }
    }
  });

  it("the voice's step key changes with the public step only (not with a team's pointers or chat), and within one key every answer stays the same", () => {
    // Differences are gathered and checked once: an expect per state and viewer was most of the file's time.
    const wrong: string[] = [];
    let compared = 0;
    for (const [g, { all }] of games.entries()) {
      for (let i = 1; i < all.length; i++) {
        const [a, b] = [all[i - 1]!, all[i]!];
        const [ka, kb] = [voiceStepKey(a), voiceStepKey(b)];
        if (a.step.kind === 'call' && b.step.kind === 'call' && a.step.call === b.step.call && a.round === b.round && ka !== kb) wrong.push(`key ${ka} → ${kb} within one call`);
        // The answers themselves, in every other game (they cost the most).
        if (g % 2 !== 0 || ka !== kb) continue;
        for (const v of viewers(b)) {
          compared++;
          const [ra, rb] = [JSON.stringify(voiceFor(a, v)), JSON.stringify(voiceFor(b, v))];
          if (ra !== rb) wrong.push(`${label(v)} at ${kb}: ${ra} → ${rb}`);
        }
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(compared).toBeGreaterThan(0);
  });
});

describe('between games', () => {
  it('only the human judge may speak, and everyone may hear the judge', () => {
    expect(idleVoice({ kind: 'seat', seat: 3 })).toEqual({ mode: 'silent', talk: false, hear: ['judge'], judges: ['judge'] });
    expect(idleVoice({ kind: 'spectator' })).toEqual({ mode: 'silent', talk: false, hear: ['judge'], judges: ['judge'] });
    expect(idleVoice({ kind: 'judge' })).toEqual({ mode: 'silent', talk: true, hear: [], judges: ['judge'] });
  });
});
