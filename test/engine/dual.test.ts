// RULES.md section 8: dual, version 5.0, two cards each, with the undercover.
import { describe, expect, it } from 'vitest';
import {
  PACE_PRESETS,
  RULESETS,
  apply,
  cardId,
  createGame,
  dealWithRedeals,
  dualCounts,
  exportRecord,
  indexOfCard,
  newGame,
  replay,
  resolveOptions,
  seatOfCard,
  verifyDeal,
  viewFor,
} from '../../worker/engine/index.ts';
import type { Call, GameEvent, Role, Seat } from '../../worker/engine/index.ts';
import { Table, playRandomly } from './table.ts';
import { dualStalemate } from '../../worker/engine/cards.ts';

const FACES: Record<string, Role> = {
  X: 'judge',
  B: 'butterfly',
  J: 'killer',
  Q: 'doctor',
  K: 'police',
  A: 'secret-police',
  U: 'undercover',
  C: 'civilian',
};
const ORDER: Call[] = ['butterfly', 'killers', 'doctor', 'police', 'secret-police'];

/**
 * A dual table with stacked hands, seat 1 first, two letters each (left, right): X big joker (judge),
 * B small joker (butterfly), J killer, Q doctor, K police, A secret police, U 7♠ (undercover), C civilian.
 * Without an X the judge is automatic.
 */
function dual(hands: string[], options: Record<string, unknown> = {}): Table {
  const deck = hands.flatMap((h) => [...h].map((c) => FACES[c]!));
  const judged = deck.includes('judge');
  const resolved = resolveOptions('dual', { ...options, autoJudge: !judged });
  if (!resolved.ok) throw new Error(resolved.message);
  const t = Object.create(Table.prototype) as Table;
  t.now = 1_000_000;
  t.autoConfirm = true;
  t.state = newGame({ ruleset: 'dual', players: judged ? hands.length - 1 : hands.length, options: resolved.options, pace: PACE_PRESETS.live, seed: 'dual', at: t.now }, deck);
  t.readCards();
  return t;
}

// Seats: 1, 2 killers; 3, 4 police; 5 doctor; 6, 7 secret police; 8 undercover; 9 butterfly; each with a civilian on the right.
const HANDS = ['JC', 'JC', 'KC', 'KC', 'QC', 'AC', 'AC', 'UC', 'BC'];

/** A card as the tests write it: "3L" is seat 3's left card, "3R" its right card. */
function ref(card: string): { target: Seat; card: 0 | 1 } {
  return { target: Number(card.slice(0, -1)), card: card.endsWith('R') ? 1 : 0 };
}

/** Plays one night in RULES.md 8 order: each acting card ("1L") aims at its card in `aims`, or at nothing. */
function night(t: Table, aims: Record<string, string> = {}): void {
  // A verdict's last words come first.
  while (t.step.kind === 'last-words') t.act(t.step.seat, { type: 'pass' });
  for (const call of ORDER) {
    const step = t.step;
    expect(step).toMatchObject({ kind: 'call', call });
    if (step.kind !== 'call') return;
    if (step.actors.length === 0) {
      t.timeout();
      continue;
    }
    for (const c of step.slots!) {
      const seat = seatOfCard(c);
      const hand = indexOfCard(c);
      const aim = aims[`${seat}${hand === 0 ? 'L' : 'R'}`];
      t.act(seat, aim ? { type: 'point', ...ref(aim), hand } : { type: 'point', target: 0, hand });
    }
  }
}

/** Ends the free talk (everyone ready) after any last words. */
function talk(t: Table): void {
  while (t.step.kind === 'last-words') t.act(t.step.seat, { type: 'pass' });
  const step = t.step;
  expect(step.kind).toBe('talk');
  if (step.kind === 'talk') for (const seat of t.state.alive.flatMap((a, i) => (a ? [i + 1] : []))) if (!step.ready.includes(seat)) t.act(seat, { type: 'pass' });
}

const judgeLog = (t: Table) => viewFor(t.state, { kind: 'judge' }).log;
const nightCards = (t: Table) => judgeLog(t).filter((e) => e.event.type === 'night-cards').at(-1)!.event as Extract<GameEvent, { type: 'night-cards' }>;
const downs = (t: Table) => t.events('card-down').map((e) => `${e.seat}${e.card === 0 ? 'L' : 'R'}`);

