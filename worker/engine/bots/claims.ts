// A structured claim as one short line in the room's language, so the client and the room render
// a bot's speech (or any claim) in zh-CN, en, es or ko from the same data. Pure: no I/O.
import type { Claim, ReasonKind, Role, Seat } from '../types.ts';

/** The four UI languages (the same codes as client/strings.ts). */
export type ClaimLang = 'zh-CN' | 'en' | 'es' | 'ko';

type Role4 = Record<Exclude<Role, 'judge'>, string>;

/** The night act of each acting role, as a verb: the doctor saves, the butterfly hugs, the old man mutes, the others shoot. */
type Verb = 'save' | 'hug' | 'mute' | 'shoot';
const VERB: Partial<Record<Role, Verb>> = { doctor: 'save', butterfly: 'hug', 'old-man': 'mute', 'secret-police': 'shoot', sniper: 'shoot' };

interface Phrases {
  roles: Role4;
  iAm: (role: string) => string;
  asPolice: (results: string) => string;
  isKiller: (seat: Seat) => string;
  isNotKiller: (seat: Seat) => string;
  join: string;
  vote: (seat: Seat) => string;
  suspect: (seat: Seat) => string;
  /** "As the doctor: night 1, I saved #4" (`acts` already joined). */
  asRole: (role: string, acts: string) => string;
  act: (verb: Verb, night: number, seat: Seat) => string;
  why: Record<ReasonKind, (seat: Seat, other: Seat, count: number) => string>;
  /** "#5's result on #2 is not what I know." */
  contest: (seat: Seat, check: Seat) => string;
  space: string;
}

/** Korean's "as" after a noun: 으로서 after a final consonant other than ㄹ, else 로서. */
function koAs(noun: string): string {
  const last = noun.charCodeAt(noun.length - 1) - 0xac00;
  const final = last >= 0 && last < 11172 ? last % 28 : 0;
  return `${noun}${final === 0 || final === 8 ? '로서' : '으로서'}`;
}

