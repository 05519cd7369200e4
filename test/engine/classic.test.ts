// RULES.md section 3: classic, Beijing style with police (京杀 2.0), the default ruleset.
import { describe, expect, it } from 'vitest';
import { createGame, exportRecord, replay, viewFor } from '../../worker/engine/index.ts';
import type { Seat } from '../../worker/engine/index.ts';
import { Table, numbered, playRandomly, seededTable, speakers, tableWithSeed, voteOut } from './table.ts';

function countRoles(players: number) {
  const created = createGame({ ruleset: 'classic', players, seed: `deck-${players}`, at: 0 });
  if (!created.ok) throw new Error(created.message);
  const c = { police: 0, killer: 0, civilian: 0 };
  for (const r of created.state.roles) c[r as keyof typeof c]++;
  return c;
}

/** Night 1 kills 5 and checks 1; day 1's ballot is open. */
function ballotOne(cards = 'KKPPCCCC', options: Record<string, unknown> = {}): Table {
  const t = new Table('classic', cards, options);
  t.night(5);
  t.night(1);
  t.talk();
  return t;
}

/** From ballotOne: a 1–6 tie in the day ballot, then PK speeches; returns at the PK ballot. */
function pkBallot(options: Record<string, unknown> = {}): Table {
  const t = ballotOne('KKPPCCCC', options);
  t.ballot({ 1: 6, 2: 6, 3: 1, 4: 1, 6: 0, 7: 0, 8: 0 });
  return t;
}

describe('RULES.md 3 Players and deck: "8–10: 2 police 2 killers; 11–14: 3; 15–16: 4; civilians the rest"', () => {
  it.each([
    [8, 2],
    [10, 2],
    [11, 3],
    [14, 3],
    [15, 4],
    [16, 4],
  ])('%i players: %i police, as many killers, the rest civilians', (players, k) => {
    expect(countRoles(players)).toEqual({ police: k, killer: k, civilian: players - 2 * k });
  });

  it('refuses fewer than 8 or more than 16 players', () => {
    expect(createGame({ ruleset: 'classic', players: 7, seed: 'x', at: 0 }).ok).toBe(false);
    expect(createGame({ ruleset: 'classic', players: 17, seed: 'x', at: 0 }).ok).toBe(false);
  });
});

describe('RULES.md 3 Night: "Killers open eyes together ... Police open eyes together, ... learn thumb up / thumb down"', () => {
  it('the killers\' call comes first, then the police\'s, and the answer reaches only the police', () => {
    const t = new Table('classic', 'CKCPKPCC');
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers', actors: [2, 5] });
    t.night(1);
    expect(t.step).toMatchObject({ kind: 'call', call: 'police', actors: [4, 6] });
    t.night(5);
    expect(t.last('checked')).toEqual({ type: 'checked', target: 5, answer: 'killers' });
    expect(t.view(4).log.some((e) => e.event.type === 'checked')).toBe(true);
    expect(t.view(2).log.some((e) => e.event.type === 'checked')).toBe(false);
    expect(t.events('call').map((c) => c.call)).toEqual(['killers', 'police']);
  });

  it('匪自杀: "a killer may choose a fellow killer"', () => {
    const t = new Table('classic', 'KKPPCCCC');
    expect(t.legal(1)).toContainEqual(expect.objectContaining({ type: 'point', targets: [1, 2, 3, 4, 5, 6, 7, 8] }));
    t.night(2);
    t.night(5);
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [2] });
    expect(t.step).toMatchObject({ kind: 'last-words', seat: 2 });
    expect(t.view(5).seats[1]!.role).toBeUndefined();
  });

  it('a player already out cannot be pointed at on a later night', () => {
    const t = ballotOne();
    voteOut(t, 6);
    t.talk();
    t.refused(1, { type: 'point', target: 5 }, 'game/target-not-alive');
    t.refused(1, { type: 'point', target: 6 }, 'game/target-not-alive');
  });
});