describe('RULES.md 8 deck: "Number cards (the 7♠ included) : picture cards = 4:5 (option 5:5); p brings the deck closest"', () => {
  it('8 players: "9 participants × 2, with 8 number cards : 10 picture cards = 4:5 and p = 2", as [004]\'s 18 cards', () => {
    expect(dualCounts(8, { ratio: '4:5', p: 'auto', autoJudge: false })).toEqual({ p: 2, pictures: 10, numbers: 8, cards: 18 });
    const created = createGame({ ruleset: 'dual', players: 8, seed: 'deck', at: 0 });
    if (!created.ok) throw new Error(created.message);
    const tally: Record<string, number> = {};
    for (const r of created.state.deck) tally[r] = (tally[r] ?? 0) + 1;
    // "Big monster, small monster, J, J, K, K, Q, Q, A, A, 7, 2, 2, 2, 2, 3, 3, 3"
    expect(tally).toEqual({ judge: 1, butterfly: 1, killer: 2, police: 2, doctor: 2, 'secret-police': 2, undercover: 1, civilian: 7 });
    expect(created.state.alive).toHaveLength(9);
  });

  it.each([
    [8, 2], [9, 2], [10, 3], [11, 3], [12, 3], [13, 4], [14, 4], [15, 5], [16, 5],
  ])('%i players (+ the judge): p = %i, the picture share closest to 5/9', (players, p) => {
    const c = dualCounts(players, { ratio: '4:5', p: 'auto', autoJudge: false });
    expect(c.p).toBe(p);
    expect(c.cards).toBe(2 * (players + 1));
    for (const q of [p - 1, p + 1]) expect(Math.abs(4 + 3 * q - (c.cards * 5) / 9)).toBeGreaterThanOrEqual(Math.abs(c.pictures - (c.cards * 5) / 9));
  });

  it('option ratio 5:5, the host\'s p, and a deck that does not fit is refused', () => {
    expect(dualCounts(8, { ratio: '5:5', p: 'auto', autoJudge: false }).p).toBe(2);
    expect(dualCounts(16, { ratio: '5:5', p: 'auto', autoJudge: false })).toMatchObject({ p: 4, pictures: 16, numbers: 18 });
    expect(dualCounts(12, { ratio: '4:5', p: 4, autoJudge: false }).p).toBe(4);
    expect(createGame({ ruleset: 'dual', players: 8, options: { p: 5 }, seed: 'x', at: 0 }).ok).toBe(false);
    expect(createGame({ ruleset: 'dual', players: 7, seed: 'x', at: 0 }).ok).toBe(false);
    expect(createGame({ ruleset: 'dual', players: 17, seed: 'x', at: 0 }).ok).toBe(false);
  });
});

describe('RULES.md 8.1: "If a player holds both J and K, redeal the whole deck (record it)"', () => {
  const setup = (seed: string) => ({ ruleset: 'dual' as const, players: 12, options: resolveOptions('dual').ok ? (resolveOptions('dual') as { options: Record<string, string | number | boolean> }).options : {}, seed });
  // The first seeds whose first deal is void.
  const seeds = Array.from({ length: 200 }, (_, i) => `redeal-${i}`).filter((s) => dealWithRedeals(setup(s)).redeals > 0);

  it('a void deal is dealt again from the seed, each redeal on the record before the deal', () => {
    expect(seeds.length).toBeGreaterThan(0);
    const seed = seeds[0]!;
    const { deck, redeals } = dealWithRedeals(setup(seed));
    for (let i = 0; i < deck.length; i += 2) expect([deck[i], deck[i + 1]].sort()).not.toEqual(['killer', 'police']);
    const created = createGame({ ruleset: 'dual', players: 12, seed, at: 0 });
    if (!created.ok) throw new Error(created.message);
    const types = created.state.log.map((e) => e.event.type);
    expect(types.slice(0, redeals + 1)).toEqual([...Array(redeals).fill('redealt'), 'dealt']);
    expect(created.state.log[0]).toMatchObject({ to: 'all', event: { type: 'redealt', attempt: 1, reason: 'killer-and-police' } });
    expect(created.state.deck).toEqual(deck);
  });

  it('the commitment covers the final deal: verifyDeal accepts it and refuses the void one', () => {
    const seed = seeds[0]!;
    const created = createGame({ ruleset: 'dual', players: 12, seed, at: 0 });
    if (!created.ok) throw new Error(created.message);
    const s = created.state;
    expect(verifyDeal(s.setup, s.deck, s.commitment)).toBe(true);
    const first = dealWithRedeals({ ...s.setup, ruleset: 'classic', players: 26 }); // any other deck
    expect(verifyDeal(s.setup, first.deck, s.commitment)).toBe(false);
  });

  it('a seed with a valid first deal has no redeal event', () => {
    const seed = Array.from({ length: 50 }, (_, i) => `ok-${i}`).find((s) => dealWithRedeals(setup(s)).redeals === 0)!;
    const created = createGame({ ruleset: 'dual', players: 12, seed, at: 0 });
    if (!created.ok) throw new Error(created.message);
    expect(created.state.log.some((e) => e.event.type === 'redealt')).toBe(false);
  });
});

