// Table mode: the judge's lines the table screen says (client/table-voice.ts) follow the
// seed's script ([001] section 3, steps 3–18), come only from the public view, and say the same
// words for a call whether its actors are alive or out (RULES.md D11).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { viewFor, type View } from '../../worker/engine/index.ts';
import { BEHIND_S, LINES, lineSeconds, stillDue, stillWorth, tableLines, type LineKey, type Spoken } from '../../client/table-voice.ts';
import { LANGS } from '../../worker/protocol.ts';
import { Table } from './table.ts';
import { framesUpToDayTwo } from './two-nights.ts';

/** Runs the lines function over successive views, merging logs the way the client does. */
function speakAll(lang: (typeof LANGS)[number], views: View[]): Spoken[] {
  const said: Spoken[] = [];
  let before: View | null = null;
  for (const v of views) {
    said.push(...tableLines(lang, before, v));
    before = before ? { ...v, log: [...before.log, ...v.log.filter((e) => e.seq > (before!.log.at(-1)?.seq ?? 0))] } : v;
  }
  return said;
}

/** A classic game (RULES.md 3) of 8: night 1 the killers kill seat 5, day 1 votes out seat 1, ... to the end. */
function classicGame(): { views: View[]; t: Table } {
  const t = new Table('classic', 'KKPPCCCC');
  const views: View[] = [viewFor(t.state, { kind: 'spectator' })];
  const snap = () => views.push(viewFor(t.state, { kind: 'spectator' }));
  const step = (f: () => void) => {
    t.now += 1000;
    f();
    snap();
  };
  const speaking = () => ['speech', 'last-words'].includes(t.step.kind);
  const passAll = () => {
    while (speaking()) step(() => t.act((t.step as { seat: number }).seat, { type: 'pass' }));
  };
  // Night 1: killers kill 5; the police check seat 1.
  step(() => t.night(5));
  step(() => t.night(1));
  // Day 1: last words, speeches, everyone votes seat 1.
  passAll();
  step(() => t.ballot(Object.fromEntries((t.step as { voters: number[] }).voters.map((v) => [v, v === 1 ? 2 : 1]))));
  passAll();
  // Night 2: killer 2 kills 6; the police check 2.
  step(() => t.night(6));
  step(() => t.night(2));
  passAll();
  step(() => t.ballot(Object.fromEntries((t.step as { voters: number[] }).voters.map((v) => [v, v === 2 ? 3 : 2]))));
  return { views, t };
}

