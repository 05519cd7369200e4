// The judge's lines for a game played face to face: what the table screen says aloud,
// in the room's language. One table (LINES, mirrored in docs/table-voice.md) and one pure function
// from two successive public views to the lines to say. It reads only the spectator's view, so it
// can never say a secret; a call's words are the same whether its actors are alive or out.
import type { BallotPurpose, Call, LogEntry, Seat, SpeechPurpose, StepView, View, Winner } from '../worker/engine/types.ts';
import type { Lang } from '../worker/protocol.ts';
import { renderClaim } from '../worker/engine/bots/claims.ts';
import { tally } from './story.ts';
import { TurnsPassed, turnOf } from './turns-passed.ts';
import { clockLength } from './voice-note-length.ts';

/** Every line the judge says; `{n}` is a seat number, `{list}` several (or seats with their votes), `{r}` the day. */
export type LineKey =
  | 'reading'
  | 'nightfall'
  | `open-${Call}`
  | `close-${Call}`
  | 'eyes'
  | 'dawn'
  | 'where-day'
  | 'out-at-night'
  | 'peaceful-dawn'
  | 'last-words'
  | 'speech-day'
  | 'speech-pk'
  | 'speech-outside-pk'
  | 'speech-defence'
  | 'talk'
  | 'bot-speech'
  | 'voice-speech'
  | 'muted'
  | 'ballot-day'
  | 'ballot-pk'
  | 'ballot-outside-pk'
  | 'ballot-runoff-first'
  | 'ballot-runoff-final'
  | 'ballot-count'
  | 'tie'
  | 'voted-out'
  | 'lot-out'
  | 'self-destruct'
  | 'ejected'
  | 'peaceful-night'
  | 'paused'
  | 'resumed'
  | 'over-good'
  | 'over-killers'
  | 'over-draw';

type Row = Record<Lang, string>;