// The game words the UI uses (client/strings.ts).
const PHRASES: Record<ClaimLang, Phrases> = {
  'zh-CN': {
    roles: { killer: '杀手', police: '警察', civilian: '平民', doctor: '医生', 'secret-police': '秘密警察', butterfly: '花蝴蝶', sniper: '狙击手', 'old-man': '森林老人', undercover: '卧底' },
    iAm: (r) => `我是${r}。`,
    asPolice: (x) => `作为警察：${x}。`,
    isKiller: (s) => `${s}号是杀手`,
    isNotKiller: (s) => `${s}号不是杀手`,
    join: '，',
    vote: (s) => `我投${s}号。`,
    suspect: (s) => `我怀疑${s}号。`,
    asRole: (r, x) => `作为${r}：${x}。`,
    act: (v, n, s) => `第${n}晚${{ save: '救了', hug: '抱了', mute: '禁言了', shoot: '开枪打了' }[v]}${s}号`,
    why: {
      'checked-killer': (s, o) => `${o}号验出${s}号是杀手。`,
      'voted-cleared': (s, o) => `${s}号投了被验为好人的${o}号。`,
      'voted-victim': (s, o) => `${s}号投了当晚被杀的${o}号。`,
      'voted-police': (s, o) => `${s}号投了警察${o}号。`,
      'changed-vote': (s, o) => `${s}号说要投${o}号，却投了别人。`,
      'counter-claim': (s, o) => `${s}号和${o}号对跳警察。`,
      'defended-killer': (s, o) => `${s}号说杀手${o}号是好人。`,
      'false-check': (s, o) => `${s}号报的${o}号验人结果与我所知不符。`,
      'false-role': (s) => `${s}号报的身份，我知道不是他的。`,
      'followed-vote': (s, o) => `${o}号说要投${s}号。`,
      'known-killer': (s) => `据我所知，${s}号是杀手。`,
      'checks-agree': (s, _o, n) => `${n}位警察的验人结果一致：${s}号是杀手。`,
      'named-proven': (s, o) => `${s}号指认${o}号是杀手，但${o}号的话已被证实。`,
      'seen-at-call': (s) => `我看到${s}号在对方的时段睁了眼。`,
      'role-contested': (s, o) => `${s}号和${o}号跳了同一个独有的身份：其中一个在撒谎。`,
      'voted-me-out': (s, _o, n) => `我只凭${n}票出局，${s}号投了其中一票。`,
      'named-me': (s) => `${s}号说我是杀手，可我知道自己不是。`,
      'spared-claimer': (s) => `${s}号跳了警察，杀手却没有杀他。`,
      'victim-voted': (s, o) => `${o}号前一天投了${s}号，当晚就被杀了。`,
      'voted-together': (s, o) => `${s}号和${o}号不止一天投了同一个人。`,
      'echoed-vote': (s, o) => `${s}号只是跟票投${o}号，自己没有理由。`,
      'few-votes': (s, o, n) => `${o}号只凭${n}票出局，${s}号投了其中一票。`,
      'against-police': (s, o) => `${s}号要投出警察${o}号，${o}号的话并没有被推翻。`,
      'unchecked': (s) => `还没有确凿的线索；在没人验过的人里，我猜${s}号。`,
      'hunch': () => '还没有线索，先凭感觉。',
    },
    contest: (s, c) => `${s}号报的${c}号验人结果与我所知不符。`,
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
    suspect: (s) => `I suspect #${s}.`,
    asRole: (r, x) => `As ${r}: ${x}.`,
    act: (v, n, s) => `night ${n}, I ${{ save: 'saved', hug: 'hugged', mute: 'muted', shoot: 'shot' }[v]} #${s}`,
    why: {
      'checked-killer': (s, o) => `#${o} checked #${s}: a killer.`,
      'voted-cleared': (s, o) => `#${s} voted against the checked #${o}.`,
      'voted-victim': (s, o) => `#${s} voted against #${o}, killed that night.`,
      'voted-police': (s, o) => `#${s} voted against the police #${o}.`,
      'changed-vote': (s, o) => `#${s} said they would vote #${o}, then voted otherwise.`,
      'counter-claim': (s, o) => `#${s} claims police against #${o}.`,
      'defended-killer': (s, o) => `#${s} called the killer #${o} good.`,
      'false-check': (s, o) => `#${s}'s result on #${o} is not what I know.`,
      'false-role': (s) => `#${s} claims a role I know is not theirs.`,
      'followed-vote': (s, o) => `#${o} said they will vote #${s}.`,
      'known-killer': (s) => `What I know makes #${s} a killer.`,
      'checks-agree': (s, _o, n) => `${n} police claims agree: #${s} is a killer.`,
      'named-proven': (s, o) => `#${s} named #${o} a killer, though #${o}'s word has proven true.`,
      'seen-at-call': (s) => `I saw #${s} with their eyes open at the other side's call.`,
      'role-contested': (s, o) => `#${s} and #${o} claim the same one-of-a-kind role: one of them lies.`,
      'voted-me-out': (s, _o, n) => `#${s} cast one of only ${n} votes that put me out.`,
      'named-me': (s) => `#${s} named me a killer, and I know I am not one.`,
      'spared-claimer': (s) => `#${s} claimed police, yet the killers let them live.`,
      'victim-voted': (s, o) => `#${o} voted against #${s} and was killed that night.`,
      'voted-together': (s, o) => `#${s} and #${o} have voted alike on more than one day.`,
      'echoed-vote': (s, o) => `#${s} only joined the vote on #${o}, with no reason of their own.`,
      'few-votes': (s, o, n) => `#${s} cast one of only ${n} votes that put #${o} out.`,
      'against-police': (s, o) => `#${s} wants the police #${o} out, and nothing has shaken #${o}'s word.`,
      'unchecked': (s) => `Nothing firm yet; of the seats no claim clears, my guess is #${s}.`,
      'hunch': () => 'Nothing points anywhere yet, so a hunch.',
    },
    contest: (s, c) => `#${s}'s result on #${c} is not what I know.`,
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
    suspect: (s) => `Sospecho del #${s}.`,
    asRole: (r, x) => `Como ${r}: ${x}.`,
    act: (v, n, s) => `la noche ${n}, ${{ save: 'salvé', hug: 'abracé', mute: 'silencié', shoot: 'disparé' }[v]} al #${s}`,
    why: {
      'checked-killer': (s, o) => `El #${o} investigó al #${s}: asesino.`,
      'voted-cleared': (s, o) => `El #${s} votó contra el #${o}, investigado y no asesino.`,
      'voted-victim': (s, o) => `El #${s} votó contra el #${o}, al que mataron esa noche.`,
      'voted-police': (s, o) => `El #${s} votó contra el policía #${o}.`,
      'changed-vote': (s, o) => `El #${s} dijo que votaría al #${o} y votó a otro.`,
      'counter-claim': (s, o) => `El #${s} se declara policía contra el #${o}.`,
      'defended-killer': (s, o) => `El #${s} llamó bueno al asesino #${o}.`,
      'false-check': (s, o) => `El resultado del #${s} sobre el #${o} no es lo que yo sé.`,
      'false-role': (s) => `El #${s} dice tener un rol que sé que no es suyo.`,
      'followed-vote': (s, o) => `El #${o} dijo que votará al #${s}.`,
      'known-killer': (s) => `Por lo que sé, el #${s} es asesino.`,
      'checks-agree': (s, _o, n) => `${n} policías coinciden: el #${s} es asesino.`,
      'named-proven': (s, o) => `El #${s} acusó al #${o}, cuya palabra de policía resultó cierta.`,
      'seen-at-call': (s) => `Vi al #${s} con los ojos abiertos en el turno del otro bando.`,
      'role-contested': (s, o) => `El #${s} y el #${o} dicen tener el mismo rol único: uno de los dos miente.`,
      'voted-me-out': (s, _o, n) => `El #${s} dio uno de los solo ${n} votos que me echaron.`,
      'named-me': (s) => `El #${s} dijo que soy asesino, y sé que no lo soy.`,
      'spared-claimer': (s) => `El #${s} se declaró policía y aun así los asesinos lo dejaron vivir.`,
      'victim-voted': (s, o) => `El #${o} votó contra el #${s} y lo mataron esa noche.`,
      'voted-together': (s, o) => `El #${s} y el #${o} han votado igual más de un día.`,
      'echoed-vote': (s, o) => `El #${s} solo se sumó al voto contra el #${o}, sin razón propia.`,
      'few-votes': (s, o, n) => `El #${s} dio uno de los solo ${n} votos que echaron al #${o}.`,
      'against-police': (s, o) => `El #${s} quiere echar al policía #${o}, cuya palabra nadie ha desmentido.`,
      'unchecked': (s) => `Aún nada firme; entre los que nadie ha aclarado, apuesto por el #${s}.`,
      'hunch': () => 'Aún no hay pistas, es una corazonada.',
    },
    contest: (s, c) => `El resultado del #${s} sobre el #${c} no es lo que yo sé.`,
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
    suspect: (s) => `${s}번이 의심됩니다.`,
    asRole: (r, x) => `${koAs(r)}: ${x}.`,
    act: (v, n, s) => `${n}번째 밤에 ${s}번을 ${{ save: '살렸습니다', hug: '안았습니다', mute: '침묵시켰습니다', shoot: '저격했습니다' }[v]}`,
    why: {
      'checked-killer': (s, o) => `${o}번이 ${s}번을 조사: 킬러.`,
      'voted-cleared': (s, o) => `${s}번은 조사로 킬러가 아닌 ${o}번에게 투표했습니다.`,
      'voted-victim': (s, o) => `${s}번은 그날 밤 처치된 ${o}번에게 투표했습니다.`,
      'voted-police': (s, o) => `${s}번은 경찰 ${o}번에게 투표했습니다.`,
      'changed-vote': (s, o) => `${s}번은 ${o}번에 투표한다더니 다른 사람에게 투표했습니다.`,
      'counter-claim': (s, o) => `${s}번이 ${o}번에 맞서 경찰이라고 주장합니다.`,
      'defended-killer': (s, o) => `${s}번은 킬러인 ${o}번을 선량하다고 했습니다.`,
      'false-check': (s, o) => `${s}번이 말한 ${o}번의 조사 결과는 제가 아는 것과 다릅니다.`,
      'false-role': (s) => `${s}번이 주장하는 역할은 그의 것이 아님을 압니다.`,
      'followed-vote': (s, o) => `${o}번이 ${s}번에 투표하겠다고 했습니다.`,
      'known-killer': (s) => `제가 아는 바로는 ${s}번이 킬러입니다.`,
      'checks-agree': (s, _o, n) => `경찰 ${n}명의 조사 결과가 일치합니다: ${s}번은 킬러.`,
      'named-proven': (s, o) => `${s}번이 ${o}번을 킬러로 지목했지만, ${o}번의 말은 사실로 드러났습니다.`,
      'seen-at-call': (s) => `${s}번이 상대편 차례에 눈을 뜬 것을 봤습니다.`,
      'role-contested': (s, o) => `${s}번과 ${o}번이 같은 하나뿐인 역할을 주장합니다: 한 명은 거짓말입니다.`,
      'voted-me-out': (s, _o, n) => `저는 단 ${n}표로 나가는데, ${s}번이 그중 한 표를 던졌습니다.`,
      'named-me': (s) => `${s}번이 저를 킬러라고 했지만, 저는 제가 아닌 걸 압니다.`,
      'spared-claimer': (s) => `${s}번은 경찰이라고 했는데도 킬러들이 살려 두었습니다.`,
      'victim-voted': (s, o) => `${o}번은 ${s}번에게 투표했고 그날 밤 처치되었습니다.`,
      'voted-together': (s, o) => `${s}번과 ${o}번은 여러 날 같은 사람에게 투표했습니다.`,
      'echoed-vote': (s, o) => `${s}번은 자기 이유 없이 ${o}번 투표에 따라가기만 했습니다.`,
      'few-votes': (s, o, n) => `${o}번은 단 ${n}표로 나갔고, ${s}번이 그중 한 표를 던졌습니다.`,
      'against-police': (s, o) => `${s}번은 경찰 ${o}번을 내보내려 하지만, ${o}번의 말은 반박된 적이 없습니다.`,
      'unchecked': (s) => `아직 확실한 것이 없어, 아무도 결백을 확인하지 않은 사람 중 ${s}번을 짐작합니다.`,
      'hunch': () => '아직 단서가 없어 짐작입니다.',
    },
    contest: (s, c) => `${s}번이 말한 ${c}번의 조사 결과는 제가 아는 것과 다릅니다.`,
    space: ' ',
  },
};

