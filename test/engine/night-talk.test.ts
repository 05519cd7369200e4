// What a bot tells its team at a night call it shares with people (RULES.md 2.3, "Team decisions":
// the team's private channel): whom it would choose and why, from its own view, in the room's four
// languages; and when a teammate already points, it proposes nothing and follows.
import { describe, expect, it } from 'vitest';
import { readView } from '../../worker/engine/bots/evidence.ts';
import { matePointed, nightProposal, renderProposal } from '../../worker/engine/bots/night-talk.ts';
import { makeRandom } from '../../worker/engine/random.ts';
import type { LegalAction } from '../../worker/engine/types.ts';
import { Table, speakers } from './table.ts';

type PointSlot = Extract<LegalAction, { type: 'point' }>;
const slotOf = (t: Table, seat: number) => t.legal(seat).find((l): l is PointSlot => l.type === 'point')!;

/** Classic, 8 seats (killers 1, 2; police 3, 4): night 1 kills 8; on day 1 seat 5 claims police and names killer 2; 7 is voted out. */
function afterAClaim(): Table {
  const t = new Table('classic', 'KKPPCCCC');
  t.night(8);
  t.night(6);
  while (t.step.kind === 'speech' || t.step.kind === 'last-words') {
    const seat = t.step.seat;
    if (seat === 5) t.act(5, { type: 'say', text: 'police here', claim: { role: 'police', checks: [{ seat: 2, camp: 'killers' }] } });
    t.act(seat, { type: 'pass' });
  }
  t.ballot(Object.fromEntries([1, 2, 3, 4, 5, 6].map((v) => [v, 7])));
  speakers(t);
  expect(t.step).toMatchObject({ kind: 'call', call: 'killers', actors: [1, 2] });
  return t;
}

describe('a bot’s proposal to its team', () => {
  it('the killers’ bot names the seat that claimed police and accused a mate, and says why, in the four languages', () => {
    const t = afterAClaim();
    const ev = readView(t.view(2));
    const p = nightProposal(ev, slotOf(t, 2), makeRandom('x'));
    expect(p).toEqual({ target: 5, reason: 'accused-mate' });
    expect(renderProposal(p, 'en')).toBe('I would choose #5: they called one of us a killer.');
    expect(renderProposal(p, 'zh-CN')).toBe('我想选5号：他说我们的队友是杀手。');
    expect(renderProposal(p, 'es')).toBe('Yo elegiría al #5: llamó asesino a uno de los nuestros.');
    expect(renderProposal(p, 'ko')).toBe('저는 5번을 고르겠습니다: 우리 팀을 킬러라고 했습니다.');
  });

  it('with no evidence at all it says so: a hunch, not a reason it does not have', () => {
    const t = new Table('classic', 'KKPPCCCC');
    const p = nightProposal(readView(t.view(2)), slotOf(t, 2), makeRandom('y'));
    expect(p.reason).toBe('no-evidence');
    expect(renderProposal(p, 'en')).toMatch(/^I would choose #[3-8]: nothing points anywhere yet, so a hunch\.$/);
  });

  it('the police team’s bot names a seat nobody has checked', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(8);
    const p = nightProposal(readView(t.view(4)), slotOf(t, 4), makeRandom('z'));
    expect(p.target).not.toBe(3);
    expect(['unchecked', 'suspect']).toContain(p.reason);
  });

  it('once a teammate points, the bot sees it (and follows the pointer instead of proposing)', () => {
    const t = new Table('classic', 'KKPPCCCC');
    expect(matePointed(readView(t.view(2)))).toBe(false);
    t.act(1, { type: 'point', target: 6 });
    const ev = readView(t.view(2));
    expect(matePointed(ev)).toBe(true);
    expect(nightProposal(ev, slotOf(t, 2), makeRandom('w')).target).toBe(6);
  });
});
