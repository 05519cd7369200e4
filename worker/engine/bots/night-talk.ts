// What a bot says in its team's chat at a night call it shares with people: whom it would choose and
// why, in the room's language, so its human teammates can agree or point elsewhere first. Pure.
import { isMate, opt, type Evidence } from './evidence.ts';
import { suspicion } from './weigh.ts';
import { nightRule } from './night.ts';
import type { ClaimLang } from './claims.ts';
import type { LegalAction, Seat } from '../types.ts';
import type { Random } from '../random.ts';

/** Why the bot would choose a seat, from what its view shows. */
export type NightReason = 'claims-police' | 'accused-mate' | 'power-role' | 'voted-mate' | 'suspect' | 'unchecked' | 'no-evidence';

/** A proposal for the team: the seat (0: nobody) and the reason. */
export interface NightProposal {
  target: Seat | 0;
  reason: NightReason;
}

/** The bot's choice at this call (the night rule it points by) and its reason. */
export function nightProposal(ev: Evidence, slot: Extract<LegalAction, { type: 'point' }>, random: Random): NightProposal {
  const target = nightRule(slot.call, ev)(ev, slot.targets, random);
  return { target, reason: target ? reasonFor(ev, slot.call, target) : 'no-evidence' };
}

/** The strongest thing the view says about the seat, for the team's call. */
function reasonFor(ev: Evidence, call: string, seat: Seat): NightReason {
  if (call !== 'killers') return suspicion(ev, seat) > 0 ? 'suspect' : 'unchecked';
  const us = (s: Seat) => s === ev.me || isMate(ev, s);
  const c = ev.claimOf[seat];
  if (c?.role === 'police' || (c?.checks.size ?? 0) > 0) {
    for (const [target, camp] of c!.checkList) if (camp === 'killers' && us(target)) return 'accused-mate';
    return 'claims-police';
  }
  if (c?.role && c.role !== 'civilian' && c.role !== 'killer') return 'power-role';
  if ((ev.ballotsBy[seat] ?? []).some((b) => us(b.target))) return 'voted-mate';
  return 'no-evidence';
}

interface Words {
  /** Following a teammate who points at one of us (匪自杀): at another teammate, or at me. */
  followMate: (seat: Seat) => string;
  followMe: string;
  choose: (seat: Seat, why: string) => string;
  nobody: (why: string) => string;
  why: Record<NightReason, string>;
}

// The game words the UI uses (client/strings.ts).
const WORDS: Record<ClaimLang, Words> = {
  'zh-CN': {
    followMate: (s) => `我跟你选${s}号：刀自己人，白天大家更信我们。`,
    followMe: '我跟你选我自己：我出局了，白天就没人怀疑你们。',
    choose: (s, why) => `我想选${s}号：${why}。`,
    nobody: (why) => `我想这次谁也不选：${why}。`,
    why: { 'claims-police': '他自称警察', 'accused-mate': '他说我们的队友是杀手', 'power-role': '他自称有特殊身份', 'voted-mate': '他投过我们的队友', suspect: '他最可疑', unchecked: '还没有人验过他', 'no-evidence': '还没有线索，先凭感觉' },
  },
  en: {
    followMate: (s) => `I follow you on #${s}: one of us, so the town trusts the rest of us more.`,
    followMe: 'I follow you on me: with me out, the town will not suspect you.',
    choose: (s, why) => `I would choose #${s}: ${why}.`,
    nobody: (why) => `I would choose nobody this time: ${why}.`,
    why: { 'claims-police': 'they claim to be police', 'accused-mate': 'they called one of us a killer', 'power-role': 'they claim a special role', 'voted-mate': 'they voted against one of us', suspect: 'they look the most suspect', unchecked: 'nobody has checked them yet', 'no-evidence': 'nothing points anywhere yet, so a hunch' },
  },
  es: {
    followMate: (s) => `Te sigo con el #${s}: uno de los nuestros, así el pueblo confiará más en el resto.`,
    followMe: 'Te sigo conmigo: si salgo yo, el pueblo no sospechará de vosotros.',
    choose: (s, why) => `Yo elegiría al #${s}: ${why}.`,
    nobody: (why) => `Esta vez no elegiría a nadie: ${why}.`,
    why: { 'claims-police': 'dice ser policía', 'accused-mate': 'llamó asesino a uno de los nuestros', 'power-role': 'dice tener un rol especial', 'voted-mate': 'votó contra uno de los nuestros', suspect: 'es el más sospechoso', unchecked: 'nadie lo ha investigado aún', 'no-evidence': 'aún no hay pistas, es una corazonada' },
  },
  ko: {
    followMate: (s) => `${s}번으로 따르겠습니다: 우리 편이지만, 마을이 나머지 우리를 더 믿게 됩니다.`,
    followMe: '저로 따르겠습니다: 제가 나가면 마을은 당신들을 의심하지 않을 겁니다.',
    choose: (s, why) => `저는 ${s}번을 고르겠습니다: ${why}.`,
    nobody: (why) => `이번에는 아무도 고르지 않겠습니다: ${why}.`,
    why: { 'claims-police': '경찰이라고 주장합니다', 'accused-mate': '우리 팀을 킬러라고 했습니다', 'power-role': '특수 역할이라고 주장합니다', 'voted-mate': '우리 팀에게 투표했습니다', suspect: '가장 의심스럽습니다', unchecked: '아직 아무도 조사하지 않았습니다', 'no-evidence': '아직 단서가 없어 짐작입니다' },
  },
};

/** The proposal as one team-chat line in the language. */
export function renderProposal(p: NightProposal, lang: ClaimLang): string {
  const w = WORDS[lang];
  return p.target ? w.choose(p.target, w.why[p.reason]) : w.nobody(w.why[p.reason]);
}

/** The line for following a teammate's pointer at one of us or at me (匪自杀), or null when no teammate points there. */
export function followOwnLine(ev: Evidence, lang: ClaimLang): string | null {
  for (const m of ev.mates) {
    const p = opt(ev.view.seats[m - 1], 'pointer');
    if (p === ev.me) return WORDS[lang].followMe;
    if (p && isMate(ev, p)) return WORDS[lang].followMate(p);
  }
  return null;
}

/** Whether this seat already sees a pointer from a teammate at this call (then the bot follows it, and need not propose). */
export function matePointed(ev: Evidence): boolean {
  return ev.mates.some((m) => opt(ev.view.seats[m - 1], 'pointer') !== undefined);
}