describe('RULES.md 8.2: "The participant holding the big joker is the judge… their other card is void"', () => {
  it('the judge does not play, has the god view; the void card is told to the judge alone', () => {
    const t = dual(['JC', 'XQ', 'KC', 'KC', 'QC', 'AC', 'AC', 'UC', 'BC']);
    expect(t.state.judgeSeat).toBe(2);
    expect(t.state.alive[1]).toBe(false);
    expect(t.state.roles[1]).toBe('judge');
    expect(t.events('judge')).toEqual([{ type: 'judge', seat: 2 }]);
    const void_ = t.state.log.find((e) => e.event.type === 'void-card')!;
    expect(void_).toMatchObject({ to: [2], event: { type: 'void-card', seat: 2, card: 1, role: 'doctor' } });
    expect(t.view(2).god).toBe(true);
    for (const seat of [1, 3, 5, 9]) {
      const v = t.view(seat);
      expect(v.god).toBe(false);
      expect(v.log.some((e) => e.event.type === 'void-card')).toBe(false);
      expect(v.seats[1]).toMatchObject({ seat: 2, alive: false, judge: true });
      expect(v.seats[1]!.cards).toBeUndefined();
    }
    // The judge is no target and no voter; the void doctor card never acts.
    t.night(0);
    const point = t.legal(1).find((l) => l.type === 'point')!;
    expect(point.type === 'point' && point.cards!.some((c) => c.seat === 2)).toBe(false);
    for (let i = 0; i < 4; i++) t.night(0);
    expect(t.step).toMatchObject({ kind: 'talk' });
    talk(t);
    expect(t.step.kind === 'ballot' && t.step.voters.includes(2)).toBe(false);
    t.refused(2, { type: 'vote', target: 1 }, 'game/seat-out');
  });

  it('the doctor call still runs with only the void doctor card (D11), acting for nobody', () => {
    const t = dual(['JC', 'XQ', 'KC', 'KC', 'CC', 'AC', 'AC', 'UC', 'BC']);
    t.night(0); // butterfly
    t.night(0); // killers
    expect(t.step).toMatchObject({ kind: 'call', call: 'doctor', actors: [] });
  });

  it('option autoJudge: the big joker is left out and everyone plays', () => {
    const created = createGame({ ruleset: 'dual', players: 8, options: { autoJudge: true }, seed: 'auto', at: 0 });
    if (!created.ok) throw new Error(created.message);
    const s = created.state;
    expect(s.deck).toHaveLength(16);
    expect(s.deck.includes('judge')).toBe(false);
    expect(s.alive.every(Boolean)).toBe(true);
    expect(s.judgeSeat).toBe(0);
    expect(s.log.some((e) => e.event.type === 'judge')).toBe(false);
  });
});

describe('RULES.md 8.3: "Cards are lives… Night actions aim at a card"', () => {
  it('each acting card points at a seat\'s left or right card; the legal moves list cards', () => {
    const t = dual(HANDS);
    t.night(0); // butterfly
    const point = t.legal(1).find((l) => l.type === 'point');
    expect(point).toMatchObject({ type: 'point', call: 'killers', hand: 0, current: null, currentCard: null });
    expect(point!.type === 'point' && point!.cards).toHaveLength(18);
    t.refused(1, { type: 'point', target: 3 }, 'game/bad-action');
    t.refused(1, { type: 'point', target: 3, card: 0, hand: 1 }, 'game/not-your-turn');
    t.refused(8, { type: 'point', target: 3, card: 0 }, 'game/not-your-turn');
    t.act(1, { type: 'point', target: 3, card: 1 });
    expect(t.last('pointed')).toEqual({ type: 'pointed', seat: 1, target: 3, card: 1, hand: 0 });
  });

  it('a lost card is announced by seat and side, never by face; the holder and the judge know it', () => {
    const t = dual(HANDS);
    night(t, { '1L': '3L' });
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [] });
    expect(downs(t)).toEqual(['3L']);
    for (const seat of [1, 4, 9]) {
      const seen = t.view(seat).seats[2]!;
      expect(seen.cards).toEqual([{ down: true }, { down: false }]);
      expect(seen.role).toBeUndefined();
    }
    expect(t.view(3).me!.cards).toEqual([{ role: 'police', down: true }, { role: 'civilian', down: false }]);
    expect(viewFor(t.state, { kind: 'judge' }).seats[2]!.cards).toEqual([{ down: true, role: 'police' }, { down: false, role: 'civilian' }]);
    // A card that is down cannot be aimed at again.
    talk(t);
    t.ballot({});
    t.night(0);
    t.refused(1, { type: 'point', target: 3, card: 0 }, 'game/target-not-alive');
  });

  it('"A player is out when both cards are down"', () => {
    const t = dual(HANDS);
    night(t, { '1L': '5L', '2L': '5R' });
    expect(downs(t)).toEqual(['5L', '5R']);
    expect(t.last('dawn')).toEqual({ type: 'dawn', out: [5] });
    expect(t.last('out')).toEqual({ type: 'out', seat: 5, how: 'killed' });
    // Last words, then the talk.
    expect(t.step).toMatchObject({ kind: 'last-words', seat: 5 });
  });

  it('"one vote per living card (0–2)": a weighted tally', () => {
    const t = dual(HANDS);
    night(t, { '1L': '3R' });
    talk(t);
    // Seat 1 (two cards) votes 5, seat 3 (one card) and nobody else votes 4: 5 has 2 votes, 4 has 1.
    t.ballot({ 1: 5, 3: 4 });
    const ballots = t.last('ballots')!;
    expect(ballots.top).toEqual([5]);
    expect(ballots.ballots.find((b) => b.seat === 1)).toMatchObject({ weight: 2 });
    expect(ballots.ballots.find((b) => b.seat === 3)).toMatchObject({ weight: 1 });
    // "A player voted out by the verdict is out with both cards laid down."
    expect(t.last('out')).toEqual({ type: 'out', seat: 5, how: 'voted' });
    expect(t.state.cardDown!.slice(8, 10).every((d) => d > 0)).toBe(true);
    expect(t.view(1).seats[4]!.cards).toEqual([{ down: true }, { down: true }]);
  });

  it('two one-card votes tie one two-card vote: PK as classic', () => {
    const t = dual(HANDS);
    night(t, { '1L': '3R', '2L': '4R' });
    talk(t);
    t.ballot({ 1: 5, 3: 6, 4: 6 });
    expect(t.last('ballots')!.top).toEqual([5, 6]);
    expect(t.step).toMatchObject({ kind: 'speech', purpose: 'pk' });
  });
});

