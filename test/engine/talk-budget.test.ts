// docs/rules-decisions.md O22 "How much one player may say": per step, 10 messages a speech turn,
// 30 team-chat lines a night call, 30 messages a free talk, 30 pointers a call, 30 judge's moves a
// step; per game, 600 messages and 60,000 characters a player. Past a bound the move is refused with
// `game/limit-reached`, and the player's own legal actions say what is left.
import { describe, expect, it } from 'vitest';
import { TALK_LIMITS, legalActions, viewFor } from '../../worker/engine/index.ts';
import type { LegalAction } from '../../worker/engine/index.ts';
import { Table } from './table.ts';

const sayOf = (legal: LegalAction[]) => legal.find((a) => a.type === 'say');

/** Classic, night 1 kills 5 and checks 1; 5 is giving last words. */
function lastWords(): Table {
  const t = new Table('classic', 'KKPPCCCC');
  t.night(5);
  t.night(1);
  expect(t.step).toMatchObject({ kind: 'last-words', seat: 5 });
  return t;
}

describe('O22: a speech turn holds 10 messages', () => {
  it('the speaker sees what is left, the 11th is refused, and the next turn starts afresh', () => {
    const t = lastWords();
    expect(sayOf(t.legal(5))).toEqual({ type: 'say', messages: TALK_LIMITS.perTurn });
    for (let i = 1; i <= TALK_LIMITS.perTurn; i++) t.act(5, { type: 'say', text: `line ${i}` });
    expect(sayOf(t.legal(5))).toBeUndefined();
    expect(t.legal(5)).toEqual([{ type: 'pass' }]);
    t.refused(5, { type: 'say', text: 'one more' }, 'game/limit-reached');
    t.act(5, { type: 'pass' });
    const speaker = (t.step as { seat: number }).seat;
    expect(t.step.kind).toBe('speech');
    expect(sayOf(t.legal(speaker))).toEqual({ type: 'say', messages: TALK_LIMITS.perTurn });
  });
});

describe('O22: the team channel holds 30 lines a night call for each member', () => {
  it('the 31st line is refused; a teammate keeps their own 30; the next night starts afresh', () => {
    const t = new Table('classic', 'KKPPCCCC');
    const civilianBefore = JSON.stringify(legalActions(t.state, 5));
    for (let i = 1; i <= TALK_LIMITS.perCall; i++) t.act(1, { type: 'team-chat', text: `kill 5? ${i}` });
    t.refused(1, { type: 'team-chat', text: 'again' }, 'game/limit-reached');
    expect(t.legal(1).find((a) => a.type === 'team-chat')).toBeUndefined();
    expect(t.legal(2).find((a) => a.type === 'team-chat')).toEqual({ type: 'team-chat', messages: TALK_LIMITS.perCall });
    t.act(2, { type: 'team-chat', text: 'yes' });
    // Nobody outside the team can tell: a civilian's legal actions and view are as before the flood.
    expect(JSON.stringify(legalActions(t.state, 5))).toBe(civilianBefore);
    expect(JSON.stringify(viewFor(t.state, { kind: 'seat', seat: 5 })).includes('talkSpent')).toBe(false);
    t.night(5);
    t.night(1);
    t.talk();
    t.ballot({ 1: 6, 2: 6, 3: 6, 4: 6, 6: 1, 7: 1, 8: 1 });
    t.talk();
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers' });
    expect(t.legal(1).find((a) => a.type === 'team-chat')).toEqual({ type: 'team-chat', messages: TALK_LIMITS.perCall });
  });
});

describe('O22: a pointer may move 30 times in a night call', () => {
  it('then it stands: the seat is offered no pointer and a new one is refused', () => {
    const t = new Table('classic', 'KKPPCCCC');
    for (let i = 0; i < TALK_LIMITS.pointsPerCall; i++) t.act(1, { type: 'point', target: i % 2 ? 5 : 6 });
    expect(t.legal(1).find((a) => a.type === 'point')).toBeUndefined();
    t.refused(1, { type: 'point', target: 7 }, 'game/limit-reached');
    expect(t.step).toMatchObject({ kind: 'call', pointers: { 1: 5 } });
    t.act(2, { type: 'point', target: 5 });
    expect(t.step).toMatchObject({ kind: 'call', call: 'police' });
  });
});

describe('O22: dual free talk holds 30 messages for each player', () => {
  it('the 31st is refused for that player only', () => {
    const t = new Table('dual', 'KKPPCCCCCCCC'.slice(0, 8));
    let guard = 0;
    while (t.step.kind !== 'talk' && guard++ < 200) {
      const step = t.step;
      if (step.kind === 'call') t.timeout();
      else if (step.kind === 'speech' || step.kind === 'last-words') t.act(step.seat, { type: 'pass' });
      else t.timeout();
    }
    expect(t.step.kind).toBe('talk');
    const [a, b] = t.state.alive.flatMap((alive, i) => (alive && t.legal(i + 1).some((l) => l.type === 'say') ? [i + 1] : []));
    for (let i = 1; i <= TALK_LIMITS.perTalk; i++) t.act(a!, { type: 'say', text: `talk ${i}` });
    t.refused(a!, { type: 'say', text: 'more' }, 'game/limit-reached');
    expect(sayOf(t.legal(b!))).toEqual({ type: 'say', messages: TALK_LIMITS.perTalk });
  });
});

describe('O22: the judge makes 30 moves a step', () => {
  it('narrations, pauses and resumes count together; the 31st is refused', () => {
    const t = new Table('classic', 'KKPPCCCC');
    for (let i = 0; i < 10; i++) t.control({ type: 'pause' }), t.control({ type: 'resume' });
    for (let i = 0; i < 10; i++) t.control({ type: 'narrate', text: `night ${i}` } as never);
    const before = t.state;
    expect(() => t.control({ type: 'narrate', text: 'one more' } as never)).toThrow(/game\/limit-reached/);
    expect(t.state).toBe(before);
    // The next step gives the judge 30 moves again.
    t.night(5);
    t.control({ type: 'narrate', text: 'the police open their eyes' } as never);
  });
});

describe('O22: a player posts 600 messages and 60,000 characters in a game', () => {
  it('the box offers only the characters left; a longer message is refused with what is left', () => {
    const t = lastWords();
    const blank = () => new Array<number>(t.state.alive.length + 1).fill(0);
    const chars = blank();
    chars[4] = TALK_LIMITS.charsPerGame - 12;
    t.state = { ...t.state, talkSpent: { step: {}, messages: blank(), chars } };
    expect(sayOf(t.legal(5))).toEqual({ type: 'say', messages: TALK_LIMITS.perTurn, left: 12 });
    t.refused(5, { type: 'say', text: 'x'.repeat(13) }, 'game/limit-reached');
    t.act(5, { type: 'say', text: 'x'.repeat(12) });
    expect(sayOf(t.legal(5))).toBeUndefined();
    const messages = blank();
    messages[4] = TALK_LIMITS.messagesPerGame - 1;
    t.state = { ...t.state, talkSpent: { step: {}, messages, chars: blank() } };
    expect(sayOf(t.legal(5))).toEqual({ type: 'say', messages: 1 });
    t.act(5, { type: 'say', text: 'last' });
    t.refused(5, { type: 'say', text: 'past the end' }, 'game/limit-reached');
  });
});
