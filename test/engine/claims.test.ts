// Structured claims in speeches: the engine checks their form, never their truth, carries
// them in the public `said` event, and one pure renderer says them in the four UI languages.
import { describe, expect, it } from 'vitest';
import { Table } from './table.ts';
import { viewFor } from '../../worker/engine/index.ts';
import { readClaim } from '../../worker/engine/claim.ts';
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

describe('renderClaim: one line per claim in zh-CN, en, es and ko (the UI’s game words)', () => {
  it('a role, a police result, a vote', () => {
    expect(renderClaim({ role: 'civilian' }, 'en')).toBe('I am a civilian.');
    expect(renderClaim({ role: 'police', checks: [{ seat: 4, camp: 'killers' }] }, 'en')).toBe('As police: #4 is a killer.');
    expect(renderClaim({ vote: 6 }, 'en')).toBe('I vote #6.');
    expect(renderClaim({ role: 'civilian', vote: 6 }, 'zh-CN')).toBe('我是平民。我投6号。');
    expect(renderClaim({ role: 'police', checks: [{ seat: 4, camp: 'killers' }, { seat: 7, camp: 'good' }] }, 'es')).toBe('Como policía: el #4 es asesino; el #7 no es asesino.');
    expect(renderClaim({ role: 'civilian', vote: 6 }, 'ko')).toBe('저는 시민입니다. 6번에 투표합니다.');
  });
});