describe('RULES.md 8.10: the day is free talk, then the sealed vote', () => {
  it('any living player says anything while the talk is open; it ends when everyone is ready', () => {
    const t = dual(HANDS);
    night(t);
    expect(t.step).toMatchObject({ kind: 'talk', ready: [] });
    t.act(4, { type: 'say', text: 'I am police' });
    t.act(1, { type: 'say', text: 'so am I' });
    t.act(4, { type: 'pass' });
    t.act(4, { type: 'say', text: 'still talking' });
    t.refused(4, { type: 'pass' }, 'game/not-allowed');
    expect(t.events('said').map((e) => e.seat)).toEqual([4, 1, 4]);
    talk(t);
    expect(t.step).toMatchObject({ kind: 'ballot', purpose: 'day' });
  });

  it('the talk ends at its deadline: the speech time of every living player', () => {
    const t = dual(HANDS);
    night(t, { '1L': '5L', '2L': '5R' });
    t.act(5, { type: 'pass' }); // last words
    const step = t.step;
    expect(step.kind === 'talk' && step.endsAt).toBe(t.now + 8 * PACE_PRESETS.live.speech);
    t.refused(5, { type: 'say', text: 'from the grave' }, 'game/seat-out');
    t.timeout();
    expect(t.step).toMatchObject({ kind: 'ballot' });
  });
});

describe('RULES.md 8.5: the butterfly "may take one card for the night, or none"', () => {
  it('a kill aimed at the taken card is void', () => {
    const t = dual(HANDS);
    night(t, { '9L': '3L', '1L': '3L' });
    expect(downs(t)).toEqual([]);
    expect(nightCards(t)).toMatchObject({ taken: { seat: 3, card: 0 }, voided: [{ seat: 3, card: 0 }], down: [] });
  });

  it('if the butterfly card itself is killed, the taken card dies with it', () => {
    const t = dual(HANDS);
    night(t, { '9L': '3L', '1L': '9L' });
    expect(downs(t)).toEqual(['9L', '3L']);
  });

  it('a taken killer card\'s kill is void (the other killer card still kills)', () => {
    const t = dual(HANDS);
    night(t, { '9L': '1L', '1L': '3L', '2L': '4L' });
    expect(downs(t)).toEqual(['4L']);
  });

  it('a taken doctor card saves no one', () => {
    const t = dual(HANDS);
    night(t, { '9L': '5L', '1L': '3L', '5L': '3L' });
    expect(downs(t)).toEqual(['3L']);
    const u = dual(HANDS);
    night(u, { '1L': '3L', '5L': '3L' });
    expect(downs(u)).toEqual([]);
  });

  it('a taken secret police card cannot shoot (the shot is spent all the same)', () => {
    const t = dual(HANDS);
    night(t, { '9L': '6L', '6L': '1L' });
    expect(downs(t)).toEqual([]);
    expect(t.state.powers?.shots).toEqual({ [cardId(6, 0)]: 1 });
  });

  it('the butterfly may not take a card of its own seat; taking none is allowed', () => {
    const t = dual(HANDS);
    t.refused(9, { type: 'point', target: 9, card: 1 }, 'game/target-not-eligible');
    t.act(9, { type: 'point', target: 0 });
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers' });
  });
});