describe('the table screen speaks the judge’s script', () => {
  it('a classic game, in the seed’s words: night, each call opening and closing, dawn, last words, speeches, verdict, game over', () => {
    const { views, t } = classicGame();
    expect(t.state.result?.winner).toBe('good');
    const said = speakAll('zh-CN', views);
    const keys = said.map((s) => s.key);
    const texts = said.map((s) => s.text);
    // [001] 3.3–3.12, in order.
    expect(texts.slice(0, 7)).toEqual(['天黑了，请大家低头闭眼。', '杀手请睁眼，杀手请杀人。', '杀手请闭眼。', '警察请睁眼，警察请指认。', '警察请闭眼。', '天亮了，请大家睁眼。', '昨晚出局的是：5号。']);
    // 3.13: the victim's last words; 3.15: speeches from the victim's right; 3.16–17: the ballot and verdict.
    expect(texts[7]).toBe('请5号留遗言。');
    expect(texts[8]).toBe('请6号发言，发言完毕请说“过”。');
    expect(keys).toContain('ballot-day');
    // 3.17: the judge counts the revealed ballot aloud, then says who is out.
    const verdict = texts.indexOf('1号被公决出局。');
    expect(texts[verdict - 1]).toBe('投票结果：1号6票，2号1票。');
    expect(keys.filter((k) => k === 'nightfall')).toHaveLength(2);
    expect(keys.at(-1)).toBe('over-good');
    // No line ever names a role of a seat, a pointer or a check result: only these keys appear.
    const allowed: LineKey[] = ['nightfall', 'open-killers', 'close-killers', 'open-police', 'close-police', 'dawn', 'out-at-night', 'last-words', 'speech-day', 'ballot-day', 'ballot-count', 'voted-out', 'over-good'];
    expect(new Set(keys)).toEqual(new Set(allowed));
    for (const line of texts.slice(0, -1)) expect(line).not.toMatch(/杀手[^请]|警察[^请]|平民|好人/);
  });

  it('the same game in English says the glossary’s lines', () => {
    const said = speakAll('en', classicGame().views).map((s) => s.text);
    expect(said.slice(0, 3)).toEqual(['Night falls. Everyone, close your eyes.', 'Killers, open your eyes. Killers, choose who to kill.', 'Killers, close your eyes.']);
    expect(said).toContain('The votes: seat 1, 6 votes; seat 2, 1 vote.');
    expect(said).toContain('Seat 1 is out by verdict.');
    expect(said.at(-1)).toBe('The game is over: the good side wins.');
  });

  it('reconnecting, the table screen says where the game is: night and the open call', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(5);
    expect(tableLines('zh-CN', null, viewFor(t.state, { kind: 'spectator' })).map((s) => s.text)).toEqual(['天黑了，请大家低头闭眼。', '警察请睁眼，警察请指认。']);
  });

  it('reconnecting by day, it says which day it is and whose turn', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(5);
    t.night(1);
    expect(tableLines('zh-CN', null, viewFor(t.state, { kind: 'spectator' })).map((s) => s.text)).toEqual(['现在是第1天白天。', '请5号留遗言。']);
    for (const l of ['en', 'es', 'ko'] as const) expect(tableLines(l, null, viewFor(t.state, { kind: 'spectator' }))[0]!.key).toBe('where-day');
  });

  it('D11: two games, the police all out before night 2 in one of them, say the same lines with the same call lengths through night 2', () => {
    const dead = framesUpToDayTwo('KKPDSCCC', 3);
    const alive = framesUpToDayTwo('KKCDSPCC', 6, dead.policeEnd);
    const spoken = (frames: typeof dead.frames) => {
      const views = frames.filter((f) => f.viewer === 'spectator').map((f) => f.view as View);
      return speakAll('zh-CN', views).map((s) => s.text);
    };
    const callLengths = (frames: typeof dead.frames) =>
      frames.filter((f) => f.viewer === 'spectator' && (f.view as View).step.kind === 'call').map((f) => ((f.view as View).step as { endsAt: number }).endsAt - f.at);
    expect(spoken(dead.frames)).toEqual(spoken(alive.frames));
    expect(spoken(dead.frames)).toContain('警察请睁眼，警察请指认。');
    expect(spoken(dead.frames).filter((l) => l === '警察请闭眼。')).toHaveLength(2);
    expect(callLengths(dead.frames)).toEqual(callLengths(alive.frames));
    expect(callLengths(dead.frames).length).toBeGreaterThan(4);
  });

  it('the table says a bot’s speech as it is made, its claim in the table’s language; a person’s speech is theirs to say aloud', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(5);
    t.night(1);
    t.act(5, { type: 'pass' });
    const before = viewFor(t.state, { kind: 'spectator' });
    expect(before.step).toMatchObject({ kind: 'speech', seat: 6 });
    t.act(6, { type: 'say', text: 'I am a civilian. I vote #3.', claim: { role: 'civilian', vote: 3 } });
    const after = viewFor(t.state, { kind: 'spectator' });
    const bot = (seat: number) => seat === 6;
    expect(tableLines('zh-CN', before, after, bot).map((s) => s.text)).toEqual(['6号说：我是平民。我投3号。']);
    expect(tableLines('en', before, after, bot).map((s) => s.text)).toEqual(['Seat 6 says: I am a civilian. I vote #3.']);
    expect(tableLines('es', before, after, bot).map((s) => s.text)).toEqual(['El asiento 6 dice: Soy civil. Voto al #3.']);
    expect(tableLines('ko', before, after, bot).map((s) => s.text)).toEqual(['6번: 저는 시민입니다. 3번에 투표합니다.']);
    // Seat 6 is a person: the table hears them, the screen says nothing.
    expect(tableLines('en', before, after)).toEqual([]);
  });

  it('a turn line not yet said when the speaker has already passed is dropped; every other line stays due', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.night(5);
    const night = viewFor(t.state, { kind: 'spectator' });
    t.night(1);
    const views = [viewFor(t.state, { kind: 'spectator' })];
    for (let i = 0; i < 4; i++) {
      t.act((t.step as { seat: number }).seat, { type: 'pass' });
      views.push(viewFor(t.state, { kind: 'spectator' }));
    }
    // Last words of 5, then 6, 7, 8 pass at once: when 1 speaks, the calls of 5–8 are stale.
    const lines = speakAll('en', [night, ...views]);
    const turns = lines.filter((l) => l.turn !== undefined);
    expect(turns.map((l) => l.text)).toEqual(['Seat 5, your last words.', 'Seat 6, your speech. Say “Pass” when you are done.', 'Seat 7, your speech. Say “Pass” when you are done.', 'Seat 8, your speech. Say “Pass” when you are done.', 'Seat 1, your speech. Say “Pass” when you are done.']);
    const now = views.at(-1)!;
    expect(turns.filter((l) => stillDue(l, now)).map((l) => l.text)).toEqual(['Seat 1, your speech. Say “Pass” when you are done.']);
    for (const l of lines.filter((x) => x.turn === undefined)) expect(stillDue(l, now), l.text).toBe(true);
  });

  it('a turn a frame passed through (a quick pass and the next turn in one frame) is said all the same, once, in order: the lines do not hang on how the frames fall', () => {
    // RULES.md 3, the day: last words of the night's victim, then each speaker in turn; two seats speak before passing.
    const t = new Table('classic', 'KKPPCCCC');
    t.night(5);
    const night = viewFor(t.state, { kind: 'spectator' });
    t.night(1);
    const views = [viewFor(t.state, { kind: 'spectator' })];
    const snap = () => views.push(viewFor(t.state, { kind: 'spectator' }));
    for (let i = 0; i < 5; i++) {
      const seat = (t.step as { seat: number }).seat;
      if (seat === 6 || seat === 8) {
        t.act(seat, { type: 'say', text: 'I am a civilian.', claim: { role: 'civilian' } });
        snap();
      }
      t.act(seat, { type: 'pass' });
      snap();
    }
    const lines = (frames: View[]) => {
      const out: Spoken[] = [];
      for (let i = 1; i < frames.length; i++) out.push(...tableLines('en', frames[i - 1]!, frames[i]!, () => true));
      return out.map((l) => l.text);
    };
    const each = lines([night, ...views]);
    expect(each.filter((l) => / your (speech|last words)/.test(l))).toEqual(['Seat 5, your last words.', 'Seat 6, your speech. Say “Pass” when you are done.', 'Seat 7, your speech. Say “Pass” when you are done.', 'Seat 8, your speech. Say “Pass” when you are done.', 'Seat 1, your speech. Say “Pass” when you are done.', 'Seat 2, your speech. Say “Pass” when you are done.']);
    // Every way of merging the day's frames says the same lines.
    for (let mask = 0; mask < 1 << (views.length - 1); mask++) {
      const kept = [night, ...views.filter((_, i) => i === views.length - 1 || mask & (1 << i))];
      expect(lines(kept), `frames ${mask.toString(2)}`).toEqual(each);
    }
    // The table screen's voice still drops what the game has passed: of one frame holding every pass, it says only the turn now.
    const now = views.at(-1)!;
    const fresh = tableLines('en', views[0]!, now, () => true);
    expect(fresh.filter((l) => l.turn).map((l) => l.text)).toHaveLength(5);
    expect(stillWorth('en', [], fresh, now).filter((l) => l.turn).map((l) => l.text)).toEqual(['Seat 2, your speech. Say “Pass” when you are done.']);
  });

  it('the good side’s win is the good side’s, civilians and police alike (RULES.md 4.1): 好人胜, in every language', () => {
    // classicGame ends with the killers voted out: the good side wins.
    const said = speakAll('zh-CN', classicGame().views);
    expect(said.at(-1)?.text).toBe('游戏结束，好人胜。');
    expect(LINES['over-good']).toEqual({ 'zh-CN': '游戏结束，好人胜。', en: 'The game is over: the good side wins.', es: 'Fin de la partida: ganan los buenos.', ko: '게임 종료: 선량한 편 승리.' });
    for (const l of LANGS) expect(LINES['over-good'][l]).not.toMatch(/警察|police|policía|경찰/i);
  });

  it('a slow voice never falls far behind: superseded bot speeches go first, a verdict, the dawn’s news and the end are always said', () => {
    // A whole classic game in which every seat is a bot whose speeches the screen says, all waiting
    // (the voice said nothing meanwhile): only what fits in BEHIND_S stays, and every line that is the game.
    const t = new Table('classic', 'KKPPCCCC');
    const views: View[] = [viewFor(t.state, { kind: 'spectator' })];
    const step = (f: () => void) => {
      t.now += 1000;
      f();
      views.push(viewFor(t.state, { kind: 'spectator' }));
    };
    const speakAndPass = () => {
      while (['speech', 'last-words'].includes(t.step.kind)) {
        const seat = (t.step as { seat: number }).seat;
        step(() => t.act(seat, { type: 'say', text: `I am a civilian, seat ${seat} speaking at length about who I suspect and why.`, claim: { role: 'civilian', vote: seat === 1 ? 2 : 1 } }));
        step(() => t.act(seat, { type: 'pass' }));
      }
    };
    step(() => t.night(5));
    step(() => t.night(1));
    speakAndPass();
    const voting = views.length;
    step(() => t.ballot(Object.fromEntries((t.step as { voters: number[] }).voters.map((v) => [v, v === 1 ? 2 : 1]))));
    speakAndPass();
    step(() => t.night(6));
    step(() => t.night(2));
    speakAndPass();
    step(() => t.ballot(Object.fromEntries((t.step as { voters: number[] }).voters.map((v) => [v, v === 2 ? 3 : 2]))));
    let waiting: Spoken[] = [];
    let before: View | null = null;
    for (const v of views.slice(0, voting + 1)) {
      waiting = stillWorth('en', waiting, tableLines('en', before, v, () => true), v);
      before = v;
    }
    const seconds = (ls: Spoken[]) => ls.reduce((s, l) => s + lineSeconds('en', l), 0);
    // Day 1's verdict has just been given, with every speech of the day still waiting.
    expect(waiting.map((l) => l.key)).toContain('voted-out');
    expect(waiting.map((l) => l.key)).toContain('out-at-night');
    expect(seconds(waiting.slice(0, -1))).toBeLessThanOrEqual(BEHIND_S + 10);
    const kept = waiting.filter((l) => l.key === 'bot-speech').length;
    // Every speech was made; at most the last few are kept.
    expect(views.slice(1, voting + 1).length).toBeGreaterThan(14);
    expect(kept).toBeLessThanOrEqual(2);
    // On to the end: it is said, after only the lines that are the game.
    for (const v of views.slice(voting + 1)) {
      waiting = stillWorth('en', waiting, tableLines('en', before, v, () => true), v);
      before = v;
    }
    expect(t.state.result).toBeTruthy();
    expect(waiting.at(-1)?.key).toMatch(/^over-/);
    expect(waiting.map((l) => l.key)).toContain('voted-out');
    expect(waiting.filter((l) => l.key === 'bot-speech')).toEqual([]);
  });

  it('docs/table-voice.md holds every line in the four languages, as the code says them', () => {
    const doc = readFileSync(new URL('../../docs/table-voice.md', import.meta.url), 'utf8');
    for (const [key, row] of Object.entries(LINES)) {
      const docRow = doc.split('\n').find((l) => l.startsWith(`| \`${key}\` |`));
      expect(docRow, key).toBeDefined();
      for (const l of LANGS) expect(docRow).toContain(`| ${row[l]} |`);
    }
  });
});