/** The script: Chinese in the seed's own words ([001] section 3, steps 3–18), the others in the game words of client/strings.ts. */
export const LINES: Record<LineKey, Row> = {
  reading: { 'zh-CN': '请大家在手机上查看自己的身份牌，不要让别人看到。', en: 'Everyone, look at your card on your phone. Keep it to yourself.', es: 'Todos, mirad vuestra carta en el móvil. Que nadie más la vea.', ko: '모두 휴대폰에서 자기 카드를 확인하세요. 다른 사람에게 보이지 마세요.' },
  nightfall: { 'zh-CN': '天黑了，请大家低头闭眼。', en: 'Night falls. Everyone, close your eyes.', es: 'Anochece. Todos, cerrad los ojos.', ko: '날이 어두워졌습니다. 모두 눈을 감아 주세요.' },
  'open-killers': { 'zh-CN': '杀手请睁眼，杀手请杀人。', en: 'Killers, open your eyes. Killers, choose who to kill.', es: 'Asesinos, abrid los ojos. Asesinos, elegid a quién matar.', ko: '킬러는 눈을 떠 주세요. 킬러는 처치할 사람을 고르세요.' },
  'close-killers': { 'zh-CN': '杀手请闭眼。', en: 'Killers, close your eyes.', es: 'Asesinos, cerrad los ojos.', ko: '킬러는 눈을 감아 주세요.' },
  'open-police': { 'zh-CN': '警察请睁眼，警察请指认。', en: 'Police, open your eyes. Police, point at who to check.', es: 'Policía, abrid los ojos. Policía, señalad a quién investigar.', ko: '경찰은 눈을 떠 주세요. 경찰은 조사할 사람을 지목하세요.' },
  'close-police': { 'zh-CN': '警察请闭眼。', en: 'Police, close your eyes.', es: 'Policía, cerrad los ojos.', ko: '경찰은 눈을 감아 주세요.' },
  'open-doctor': { 'zh-CN': '医生请睁眼，医生请救人。', en: 'Doctor, open your eyes. Doctor, choose who to save.', es: 'Médico, abre los ojos. Médico, elige a quién salvar.', ko: '의사는 눈을 떠 주세요. 의사는 살릴 사람을 고르세요.' },
  'close-doctor': { 'zh-CN': '医生请闭眼。', en: 'Doctor, close your eyes.', es: 'Médico, cierra los ojos.', ko: '의사는 눈을 감아 주세요.' },
  'open-secret-police': { 'zh-CN': '秘密警察请睁眼，秘密警察请开枪。', en: 'Secret police, open your eyes. Secret police, choose whether to shoot.', es: 'Policía secreta, abre los ojos. Policía secreta, elige si disparas.', ko: '비밀경찰은 눈을 떠 주세요. 비밀경찰은 쏠지 고르세요.' },
  'close-secret-police': { 'zh-CN': '秘密警察请闭眼。', en: 'Secret police, close your eyes.', es: 'Policía secreta, cierra los ojos.', ko: '비밀경찰은 눈을 감아 주세요.' },
  'open-butterfly': { 'zh-CN': '花蝴蝶请睁眼，花蝴蝶请抱人。', en: 'Butterfly, open your eyes. Butterfly, choose who to hug.', es: 'Mariposa, abre los ojos. Mariposa, elige a quién abrazar.', ko: '나비는 눈을 떠 주세요. 나비는 안을 사람을 고르세요.' },
  'close-butterfly': { 'zh-CN': '花蝴蝶请闭眼。', en: 'Butterfly, close your eyes.', es: 'Mariposa, cierra los ojos.', ko: '나비는 눈을 감아 주세요.' },
  'open-sniper': { 'zh-CN': '狙击手请睁眼，狙击手请开枪。', en: 'Sniper, open your eyes. Sniper, choose whether to shoot.', es: 'Francotirador, abre los ojos. Francotirador, elige si disparas.', ko: '저격수는 눈을 떠 주세요. 저격수는 쏠지 고르세요.' },
  'close-sniper': { 'zh-CN': '狙击手请闭眼。', en: 'Sniper, close your eyes.', es: 'Francotirador, cierra los ojos.', ko: '저격수는 눈을 감아 주세요.' },
  'open-old-man': { 'zh-CN': '森林老人请睁眼，森林老人请禁言。', en: 'Old Man of the Forest, open your eyes. Choose who to mute.', es: 'Viejo del Bosque, abre los ojos. Elige a quién silenciar.', ko: '숲의 노인은 눈을 떠 주세요. 침묵시킬 사람을 고르세요.' },
  'close-old-man': { 'zh-CN': '森林老人请闭眼。', en: 'Old Man of the Forest, close your eyes.', es: 'Viejo del Bosque, cierra los ojos.', ko: '숲의 노인은 눈을 감아 주세요.' },
  eyes: { 'zh-CN': '请在手机上选择是否睁眼。', en: 'Choose on your phone whether to open your eyes.', es: 'Elegid en el móvil si abrís los ojos.', ko: '휴대폰에서 눈을 뜰지 고르세요.' },
  dawn: { 'zh-CN': '天亮了，请大家睁眼。', en: 'Day breaks. Everyone, open your eyes.', es: 'Amanece. Todos, abrid los ojos.', ko: '날이 밝았습니다. 모두 눈을 떠 주세요.' },
  'where-day': { 'zh-CN': '现在是第{r}天白天。', en: 'It is day {r}.', es: 'Es el día {r}.', ko: '지금은 {r}일째 낮입니다.' },
  'out-at-night': { 'zh-CN': '昨晚出局的是：{list}。', en: 'Last night, out: {list}.', es: 'Anoche quedó eliminado: {list}.', ko: '어젯밤 탈락: {list}.' },
  'peaceful-dawn': { 'zh-CN': '昨晚是平安夜，没有人出局。', en: 'A peaceful night: nobody is out.', es: 'Una noche en paz: nadie queda eliminado.', ko: '평화로운 밤이었습니다. 아무도 탈락하지 않았습니다.' },
  'last-words': { 'zh-CN': '请{n}留遗言。', en: '{n}, your last words.', es: '{n}, tus últimas palabras.', ko: '{n}, 유언을 남겨 주세요.' },
  'speech-day': { 'zh-CN': '请{n}发言，发言完毕请说“过”。', en: '{n}, your speech. Say “Pass” when you are done.', es: '{n}, tu turno de palabra. Di «Paso» al terminar.', ko: '{n}, 발언해 주세요. 끝나면 “패스”라고 말하세요.' },
  'speech-pk': { 'zh-CN': '平票PK，请{n}发言。', en: 'Face-off (PK): {n}, your speech.', es: 'Desempate (PK): {n}, tu turno de palabra.', ko: 'PK: {n}, 발언해 주세요.' },
  'speech-outside-pk': { 'zh-CN': '场外PK，请{n}发言。', en: 'Outside face-off: {n}, your speech.', es: 'Desempate externo: {n}, tu turno de palabra.', ko: '장외 PK: {n}, 발언해 주세요.' },
  'speech-defence': { 'zh-CN': '请{n}发言，然后投票。', en: '{n}, your speech, then your vote.', es: '{n}, tu turno de palabra y luego tu voto.', ko: '{n}, 발언 후 투표해 주세요.' },
  'bot-speech': { 'zh-CN': '{n}说：{text}', en: '{n} says: {text}', es: '{n} dice: {text}', ko: '{n}: {text}' },
  // A speech left as a voice note without words: the line says it is there to be played, and how long.
  'voice-speech': { 'zh-CN': '{n}留了语音发言（{text}）。', en: '{n} left a voice speech ({text}).', es: '{n} dejó su turno de palabra en voz ({text}).', ko: '{n}이 음성 발언을 남겼습니다 ({text}).' },
  talk: { 'zh-CN': '请大家自由发言。', en: 'Everyone may speak now.', es: 'Todos pueden hablar ahora.', ko: '모두 자유롭게 발언해 주세요.' },
  muted: { 'zh-CN': '{n}今天被禁言。', en: '{n} is muted today.', es: '{n} está silenciado hoy.', ko: '{n}은 오늘 침묵입니다.' },
  'ballot-day': { 'zh-CN': '发言完毕，请在手机上投票。', en: 'Speeches are over. Vote on your phones.', es: 'Se acabaron los turnos de palabra. Votad en el móvil.', ko: '발언이 끝났습니다. 휴대폰으로 투표하세요.' },
  'ballot-pk': { 'zh-CN': 'PK发言完毕，请对平票者投票。', en: 'The face-off is over. Vote between the tied players.', es: 'Terminó el desempate. Votad entre los empatados.', ko: 'PK가 끝났습니다. 동표자 중에서 투표하세요.' },
  'ballot-outside-pk': { 'zh-CN': '场外PK发言完毕，请再次投票。', en: 'The outside face-off is over. Vote again.', es: 'Terminó el desempate externo. Votad de nuevo.', ko: '장외 PK가 끝났습니다. 다시 투표하세요.' },
  'ballot-runoff-first': { 'zh-CN': '请在手机上投票。', en: 'Vote on your phones.', es: 'Votad en el móvil.', ko: '휴대폰으로 투표하세요.' },
  'ballot-runoff-final': { 'zh-CN': '请在两人中投票。', en: 'Vote between the two.', es: 'Votad entre los dos.', ko: '두 사람 중에서 투표하세요.' },
  'ballot-count': { 'zh-CN': '投票结果：{list}。', en: 'The votes: {list}.', es: 'Los votos: {list}.', ko: '투표 결과: {list}.' },
  tie: { 'zh-CN': '平票：{list}。', en: 'A tie: {list}.', es: 'Empate: {list}.', ko: '동표: {list}.' },
  'voted-out': { 'zh-CN': '{n}被公决出局。', en: '{n} is out by verdict.', es: '{n} queda eliminado por veredicto.', ko: '{n}, 공결로 탈락입니다.' },
  'lot-out': { 'zh-CN': '抽签：{n}出局。', en: 'By lot, {n} is out.', es: 'Por sorteo, {n} queda eliminado.', ko: '추첨으로 {n} 탈락입니다.' },
  'self-destruct': { 'zh-CN': '{n}爆匪，直接进入天黑。', en: '{n} self-destructs. Night falls at once.', es: '{n} se autodelata. Anochece de inmediato.', ko: '{n} 자폭. 바로 밤이 됩니다.' },
  ejected: { 'zh-CN': '{n}被请出游戏。', en: '{n} was removed from the game.', es: '{n} fue expulsado de la partida.', ko: '{n}은 게임에서 제외되었습니다.' },
  'peaceful-night': { 'zh-CN': '仍然平票，平安夜，没有人出局。', en: 'Still a tie: nobody is out.', es: 'Sigue el empate: nadie queda eliminado.', ko: '여전히 동표: 아무도 탈락하지 않습니다.' },
  paused: { 'zh-CN': '游戏暂停。', en: 'The game is paused.', es: 'La partida está en pausa.', ko: '게임이 일시 정지되었습니다.' },
  resumed: { 'zh-CN': '游戏继续。', en: 'The game goes on.', es: 'La partida continúa.', ko: '게임을 계속합니다.' },
  'over-good': { 'zh-CN': '游戏结束，好人胜。', en: 'The game is over: the good side wins.', es: 'Fin de la partida: ganan los buenos.', ko: '게임 종료: 선량한 편 승리.' },
  'over-killers': { 'zh-CN': '游戏结束，杀手胜。', en: 'The game is over: the killers win.', es: 'Fin de la partida: ganan los asesinos.', ko: '게임 종료: 킬러 승리.' },
  'over-draw': { 'zh-CN': '游戏结束，平局。', en: 'The game is over: a draw.', es: 'Fin de la partida: empate.', ko: '게임 종료: 무승부.' },
};

