// RULES.md section 2 (what every ruleset shares) and section 11 (deadlines, pause, extend).
import { describe, expect, it } from 'vitest';
import { apply, createGame, exportRecord, PACE_PRESETS, replay, verifyDeal, viewFor } from '../../worker/engine/index.ts';
import type { GameState, LogEntry, Seat } from '../../worker/engine/index.ts';
import { Table, numbered, playRandomly, seededTable, seen, speakers, voteOut } from './table.ts';

const pace = PACE_PRESETS.live;

function logOf(t: Table, seat: Seat, type: string): LogEntry[] {
  return t.view(seat).log.filter((e) => e.event.type === type);
}

/** Classic 8: night 1 kills seat 5, police check seat 1; the day opens with 5's last words. */
function dayOne(options: Record<string, unknown> = {}): Table {
  const t = new Table('classic', 'KKPPCCCC', options);
  t.night(5);
  t.night(1);
  return t;
}

describe('RULES.md 2.1 Dealing: "one card per seat ... each player sees only their own card(s)"', () => {
  it('deals one card per seat from the seed, and each seat sees only its own card', () => {
    const created = createGame({ ruleset: 'classic', players: 10, seed: 'deal-1', at: 0 });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const s = created.state;
    expect(s.roles).toHaveLength(10);
    for (let seat = 1; seat <= 10; seat++) {
      const v = viewFor(s, { kind: 'seat', seat });
      const cards = v.log.filter((e) => e.event.type === 'card');
      expect(cards).toHaveLength(1);
      expect(cards[0]!.event).toEqual({ type: 'card', seat, role: s.roles[seat - 1] });
      expect(v.me?.role).toBe(s.roles[seat - 1]);
      // Other seats' roles are hidden, except killer partners, who open eyes together.
      for (const other of v.seats) {
        if (other.seat === seat) continue;
        if (other.role !== undefined) {
          expect(s.roles[seat - 1]).toBe('killer');
          expect(other.role).toBe('killer');
        }
      }
    }
  });

  it('the same seed deals the same deck; the commitment is public from the start', () => {
    const a = createGame({ ruleset: 'classic', players: 12, seed: 'same', at: 0 });
    const b = createGame({ ruleset: 'classic', players: 12, seed: 'same', at: 5 });
    if (!a.ok || !b.ok) throw new Error('not created');
    expect(a.state.deck).toEqual(b.state.deck);
    expect(a.state.commitment).toBe(b.state.commitment);
    expect(viewFor(a.state, { kind: 'spectator' }).commitment).toBe(a.state.commitment);
    expect(a.state.log[0]!.event).toEqual({ type: 'dealt', players: 12, commitment: a.state.commitment });
    expect(a.state.log[0]!.to).toBe('all');
  });

  it('verifyDeal(setup, deck, commitment) succeeds for a seeded game and fails with a wrong seed or deck', () => {
    const t = seededTable('classic', 9, {}, 'verify-me');
    playRandomly(t, 'bots-verify');
    const result = t.view(1).result!;
    expect(result.seed).toBe('verify-me');
    const setup = t.state.setup;
    expect(verifyDeal(setup, result.deck, t.state.commitment)).toBe(true);
    expect(verifyDeal({ ...setup, seed: 'verify-you' }, result.deck, t.state.commitment)).toBe(false);
    const swapped = [...result.deck].reverse();
    if (swapped.join() !== result.deck.join()) expect(verifyDeal(setup, swapped, t.state.commitment)).toBe(false);
    expect(verifyDeal(setup, result.deck, '0'.repeat(64))).toBe(false);
  });
});