describe('a person builds the same claims a bot makes: a suspicion, a vote, a power role\'s night acts, a reason', () => {
  it('"I suspect #4", "I will vote #4" and a reason about that seat are well formed, in the log as said', () => {
    const t = dayOne();
    const claim = { role: 'civilian' as const, suspect: 7, why: { kind: 'voted-cleared' as const, seat: 7, other: 2 }, vote: 7 };
    t.act(6, { type: 'say', text: 'I suspect #7.', claim });
    expect(t.state.log.at(-1)!.event).toEqual({ type: 'said', seat: 6, text: 'I suspect #7.', claim });
  });

  it('RULES.md 6, doctor: "night 1, I saved #4" is a doctor\'s claim; without an acting role, on a night not yet played or twice for one night it is refused', () => {
    // doctor, 8 players: killers 1–2, police 3, doctor 4, secret police 5.
    const t = new Table('doctor', 'KKPDSCCC');
    const state = t.state;
    expect(readClaim(state, { role: 'doctor', acts: [{ night: 1, seat: 4 }] })).toEqual({ claim: { role: 'doctor', acts: [{ night: 1, seat: 4 }] } });
    expect(readClaim(state, { role: 'secret-police', acts: [{ night: 1, seat: 2 }] })).toEqual({ claim: { role: 'secret-police', acts: [{ night: 1, seat: 2 }] } });
    for (const bad of [
      { acts: [{ night: 1, seat: 4 }] },
      { role: 'civilian', acts: [{ night: 1, seat: 4 }] },
      { role: 'butterfly', acts: [{ night: 1, seat: 4 }] },
      { role: 'doctor', acts: [{ night: 2, seat: 4 }] },
      { role: 'doctor', acts: [{ night: 1, seat: 4 }, { night: 1, seat: 5 }] },
      { role: 'doctor', acts: [] },
      { suspect: 9 },
      { suspect: 3, why: { kind: 'voted-cleared', seat: 4, other: 2 } },
      { suspect: 3, why: { kind: 'gut-feeling', seat: 3, other: 2 } },
      { suspect: 3, why: { kind: 'changed-vote', seat: 3, other: 3 } },
    ]) {
      expect(readClaim(state, bad), JSON.stringify(bad)).toHaveProperty('error');
    }
  });

  it('the night acts, the suspicion and the reason read the same in the four languages', () => {
    const hug = { role: 'butterfly' as const, acts: [{ night: 1, seat: 4 }, { night: 2, seat: 6 }] };
    expect(renderClaim(hug, 'en')).toBe('As the butterfly: night 1, I hugged #4, night 2, I hugged #6.');
    expect(renderClaim(hug, 'zh-CN')).toBe('作为花蝴蝶：第1晚抱了4号，第2晚抱了6号。');
    expect(renderClaim({ role: 'doctor', acts: [{ night: 1, seat: 4 }] }, 'es')).toBe('Como médico: la noche 1, salvé al #4.');
    expect(renderClaim({ role: 'old-man', acts: [{ night: 1, seat: 4 }] }, 'ko')).toBe('숲의 노인으로서: 1번째 밤에 4번을 침묵시켰습니다.');
    expect(renderClaim({ role: 'doctor', acts: [{ night: 1, seat: 4 }] }, 'ko')).toBe('의사로서: 1번째 밤에 4번을 살렸습니다.');
    const why = { role: 'civilian' as const, suspect: 6, why: { kind: 'voted-cleared' as const, seat: 6, other: 4 }, vote: 6 };
    expect(renderClaim(why, 'en')).toBe('I am a civilian. I suspect #6. #6 voted against the checked #4. I vote #6.');
    expect(renderClaim(why, 'zh-CN')).toBe('我是平民。我怀疑6号。6号投了被验为好人的4号。我投6号。');
    expect(renderClaim(why, 'es')).toBe('Soy civil. Sospecho del #6. El #6 votó contra el #4, investigado y no asesino. Voto al #6.');
    expect(renderClaim(why, 'ko')).toBe('저는 시민입니다. 6번이 의심됩니다. 6번은 조사로 킬러가 아닌 4번에게 투표했습니다. 6번에 투표합니다.');
    expect(renderClaim({ vote: 9, why: { kind: 'voted-police', seat: 9, other: 3 } }, 'zh-CN')).toBe('9号投了警察3号。我投9号。');
  });

  it('the reasons of a bot that weighs the day (docs/balance.md, "Bots by day") are well formed, and a count goes only with the kinds that count', () => {
    const state = dayOne().state;
    const ok = [
      { vote: 3, why: { kind: 'checks-agree', seat: 3, other: 6, count: 2 } },
      { vote: 3, why: { kind: 'few-votes', seat: 3, other: 6, count: 3 } },
      { vote: 3, why: { kind: 'voted-me-out', seat: 3, count: 3 } },
      { vote: 3, why: { kind: 'named-proven', seat: 3, other: 6 } },
      { vote: 3, why: { kind: 'against-police', seat: 3, other: 6 } },
      { vote: 3, why: { kind: 'echoed-vote', seat: 3, other: 6 } },
      { vote: 3, why: { kind: 'voted-together', seat: 3, other: 6 } },
      { vote: 3, why: { kind: 'victim-voted', seat: 3, other: 6 } },
      { vote: 3, why: { kind: 'role-contested', seat: 3, other: 6 } },
      { vote: 3, why: { kind: 'seen-at-call', seat: 3 } },
      { vote: 3, why: { kind: 'spared-claimer', seat: 3 } },
      { vote: 3, why: { kind: 'named-me', seat: 3 } },
      { vote: 3, why: { kind: 'unchecked', seat: 3 } },
    ];
    for (const good of ok) expect(readClaim(state, good), JSON.stringify(good)).toEqual({ claim: good });
    for (const bad of [
      { vote: 3, why: { kind: 'checks-agree', seat: 3, other: 6 } },
      { vote: 3, why: { kind: 'checks-agree', seat: 3, other: 6, count: 1 } },
      { vote: 3, why: { kind: 'voted-together', seat: 3, other: 6, count: 2 } },
      { vote: 3, why: { kind: 'unchecked', seat: 3, other: 6 } },
      { vote: 3, why: { kind: 'named-me', seat: 3, count: 2 } },
    ]) {
      expect(readClaim(state, bad), JSON.stringify(bad)).toHaveProperty('error');
    }
    const agree = { role: 'civilian' as const, vote: 4, why: { kind: 'checks-agree' as const, seat: 4, other: 2, count: 3 } };
    expect(renderClaim(agree, 'en')).toBe('I am a civilian. 3 police claims agree: #4 is a killer. I vote #4.');
    expect(renderClaim(agree, 'zh-CN')).toBe('我是平民。3位警察的验人结果一致：4号是杀手。我投4号。');
    expect(renderClaim(agree, 'es')).toBe('Soy civil. 3 policías coinciden: el #4 es asesino. Voto al #4.');
    expect(renderClaim(agree, 'ko')).toBe('저는 시민입니다. 경찰 3명의 조사 결과가 일치합니다: 4번은 킬러. 4번에 투표합니다.');
    expect(renderClaim({ vote: 6, why: { kind: 'named-proven', seat: 6, other: 2 } }, 'en')).toBe("#6 named #2 a killer, though #2's word has proven true. I vote #6.");
    expect(renderClaim({ vote: 2, why: { kind: 'voted-me-out', seat: 2, count: 3 } }, 'en')).toBe('#2 cast one of only 3 votes that put me out. I vote #2.');
    expect(renderClaim({ vote: 4, why: { kind: 'spared-claimer', seat: 4 } }, 'ko')).toBe('4번은 경찰이라고 했는데도 킬러들이 살려 두었습니다. 4번에 투표합니다.');
    // Every kind has its words in every language.
    for (const c of ok) for (const lang of ['zh-CN', 'en', 'es', 'ko'] as const) expect(renderClaim(c as never, lang), `${c.why.kind} ${lang}`).toMatch(/3/);
  });

  it('a hunch, a vote joined, one\'s own night knowledge and a contested check: a hunch and night knowledge name one seat, the others two', () => {
    const state = dayOne().state;
    const ok = [
      { vote: 3, why: { kind: 'hunch', seat: 3 } },
      { vote: 3, why: { kind: 'known-killer', seat: 3 } },
      { vote: 3, why: { kind: 'false-role', seat: 3 } },
      { vote: 3, why: { kind: 'followed-vote', seat: 3, other: 6 } },
      { vote: 3, why: { kind: 'false-check', seat: 3, other: 6 } },
      { role: 'police', contest: { seat: 3, check: 7 } },
    ];
    for (const good of ok) expect(readClaim(state, good), JSON.stringify(good)).toEqual({ claim: good });
    for (const bad of [
      { vote: 3, why: { kind: 'hunch', seat: 3, other: 6 } },
      { vote: 3, why: { kind: 'followed-vote', seat: 3 } },
      { vote: 3, contest: { seat: 3, check: 3 } },
      { vote: 3, contest: { seat: 3 } },
    ]) {
      expect(readClaim(state, bad), JSON.stringify(bad)).toHaveProperty('error');
    }
    const hunch = { role: 'civilian' as const, why: { kind: 'hunch' as const, seat: 7 }, vote: 7 };
    expect(renderClaim(hunch, 'en')).toBe('I am a civilian. Nothing points anywhere yet, so a hunch. I vote #7.');
    expect(renderClaim(hunch, 'zh-CN')).toBe('我是平民。还没有线索，先凭感觉。我投7号。');
    expect(renderClaim(hunch, 'es')).toBe('Soy civil. Aún no hay pistas, es una corazonada. Voto al #7.');
    expect(renderClaim(hunch, 'ko')).toBe('저는 시민입니다. 아직 단서가 없어 짐작입니다. 7번에 투표합니다.');
    const joined = { vote: 1, why: { kind: 'followed-vote' as const, seat: 1, other: 3 } };
    expect(renderClaim(joined, 'en')).toBe('#3 said they will vote #1. I vote #1.');
    expect(renderClaim(joined, 'zh-CN')).toBe('3号说要投1号。我投1号。');
    expect(renderClaim(joined, 'es')).toBe('El #3 dijo que votará al #1. Voto al #1.');
    expect(renderClaim(joined, 'ko')).toBe('3번이 1번에 투표하겠다고 했습니다. 1번에 투표합니다.');
    const contest = { role: 'police' as const, checks: [{ seat: 6, camp: 'good' as const }], contest: { seat: 3, check: 7 } };
    expect(renderClaim(contest, 'en')).toBe("As police: #6 is not a killer. #3's result on #7 is not what I know.");
    expect(renderClaim(contest, 'zh-CN')).toBe('作为警察：6号不是杀手。3号报的7号验人结果与我所知不符。');
    // A police claim naming the seat a killer already says why the police votes it.
    expect(renderClaim({ role: 'police', checks: [{ seat: 1, camp: 'killers' }], why: { kind: 'known-killer', seat: 1 }, vote: 1 }, 'en')).toBe('As police: #1 is a killer. I vote #1.');
    expect(renderClaim({ role: 'civilian', why: { kind: 'known-killer', seat: 1 }, vote: 1 }, 'ko')).toBe('저는 시민입니다. 제가 아는 바로는 1번이 킬러입니다. 1번에 투표합니다.');
  });
});
