// A structured claim as one short line in the room's language, so the client and the room render
// a bot's speech (or any claim) in zh-CN, en, es or ko from the same data. Pure: no I/O.
import type { Claim, Role, Seat } from '../types.ts';

/** The four UI languages (the same codes as client/strings.ts). */
export type ClaimLang = 'zh-CN' | 'en' | 'es' | 'ko';

type Role4 = Record<Exclude<Role, 'judge'>, string>;

interface Phrases {
  roles: Role4;
  iAm: (role: string) => string;
  asPolice: (results: string) => string;
  isKiller: (seat: Seat) => string;
  isNotKiller: (seat: Seat) => string;
  join: string;
  vote: (seat: Seat) => string;
  space: string;
}

// The words of /work/shared/GLOSSARY.md.
const PHRASES: Record<ClaimLang, Phrases> = {
  'zh-CN': {
    roles: { killer: '杀手', police: '警察', civilian: '平民', doctor: '医生', 'secret-police': '秘密警察', butterfly: '花蝴蝶', sniper: '狙击手', 'old-man': '森林老人', undercover: '卧底' },
    iAm: (r) => `我是${r}。`,
    asPolice: (x) => `作为警察：${x}。`,
    isKiller: (s) => `${s}号是杀手`,
    isNotKiller: (s) => `${s}号不是杀手`,
    join: '，',
    vote: (s) => `我投${s}号。`,
    space: '',
  },
  en: {
    roles: { killer: 'a killer', police: 'police', civilian: 'a civilian', doctor: 'a doctor', 'secret-police': 'the secret police', butterfly: 'the butterfly', sniper: 'the sniper', 'old-man': 'the Old Man of the Forest', undercover: 'the undercover' },
    iAm: (r) => `I am ${r}.`,
    asPolice: (x) => `As police: ${x}.`,
    isKiller: (s) => `#${s} is a killer`,
    isNotKiller: (s) => `#${s} is not a killer`,
    join: ', ',
    vote: (s) => `I vote #${s}.`,
    space: ' ',
  },
  es: {
    roles: { killer: 'asesino', police: 'policía', civilian: 'civil', doctor: 'médico', 'secret-police': 'la policía secreta', butterfly: 'la mariposa', sniper: 'el francotirador', 'old-man': 'el Viejo del Bosque', undercover: 'el infiltrado' },
    iAm: (r) => `Soy ${r}.`,
    asPolice: (x) => `Como policía: ${x}.`,
    isKiller: (s) => `el #${s} es asesino`,
    isNotKiller: (s) => `el #${s} no es asesino`,
    join: '; ',
    vote: (s) => `Voto al #${s}.`,
    space: ' ',
  },
  ko: {
    roles: { killer: '킬러', police: '경찰', civilian: '시민', doctor: '의사', 'secret-police': '비밀경찰', butterfly: '나비', sniper: '저격수', 'old-man': '숲의 노인', undercover: '언더커버' },
    iAm: (r) => `저는 ${r}입니다.`,
    asPolice: (x) => `경찰로서: ${x}.`,
    isKiller: (s) => `${s}번은 킬러`,
    isNotKiller: (s) => `${s}번은 킬러가 아님`,
    join: ', ',
    vote: (s) => `${s}번에 투표합니다.`,
    space: ' ',
  },
};

/** One line saying the claim in this language, e.g. "I am a civilian." / "As police: #4 is a killer." / "I vote #6.". */
export function renderClaim(claim: Claim, lang: ClaimLang): string {
  const p = PHRASES[lang];
  const parts: string[] = [];
  // A police claim with results says the role once, in "As police: …".
  if (claim.role && claim.role !== 'judge' && !(claim.role === 'police' && claim.checks?.length)) parts.push(p.iAm(p.roles[claim.role]));
  if (claim.checks?.length) parts.push(p.asPolice(claim.checks.map((c) => (c.camp === 'killers' ? p.isKiller(c.seat) : p.isNotKiller(c.seat))).join(p.join)));
  if (claim.vote !== undefined) parts.push(p.vote(claim.vote));
  return parts.join(p.space);
}