describe('RULES.md 8.6: "each living killer card points at one card to kill; targets are independent"', () => {
  it('two killer cards on two cards kill two; on the same card, one', () => {
    const t = dual(HANDS);
    night(t, { '1L': '3R', '2L': '4R' });
    expect(downs(t)).toEqual(['3R', '4R']);
    const u = dual(HANDS);
    night(u, { '1L': '3R', '2L': '3R' });
    expect(downs(u)).toEqual(['3R']);
  });

  it('a seat holding two killer cards points for each; the killers see each other\'s pointers and chat', () => {
    const t = dual(['JJ', 'KC', 'KC', 'QC', 'AC', 'AC', 'UC', 'BC', 'CC']);
    t.night(0);
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers', actors: [1], slots: [1, 2] });
    t.act(1, { type: 'point', target: 2, card: 0 });
    expect(t.step.kind).toBe('call');
    t.act(1, { type: 'point', target: 3, card: 0 });
    t.night(0);
    t.night(0);
    t.night(0);
    expect(downs(t)).toEqual(['2L', '3L']);
  });

  it('"kill the other one in your hand": a killer may aim at its own cards', () => {
    const t = dual(HANDS);
    night(t, { '1L': '1R' });
    expect(downs(t)).toEqual(['1R']);
  });
});

describe('RULES.md 8.7: police and the undercover', () => {
  it('the police cards and the undercover open eyes together: the police see one "police" too many', () => {
    const t = dual(HANDS);
    night(t);
    const team = t.state.log.find((e) => e.event.type === 'team' && e.event.team === 'police')!;
    expect(team).toMatchObject({ to: [3, 4, 8], event: { type: 'team', team: 'police', seats: [3, 4, 8] } });
    const police = t.view(3);
    expect(police.seats[3]).toMatchObject({ holds: 'police' });
    expect(police.seats[7]).toMatchObject({ holds: 'police' });
    expect(police.seats[7]!.role).toBeUndefined();
    // They saw a player open eyes, not which of its cards: neither card carries a label.
    expect(police.seats[7]!.cards).toEqual([{ down: false }, { down: false }]);
  });

  it('each police card checks alone and alone learns the answer; the undercover\'s card answers "killer"; no team channel', () => {
    const t = dual(HANDS);
    t.night(0);
    t.night(0);
    t.night(0);
    expect(t.step).toMatchObject({ kind: 'call', call: 'police' });
    t.refused(3, { type: 'team-chat', text: 'hi' }, 'game/not-allowed');
    expect(t.legal(3).some((l) => l.type === 'team-chat')).toBe(false);
    t.act(3, { type: 'point', target: 8, card: 0 });
    t.act(4, { type: 'point', target: 8, card: 1 });
    const checked = t.state.log.filter((e) => e.event.type === 'checked');
    expect(checked.map((e) => [e.to, e.event])).toEqual([
      [[3], { type: 'checked', target: 8, card: 0, answer: 'killers', hand: 0 }],
      [[4], { type: 'checked', target: 8, card: 1, answer: 'good', hand: 0 }],
    ]);
    expect(t.view(4).log.some((e) => e.event.type === 'pointed' && e.event.seat === 3)).toBe(false);
  });

  it('in rounds 1–2 the undercover opens eyes with the killers; from round 3 on, not. The undercover cannot kill', () => {
    const t = dual(HANDS);
    const team = t.state.log.find((e) => e.event.type === 'team');
    t.night(0);
    const killersTeam = t.state.log.find((e) => e.event.type === 'team' && e.event.team === 'killers')!;
    expect(killersTeam).toMatchObject({ to: [1, 2, 8], event: { seats: [1, 2], undercover: 8 } });
    expect(team).toBeUndefined();
    expect(t.view(1).seats[7]).toMatchObject({ holds: 'undercover', cards: [{ down: false }, { down: false }] });
    expect(t.view(8).seats[0]!.cards).toEqual([{ down: false, known: 'killer' }, { down: false }]);
    for (const round of [1, 2, 3]) {
      expect(t.step).toMatchObject({ kind: 'call', call: 'killers' });
      if (round <= 2) {
        expect(t.step).toMatchObject({ watchers: [8] });
        t.act(8, { type: 'team-chat', text: 'I am with you' });
      } else {
        expect(t.step.kind === 'call' && t.step.watchers).toBeUndefined();
        t.refused(8, { type: 'team-chat', text: 'hello?' }, 'game/not-your-turn');
      }
      t.refused(8, { type: 'point', target: 3, card: 0 }, 'game/not-your-turn');
      t.night(0);
      t.night(0);
      t.night(0);
      t.night(0);
      talk(t);
      t.ballot({});
      t.night(0); // next butterfly
    }
    expect(t.events('team-chat')).toHaveLength(2);
  });
});

describe('RULES.md 8.8: the doctor "saves one card a night (may be their own)"', () => {
  it('a killed card that is saved lives; the doctor may save their own card', () => {
    const t = dual(HANDS);
    night(t, { '1L': '5L', '2L': '4L', '5L': '5L' });
    expect(downs(t)).toEqual(['4L']);
    expect(nightCards(t).saved).toEqual([{ seat: 5, card: 0 }]);
  });
});

