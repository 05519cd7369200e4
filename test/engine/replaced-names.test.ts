// A replacement hands a seat to a new person (docs/protocol.md, "Replacements"): entries made before
// it stay under the old player's name, as a forum keeps old posts under the old name, and the
// replacement's own line says "Dee replaces Bea". The feed, the story, the replay, the record and
// the chat webhook name seats through one function (worker/engine/seat-names.ts), so they agree.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportRecord, nameAsOf, viewFor, type LogEntry, type Seat } from '../../worker/engine/index.ts';
import { actionOf } from '../../worker/engine/record.ts';
import { LANGS, T, type Lang } from '../../client/strings.ts';
import { announcement } from '../../worker/room/webhook.ts';
import { Table } from './table.ts';

// The client's words need a language: its strings as the build serves them, one language at a time.
vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {} });
vi.stubGlobal('document', { documentElement: {} });
vi.stubGlobal('addEventListener', () => {});
vi.stubGlobal('location', { pathname: '/', hash: '', search: '' });
vi.stubGlobal('fetch', async (url: string) => {
  const l = LANGS.indexOf(url.split('/').at(-1)!.replace('.json', '') as Lang);
  return { json: async () => ({ t: Object.fromEntries(Object.entries(T).map(([k, v]) => [k, v[l]])), rules: {} }) };
});
type Client = typeof import('../../client/log-text.ts') & typeof import('../../client/i18n.ts') & typeof import('../../client/state.ts');
let c: Client;
beforeAll(async () => {
  c = { ...(await import('../../client/log-text.ts')), ...(await import('../../client/i18n.ts')), ...(await import('../../client/state.ts')) } as Client;
});
// The engine project keeps one worker's modules and globals from file to file: leave them as found.
afterAll(() => {
  c.room.value = null;
  c.log.value = [];
  vi.unstubAllGlobals();
});

const plain = (s: string | null) => s?.replace(/[\u2068\u2069]/g, '') ?? null;
const NAMES = (bea: string) => new Map([1, 2, 3, 4, 5, 6, 7, 8].map((s) => [s, s === 2 ? bea : `P${s}`] as [Seat, string]));

/** Classic 8; seat 2 (Bea) lets her first speech run out, then Dee takes her seat over. */
function replacedTable() {
  const t = missedByBea();
  t.control({ type: 'replace', seat: 2, name: 'Dee', was: 'Bea' } as never);
  return t;
}

/** Classic 8: a quiet first night, then seat 2 (Bea) lets her speech run out. */
function missedByBea(): Table {
  const t = new Table('classic', 'CKKPPCCC');
  t.night(8);
  t.night(3);
  // Speeches and last words pass until Bea's turn.
  for (let step = t.state.step; (step.kind === 'speech' || step.kind === 'last-words') && !(step.kind === 'speech' && step.seat === 2); step = t.state.step) t.act(step.seat, { type: 'pass' });
  expect(t.state.step).toMatchObject({ kind: 'speech', seat: 2 });
  t.timeout();
  return t;
}

/** The feed as the spectator's page words it, with the room's seats named as they are now. */
function feed(t: Table, lang: Lang, log: readonly LogEntry[] = viewFor(t.state, { kind: 'spectator' }).log): Promise<string[]> {
  return c.setLang(lang, false).then(() => {
    c.log.value = log as LogEntry[];
    c.room.value = { seats: [...NAMES('Dee')].map(([seat, name]) => ({ seat, name })) } as never;
    return log.map((e) => plain(c.entryText(e, 'classic'))!).filter(Boolean);
  });
}

describe('after a replacement, the record keeps who did what', () => {
  it('an earlier miss names Bea; the replacement says "Dee replaces Bea"; what comes after is Dee’s', async () => {
    const t = replacedTable();
    // The next speaker's pass, after the replacement.
    if (t.state.step.kind === 'speech') t.act(t.state.step.seat, { type: 'pass' });
    const lines = await feed(t, 'en');
    expect(lines).toContain('#2 Bea ran out of time (Pass)');
    expect(lines).toContain('#2 Dee replaces Bea');
    expect(lines.join('\n')).not.toContain('#2 Dee ran out of time');
  });

  it('says the replacement in all four languages', async () => {
    const t = replacedTable();
    const said: Record<string, string> = {};
    for (const lang of LANGS) said[lang] = (await feed(t, lang)).at(-1)!;
    expect(said).toEqual({ 'zh-CN': '2号 Dee接替Bea', en: '#2 Dee replaces Bea', es: '#2 Dee reemplaza a Bea', ko: '2번 Dee 님이 Bea 님을 대신합니다' });
  });

  it('a log from before the old name was kept reads as it did: the seat by number, never the newcomer for the old entries', async () => {
    const t = missedByBea();
    t.control({ type: 'replace', seat: 2, name: 'Dee' } as never);
    const lines = await feed(t, 'en');
    expect(lines).toContain('Seat 2 ran out of time (Pass)');
    expect(lines.at(-1)).toBe('Seat 2 is now played by Dee');
  });

  it('the record, its replay and the chat webhook name the same players', async () => {
    const t = replacedTable();
    const record = exportRecord(t.state, NAMES('Dee'));
    const miss = record.log.find((e) => e.event.type === 'passed' && e.event.seat === 2)!;
    const handover = record.log.find((e) => e.event.type === 'replaced')!;
    // A replay makes the same entry again, `was` included.
    expect(actionOf(handover)).toEqual({ type: 'replace', seat: 2, name: 'Dee', was: 'Bea', at: handover.at });
    expect(nameAsOf(record.log, 2, miss.seq, record.names![2])).toEqual({ name: 'Bea', now: false });
    expect(nameAsOf(record.log, 2, handover.seq, record.names![2])).toEqual({ name: 'Dee', now: true });
    // The replay's feed (the record's names, its log) words the miss as the live feed does.
    expect(await feed(t, 'en', record.log)).toContain('#2 Bea ran out of time (Pass)');
    // The webhook: the replacement is posted as the feed says it; a later ballot names Dee.
    const before = t.state;
    t.control({ type: 'replace', seat: 2, name: 'Eve', was: 'Dee' } as never);
    expect(plain(announcement(before, t.state, 'en', 'ROOM', NAMES('Eve')))).toBe('Tianhei · ROOM\n#2 Eve replaces Dee');
    expect(await feed(t, 'en')).toEqual(expect.arrayContaining(['#2 Bea ran out of time (Pass)', '#2 Dee replaces Bea', '#2 Eve replaces Dee']));
  });
});