const SEAT_WORD: Row = { 'zh-CN': '{n}号', en: 'seat {n}', es: 'el asiento {n}', ko: '{n}번' };
const LIST_SEP: Row = { 'zh-CN': '、', en: ', ', es: ', ', ko: ', ' };
/** A seat with the votes it got: "8号4票", "seat 8, 4 votes". */
const SEAT_VOTES: Row = { 'zh-CN': '{n}{k}票', en: '{n}, {k} votes', es: '{n}, {k} votos', ko: '{n} {k}표' };
const SEAT_VOTE: Row = { 'zh-CN': '{n}{k}票', en: '{n}, {k} vote', es: '{n}, {k} voto', ko: '{n} {k}표' };
const VOTES_SEP: Row = { 'zh-CN': '，', en: '; ', es: '; ', ko: ', ' };

/** A line that begins with a seat ("seat 3, your speech") begins with a capital, as a sentence does. */
function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One line to say, with the key it came from (tests compare keys; the caption shows `text`). */
export interface Spoken {
  key: LineKey;
  text: string;
  /** A turn line ("seat 4, your speech"): the turn it calls, so a line the game has already passed is dropped unsaid. */
  turn?: string;
  /** A speech said for a seat (`bot-speech`): whose, so it can be dropped once that seat's turn is well past. */
  speaker?: Seat;
}

