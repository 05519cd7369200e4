// Names that look alike cannot seat two people; invisible or malformed names are refused.
import { describe, expect, it } from 'vitest';
import { checkName, nameKey, singleScript } from '../../worker/names.ts';
import { api, createRoom, join } from './helpers.ts';

const joinAs = async (code: string, name: string) => {
  const res = await api(`/api/rooms/${code}/join`, { json: { name } });
  return { status: res.status, body: (await res.json()) as { seat?: number; error?: { code: string; message: string } } };
};

describe('names', () => {
  it('"Ann", "ＡＮＮ" and "A\\u200Bnn" are one name; a Cyrillic "А" in "Аnn" is refused', async () => {
    const room = await createRoom({ ruleset: 'raw' });
    await join(room.code, 'Ann');
    for (const lookalike of ['ＡＮＮ', 'A\u200Bnn', 'ann', ' A\u202Enn\u2066 ']) {
      expect(await joinAs(room.code, lookalike), lookalike).toMatchObject({ status: 409, body: { error: { code: 'room/name-taken' } } });
    }
    const cyrillic = await joinAs(room.code, '\u0410nn');
    expect(cyrillic).toMatchObject({ status: 400, body: { error: { code: 'name/mixed-script' } } });
    expect(cyrillic.body.error!.message).toMatch(/mixes alphabets/);
    const seats = (await (await api(`/api/rooms/${room.code}`)).json()) as { seats: number };
    expect(seats.seats).toBe(1);
  });

  it('refuses a lone surrogate, an invisible-only name and a name too long once normalised', async () => {
    const room = await createRoom({ ruleset: 'raw' });
    expect(await joinAs(room.code, 'Bo\uD800')).toMatchObject({ status: 400, body: { error: { code: 'name/malformed' } } });
    expect(await joinAs(room.code, '\u200B\u200D\u2060\u3164\u115F\uFE0F')).toMatchObject({ status: 400, body: { error: { code: 'name/invisible' } } });
    expect(await joinAs(room.code, '\u202E\u2066')).toMatchObject({ status: 400, body: { error: { code: 'name/invisible' } } });
    // "ﬃ" is three letters after NFKC.
    expect(await joinAs(room.code, 'ﬃ'.repeat(9))).toMatchObject({ status: 400, body: { error: { code: 'name/too-long' } } });
  });

  it('stores the name as shown after normalising, and keeps names of one script per word', () => {
    expect(checkName('  Ａnn\u200B  Lee ')).toEqual({ ok: true, name: 'Ann Lee' });
    expect(nameKey('STRASSE')).toBe(nameKey('straße'));
    // Words in different scripts are fine; one word mixing Latin and Cyrillic or Greek is not.
    expect(checkName('Ann Лена')).toMatchObject({ ok: true });
    expect(checkName('Pаul').ok).toBe(false);
    expect(checkName('Ρaul').ok).toBe(false);
    // Japanese and Korean mix scripts by design; digits and signs belong to every script.
    for (const ok of ['山田さくら', 'カタカナ漢字', '김민수', '李小龍', 'Ann2', 'Jean-Luc', 'O’Neil', 'Zoë']) expect(singleScript(ok), ok).toBe(true);
    expect(singleScript('Иван')).toBe(true);
    expect(singleScript('Ивaн')).toBe(false);
  });
});