describe('RULES.md 2.2 Team knowledge: "members see each other\'s seats from night 1 on, and have a private team channel"', () => {
  it('killers see each other from night 1; police see each other when their call opens; civilians see nobody', () => {
    const t = new Table('classic', 'KKPPCCCC');
    expect(t.view(1).seats[1]).toMatchObject({ role: 'killer', mate: true });
    expect(t.view(1).seats[2]!.role).toBeUndefined();
    expect(t.view(5).seats.filter((s) => s.role !== undefined).map((s) => s.seat)).toEqual([5]);
    t.night(6);
    expect(t.view(3).seats[3]).toMatchObject({ role: 'police', mate: true });
    expect(t.view(3).seats[0]!.role).toBeUndefined();
    expect(t.view(1).seats[2]!.role).toBeUndefined();
  });

  it('team chat reaches only the called team, and only during its call', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.act(1, { type: 'team-chat', text: 'take 6' });
    expect(logOf(t, 2, 'team-chat').map((e) => e.event)).toEqual([{ type: 'team-chat', seat: 1, text: 'take 6' }]);
    expect(logOf(t, 3, 'team-chat')).toEqual([]);
    expect(logOf(t, 6, 'team-chat')).toEqual([]);
    expect(viewFor(t.state, { kind: 'spectator' }).log.some((e) => e.event.type === 'team-chat')).toBe(false);
    t.refused(3, { type: 'team-chat', text: 'hello' }, 'game/not-your-turn');
    t.night(6);
    t.night(1);
    t.refused(1, { type: 'team-chat', text: 'day' }, 'game/phase-closed');
  });
});

describe('RULES.md 2.3 Team decisions: "the target pointed at by the most members wins; members who point at nothing agree"', () => {
  it('the target pointed at by the most members wins', () => {
    const t = new Table('classic', 'KKKPPPCCCCC');
    t.act(1, { type: 'point', target: 7 });
    t.act(2, { type: 'point', target: 8 });
    t.act(3, { type: 'point', target: 8 });
    expect(logOf(t, 1, 'kill-chosen').map((e) => e.event)).toEqual([{ type: 'kill-chosen', target: 8 }]);
    t.night(0);
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [8] });
  });

  it('(decision) a tie between targets is broken by the target that was pointed at first', () => {
    const t = new Table('classic', 'KKKPPPCCCCC');
    t.act(2, { type: 'point', target: 9 });
    t.act(1, { type: 'point', target: 7 });
    t.act(3, { type: 'point', target: 0 });
    expect(t.last('kill-chosen')).toEqual({ type: 'kill-chosen', target: 9 });
  });

  it('a pointer may be changed until the call closes; the call closes once every living member has pointed', () => {
    const t = new Table('classic', 'KKKPPPCCCCC');
    t.act(1, { type: 'point', target: 7 });
    t.act(1, { type: 'point', target: 10 });
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers' });
    expect(t.legal(1)).toContainEqual(expect.objectContaining({ type: 'point', current: 10 }));
    t.act(2, { type: 'point', target: 10 });
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers' });
    t.act(3, { type: 'point', target: 7 });
    expect(t.step).toMatchObject({ kind: 'call', call: 'police' });
    expect(t.last('kill-chosen')).toEqual({ type: 'kill-chosen', target: 10 });
  });

  it('members who point at nothing agree with the others', () => {
    const t = new Table('classic', 'KKKPPPCCCCC');
    t.act(1, { type: 'point', target: 0 });
    t.act(2, { type: 'point', target: 11 });
    t.act(3, { type: 'point', target: 0 });
    expect(t.last('kill-chosen')).toEqual({ type: 'kill-chosen', target: 11 });
    // A member silent until the deadline agrees too.
    t.act(4, { type: 'point', target: 1 });
    t.timeout();
    expect(t.last('checked')).toEqual({ type: 'checked', target: 1, answer: 'killers' });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [11] });
  });

  it('(decision) if no member points by the deadline there is no kill / no check; the day starts at seat 1', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.timeout();
    expect(t.last('kill-chosen')).toEqual({ type: 'kill-chosen', target: 0 });
    t.timeout();
    expect(t.last('checked')).toEqual({ type: 'checked', target: 0 });
    expect(t.state.night.check).toBeUndefined();
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [] });
    expect(t.state.alive.every(Boolean)).toBe(true);
    expect(speakers(t).map((s) => s.seat)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('teammates see each other\'s pointers during the call; nobody else does', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.act(1, { type: 'point', target: 6 });
    expect(t.view(2).seats[0]!.pointer).toBe(6);
    expect(t.view(1).seats[0]!.pointer).toBe(6);
    for (const seat of [3, 5]) {
      expect(t.view(seat).seats[0]!.pointer).toBeUndefined();
      expect(seen(t.view(seat))).not.toContain('pointed');
    }
    expect(viewFor(t.state, { kind: 'spectator' }).seats[0]!.pointer).toBeUndefined();
    expect(viewFor(t.state, { kind: 'judge' }).seats[0]!.pointer).toBe(6);
  });
});