/** A line in a language with its seat numbers filled in. */
export function say(lang: Lang, key: LineKey, seats: Seat[] = []): Spoken {
  const seat = (s: Seat) => SEAT_WORD[lang].replace('{n}', String(s));
  const text = LINES[key][lang].replace('{n}', seats.length ? seat(seats[0]!) : '').replace('{list}', seats.map(seat).join(LIST_SEP[lang]));
  return { key, text: capital(text) };
}

/** The revealed ballot counted aloud, most votes first (weighted in `dual`); null when nobody got a vote. */
function sayVotes(lang: Lang, ev: Extract<LogEntry['event'], { type: 'ballots' }>): Spoken | null {
  const rows = tally(ev).filter((r) => r.target !== 0 && r.votes > 0);
  if (!rows.length) return null;
  const list = rows.map((r) => (r.votes === 1 ? SEAT_VOTE : SEAT_VOTES)[lang].replace('{n}', SEAT_WORD[lang].replace('{n}', String(r.target))).replace('{k}', String(r.votes)));
  return { key: 'ballot-count', text: LINES['ballot-count'][lang].replace('{list}', list.join(VOTES_SEP[lang])) };
}

const BALLOT_KEY: Record<BallotPurpose, LineKey> = { day: 'ballot-day', pk: 'ballot-pk', 'outside-pk': 'ballot-outside-pk', 'runoff-first': 'ballot-runoff-first', 'runoff-final': 'ballot-runoff-final' };
const SPEECH_KEY: Record<SpeechPurpose, LineKey> = { day: 'speech-day', pk: 'speech-pk', 'outside-pk': 'speech-outside-pk', defence: 'speech-defence' };
const OVER_KEY: Record<Winner, LineKey> = { good: 'over-good', killers: 'over-killers', draw: 'over-draw' };

/**
 * Whether a line still waiting to be said is worth saying in the game as `now` shows it: a turn line
 * whose speaker has already passed is not (four quick passes would otherwise be read out seconds late).
 */
export function stillDue(line: Spoken, now: View): boolean {
  return line.turn === undefined || line.turn === turnOf(now.step);
}

/** The lines that are the game itself (a verdict, who is out, the dawn's news, the end): never dropped, however late. */
const MUST: ReadonlySet<LineKey> = new Set<LineKey>(['dawn', 'out-at-night', 'peaceful-dawn', 'muted', 'ballot-count', 'tie', 'voted-out', 'lot-out', 'self-destruct', 'ejected', 'peaceful-night', 'paused', 'resumed', 'over-good', 'over-killers', 'over-draw']);