describe('RULES.md 3 Last words: "only the first K players out (killed or voted, in order) leave last words, K = the number of police"', () => {
  it('K = 2: the night victim and the first voted out speak; the third out (killed on night 2) does not', () => {
    const t = ballotOne();
    expect(t.events('passed')[0]).toEqual({ type: 'passed', seat: 5, missed: false }); // 5's last words
    voteOut(t, 6);
    expect(t.step).toMatchObject({ kind: 'last-words', seat: 6 });
    t.talk();
    t.night(7);
    t.night(1);
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [7] });
    expect(t.step).toMatchObject({ kind: 'speech', purpose: 'day', seat: 8 });
    t.talk();
    voteOut(t, 3);
    expect(t.last('out')).toEqual({ type: 'out', seat: 3, how: 'voted' });
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers' });
  });

  it('K = 3 (11 players): the third player out still speaks, the fourth does not', () => {
    const t = new Table('classic', 'KKKPPPCCCCC');
    t.night(7);
    t.night(1);
    t.talk();
    voteOut(t, 8);
    expect(t.step).toMatchObject({ kind: 'last-words', seat: 8 });
    t.talk();
    t.night(9);
    t.night(1);
    expect(t.step).toMatchObject({ kind: 'last-words', seat: 9 });
    t.talk();
    voteOut(t, 10);
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers' });
  });

  it('(decision) ejected and self-destructed players do not count toward the first K', () => {
    const t = new Table('classic', 'KKKPPPCCCCC');
    t.night(7);
    t.night(4);
    t.act(7, { type: 'pass' });
    t.control({ type: 'eject', seat: 9 });
    t.act(1, { type: 'self-destruct' });
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers', actors: [2, 3] });
    t.night(8);
    t.night(2);
    expect(t.step).toMatchObject({ kind: 'last-words', seat: 8 }); // second of K = 3
    t.talk();
    voteOut(t, 10);
    expect(t.step).toMatchObject({ kind: 'last-words', seat: 10 }); // third of K = 3
  });
});