describe('RULES.md 8.9: the secret police "each once per game may shoot a card"', () => {
  it('a killer card or the undercover card dies; anything else lives; the shot is spent either way', () => {
    const t = dual(HANDS);
    night(t, { '6L': '1L', '7L': '8L' });
    expect(downs(t)).toEqual(['1L', '8L']);
    const u = dual(HANDS);
    night(u, { '6L': '3L' });
    expect(downs(u)).toEqual([]);
    talk(u);
    u.ballot({});
    u.night(0);
    u.night(0);
    u.night(0);
    u.night(0);
    expect(u.step).toMatchObject({ kind: 'call', call: 'secret-police', actors: [7] });
    u.refused(6, { type: 'point', target: 1, card: 0 }, 'game/shot-spent');
  });

  it('until used, a secret police card cannot be killed by killers (also on the night of the shot); after, it can', () => {
    const t = dual(HANDS);
    night(t, { '1L': '6L', '6L': '3R' });
    expect(downs(t)).toEqual([]);
    expect(nightCards(t).voided).toEqual([{ seat: 6, card: 0 }]);
    talk(t);
    t.ballot({});
    night(t, { '1L': '6L' });
    expect(downs(t)).toEqual(['6L']);
  });

  it('may not aim at a card of its own seat', () => {
    const t = dual(HANDS);
    for (let i = 0; i < 4; i++) t.night(0);
    t.refused(6, { type: 'point', target: 6, card: 1 }, 'game/target-not-eligible');
  });
});