/** Characters a voice says in a second, by language (a slow voice; a Chinese character is a syllable). */
const PER_SECOND: Record<Lang, number> = { 'zh-CN': 4, en: 14, es: 14, ko: 5 };
/** How far behind the game the voice may fall (seconds of lines waiting) before it drops what the game has passed. */
export const BEHIND_S = 12;

/** About how long a line takes to say, in seconds. */
export function lineSeconds(lang: Lang, line: Spoken): number {
  return line.text.length / PER_SECOND[lang];
}

/**
 * What is still worth saying of the lines `waiting`, then `fresh` (the new view's), in the game as `now`
 * shows it. A turn line the game has passed goes (stillDue). When the game is over, only the waiting
 * lines that are the game itself stay before the end's, so the end is said at once. And while more than BEHIND_S seconds wait, the oldest lines the game has
 * passed go, first a speech whose speaker's turn is over, then a call or a ballot's opening; never the
 * last line (where the game is now) nor one of MUST.
 */
export function stillWorth(lang: Lang, waiting: Spoken[], fresh: Spoken[], now: View): Spoken[] {
  const kept = waiting.filter((l) => stillDue(l, now) && (!now.result || MUST.has(l.key)));
  // A turn the new view's frame already passed through (tableLines' TurnsPassed) is not said aloud either.
  let out = [...kept, ...fresh.filter((l) => stillDue(l, now))];
  if (now.result) return out;
  const speaking = turnOf(now.step);
  const passed = (l: Spoken) => l.speaker !== undefined && !speaking?.endsWith(`:${l.speaker}`);
  const seconds = () => out.reduce((s, l) => s + lineSeconds(lang, l), 0);
  for (const droppable of [passed, (l: Spoken) => !MUST.has(l.key)]) {
    for (let i = 0; i < out.length - 1 && seconds() > BEHIND_S; ) {
      if (droppable(out[i]!)) out = [...out.slice(0, i), ...out.slice(i + 1)];
      else i++;
    }
  }
  return out;
}

/** A turn line: the line, marked with the turn it calls. */
function turnLine(lang: Lang, key: LineKey, step: StepView, seat: Seat): Spoken {
  return { ...say(lang, key, [seat]), turn: turnOf(step)! };
}

/** A bot's speech, said for it: its claim in the table's language (its words when it claims nothing). */
function botSpeech(lang: Lang, ev: Extract<LogEntry['event'], { type: 'said' }>): Spoken {
  const words = ev.claim ? renderClaim(ev.claim, lang) : ev.text;
  const key = !words && ev.voice ? 'voice-speech' : 'bot-speech';
  const text = words || (ev.voice ? clockLength(ev.voice.ms) : '');
  return { key, speaker: ev.seat, text: capital(LINES[key][lang].replace('{n}', SEAT_WORD[lang].replace('{n}', String(ev.seat))).replace('{text}', text)) };
}

/** The line a step begins with (a turn to speak, last words, a night call): said when the step changes or on resync. */
function stepLine(lang: Lang, step: StepView): Spoken | null {
  switch (step.kind) {
    case 'reading':
      return say(lang, 'reading');
    case 'call':
      return say(lang, `open-${step.call}`);
    case 'eyes':
      return say(lang, 'eyes');
    case 'last-words':
      return turnLine(lang, 'last-words', step, step.seat);
    case 'speech':
      return turnLine(lang, SPEECH_KEY[step.purpose], step, step.seat);
    case 'talk':
    // An open day (async rooms) is everyone's window at once, as dual's free talk.
    case 'open-day':
      return say(lang, 'talk');
    case 'ballot':
      return step.turn !== undefined ? turnLine(lang, 'speech-defence', step, step.turn) : say(lang, BALLOT_KEY[step.purpose]);
    case 'over':
      return null;
  }
}

/** Whether two steps are the same turn (a new frame for the same step says nothing again). */
function sameTurn(a: StepView, b: StepView): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'call' && b.kind === 'call') return a.call === b.call;
  if ((a.kind === 'speech' || a.kind === 'last-words') && (b.kind === 'speech' || b.kind === 'last-words')) return a.seat === b.seat;
  if (a.kind === 'ballot' && b.kind === 'ballot') return a.purpose === b.purpose && a.turn === b.turn;
  return true;
}

/**
 * The lines the judge says between two successive public views (`before` null: the table screen
 * just connected or came back, so it says where the game is). Log entries drive the events (night,
 * calls, dawn, verdicts, game over); the step drives whose turn it is. `voiced` seats (the room's
 * bots, who have no voice at the table) have their speeches said too, as they are made.
 */