describe('RULES.md 2.4 Police check answer: "killer camp or not", never the exact role', () => {
  it('checking a killer answers killer camp, only to the police', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(6);
    t.night(2);
    const entry = t.state.log.find((e) => e.event.type === 'checked')!;
    expect(entry.event).toEqual({ type: 'checked', target: 2, answer: 'killers' });
    expect(entry.to).toEqual([3, 4]);
    expect(logOf(t, 3, 'checked')).toHaveLength(1);
    expect(logOf(t, 4, 'checked')).toHaveLength(1);
    for (const seat of [1, 2, 5, 7]) expect(logOf(t, seat, 'checked')).toEqual([]);
    expect(viewFor(t.state, { kind: 'spectator' }).log.some((e) => e.event.type === 'checked')).toBe(false);
  });

  it('checking a civilian or a police partner answers "not killer" (good), not the role', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(6);
    t.night(7);
    expect(t.last('checked')).toEqual({ type: 'checked', target: 7, answer: 'good' });
    const u = new Table('classic', 'KKPPCCCC');
    u.night(6);
    u.night(4);
    expect(u.last('checked')).toEqual({ type: 'checked', target: 4, answer: 'good' });
  });
});

describe('RULES.md 2.5 Announcement at dawn: "Roles of out players are not revealed"', () => {
  it('the dawn and out events carry no role, and no living seat learns the victim\'s role', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(3);
    t.night(1);
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [3] });
    expect(t.last('out')).toEqual({ type: 'out', seat: 3, how: 'killed' });
    for (const seat of [5, 6, 7]) {
      expect(t.view(seat).seats[2]!.role).toBeUndefined();
      expect(t.view(seat).seats[2]!.camp).toBeUndefined();
      expect(t.view(seat).seats[2]).toMatchObject({ alive: false, out: { how: 'killed', round: 1 } });
    }
  });
});

describe('RULES.md 2.6 Out players: "keep only what they knew when they went out (no god view)"', () => {
  function killerVotedOut(options: Record<string, unknown> = {}): Table {
    const t = dayOne(options);
    t.talk();
    voteOut(t, 1);
    expect(t.last('out')).toEqual({ type: 'out', seat: 1, how: 'voted' });
    t.talk(); // 1's last words
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers', actors: [2] });
    t.act(2, { type: 'point', target: 7 });
    return t;
  }

  it('an out killer no longer sees the killers\' later pointers, but still knows the partner', () => {
    const t = killerVotedOut();
    const v = t.view(1);
    expect(v.god).toBe(false);
    expect(v.seats[1]!.role).toBe('killer');
    expect(v.seats[2]!.role).toBeUndefined();
    const pointed = v.log.filter((e) => e.event.type === 'pointed');
    expect(pointed.every((e) => e.round === 1)).toBe(true);
    expect(v.log.some((e) => e.event.type === 'kill-chosen' && e.round === 2)).toBe(false);
    expect(v.legal).toEqual([]);
    // The living partner does see it.
    expect(t.view(2).log.some((e) => e.event.type === 'kill-chosen' && e.round === 2)).toBe(true);
  });

  it('option outSeeAll gives out players the god view, and only out players', () => {
    const t = killerVotedOut({ outSeeAll: true });
    const v = t.view(1);
    expect(v.god).toBe(true);
    expect(v.seats.map((s) => s.role)).toEqual(t.state.roles);
    expect(v.log.some((e) => e.event.type === 'kill-chosen' && e.round === 2)).toBe(true);
    expect(v.log).toHaveLength(t.state.log.length);
    expect(t.view(3).god).toBe(false);
    expect(t.view(6).seats[1]!.role).toBeUndefined();
  });
});