describe('RULES.md 8.11: the win', () => {
  it('all killer cards and the undercover card down: good wins', () => {
    const t = dual(HANDS);
    night(t, { '6L': '1L', '7L': '8L' });
    talk(t);
    t.ballot({ 3: 2, 4: 2, 5: 2 });
    expect(t.state.result).toMatchObject({ winner: 'good', reason: 'all-killer-cards-down' });
    // Seats 1 and 8 lost their killer-camp card but still hold a civilian: they end with the good camp.
    // Seat 2 went out with both cards at once (the verdict): with the killers, it loses.
    expect(t.state.result!.winners).toEqual([1, 3, 4, 5, 6, 7, 8, 9]);
    const over = t.last('game-over')!;
    expect(over.winners).toEqual([1, 3, 4, 5, 6, 7, 8, 9]);
    expect(over.cards).toEqual(t.state.cards);
  });

  it('all police and secret police cards down: the killers win', () => {
    const t = dual(['JC', 'JC', 'KC', 'KC', 'QC', 'AC', 'AC', 'UC', 'BC']);
    // Both shots are spent on good cards: from the next night on, the secret police can be killed.
    night(t, { '1L': '3L', '2L': '4L', '6L': '9L', '7L': '9R' });
    talk(t);
    t.ballot({ 1: 6, 2: 6, 8: 6 });
    night(t, { '1L': '7L' });
    expect(t.state.result).toMatchObject({ winner: 'killers', reason: 'all-police-cards-down' });
    // Seat 3 and 4 lost their police card but kept a civilian: they lose with the good camp.
    expect(t.state.result!.winners).toEqual([1, 2, 8]);
  });

  it('a player holding cards of both camps wins with the camp whose card is still alive; both alive, with the killers', () => {
    // Seat 1: killer + doctor; seat 2: police + killer.
    const t = dual(['JQ', 'KJ', 'KC', 'CC', 'QC', 'AC', 'AC', 'UC', 'BC']);
    // Seat 2's killer card dies (shot); seat 1 keeps both cards.
    night(t, { '6L': '2R', '7L': '8L' });
    expect(downs(t)).toEqual(['2R', '8L']);
    talk(t);
    t.ballot({ 3: 1, 4: 1, 5: 1 });
    expect(t.state.result).toMatchObject({ winner: 'good' });
    // Seat 1 (voted out: both down together) plays for the killers; seat 2 kept its police card and
    // seat 8 its civilian: good.
    expect(t.state.result!.winners).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('both alive at the end: the killer camp', () => {
    // Seat 1: killer + doctor, both cards up at the end.
    const t = dual(['JQ', 'JC', 'KC', 'KC', 'CC', 'AC', 'AC', 'UC', 'BC']);
    night(t, { '1L': '3L', '2L': '4L', '6L': '9L', '7L': '9R' });
    talk(t);
    t.ballot({ 1: 6, 2: 6, 8: 6 });
    night(t, { '1L': '7L' });
    expect(t.state.result).toMatchObject({ winner: 'killers' });
    expect(t.state.result!.winners).toEqual([1, 2, 8]);
    expect(t.view(1).seats[0]!.cards).toEqual([{ down: false, role: 'killer' }, { down: false, role: 'doctor' }]);
  });
});

describe('dual records', () => {
  it('a seeded random game replays, its deal verifies, and the judge is recorded', () => {
    for (const players of [8, 16]) {
      const created = createGame({ ruleset: 'dual', players, seed: `rec-${players}`, at: 1_000_000 });
      if (!created.ok) throw new Error(created.message);
      const t = Object.create(Table.prototype) as Table;
      t.now = 1_000_000;
      t.state = created.state;
      playRandomly(t, `bots-${players}`);
      const replayed = replay(exportRecord(t.state));
      expect(replayed.ok ? 'ok' : replayed.message).toBe('ok');
      expect(verifyDeal(t.state.setup, t.state.deck, t.state.commitment)).toBe(true);
      expect(t.events('judge')).toHaveLength(1);
      expect(RULESETS.dual.minPlayers).toBe(8);
    }
  });

  it('an action for a card call replays with its card and hand', () => {
    const t = dual(HANDS);
    t.night(0);
    const r = apply(t.state, { type: 'point', seat: 1, target: 3, card: 1, hand: 0, at: t.now });
    expect(r.ok).toBe(true);
  });
});

describe('RULES.md 3 Repeat first kill in dual (docs/rules-decisions.md V15): the first victim is a seat put out on night 1 by the killers\' kill', () => {
  it('the killers kill both cards of seat 9: seat 9 is out and is the first victim', () => {
    const t = dual(HANDS);
    night(t, { '1L': '9L', '2L': '9R' });
    expect(t.state.alive[8]).toBe(false);
    expect(t.state.firstVictim).toBe(9);
  });

  it('a seat that only lost one card to the killers is not the first victim', () => {
    const t = dual(HANDS);
    night(t, { '1L': '3R' });
    expect(t.state.alive[2]).toBe(true);
    expect(t.state.firstVictim).toBe(0);
  });
});

describe('knowledge per card, never per seat (docs/rules-decisions.md V16)', () => {
  // Seat 2 holds a civilian on the left and its killer card on the right.
  const MIXED = ['JC', 'CJ', 'KC', 'KC', 'QC', 'AC', 'AC', 'UC', 'BC'];

  it('the killers and the undercover see "killer" on the killer card only, never on its seat\'s other card', () => {
    const t = dual(MIXED);
    t.night(0); // the butterfly
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers' });
    const team = t.last('team')!;
    expect(team).toMatchObject({ team: 'killers', seats: [1, 2], undercover: 8, cards: [{ seat: 1, card: 0 }, { seat: 2, card: 1 }] });
    for (const viewer of [1, 8]) expect(t.view(viewer).seats[1]!.cards, `seat ${viewer}`).toEqual([{ down: false }, { down: false, known: 'killer' }]);
    // The killers know the undercover's seat but not which of its cards it is: no card label, a seat mark.
    expect(t.view(1).seats[7]).toMatchObject({ holds: 'undercover', cards: [{ down: false }, { down: false }] });
    // Nobody else learns anything of seat 2's cards.
    for (const viewer of [3, 5, 6, 9]) expect(t.view(viewer).seats[1]!.cards, `seat ${viewer}`).toEqual([{ down: false }, { down: false }]);
    expect(viewFor(t.state, { kind: 'spectator' }).seats[1]!.cards).toEqual([{ down: false }, { down: false }]);
  });

  it('a police check labels the checked card for that police card\'s seat alone', () => {
    const t = dual(MIXED);
    night(t, { '3L': '2R', '4L': '2L' });
    expect(t.view(3).seats[1]!.cards).toEqual([{ down: false }, { down: false, checked: 'killers' }]);
    expect(t.view(4).seats[1]!.cards).toEqual([{ down: false, checked: 'good' }, { down: false }]);
    expect(t.view(5).seats[1]!.cards).toEqual([{ down: false }, { down: false }]);
  });
});

describe('"your side" (RULES.md 8.11) in the viewer\'s own view', () => {
  it('doctor + undercover: both up, the killers; the doctor card down, only the undercover decides', () => {
    const t = dual(['JC', 'JC', 'KC', 'KC', 'QU', 'AC', 'AC', 'CC', 'BC']);
    expect(t.view(5).me!.side).toEqual({ camp: 'killers', why: 'both-up' });
    expect(t.view(3).me!.side).toEqual({ camp: 'good', why: 'one-camp' });
    // A killer with a civilian plays both; both up, the killers.
    expect(t.view(1).me!.side).toEqual({ camp: 'killers', why: 'both-up' });
    night(t, { '1L': '5L' });
    expect(downs(t)).toEqual(['5L']);
    expect(t.view(5).me!.side).toEqual({ camp: 'killers', why: 'card-up', card: 1 });
    // Nobody else's view carries seat 5's side.
    expect(JSON.stringify(t.view(3))).not.toContain('card-up');
  });

  it('killer + doctor, the killer card shot: good, decided by the doctor card; game over shows every seat\'s deciding card', () => {
    const t = dual(['JQ', 'JC', 'KC', 'KC', 'CC', 'AC', 'AC', 'UC', 'BC']);
    night(t, { '6L': '1L' });
    expect(t.view(1).me!.side).toEqual({ camp: 'good', why: 'card-up', card: 1 });
    talk(t);
    t.ballot({ 3: 2, 4: 2, 5: 2, 6: 2, 7: 2 });
    night(t, { '7L': '8L' });
    const result = t.view(1).result!;
    expect(result.winner).toBe('good');
    expect(result.sides![0]).toEqual({ camp: 'good', why: 'card-up', card: 1 });
    // Seat 2 (killer + civilian) was voted out: both cards down at once, the killers.
    expect(result.sides![1]).toEqual({ camp: 'killers', why: 'together' });
    expect(result.sides![2]).toEqual({ camp: 'good', why: 'one-camp' });
    expect(result.winners).toContain(1);
  });
});

describe('weighted votes are counted for everyone (RULES.md 8.3)', () => {
  it('the ballot shows the weight cast so far and the weight of all voters; the result each voter\'s weight', () => {
    const t = dual(HANDS);
    night(t, { '1L': '9R' });
    talk(t);
    expect(t.step.kind).toBe('ballot');
    // Nine seats, seat 9 with one living card: 17 votes in all.
    expect(viewFor(t.state, { kind: 'spectator' }).step).toMatchObject({ kind: 'ballot', ballotsIn: 0, weightIn: 0, weight: 17 });
    t.act(9, { type: 'vote', target: 1 });
    t.act(3, { type: 'vote', target: 1 });
    expect(t.view(5).step).toMatchObject({ ballotsIn: 2, weightIn: 3, weight: 17 });
  });
});

describe('the judge reads the calls as a judge would', () => {
  it('the god view names the seats choosing at a call; a seat or a spectator never does (D11)', () => {
    // Seat 1 drew the big joker and judges; seat 10 holds the butterfly (small joker).
    const t = dual(['XC', 'JC', 'JC', 'KC', 'KC', 'QC', 'AC', 'AC', 'UC', 'BC']);
    expect(t.step).toMatchObject({ kind: 'call', call: 'butterfly' });
    expect(viewFor(t.state, { kind: 'judge' }).step).toMatchObject({ kind: 'call', call: 'butterfly', actors: [10] });
    expect(t.view(1).step).toMatchObject({ actors: [10] });
    expect(t.view(10).step).not.toHaveProperty('actors');
    expect(t.view(2).step).not.toHaveProperty('actors');
    expect(viewFor(t.state, { kind: 'spectator' }).step).not.toHaveProperty('actors');
  });
});

describe('RULES.md 8.11 (decisions V9, V17, V18): "A table that can no longer lay a card down ends in a draw"', () => {
  /** A dual table where seat 2 holds a secret police card and the undercover, and `others` (seat: its two cards) are still in play. */
  function loneSecretPolice(others: Record<Seat, [Role, Role]> = {}) {
    const created = createGame({ ruleset: 'dual', players: 8, seed: 'v17', at: 0, options: { autoJudge: true } });
    if (!created.ok) throw new Error(created.message);
    const s = structuredClone(created.state);
    const n = s.alive.length;
    const inPlay = (seat: Seat) => seat === 2 || seat in others;
    s.cards = Array.from({ length: 2 * n }, (): Role => 'civilian');
    s.cards[cardId(2, 0) - 1] = 'secret-police';
    s.cards[cardId(2, 1) - 1] = 'undercover';
    for (const [seat, [left, right]] of Object.entries(others)) {
      s.cards[cardId(Number(seat), 0) - 1] = left;
      s.cards[cardId(Number(seat), 1) - 1] = right;
    }
    s.cardDown = s.cards.map((_, i) => (inPlay(seatOfCard(i + 1)) ? 0 : 1));
    s.alive = s.alive.map((_, i) => inPlay(i + 1));
    s.lastDownRound = 1;
    s.round = 4;
    return s;
  }

  it('a lone survivor whose secret police shot has nobody left to aim at: three rounds without a card down are a draw', () => {
    expect(dualStalemate(loneSecretPolice())).toEqual({ winner: 'draw', reason: 'stalemate' });
  });

  it('while another seat\'s unused shot could still lay the undercover down: no stalemate yet', () => {
    expect(dualStalemate(loneSecretPolice({ 5: ['secret-police', 'civilian'] }))).toBeNull();
  });

  it('V18: a shot whose only targets hold no killer or undercover card lays nothing down, so it no longer holds the draw off', () => {
    // Seat 2's shot can aim only at seat 5's doctor and civilian: whatever it hits stays up.
    expect(dualStalemate(loneSecretPolice({ 5: ['doctor', 'civilian'] }))).toEqual({ winner: 'draw', reason: 'stalemate' });
  });
});