describe('RULES.md 3 Ties [001 4.5]: PK, then outside PK, then option finalTie', () => {
  it('the tied players each speak again (PK) in order, then everyone votes among the tied only', () => {
    const t = pkBallot();
    expect(t.last('ballots')!.top).toEqual([1, 6]);
    expect(t.events('out')).toHaveLength(1);
    expect(speakers(t)).toEqual([
      { seat: 6, kind: 'speech', purpose: 'pk' },
      { seat: 1, kind: 'speech', purpose: 'pk' },
    ]);
    expect(t.step).toMatchObject({ kind: 'ballot', purpose: 'pk', candidates: [1, 6], voters: [1, 2, 3, 4, 6, 7, 8] });
    t.refused(3, { type: 'vote', target: 7 }, 'game/target-not-eligible');
    expect(t.legal(7)).toContainEqual({ type: 'vote', targets: [1, 6], canAbstain: true });
    t.ballot({ 1: 6, 2: 6, 3: 6, 4: 1, 6: 1, 7: 0, 8: 0 });
    expect(t.last('out')).toEqual({ type: 'out', seat: 6, how: 'voted' });
  });

  it('still tied: every living player other than the tied speaks (outside PK), then everyone votes among the tied', () => {
    const t = pkBallot();
    t.talk();
    t.ballot({ 1: 6, 2: 6, 3: 1, 4: 1, 6: 0, 7: 0, 8: 0 });
    expect(speakers(t)).toEqual([7, 8, 2, 3, 4].map((seat) => ({ seat, kind: 'speech', purpose: 'outside-pk' })));
    expect(t.step).toMatchObject({ kind: 'ballot', purpose: 'outside-pk', candidates: [1, 6], mustVote: true });
    expect(t.last('ballot')).toEqual({ type: 'ballot', purpose: 'outside-pk', candidates: [1, 6], mustVote: true });
    t.ballot({ 1: 6, 2: 1, 3: 1, 4: 1, 6: 1, 7: 6, 8: 6 });
    expect(t.last('out')).toEqual({ type: 'out', seat: 1, how: 'voted' });
  });

  function outsidePkTie(options: Record<string, unknown>, seed?: string): Table {
    const t = seed ? tableWithSeed('classic', 'KKPPCCCC', options, seed) : new Table('classic', 'KKPPCCCC', options);
    t.night(5);
    t.night(1);
    t.talk();
    t.ballot({ 1: 6, 2: 6, 3: 1, 4: 1, 6: 0, 7: 0, 8: 0 });
    t.talk();
    t.ballot({ 1: 6, 2: 6, 3: 1, 4: 1, 6: 0, 7: 0, 8: 0 });
    t.talk();
    t.ballot({ 1: 6, 2: 6, 3: 1, 4: 1, 6: 1, 7: 6 }); // 8 misses the deadline: 3–3
    expect(t.last('ballots')!.top).toEqual([1, 6]);
    return t;
  }

  it('finalTie peaceful-night (default): no one is out; go to night', () => {
    const t = outsidePkTie({});
    expect(t.last('peaceful-night')).toEqual({ type: 'peaceful-night' });
    expect(t.events('out')).toHaveLength(1);
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers' });
    expect(t.state.round).toBe(2);
  });

  it('finalTie draw: the game ends in a draw', () => {
    const t = outsidePkTie({ finalTie: 'draw' });
    expect(t.last('game-over')).toMatchObject({ winner: 'draw', reason: 'final-tie' });
    expect(t.step).toEqual({ kind: 'over' });
  });

  it('finalTie lot: one of the tied is drawn with the game\'s seed, is out, and the same seed draws the same', () => {
    const draws = new Set<Seat>();
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) {
      const t = outsidePkTie({ finalTie: 'lot' }, seed);
      const lot = t.last('lot')!;
      expect(lot.among).toEqual([1, 6]);
      expect([1, 6]).toContain(lot.drawn);
      expect(t.last('out')).toEqual({ type: 'out', seat: lot.drawn, how: 'lot' });
      expect(outsidePkTie({ finalTie: 'lot' }, seed).last('lot')).toEqual(lot);
      draws.add(lot.drawn);
    }
    expect(draws.size).toBe(2);
  });

  it('outsidePkMustVote on (default): nobody may abstain in the outside-PK ballot', () => {
    const t = pkBallot();
    t.talk();
    t.ballot({ 1: 6, 2: 6, 3: 1, 4: 1, 6: 0, 7: 0, 8: 0 });
    t.talk();
    t.refused(7, { type: 'vote', target: 0 }, 'game/must-vote');
    expect(t.legal(7)).toContainEqual({ type: 'vote', targets: [1, 6], canAbstain: false });
  });

  it('outsidePkMustVote off: abstaining is allowed throughout', () => {
    const t = pkBallot({ outsidePkMustVote: false });
    t.talk();
    t.ballot({ 1: 6, 2: 6, 3: 1, 4: 1, 6: 0, 7: 0, 8: 0 });
    t.talk();
    expect(t.step).toMatchObject({ kind: 'ballot', purpose: 'outside-pk', mustVote: false });
    t.act(7, { type: 'vote', target: 0 });
    expect(t.legal(8)).toContainEqual({ type: 'vote', targets: [1, 6], canAbstain: true });
  });
});

