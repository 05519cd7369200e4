// The UI language: chosen from navigator.languages or the switcher, remembered on this device.
// Strings come from the one table in strings.ts, fetched per language as /strings/<lang>.json.
import { signal } from '@preact/signals';
import type { RulesetId } from '../worker/engine/types.ts';
import { LANGS, type Key, type Lang } from './strings.ts';

export { LANGS, type Key, type Lang };
export const LANG_NAMES = ['中文', 'English', 'Español', '한국어'];

/** One language's strings, as the build writes them. */
export interface Dict {
  t: Record<Key, string>;
  rules: Record<RulesetId, string>;
}

function initialLang(): Lang {
  const saved = localStorage.getItem('tianhei.lang');
  if (saved && (LANGS as readonly string[]).includes(saved)) return saved as Lang;
  for (const l of navigator.languages ?? [navigator.language]) {
    const base = l.toLowerCase().slice(0, 2);
    const hit = LANGS.find((x) => x.slice(0, 2) === base);
    if (hit) return hit;
  }
  return 'en';
}

export const lang = signal<Lang>(initialLang());
const dict = signal<Dict | null>(null);

/** Fetches a language's strings, then switches to it (the old strings stay until the new ones arrive). */
export async function setLang(l: Lang, remember = true): Promise<void> {
  const res = await fetch(`/strings/${l}.json`);
  dict.value = (await res.json()) as Dict;
  lang.value = l;
  if (remember) {
    localStorage.setItem('tianhei.lang', l);
    // The Worker reads it to preload this language's strings with the page (worker/client-page.ts).
    document.cookie = `tianhei.lang=${l}; path=/; max-age=31536000; samesite=lax`;
  }
  document.documentElement.lang = l;
}

/** The string for `key` in the current language, with {0}, {1}… filled from `args`. */
export function t(key: Key, ...args: (string | number)[]): string {
  const s = dict.value?.t[key] ?? key;
  return args.length ? s.replace(/\{(\d)\}/g, (_, i: string) => String(args[+i] ?? '')) : s;
}

/** Whether a key exists: server error codes and option names come from outside the table. */
export function has(key: string): key is Key {
  return !!dict.value && Object.hasOwn(dict.value.t, key);
}

/** The short rule sheet of a ruleset in the current language. */
export function rulesText(id: RulesetId): string {
  return dict.value?.rules[id] ?? '';
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();
const clockTexts = new Map<string, string>();
/**
 * A deadline as a local clock time ("21:00"), with the weekday ("Tue 21:00") unless told not to: one
 * formatter per language and form, made once, and each deadline formatted once (a countdown redraws
 * every second and with every frame of a ballot; formatting costs a slow phone milliseconds).
 */
export function clockTime(ms: number, weekday = true): string {
  const key = `${lang.value}|${weekday}`;
  let text = clockTexts.get(key + ms);
  if (text === undefined) {
    let f = clockFormats.get(key);
    if (!f) clockFormats.set(key, (f = new Intl.DateTimeFormat(lang.value, { ...(weekday ? { weekday: 'short' as const } : {}), hour: '2-digit', minute: '2-digit' })));
    clockTexts.set(key + ms, (text = f.format(ms)));
  }
  return text;
}

/** A `datetime-local` input's value for an instant, in this device's time zone. */
export function localInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}