describe('RULES.md 2.7 Speeches: "in table order, starting at the player to the right of the player killed that night"', () => {
  it('starts right of the victim and wraps around the table', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(8);
    t.night(1);
    const order = speakers(t);
    expect(order[0]).toEqual({ seat: 8, kind: 'last-words' });
    expect(order.slice(1).map((s) => s.seat)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(t.step).toMatchObject({ kind: 'ballot', purpose: 'day' });
  });

  it('if no one died: starts right of the last player out', () => {
    const t = dayOne();
    t.talk();
    voteOut(t, 6);
    t.talk();
    t.timeout(); // killers miss the call: no kill
    t.night(1);
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [] });
    expect(speakers(t).map((s) => s.seat)).toEqual([7, 8, 1, 2, 3, 4]);
  });

  it('a speech is visible to everyone; nobody else may speak meanwhile', () => {
    const t = dayOne();
    t.act(5, { type: 'say', text: 'it was 2' });
    t.refused(6, { type: 'say', text: 'me too' }, 'game/not-your-turn');
    t.refused(6, { type: 'pass' }, 'game/not-your-turn');
    t.act(5, { type: 'pass' });
    expect(t.step).toMatchObject({ kind: 'speech', seat: 6 });
    expect(viewFor(t.state, { kind: 'spectator' }).log.filter((e) => e.event.type === 'said').map((e) => e.event)).toEqual([
      { type: 'said', seat: 5, text: 'it was 2' },
    ]);
  });
});

describe('RULES.md 2.8 Votes are sealed: "ballots are hidden until the ballot closes; then every ballot is shown with its voter"', () => {
  it('a seat\'s own ballot is visible only to itself until the reveal; others see only who has voted', () => {
    const t = dayOne();
    t.talk();
    t.act(3, { type: 'vote', target: 1 });
    expect(logOf(t, 3, 'voted').map((e) => e.event)).toEqual([{ type: 'voted', seat: 3, target: 1 }]);
    expect(t.view(3).me?.ballot).toBe(1);
    for (const seat of [1, 4, 6]) {
      expect(logOf(t, seat, 'voted')).toEqual([]);
      expect(t.view(seat).me?.ballot).toBeUndefined();
      expect(t.view(seat).seats[2]!.voted).toBe(true);
      expect(t.view(seat).seats[3]!.voted).toBe(false);
      expect(t.view(seat).step).toMatchObject({ kind: 'ballot', ballotsIn: 1, voters: 7 });
    }
    expect(viewFor(t.state, { kind: 'spectator' }).log.some((e) => e.event.type === 'voted')).toBe(false);
    expect(logOf(t, 6, 'ballots')).toEqual([]);
  });

  it('once the ballot closes every ballot is shown with its voter, from the right of the victim', () => {
    const t = dayOne();
    t.talk();
    t.ballot({ 1: 6, 2: 6, 3: 1, 4: 1, 6: 1, 7: 0, 8: 1 });
    const ballots = logOf(t, 6, 'ballots');
    expect(ballots).toHaveLength(1);
    expect(ballots[0]!.event).toEqual({
      type: 'ballots',
      purpose: 'day',
      ballots: [
        { seat: 6, target: 1, missed: false },
        { seat: 7, target: 0, missed: false },
        { seat: 8, target: 1, missed: false },
        { seat: 1, target: 6, missed: false },
        { seat: 2, target: 6, missed: false },
        { seat: 3, target: 1, missed: false },
        { seat: 4, target: 1, missed: false },
      ],
      top: [1],
    });
    expect(t.last('out')).toEqual({ type: 'out', seat: 1, how: 'voted' });
  });

  it('abstaining is allowed in the day ballot; ballots are final (decision); self-votes are refused (decision)', () => {
    const t = dayOne();
    t.talk();
    expect(t.legal(6)).toContainEqual({ type: 'vote', targets: [1, 2, 3, 4, 7, 8], canAbstain: true });
    t.act(6, { type: 'vote', target: 0 });
    t.refused(6, { type: 'vote', target: 1 }, 'game/already-voted');
    t.refused(7, { type: 'vote', target: 7 }, 'game/target-not-eligible');
  });
});