describe('RULES.md 3 Killer specials: 爆匪 "a living killer may reveal themself. out with no last words, nobody speaks after it, straight to night"', () => {
  it('a killer self-destructs during a speech: out, no last words, no more speeches, next night', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(5);
    t.night(7);
    t.act(5, { type: 'pass' });
    t.act(6, { type: 'pass' });
    expect(t.legal(1)).toContainEqual({ type: 'self-destruct' });
    expect(t.legal(6)).not.toContainEqual({ type: 'self-destruct' });
    t.act(1, { type: 'self-destruct' });
    expect(t.last('out')).toEqual({ type: 'out', seat: 1, how: 'self-destruct' });
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers', actors: [2] });
    expect(t.state.round).toBe(2);
    expect(t.events('said')).toEqual([]);
    expect(t.events('ballot')).toEqual([]);
    expect(t.events('passed').map((p) => p.seat)).toEqual([5, 6]);
  });

  it('a killer may self-destruct during the ballot too: the ballot is void', () => {
    const t = ballotOne();
    t.act(3, { type: 'vote', target: 1 });
    t.act(2, { type: 'self-destruct' });
    expect(t.events('ballots')).toEqual([]);
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers', actors: [1] });
  });

  it('refused at night and for non-killers', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.refused(1, { type: 'self-destruct' }, 'game/phase-closed');
    expect(t.legal(1)).not.toContainEqual({ type: 'self-destruct' });
    t.night(5);
    t.night(1);
    t.refused(3, { type: 'self-destruct' }, 'game/not-allowed');
    t.refused(6, { type: 'self-destruct' }, 'game/not-allowed');
  });

  it('the last killer self-destructing ends the game (win check)', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(2);
    t.night(5);
    t.act(2, { type: 'pass' });
    t.act(1, { type: 'self-destruct' });
    expect(t.last('game-over')).toMatchObject({ winner: 'good', reason: 'all-killers-out' });
  });
});

describe('RULES.md 3 Surrender [001 5.5]: "forbidden while both sides still have partners alive ... allowed only at night"', () => {
  /** Day 1 votes out killer 2: the killers are down to one. */
  function killersDownToOne(options: Record<string, unknown> = {}): Table {
    const t = ballotOne('KKPPCCCC', options);
    voteOut(t, 2);
    t.talk();
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers', actors: [1] });
    return t;
  }

  it('team (default): refused while both sides have partners alive', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.refused(1, { type: 'surrender' }, 'game/not-allowed');
    expect(t.legal(1)).not.toContainEqual({ type: 'surrender' });
    t.night(5);
    t.refused(3, { type: 'surrender' }, 'game/not-allowed');
  });

  it('team: once the killers are down to one, the last killer surrenders at their call and the killers lose', () => {
    const t = killersDownToOne();
    expect(t.legal(1)).toContainEqual({ type: 'surrender' });
    t.act(1, { type: 'surrender' });
    expect(t.last('surrendered')).toEqual({ type: 'surrendered', side: 'killers' });
    expect(t.last('game-over')).toMatchObject({ winner: 'good', reason: 'surrender' });
  });

  /** Night 1 kills police 4; day 1 votes out civilian 5: the police are down to one, the killers still two. */
  function policeDownToOne(options: Record<string, unknown> = {}): Table {
    const t = new Table('classic', 'KKPPCCCC', options);
    t.night(4);
    t.night(1);
    t.talk();
    voteOut(t, 5);
    t.talk();
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers', actors: [1, 2] });
    return t;
  }

  it('(decision) "the other side\'s count never decides whether the control is offered": killers with two alive are not offered surrender when the police are down to one', () => {
    const t = policeDownToOne();
    expect(t.legal(1)).not.toContainEqual({ type: 'surrender' });
    expect(t.legal(2)).not.toContainEqual({ type: 'surrender' });
    t.refused(1, { type: 'surrender' }, 'game/not-allowed');
    // Nor does the police side's own offer depend on the killers: the last police may surrender.
    t.night(6);
    expect(t.step).toMatchObject({ kind: 'call', call: 'police', actors: [3] });
    expect(t.legal(3)).toContainEqual({ type: 'surrender' });
  });

  it('(decision) "when its own side is down to one living member": police with two alive are not offered surrender when the killers are down to one', () => {
    const t = killersDownToOne();
    t.night(6);
    expect(t.step).toMatchObject({ kind: 'call', call: 'police', actors: [3, 4] });
    expect(t.legal(3)).not.toContainEqual({ type: 'surrender' });
    t.refused(3, { type: 'surrender' }, 'game/not-allowed');
  });

  it('team: the last police surrenders at their call; the police side (and the civilians) lose', () => {
    const t = policeDownToOne();
    t.night(6);
    t.act(3, { type: 'surrender' });
    expect(t.last('surrendered')).toEqual({ type: 'surrendered', side: 'good' });
    expect(t.last('game-over')).toMatchObject({ winner: 'killers', reason: 'surrender' });
  });

  it('civilians never surrender; nobody surrenders during the day', () => {
    const t = killersDownToOne();
    t.refused(7, { type: 'surrender' }, 'game/not-allowed');
    t.night(6);
    t.refused(7, { type: 'surrender' }, 'game/not-allowed');
    t.night(1);
    t.refused(1, { type: 'surrender' }, 'game/not-allowed');
    t.refused(3, { type: 'surrender' }, 'game/not-allowed');
  });

  it('last-member: only a player whose teammates are all out', () => {
    const t = killersDownToOne({ surrender: 'last-member' });
    expect(t.legal(1)).toContainEqual({ type: 'surrender' });
    t.night(6);
    t.refused(3, { type: 'surrender' }, 'game/not-allowed'); // police partner still alive
    const u = killersDownToOne({ surrender: 'last-member' });
    u.act(1, { type: 'surrender' });
    expect(u.last('game-over')).toMatchObject({ winner: 'good', reason: 'surrender' });
  });

  it('off: nobody may surrender', () => {
    const t = killersDownToOne({ surrender: 'off' });
    t.refused(1, { type: 'surrender' }, 'game/not-allowed');
    expect(t.legal(1)).not.toContainEqual({ type: 'surrender' });
  });
});

