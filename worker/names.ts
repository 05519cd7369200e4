// The rules for a name at the table, in one place (the Worker checks them; the client shows the
// refusal in words). Two names that look the same must not seat two people: "Ann", "ＡＮＮ",
// "A\u200Bnn" and a Cyrillic "Аnn" are one name or refused.

/** Longest name, in characters (code points) after normalising. */
export const MAX_NAME = 24;

/** Why a name was refused; each is an error code the client translates. */
export type NameRefusal = 'name/malformed' | 'name/invisible' | 'name/too-long' | 'name/mixed-script';

export const NAME_MESSAGES: Record<NameRefusal, string> = {
  'name/malformed': 'the name is not well-formed text (a lone UTF-16 surrogate)',
  'name/invisible': 'a name needs at least one visible letter, digit or sign',
  'name/too-long': `a name is at most ${MAX_NAME} characters`,
  'name/mixed-script': 'a word of the name mixes alphabets (for example Latin and Cyrillic letters)',
};

// Lone surrogates: with the u flag a lone surrogate is its own code point of category Cs.
const LONE_SURROGATE = /\p{Cs}/u;
// Controls, format characters (zero-width, bidi embeddings, overrides and isolates, …) and every
// default-ignorable code point (fillers, variation selectors, soft hyphen): none of them shows.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}]/gu;
const SPACES = /\p{White_Space}+/gu;
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

// UTS #39 "single script": the scripts of a word's characters (by Script_Extensions, Common and
// Inherited counting as every script) must share one. Scripts in use for names today are listed;
// a letter of any other script counts as its own script ("other") and so does not mix either.
const SCRIPTS = [
  'Latin', 'Greek', 'Cyrillic', 'Armenian', 'Hebrew', 'Arabic', 'Syriac', 'Thaana', 'Nko',
  'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada',
  'Malayalam', 'Sinhala', 'Thai', 'Lao', 'Tibetan', 'Myanmar', 'Georgian', 'Hangul', 'Ethiopic',
  'Cherokee', 'Canadian_Aboriginal', 'Ogham', 'Runic', 'Khmer', 'Mongolian', 'Hiragana',
  'Katakana', 'Bopomofo', 'Han', 'Yi', 'Javanese', 'Balinese', 'Sundanese', 'Tifinagh', 'Vai',
  'Adlam', 'Tai_Le', 'New_Tai_Lue', 'Tai_Tham', 'Tai_Viet', 'Cham', 'Lisu', 'Ol_Chiki', 'Mandaic',
  'Samaritan', 'Coptic', 'Glagolitic', 'Buginese', 'Batak', 'Lepcha', 'Limbu', 'Meetei_Mayek',
  'Saurashtra', 'Chakma', 'Bamum', 'Osage', 'Hanifi_Rohingya', 'Rejang', 'Kayah_Li', 'Tagalog',
] as const;
// Built at load on the server; the client bundle (which never checks scripts) drops it.
const SCRIPT_RES = /* @__PURE__ */ SCRIPTS.map((s) => [s, new RegExp(`\\p{Script_Extensions=${s}}`, 'u')] as const);
const SHARED = /[\p{Script_Extensions=Common}\p{Script_Extensions=Inherited}]/u;
// Writing systems that mix scripts by design (UTS #39's augmented sets): Japanese, Korean, and
// Chinese with bopomofo.
const AUGMENT: Record<string, string[]> = {
  Han: ['Jpan', 'Kore', 'Hanb'],
  Hiragana: ['Jpan'],
  Katakana: ['Jpan'],
  Hangul: ['Kore'],
  Bopomofo: ['Hanb'],
};

/** The scripts one character belongs to, or null when it belongs to every script (digits, signs, marks). */
function scriptsOf(ch: string): Set<string> | null {
  const found = new Set<string>();
  for (const [name, re] of SCRIPT_RES) {
    if (re.test(ch)) {
      found.add(name);
      for (const a of AUGMENT[name] ?? []) found.add(a);
    }
  }
  if (found.size > 0) return found;
  return SHARED.test(ch) ? null : new Set(['other']);
}

/** Whether one word is in a single script (UTS #39 §5.1, with the augmented sets). */
export function singleScript(word: string): boolean {
  let common: string[] | null = null;
  for (const ch of word) {
    const s = scriptsOf(ch);
    if (s === null) continue;
    common = common === null ? [...s] : common.filter((x) => s.has(x));
    if (common.length === 0) return false;
  }
  return true;
}

const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** A text (a speech, a narration) without the controls that could reorder the text around it. */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/** The name as it is shown and stored: NFKC, invisibles gone, runs of spaces as one, trimmed. */
export function normaliseName(raw: string): string {
  return raw.normalize('NFKC').replace(INVISIBLE, '').replace(SPACES, ' ').trim().normalize('NFKC');
}

/** Checks a name as typed; the name to store, or why it is refused. */
export function checkName(raw: string): { ok: true; name: string } | { ok: false; code: NameRefusal; message: string } {
  const no = (code: NameRefusal) => ({ ok: false as const, code, message: NAME_MESSAGES[code] });
  if (LONE_SURROGATE.test(raw)) return no('name/malformed');
  const name = normaliseName(raw);
  if (!VISIBLE.test(name)) return no('name/invisible');
  if ([...name].length > MAX_NAME) return no('name/too-long');
  if (!name.split(' ').every(singleScript)) return no('name/mixed-script');
  return { ok: true, name };
}

/** What two names are compared by: the normalised name, case-folded (lower-cased, then NFKC again). */
export function nameKey(name: string): string {
  return normaliseName(name).toLowerCase().toUpperCase().toLowerCase().normalize('NFKC');
}