describe('RULES.md 2.9 Win check "after every resolution that puts someone out (dawn, verdict, self-destruct, ejection)"', () => {
  it('at dawn: the last police killed ends the game before any last words', () => {
    const t = dayOne();
    t.talk();
    voteOut(t, 3);
    t.talk();
    t.night(4);
    t.night(1);
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [4] });
    expect(t.last('game-over')).toMatchObject({ winner: 'killers', reason: 'all-police-out' });
    expect(t.step).toEqual({ kind: 'over' });
    expect(t.events('day')).toHaveLength(1);
  });

  it('at a verdict: the last killer voted out ends the game with no last words', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(1); // 匪自杀
    t.night(2);
    t.talk();
    voteOut(t, 2);
    expect(t.last('game-over')).toMatchObject({ winner: 'good', reason: 'all-killers-out' });
    expect(t.step).toEqual({ kind: 'over' });
  });

  it('at an ejection: the host ejecting the last police ends the game', () => {
    const t = dayOne();
    t.control({ type: 'eject', seat: 3 });
    expect(t.state.result).toBeNull();
    t.control({ type: 'eject', seat: 4 });
    expect(t.last('game-over')).toMatchObject({ winner: 'killers', reason: 'all-police-out' });
  });
});

describe('RULES.md 2.10 Game record: "each player\'s view of the log hides what that player could not know; the full log is shown to everyone when the game ends"', () => {
  it('the judge viewer sees everything; a spectator sees only public entries', () => {
    const t = dayOne();
    t.talk();
    t.act(3, { type: 'vote', target: 1 });
    const judge = viewFor(t.state, { kind: 'judge' });
    expect(judge.god).toBe(true);
    expect(judge.log).toEqual(numbered(t.state.log));
    expect(judge.seats.map((s) => s.role)).toEqual(t.state.roles);
    const spectator = viewFor(t.state, { kind: 'spectator' });
    expect(spectator.god).toBe(false);
    expect(spectator.log.length).toBeGreaterThan(0);
    expect(spectator.log.every((e) => e.to === 'all')).toBe(true);
    expect(spectator.log).toEqual(numbered(t.state.log.filter((e) => e.to === 'all')));
    expect(spectator.seats.every((s) => s.role === undefined)).toBe(true);
    expect(spectator.me).toBeUndefined();
    expect(spectator.legal).toEqual([]);
  });

  it('at game over everyone sees every role, the full log and the seed', () => {
    const t = seededTable('classic', 10, {}, 'open-at-end');
    playRandomly(t, 'bots-open');
    for (const viewer of [{ kind: 'seat', seat: 1 }, { kind: 'seat', seat: 10 }, { kind: 'spectator' }] as const) {
      const v = viewFor(t.state, viewer);
      expect(v.god).toBe(true);
      expect(v.phase).toBe('over');
      expect(v.log).toEqual(numbered(t.state.log));
      expect(v.seats.map((s) => s.role)).toEqual(t.state.roles);
      expect(v.result).toMatchObject({ seed: 'open-at-end', roles: t.state.roles, deck: t.state.deck });
    }
    expect(t.last('game-over')).toMatchObject({ seed: 'open-at-end', roles: t.state.roles });
  });

  it('exportRecord + replay gives the same log for a long seeded game', () => {
    const t = seededTable('classic', 14, { finalTie: 'lot' }, 'replay-shared');
    playRandomly(t, 'bots-replay-shared');
    const replayed = replay(JSON.parse(JSON.stringify(exportRecord(t.state))));
    expect(replayed.ok).toBe(true);
    if (replayed.ok) {
      expect(replayed.state.log).toEqual(t.state.log);
      expect(replayed.state.result).toEqual(t.state.result);
    }
  });
});

describe('RULES.md 2.11 No ballots: "(decision) If a ballot closes with no vote cast, nobody is out and the game goes to night"', () => {
  it('nobody votes by the deadline: every ballot recorded missed, peaceful night, next night', () => {
    const t = dayOne();
    t.talk();
    t.timeout();
    const ballots = t.last('ballots')!;
    expect(ballots.top).toEqual([]);
    expect(ballots.ballots).toHaveLength(7);
    expect(ballots.ballots.every((b) => b.missed && b.target === 0)).toBe(true);
    expect(t.last('peaceful-night')).toEqual({ type: 'peaceful-night' });
    expect(t.events('out')).toHaveLength(1);
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers' });
    expect(t.state.round).toBe(2);
  });

  it('everyone abstains: the same', () => {
    const t = dayOne();
    t.talk();
    t.ballot({ 1: 0, 2: 0, 3: 0, 4: 0, 6: 0, 7: 0, 8: 0 });
    expect(t.last('ballots')!.ballots.every((b) => !b.missed)).toBe(true);
    expect(t.events('peaceful-night')).toHaveLength(1);
    expect(t.events('ballot')).toHaveLength(1); // no PK
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers' });
  });
});