/**
 * One line saying the claim in this language, e.g. "I am a civilian." / "As police: #4 is a killer." /
 * "As a doctor: night 1, I saved #4." / "I suspect #6. #6 voted against the checked #4. I vote #6.".
 */
export function renderClaim(claim: Claim, lang: ClaimLang): string {
  const p = PHRASES[lang];
  const parts: string[] = [];
  const verb = claim.role ? VERB[claim.role] : undefined;
  const acts = verb && claim.acts?.length ? claim.acts : undefined;
  // A police claim with results, or a power role with its night acts, says the role once, in "As police: …".
  if (claim.role && claim.role !== 'judge' && !(claim.role === 'police' && claim.checks?.length) && !acts) parts.push(p.iAm(p.roles[claim.role]));
  if (acts) parts.push(p.asRole(p.roles[claim.role as Exclude<Role, 'judge'>], acts.map((a) => p.act(verb!, a.night, a.seat)).join(p.join)));
  if (claim.checks?.length) parts.push(p.asPolice(claim.checks.map((c) => (c.camp === 'killers' ? p.isKiller(c.seat) : p.isNotKiller(c.seat))).join(p.join)));
  if (claim.contest) parts.push(p.contest(claim.contest.seat, claim.contest.check));
  if (claim.suspect !== undefined) parts.push(p.suspect(claim.suspect));
  // "As police: #1 is a killer." already says why a police votes #1: not said twice.
  const said = claim.why?.kind === 'known-killer' && claim.checks?.some((c) => c.seat === claim.why!.seat && c.camp === 'killers');
  if (claim.why && !said) parts.push(p.why[claim.why.kind](claim.why.seat, claim.why.other ?? 0, claim.why.count ?? 0));
  if (claim.vote !== undefined) parts.push(p.vote(claim.vote));
  return parts.join(p.space);
}
