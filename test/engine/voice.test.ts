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
import { idleVoice, voiceFor, voiceStepKey, type VoicePlace, type VoiceRule } from '../../worker/engine/voice.ts';

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
const judgesOf = (state: GameState): VoicePlace[] => (!state.result && state.setup.ruleset === 'dual' && state.judgeSeat ? [state.judgeSeat, 'judge'] : ['judge']);
const speaksAlways = (state: GameState, v: Viewer) => v.kind === 'judge' || (v.kind === 'seat' && judgesOf(state).includes(v.seat));

/** The first state of each step (by the voice's step key): within a step the answers do not change (checked below). */
function stepsOf(states: GameState[]): GameState[] {
  return states.filter((s, i) => i === 0 || voiceStepKey(s) !== voiceStepKey(states[i - 1]!));
}

/** One step's state and every viewer's answer at it, asked once and read by each rule's test below. */
interface Asked {
  state: GameState;
  answers: { v: Viewer; rule: VoiceRule }[];
}

/** The games each ruleset is checked over: its smallest and largest tables, one with an open day, one where out players see everything. */
function gamesOf(ruleset: (typeof RULESET_IDS)[number]): { name: string; all: GameState[]; steps: Asked[] }[] {
  const { minPlayers, maxPlayers } = CATALOG[ruleset];
  const out = [];
  for (const players of [minPlayers, maxPlayers]) {
    for (let g = 0; g < 4; g++) {
      const outSeeAll = g === 3 && ruleset !== 'raw';
      const all = statesOf(ruleset, players, `voice:${ruleset}:${players}:${g}`, outSeeAll ? { outSeeAll } : {}, g === 2 ? 'open' : undefined);
      const steps = stepsOf(all).map((state) => ({ state, answers: viewers(state).map((v) => ({ v, rule: voiceFor(state, v) })) }));
      out.push({ name: `${players} players, game ${g}`, all, steps });
    }
  }
  return out;
}

// Each test gathers what it finds wrong and checks the list once: an expect per state, viewer and
// place was most of the file's time (tens of thousands of answers per ruleset).
const text = (x: unknown) => JSON.stringify(x);
/** The same numbers in any order. */
const sameSet = (a: readonly VoicePlace[], b: readonly VoicePlace[]) => text([...a].sort()) === text([...b].sort());
/** Two answers alike, field by field (and no field besides). */
const sameRule = (a: VoiceRule, b: VoiceRule) => Object.keys(a).length === 4 && a.mode === b.mode && a.talk === b.talk && text(a.hear) === text(b.hear) && text(a.judges) === text(b.judges);