describe('RULES.md 3 Repeat first kill: "the killers may not kill, on night 1, the player who was killed on night 1 of the previous game"', () => {
  it('refused on night 1 with game/repeat-first-kill and absent from the legal targets; allowed on night 2', () => {
    const t = new Table('classic', 'KKPPCCCC', {}, { previousFirstVictim: 6 });
    t.refused(1, { type: 'point', target: 6 }, 'game/repeat-first-kill');
    const point = t.legal(1).find((a) => a.type === 'point');
    expect(point).toMatchObject({ targets: [1, 2, 3, 4, 5, 7, 8] });
    t.night(5);
    t.night(6); // the police may check that seat
    expect(t.last('checked')).toEqual({ type: 'checked', target: 6, answer: 'good' });
    t.talk();
    t.timeout();
    t.act(1, { type: 'point', target: 6 });
    t.act(2, { type: 'point', target: 6 });
    expect(t.last('kill-chosen')).toEqual({ type: 'kill-chosen', target: 6 });
  });

  it('the killers\' night-1 victim is the game\'s first victim', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(6);
    t.night(0);
    expect(t.state.firstVictim).toBe(6);
  });

  it('"nobody was killed that night, nobody is barred": a peaceful night 1 and a kill on night 2 record no first victim', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(0);
    t.night(0);
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [] });
    t.talk();
    voteOut(t, 7);
    t.talk();
    t.night(6);
    t.night(0);
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [6] });
    expect(t.state.firstVictim).toBe(0);
  });
});

