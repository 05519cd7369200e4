// RULES.md 2.3, "Team decisions": a team picks one target, the seat most pointed at, a tie to the
// one pointed at first. A room bot in a team call with a person must not decide for them by pointing
// first: it tells the team in chat whom it would choose and why, points only when the person has
// (following them) or once half the call's time has passed, and a call of bots alone keeps the
// seeded wait of an empty call (D11). Pure: the room's schedule (worker/room/bots.ts) on engine states.
import { describe, expect, it } from 'vitest';
import { PACE_PRESETS, type Action, type Seat } from '../../worker/engine/index.ts';
import { callWait } from '../../worker/engine/call-wait.ts';
import { botMove, reschedule, type BotState } from '../../worker/room/bots.ts';
import { Table } from '../engine/table.ts';

const CALL = PACE_PRESETS.live.call;
/** Seat 1 is a person; every other seat is the room's. */
const isBot = (s: Seat) => s !== 1;
const fresh = (): BotState => ({ lang: 'en', memory: {}, due: null });

/** Classic, 8 seats: killers 1 (a person) and 2 (a bot), the police 3 and 4; night 1's killers' call is open. */
function killersCall(): Table {
  const t = new Table('classic', 'KKPPCCCC');
  expect(t.step).toMatchObject({ kind: 'call', call: 'killers', actors: [1, 2] });
  return t;
}

/** The bot at seat 2 acts at its scheduled time: the schedule, then its move applied as the room would. */
function botActs(t: Table, bot: BotState, who: IsBotFn = isBot): { bot: BotState; action: Action } {
  const due = reschedule(t.state, 2, bot, 'live', t.now, who)!;
  t.now = Math.max(t.now, due.at);
  const move = botMove(t.state, 2, { ...bot, due }, t.now, who);
  const { seat, at: _at, ...rest } = move.action as Action & { seat: Seat };
  t.act(seat, rest as never);
  return { bot: { ...bot, memory: move.memory, due }, action: move.action! };
}
type IsBotFn = (s: Seat) => boolean;

describe('RULES.md 2.3: a bot in a team call with a person', () => {
  it('first tells the team in chat whom it would choose and why, at the call’s seeded wait, without pointing', () => {
    const t = killersCall();
    const opened = t.now;
    const due = reschedule(t.state, 2, fresh(), 'live', t.now, isBot)!;
    expect(due.at - opened).toBe(callWait('scenario', 1, 'killers', CALL));
    const { action } = botActs(t, fresh());
    expect(action.type).toBe('team-chat');
    expect((action as { text: string }).text).toMatch(/^I would choose #[3-8]: .+\.$/);
    const step = t.step as { pointers: Record<number, number> };
    expect(step.pointers).toEqual({});
    // Only the team reads it.
    expect(t.view(1).log.at(-1)!.event).toMatchObject({ type: 'team-chat', seat: 2 });
    expect(t.view(5).log.some((e) => e.event.type === 'team-chat')).toBe(false);
  });

  it('points at the seat it named once half the call’s time has passed with the person still not pointing; the call stays open for them', () => {
    const t = killersCall();
    const opened = t.now;
    let { bot, action } = botActs(t, fresh());
    const named = Number(/#(\d+)/.exec((action as { text: string }).text)![1]);
    const due = reschedule(t.state, 2, bot, 'live', t.now, isBot)!;
    expect(due.at).toBe(opened + CALL / 2);
    ({ bot, action } = botActs(t, bot));
    expect(action).toMatchObject({ type: 'point', target: named });
    expect(t.step).toMatchObject({ kind: 'call', call: 'killers' });
    // Nothing more to do: the person's pointer (or the deadline) closes the call.
    expect(reschedule(t.state, 2, bot, 'live', t.now, isBot)).toBeNull();
  });

  it('when the person points first, the bot follows them within seconds and the call closes on the person’s choice', () => {
    const t = killersCall();
    let { bot } = botActs(t, fresh());
    t.now += 4_000;
    const pointedAt = t.now;
    t.act(1, { type: 'point', target: 7 });
    const due = reschedule(t.state, 2, bot, 'live', t.now, isBot)!;
    expect(due.at - pointedAt).toBeLessThanOrEqual(12_000);
    const { action } = botActs(t, bot);
    expect(action).toMatchObject({ type: 'point', target: 7 });
    expect(t.last('kill-chosen')).toMatchObject({ target: 7 });
  });

  it('a person who points before the bot has said anything is followed at once, with no chat', () => {
    const t = killersCall();
    t.now += 1_000;
    t.act(1, { type: 'point', target: 6 });
    const { action } = botActs(t, fresh());
    expect(action).toMatchObject({ type: 'point', target: 6 });
  });

  // classic rules, Night (匪自杀): a team may choose one of its own, to confuse the town.
  const followed: [string, Seat, string][] = [
    ['a person who points at the bot itself is followed, and the bot says so in the team chat first', 2, 'I follow you on me: with me out, the town will not suspect you.'],
    ['a person who points at the person itself is followed too, and the bot says why it goes along', 1, 'I follow you on #1: one of us, so the town trusts the rest of us more.'],
  ];
  for (const [name, target, line] of followed) {
    it(`classic rules, Night (匪自杀): ${name}`, () => {
      const t = killersCall();
      t.now += 1_000;
      t.act(1, { type: 'point', target });
      let { bot, action } = botActs(t, fresh());
      expect(action).toMatchObject({ type: 'team-chat', text: line });
      ({ action } = botActs(t, bot));
      expect(action).toMatchObject({ type: 'point', target });
      expect(t.last('kill-chosen')).toMatchObject({ target });
    });
  }

  it('a team of bots alone says nothing and all point at the call’s seeded wait, as an empty call ends (D11)', () => {
    const t = killersCall();
    const opened = t.now;
    const all = () => true;
    const due = reschedule(t.state, 2, fresh(), 'live', t.now, all)!;
    expect(due.at - opened).toBe(callWait('scenario', 1, 'killers', CALL));
    expect(botActs(t, fresh(), all).action.type).toBe('point');
  });
});