describe.each(RULESET_IDS)('the voice in %s', (ruleset) => {
  const games = gamesOf(ruleset);

  it('in a speech, last words or a defence only the speaker talks, and every other viewer hears them (RULES.md 2.7)', () => {
    const wrong: string[] = [];
    let speeches = 0;
    for (const { steps } of games) {
      for (const { state, answers } of steps) {
        const step = state.step;
        if (state.result || (step.kind !== 'speech' && step.kind !== 'last-words')) continue;
        speeches++;
        for (const { v, rule } of answers) {
          const at = `${label(v)} at ${voiceStepKey(state)}`;
          if (rule.mode !== 'speech') wrong.push(`${at}: mode ${rule.mode}`);
          const speaker = v.kind === 'seat' && v.seat === step.seat;
          if (rule.talk !== (speaker || speaksAlways(state, v))) wrong.push(`${at}: talk ${rule.talk}`);
          if (!speaker && !rule.hear.includes(step.seat)) wrong.push(`${at}: does not hear speaker ${step.seat}`);
          // Nobody hears a seat that is not the speaker (or a judge).
          for (const p of rule.hear) if (p !== step.seat && !judgesOf(state).includes(p)) wrong.push(`${at}: hears ${p}`);
        }
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(speeches).toBeGreaterThan(0);
  });

  it('at a night call exactly the living members of a team with a channel hear each other; a lone actor and everyone else hear only the judges (RULES.md 2.2)', () => {
    const wrong: string[] = [];
    for (const { steps } of games) {
      for (const { state, answers } of steps) {
        const step = state.step;
        if (state.result || step.kind !== 'call') continue;
        const members = [...new Set([...step.actors, ...(step.watchers ?? [])])];
        const team = hasTeamChannel(step) && members.length > 1;
        for (const member of members) if (!state.alive[member - 1]) wrong.push(`member ${member} of ${voiceStepKey(state)} is out`);
        for (const { v, rule } of answers) {
          const at = `${label(v)} at ${voiceStepKey(state)}: ${text(rule)}`;
          const inTeam = team && v.kind === 'seat' && members.includes(v.seat);
          if (inTeam) {
            if (rule.mode !== 'team' || !rule.talk) wrong.push(`${at}: not talking in the team`);
            if (!sameSet(rule.hear.filter((p) => typeof p === 'number' && !judgesOf(state).includes(p)), members.filter((m) => m !== (v as { seat: Seat }).seat))) wrong.push(`${at}: not the team's other members ${members}`);
          } else if (hasGodView(state, v)) {
            // The judges (and an out seat that sees everything) hear what is said, and may not join in but the judge.
            if (rule.talk !== speaksAlways(state, v)) wrong.push(`${at}: talk`);
            if (!sameSet(rule.hear.filter((p) => !judgesOf(state).includes(p)), team ? members.filter((m) => v.kind !== 'seat' || m !== v.seat) : [])) wrong.push(`${at}: not the team ${team ? members : '(none)'}`);
          } else {
            const want: VoiceRule = { mode: 'silent', talk: speaksAlways(state, v), hear: judgesOf(state).filter((j) => v.kind !== 'seat' || j !== v.seat), judges: judgesOf(state) };
            if (!sameRule(rule, want)) wrong.push(`${at}: not ${text(want)}`);
          }
        }
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it("a viewer outside the called team gets one and the same answer at every call of the game, whoever is called (the side-channel rule)", () => {
    let calls = 0;
    for (const { name, steps } of games) {
      const answersOf = new Map<string, Set<string>>();
      for (const { state, answers } of steps) {
        const step = state.step;
        if (state.result || step.kind !== 'call') continue;
        calls++;
        const members = hasTeamChannel(step) ? [...step.actors, ...(step.watchers ?? [])] : [];
        for (const { v, rule } of answers) {
          if (v.kind === 'seat' && members.includes(v.seat)) continue;
          if (hasGodView(state, v)) continue;
          const key = label(v);
          if (!answersOf.has(key)) answersOf.set(key, new Set());
          answersOf.get(key)!.add(text(rule));
        }
      }
      for (const [key, set] of answersOf) expect([...set], `${name}, ${key}`).toHaveLength(1);
    }
    // `infernal` has no night calls, only the eyes step (RULES.md 9).
    if (ruleset !== 'infernal') expect(calls).toBeGreaterThan(0);
  });

  it('free talk and the open day give the floor to the seats that may speak; the ballot, the reading, the eyes and game over are silent but for the judges', () => {
    const wrong: string[] = [];
    for (const { steps } of games) {
      for (const { state, answers } of steps) {
        const step = state.step;
        for (const { v, rule } of answers) {
          const at = `${label(v)} at ${voiceStepKey(state)}: ${text(rule)}`;
          if (!state.result && (step.kind === 'talk' || step.kind === 'open-day')) {
            const eligible = step.kind === 'talk' ? seats(state).filter((s) => state.alive[s - 1] && s !== state.judgeSeat) : step.speakers.filter((s) => !step.done.includes(s));
            if (rule.mode !== 'floor') wrong.push(`${at}: not the floor`);
            if (rule.talk !== ((v.kind === 'seat' && eligible.includes(v.seat)) || speaksAlways(state, v))) wrong.push(`${at}: talk`);
            for (const s of eligible) if ((v.kind !== 'seat' || v.seat !== s) && !rule.hear.includes(s)) wrong.push(`${at}: does not hear ${s}`);
          } else if (state.result || step.kind === 'ballot' || step.kind === 'reading' || step.kind === 'eyes') {
            if (rule.mode !== 'silent') wrong.push(`${at}: not silent`);
            if (rule.talk !== speaksAlways(state, v)) wrong.push(`${at}: talk`);
            if (!rule.hear.every((p) => judgesOf(state).includes(p))) wrong.push(`${at}: hears a seat`);
          }
        }
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it('out players are heard only in their own last words (RULES.md 2.6), and nobody hears themself', () => {
    const wrong: string[] = [];
    for (const { steps } of games) {
      for (const { state, answers } of steps) {
        for (const { v, rule } of answers) {
          const at = `${label(v)} at ${voiceStepKey(state)}`;
          if (v.kind === 'seat' && rule.hear.includes(v.seat)) wrong.push(`${at}: hears itself`);
          if (v.kind === 'judge' && rule.hear.includes('judge')) wrong.push(`${at}: hears itself`);
          for (const p of rule.hear) {
            if (p === 'judge' || state.alive[p - 1] || p === state.judgeSeat) continue;
            if (state.step.kind !== 'last-words' || state.step.seat !== p) wrong.push(`${at}: hears out seat ${p}`);
          }
          if (v.kind === 'seat' && !state.alive[v.seat - 1] && rule.talk && !state.result && state.step.kind !== 'last-words' && v.seat !== state.judgeSeat) wrong.push(`${at}: out seat ${v.seat} talks`);
        }
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
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