describe('RULES.md 3 Judge\'s authority: ejection "(decision) no last words"', () => {
  it('ejected during their own speech: out, no last words, the next speaker goes on', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(5);
    t.night(1);
    t.act(5, { type: 'pass' });
    expect(t.step).toMatchObject({ kind: 'speech', seat: 6 });
    t.control({ type: 'eject', seat: 6 });
    expect(t.last('out')).toEqual({ type: 'out', seat: 6, how: 'ejected' });
    expect(t.step).toMatchObject({ kind: 'speech', seat: 7 });
    expect(t.view(7).seats[5]!.role).toBeUndefined();
  });

  it('ejected during a ballot: removed from voters and candidates', () => {
    const t = ballotOne();
    t.act(3, { type: 'vote', target: 6 });
    t.control({ type: 'eject', seat: 6 });
    expect(t.step).toMatchObject({ kind: 'ballot', voters: [1, 2, 3, 4, 7, 8], candidates: [1, 2, 3, 4, 7, 8] });
    t.refused(4, { type: 'vote', target: 6 }, 'game/target-not-alive');
    t.refused(6, { type: 'vote', target: 1 }, 'game/seat-out');
    t.ballot({ 1: 7, 2: 7, 4: 7, 7: 0, 8: 0 });
    expect(t.last('ballots')!.top).toEqual([7]);
    expect(t.last('ballots')!.ballots.map((b) => b.seat)).not.toContain(6);
  });

  it('ejected during a night call: the call goes on without them', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.act(1, { type: 'point', target: 5 });
    t.control({ type: 'eject', seat: 2 });
    // D15: the killer now acts alone, so their pointer waits for a confirm (it may still move).
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers', actors: [1] });
    expect(t.legal(1)).toContainEqual({ type: 'confirm', call: 'killers' });
    t.act(1, { type: 'confirm' });
    expect(t.step).toMatchObject({ kind: 'call', call: 'police', actors: [3, 4] });
    expect(t.last('kill-chosen')).toEqual({ type: 'kill-chosen', target: 5 });
  });

  it('the win check runs after an ejection', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.control({ type: 'eject', seat: 1 });
    t.control({ type: 'eject', seat: 2 });
    expect(t.last('game-over')).toMatchObject({ winner: 'good', reason: 'all-killers-out' });
  });
});

describe('RULES.md 3 Win [001 4]', () => {
  it('1. all killers out → police and civilians win', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(1);
    t.night(5);
    t.talk();
    voteOut(t, 2);
    expect(t.last('game-over')).toMatchObject({ winner: 'good', reason: 'all-killers-out' });
    expect(t.view(5).result!.winner).toBe('good');
  });

  it('2. all police out → killers win (civilians lose with the police, however many are alive)', () => {
    const t = ballotOne();
    voteOut(t, 3);
    t.talk();
    t.night(4);
    t.night(1);
    expect(t.last('game-over')).toMatchObject({ winner: 'killers', reason: 'all-police-out' });
    expect(t.state.alive.filter((a, i) => a && t.state.roles[i] === 'civilian')).toHaveLength(3);
  });

  it('3. all civilians out (屠城) → killers win (civilianWipeout killers-win, the default)', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(5);
    t.night(1);
    t.talk();
    voteOut(t, 6);
    t.talk();
    t.night(7);
    t.night(1);
    t.talk();
    voteOut(t, 8);
    expect(t.last('game-over')).toMatchObject({ winner: 'killers', reason: 'massacre' });
  });

  it('3. civilianWipeout draw → the massacre is a draw', () => {
    const t = new Table('classic', 'KKPPCCCC', { civilianWipeout: 'draw' });
    for (const seat of [5, 6, 7]) t.control({ type: 'eject', seat });
    expect(t.state.result).toBeNull();
    t.night(8);
    t.night(1);
    expect(t.last('game-over')).toMatchObject({ winner: 'draw', reason: 'massacre' });
  });
});

describe('RULES.md 2.10 Game record (classic)', () => {
  it('exportRecord + replay of a long seeded classic game gives the same log', () => {
    const t = seededTable('classic', 16, { outsidePkMustVote: false }, 'classic-long');
    playRandomly(t, 'classic-long-bots');
    expect(t.state.log.length).toBeGreaterThan(100);
    const r = replay(JSON.parse(JSON.stringify(exportRecord(t.state))));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.state.log).toEqual(t.state.log);
    expect(viewFor(t.state, { kind: 'spectator' }).log).toEqual(numbered(t.state.log));
  });
});