describe('Errors are specific and leave the state untouched', () => {
  it('not-your-turn, phase-closed, target-not-alive, target-not-eligible, already-voted, seat-out, must-vote, game/over', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.refused(5, { type: 'point', target: 6 }, 'game/not-your-turn');
    t.refused(3, { type: 'point', target: 6 }, 'game/not-your-turn');
    t.refused(1, { type: 'vote', target: 6 }, 'game/phase-closed');
    t.refused(1, { type: 'pass' }, 'game/not-your-turn');
    t.refused(1, { type: 'point', target: 99 }, 'game/target-unknown');
    t.night(5);
    t.night(1);
    t.refused(1, { type: 'point', target: 6 }, 'game/phase-closed');
    t.talk();
    t.refused(5, { type: 'vote', target: 1 }, 'game/seat-out');
    t.refused(1, { type: 'vote', target: 5 }, 'game/target-not-alive');
    t.ballot({ 1: 6, 2: 6, 3: 1, 4: 1, 6: 0, 7: 0, 8: 0 });
    t.talk(); // PK speeches
    t.refused(3, { type: 'vote', target: 2 }, 'game/target-not-eligible');
    t.act(3, { type: 'vote', target: 1 });
    t.refused(3, { type: 'vote', target: 6 }, 'game/already-voted');
    t.ballot({ 1: 6, 2: 6, 4: 1, 6: 0, 7: 0, 8: 0 });
    t.talk(); // outside-PK speeches
    t.refused(7, { type: 'vote', target: 0 }, 'game/must-vote');
    t.ballot({ 1: 6, 2: 6, 3: 6, 4: 6, 6: 1, 7: 6, 8: 6 });
    expect(t.last('out')).toEqual({ type: 'out', seat: 6, how: 'voted' });
    t.control({ type: 'eject', seat: 1 });
    t.control({ type: 'eject', seat: 2 });
    expect(t.state.result).not.toBeNull();
    t.refused(3, { type: 'pass' }, 'game/over');
    const before = t.state;
    const r = apply(t.state, { type: 'deadline', at: t.now + 10 ** 9 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('game/over');
    expect(r.state).toBe(before);
  });
});

describe('RULES.md 11 Deadlines: "the server advances when everyone needed has acted or when the deadline passes"', () => {
  it('every waiting step has endsAt = now + the pace of its kind', () => {
    const t = new Table('classic', 'KKPPCCCC');
    expect(t.step).toMatchObject({ kind: 'call', endsAt: t.now + pace.call });
    t.now += 7000;
    t.night(5);
    expect(t.step).toMatchObject({ kind: 'call', call: 'police', endsAt: t.now + pace.call });
    t.now += 3000;
    t.night(1);
    expect(t.step).toMatchObject({ kind: 'last-words', endsAt: t.now + pace.lastWords });
    t.now += 1000;
    t.act(5, { type: 'pass' });
    expect(t.step).toMatchObject({ kind: 'speech', endsAt: t.now + pace.speech });
    expect(t.view(6).step).toMatchObject({ endsAt: t.now + pace.speech });
    for (let i = 0; i < 6; i++) t.act((t.step as { seat: Seat }).seat, { type: 'pass' });
    t.now += 1000;
    t.act(4, { type: 'pass' });
    expect(t.step).toMatchObject({ kind: 'ballot', endsAt: t.now + pace.ballot });
    const inf = new Table('infernal', 'PPPKKK');
    expect(inf.step).toMatchObject({ kind: 'eyes', endsAt: inf.now + pace.eyes });
  });

  it('a missed speech is a pass (passed with missed: true); missed last words too', () => {
    const t = dayOne();
    t.timeout();
    expect(t.events('deadline')).toHaveLength(1);
    expect(t.last('passed')).toEqual({ type: 'passed', seat: 5, missed: true });
    expect(t.step).toMatchObject({ kind: 'speech', seat: 6 });
    t.timeout();
    expect(t.last('passed')).toEqual({ type: 'passed', seat: 6, missed: true });
    expect(t.step).toMatchObject({ kind: 'speech', seat: 7 });
  });

  it('a missed vote is an abstention recorded as missed in the ballots event', () => {
    const t = dayOne();
    t.talk();
    t.ballot({ 1: 6, 2: 6, 3: 1, 4: 1, 6: 1, 7: 1 });
    const b = t.last('ballots')!;
    expect(b.ballots.find((x) => x.seat === 8)).toEqual({ seat: 8, target: 0, missed: true });
    expect(b.ballots.find((x) => x.seat === 7)).toEqual({ seat: 7, target: 1, missed: false });
    expect(b.top).toEqual([1]);
  });

  it('a deadline before endsAt, or repeated after the step changed, changes nothing', () => {
    const t = dayOne();
    const before = t.state;
    const early = apply(before, { type: 'deadline', at: t.now + pace.lastWords - 1 });
    expect(early.ok).toBe(true);
    if (early.ok) {
      expect(early.state).toBe(before);
      expect(early.events).toEqual([]);
    }
    const at = (t.step as { endsAt: number }).endsAt;
    t.timeout();
    const after = t.state;
    const again = apply(after, { type: 'deadline', at });
    expect(again.ok).toBe(true);
    if (again.ok) {
      expect(again.state).toBe(after);
      expect(again.events).toEqual([]);
    }
  });

  it('pause and resume keep the remaining time; nothing moves while paused', () => {
    const t = dayOne();
    t.talk();
    t.now += 10_000;
    t.control({ type: 'pause' });
    expect(t.view(6).paused).toBe(true);
    expect(t.step).toMatchObject({ kind: 'ballot', endsAt: null });
    expect(t.legal(6)).toEqual([]);
    t.refused(6, { type: 'vote', target: 1 }, 'game/paused');
    t.now += 3_600_000;
    const paused = t.state;
    const alarm = apply(paused, { type: 'deadline', at: t.now });
    expect(alarm.ok && alarm.state).toBe(paused);
    t.control({ type: 'resume' });
    expect(t.step).toMatchObject({ kind: 'ballot', endsAt: t.now + pace.ballot - 10_000 });
    expect(t.events('paused')).toHaveLength(1);
    expect(t.events('resumed')).toHaveLength(1);
    t.act(6, { type: 'vote', target: 1 });
  });

  it('a pause holds across a host ejection: the next step does not start its clock until resume', () => {
    const t = dayOne();
    t.act(5, { type: 'pass' });
    t.control({ type: 'pause' });
    t.control({ type: 'eject', seat: 6 });
    expect(t.step).toMatchObject({ kind: 'speech', seat: 7 });
    expect(t.view(7).paused).toBe(true);
    expect(t.step).toMatchObject({ endsAt: null });
    // While paused, no alarm may make seat 7 miss its turn.
    const paused = t.state;
    const alarm = apply(paused, { type: 'deadline', at: t.now + 10 * pace.speech });
    expect(alarm.ok && alarm.events).toEqual([]);
    t.now += 10 * pace.speech;
    t.control({ type: 'resume' });
    expect(t.step).toMatchObject({ kind: 'speech', seat: 7, endsAt: t.now + pace.speech });
  });

  it('extend moves endsAt (and adds to the remaining time while paused)', () => {
    const t = dayOne();
    const endsAt = (t.step as { endsAt: number }).endsAt;
    t.control({ type: 'extend', ms: 30_000 });
    expect(t.step).toMatchObject({ endsAt: endsAt + 30_000 });
    expect(t.last('extended')).toEqual({ type: 'extended', ms: 30_000 });
    t.now = endsAt;
    const r = apply(t.state, { type: 'deadline', at: endsAt });
    expect(r.ok && r.state).toBe(t.state);
    t.control({ type: 'pause' });
    t.control({ type: 'extend', ms: 5_000 });
    t.now += 1;
    t.control({ type: 'resume' });
    expect(t.step).toMatchObject({ endsAt: t.now + 35_000 });
  });

  it('a missed night action is no action: the call closes with the pointers it has', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.act(1, { type: 'point', target: 7 });
    t.timeout();
    expect(t.last('kill-chosen')).toEqual({ type: 'kill-chosen', target: 7 });
    expect(t.events('deadline')).toHaveLength(1);
    t.timeout();
    expect(t.last('checked')).toEqual({ type: 'checked', target: 0 });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [7] });
  });
});

export type { GameState };
