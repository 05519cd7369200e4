// Structured claims in speeches (issue 10): the engine checks their form, never their truth, carries
// them in the public `said` event, and one pure renderer says them in the four UI languages.
import { describe, expect, it } from 'vitest';
import { Table } from './table.ts';
import { viewFor } from '../../worker/engine/index.ts';
import { renderClaim } from '../../worker/engine/bots/claims.ts';
import { parseClientFrame } from '../../worker/protocol.ts';

/** Classic, 8 players: killers 1–2, police 3–4; night 1 the killers kill 5, the police check 1. */
function dayOne(): Table {
  const t = new Table('classic', 'KKPPCCCC');
  t.night(5);
  t.night(1);
  t.act(5, { type: 'pass' }); // 5's last words
  return t;
}

describe('RULES.md 3 "认匪 (admit): a killer may say so in a speech": a claim is public speech and may lie', () => {
  it('a speech with a claim: every seat reads the claim next to the text, as said', () => {
    const t = dayOne();
    expect(t.state.step).toMatchObject({ kind: 'speech', seat: 6 });
    // Seat 6 is a civilian claiming to be police with a made-up check: the engine does not judge truth.
    const claim = { role: 'police' as const, checks: [{ seat: 2, camp: 'good' as const }], vote: 7 };
    t.act(6, { type: 'say', text: 'As police: #2 is not a killer. I vote #7.', claim });
    for (const seat of [1, 3, 8]) {
      const said = viewFor(t.state, { kind: 'seat', seat }).log.filter((e) => e.event.type === 'said').map((e) => e.event);
      expect(said).toEqual([{ type: 'said', seat: 6, text: 'As police: #2 is not a killer. I vote #7.', claim }]);
    }
  });

  it('a malformed claim is refused with game/claim-invalid and changes nothing', () => {
    const t = dayOne();
    for (const claim of [{}, { role: 'judge' }, { role: 'doctor' }, { vote: 9 }, { checks: [] }, { checks: [{ seat: 2, camp: 'good' }, { seat: 2, camp: 'killers' }] }, { checks: [{ seat: 2, camp: 'evil' }] }, 'police']) {
      t.refused(6, { type: 'say', text: 'hello', claim } as never, 'game/claim-invalid');
    }
  });

  it('a speech without a claim is as before: no claim field in the event', () => {
    const t = dayOne();
    t.act(6, { type: 'say', text: 'hello' });
    expect(t.state.log.at(-1)!.event).toEqual({ type: 'said', seat: 6, text: 'hello' });
  });

  it('the protocol schema carries a claim with say and refuses a badly shaped one', () => {
    const ok = parseClientFrame(JSON.stringify({ type: 'act', id: '1', move: { type: 'say', text: 'x', claim: { role: 'civilian', vote: 3 } } }));
    expect(ok.ok && ok.frame.type === 'act' && ok.frame.move).toEqual({ type: 'say', text: 'x', claim: { role: 'civilian', vote: 3 } });
    expect(parseClientFrame(JSON.stringify({ type: 'act', id: '1', move: { type: 'say', text: 'x', claim: { role: 'wizard' } } })).ok).toBe(false);
    expect(parseClientFrame(JSON.stringify({ type: 'act', id: '1', move: { type: 'say', text: 'x', claim: { checks: [{ seat: 2, camp: 'maybe' }] } } })).ok).toBe(false);
  });
});

describe('renderClaim: one line per claim in zh-CN, en, es and ko (GLOSSARY.md words)', () => {
  it('a role, a police result, a vote', () => {
    expect(renderClaim({ role: 'civilian' }, 'en')).toBe('I am a civilian.');
    expect(renderClaim({ role: 'police', checks: [{ seat: 4, camp: 'killers' }] }, 'en')).toBe('As police: #4 is a killer.');
    expect(renderClaim({ vote: 6 }, 'en')).toBe('I vote #6.');
    expect(renderClaim({ role: 'civilian', vote: 6 }, 'zh-CN')).toBe('我是平民。我投6号。');
    expect(renderClaim({ role: 'police', checks: [{ seat: 4, camp: 'killers' }, { seat: 7, camp: 'good' }] }, 'es')).toBe('Como policía: el #4 es asesino; el #7 no es asesino.');
    expect(renderClaim({ role: 'civilian', vote: 6 }, 'ko')).toBe('저는 시민입니다. 6번에 투표합니다.');
  });
});