export function tableLines(lang: Lang, before: View | null, after: View, voiced: (seat: Seat) => boolean = () => false): Spoken[] {
  if (!before) return whereWeAre(lang, after);
  const fresh = freshEntries(before, after);
  const out: Spoken[] = [];
  let open: Call | null = before.step.kind === 'call' ? before.step.call : null;
  let stepSaid = false;
  const turns = new TurnsPassed(before, after, fresh);
  for (let i = 0; i < fresh.length; i++) {
    const entry = fresh[i]!;
    const ev = entry.event;
    const passed = turns.at(i);
    if (passed) out.push({ ...say(lang, passed.purpose === 'last-words' ? 'last-words' : SPEECH_KEY[passed.purpose], [passed.seat]), turn: passed.turn });
    if ((ev.type === 'call' || ev.type === 'dawn') && open) {
      out.push(say(lang, `close-${open}`));
      open = null;
    }
    if (ev.type === 'call') {
      open = ev.call;
      out.push(say(lang, `open-${ev.call}`));
      if (after.step.kind === 'call' && after.step.call === ev.call) stepSaid = true;
      continue;
    }
    if (ev.type === 'said' && voiced(ev.seat)) {
      out.push(botSpeech(lang, ev));
      continue;
    }
    const line = eventLine(lang, entry);
    if (line) out.push(...line);
  }
  if (!stepSaid && !sameTurn(before.step, after.step)) {
    const line = stepLine(lang, after.step);
    // Not twice: a turn the log already showed begun (its speaker spoke in this frame) was said there.
    if (line && after.step.kind !== 'call' && !(line.turn && line.turn === turns.lastSaid)) out.push(line);
  }
  return out;
}


/**
 * The log entries `after` adds. At game over everyone gets the whole log (RULES.md 2.10), numbered
 * anew: then the new entries are those after the last one `before` had, and only public ones.
 */
function freshEntries(before: View, after: View): LogEntry[] {
  const last = before.log.at(-1);
  if (before.god === after.god) return after.log.filter((e) => e.seq > (last?.seq ?? 0));
  if (!last) return after.log.filter((e) => e.to === 'all');
  const key = (e: LogEntry) => JSON.stringify([e.at, e.event]);
  let at = after.log.length - 1;
  while (at >= 0 && key(after.log[at]!) !== key(last)) at--;
  return after.log.slice(at + 1).filter((e) => e.to === 'all');
}

/** What the judge says for one public event other than a call. */
function eventLine(lang: Lang, entry: LogEntry): Spoken[] | null {
  const ev = entry.event;
  switch (ev.type) {
    case 'nightfall':
      return [say(lang, 'nightfall')];
    case 'dawn':
      return [say(lang, 'dawn'), ev.out.length ? say(lang, 'out-at-night', ev.out) : say(lang, 'peaceful-dawn')];
    case 'muted':
      return [say(lang, 'muted', [ev.seat])];
    case 'ballots':
      return [sayVotes(lang, ev), ev.top.length > 1 ? say(lang, 'tie', ev.top) : null].filter((l): l is Spoken => l !== null);
    case 'out':
      if (ev.how === 'voted') return [say(lang, 'voted-out', [ev.seat])];
      if (ev.how === 'lot') return [say(lang, 'lot-out', [ev.seat])];
      if (ev.how === 'self-destruct') return [say(lang, 'self-destruct', [ev.seat])];
      if (ev.how === 'ejected') return [say(lang, 'ejected', [ev.seat])];
      return null; // killed: said at dawn with the night's outs
    case 'peaceful-night':
      return [say(lang, 'peaceful-night')];
    case 'paused':
      return [say(lang, 'paused')];
    case 'resumed':
      return [say(lang, 'resumed')];
    case 'game-over':
      return [say(lang, OVER_KEY[ev.winner])];
    default:
      return null;
  }
}

/** On (re)connecting: night or day, then the current turn; or the result. */
function whereWeAre(lang: Lang, v: View): Spoken[] {
  if (v.result) return [say(lang, OVER_KEY[v.result.winner])];
  // Which day it is, so a room that talked on while the screen was away hears where it is (the reading step is before any day).
  const day = v.phase === 'day' && v.step.kind !== 'reading' ? { key: 'where-day' as const, text: LINES['where-day'][lang].replace('{r}', String(v.round)) } : null;
  const first = v.phase === 'night' ? say(lang, 'nightfall') : day;
  const turn = stepLine(lang, v.step);
  return [first, turn].filter((l): l is Spoken => l !== null);
}
