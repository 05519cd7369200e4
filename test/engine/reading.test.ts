// RULES.md 11 "Reading the cards (decision)": after every deal the game waits until every living
// player has confirmed seeing their card, or a short deadline, before night 1 opens.
import { describe, expect, it } from 'vitest';
import { PACE_PRESETS, apply, createGame, exportRecord, newGame, replay, resolveOptions, viewFor } from '../../worker/engine/index.ts';
import type { Role } from '../../worker/engine/index.ts';
import { Table, seen } from './table.ts';

describe('RULES.md 11 Reading the cards: "the game waits until every player has confirmed seeing their card"', () => {
  it('after the deal every seat sees its own card and is offered "I have seen my card"; nobody may point yet', () => {
    const t = new Table('classic', 'KKPPCCCC', {}, { reading: true });
    expect(t.step).toMatchObject({ kind: 'reading', seen: [] });
    expect(t.view(3).me?.role).toBe('police');
    expect(t.view(3).step).toMatchObject({ kind: 'reading', seen: [], waiting: [1, 2, 3, 4, 5, 6, 7, 8] });
    expect(t.legal(1)).toEqual([{ type: 'seen' }]);
    t.refused(1, { type: 'point', target: 5 }, 'game/phase-closed');
    // The killers meet their partner only when their call opens, never during the reading.
    expect(seen(t.view(1))).not.toContain('team');
  });

  it('night 1 opens when the last living player confirms; each confirm is public, like the "voted" mark', () => {
    const t = new Table('classic', 'KKPPCCCC', {}, { reading: true });
    for (const seat of [1, 2, 3, 4, 5, 6, 7]) t.act(seat, { type: 'seen' });
    expect(t.view(8).step).toMatchObject({ kind: 'reading', seen: [1, 2, 3, 4, 5, 6, 7], waiting: [8] });
    expect(seen(t.view(5)).filter((e) => e === 'seen')).toHaveLength(7);
    t.refused(3, { type: 'seen' }, 'game/not-allowed');
    t.act(8, { type: 'seen' });
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers', endsAt: t.now + PACE_PRESETS.live.call });
    expect(t.state.round).toBe(1);
  });

  it('live: after 15 s night 1 opens anyway, and the first call gets its whole deadline from then', () => {
    const t = new Table('classic', 'KKPPCCCC', {}, { reading: true });
    t.act(2, { type: 'seen' });
    expect(t.step).toMatchObject({ kind: 'reading', endsAt: t.now + 15_000 });
    t.timeout();
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers', endsAt: t.now + 60_000 });
  });

  it('async: the reading lasts at most 1 h; the first call’s 12 h start only when it ends', () => {
    const resolved = resolveOptions('classic', {});
    if (!resolved.ok) throw new Error(resolved.message);
    const roles: Role[] = ['killer', 'killer', 'police', 'police', 'civilian', 'civilian', 'civilian', 'civilian'];
    const state = newGame({ ruleset: 'classic', players: 8, options: resolved.options, pace: PACE_PRESETS.async, seed: 's', at: 0 }, roles);
    expect(state.step).toEqual({ kind: 'reading', seen: [], endsAt: 3_600_000 });
  });

  it('dual: the big joker’s holder judges and is not asked to confirm', () => {
    for (let i = 0; i < 20; i++) {
      const created = createGame({ ruleset: 'dual', players: 8, seed: `read-${i}`, at: 0 });
      if (!created.ok) throw new Error(created.message);
      const state = created.state;
      const judge = state.judgeSeat;
      if (!judge) continue;
      const v = viewFor(state, { kind: 'seat', seat: judge });
      expect(v.legal).toEqual([]);
      expect(v.step).toMatchObject({ kind: 'reading' });
      if (v.step.kind === 'reading') expect(v.step.waiting).not.toContain(judge);
      return;
    }
    throw new Error('no seed dealt the big joker');
  });

  it('an ejected seat is not waited for: ejecting the last one left opens the night', () => {
    const t = new Table('classic', 'KKPPCCCC', {}, { reading: true });
    for (const seat of [1, 2, 3, 4, 5, 6, 7]) t.act(seat, { type: 'seen' });
    t.control({ type: 'eject', seat: 8 });
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers' });
  });

  it('the record replays the reading: every confirm is an input on the record', () => {
    const created = createGame({ ruleset: 'classic', players: 8, seed: 'reading-record', at: 0 });
    if (!created.ok) throw new Error(created.message);
    let state = created.state;
    for (const [seat, at] of [[4, 1000], [1, 4000]] as const) {
      const r = apply(state, { type: 'seen', seat, at });
      if (!r.ok) throw new Error(r.error.message);
      state = r.state;
    }
    const r = apply(state, { type: 'deadline', at: 15_000 });
    if (!r.ok) throw new Error(r.error.message);
    const replayed = replay(exportRecord(r.state));
    expect(replayed.ok).toBe(true);
    if (replayed.ok) expect(replayed.state.step).toEqual(r.state.step);
    expect(r.state.step).toMatchObject({ kind: 'call', call: 'killers' });
  });
});
