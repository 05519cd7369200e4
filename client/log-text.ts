// Log entries as sentences in the chosen language: the feed, the dawn banner and the game record.
import type { Call, CardRef, GameEvent, LogEntry, Role, RulesetId, Seat } from '../worker/engine/types.ts';
import { nameAsOf } from '../worker/engine/seat-names.ts';
import { computed } from '@preact/signals';
import { log, room, view } from './state.ts';
import { t, type Key } from './i18n.ts';
import { saidText } from './said-words.tsx';
import { passKey } from './story.ts';
import { clockLength } from './voice-note-length.ts';

/**
 * A player's name or text inside a sentence, in its own direction: first-strong isolate … pop, the
 * plain-text form of <bdi>, so a right-to-left name cannot reorder the sentence around it.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** The bot mark, drawn after a bot seat's name and on its place at the table. */
export const BOT_MARK = '🤖';

/** Where seats' names come from: a log whose replacements date each name, and each seat's player now. */
export interface NameBook {
  log: () => readonly LogEntry[];
  now: (seat: Seat) => { name: string; bot?: boolean } | undefined;
}

/** A seat's player in the room now. */
export const roomNames = (seat: Seat) => room.value?.seats.find((s) => s.seat === seat);
// The room's own: its log (peeked: a name read for an entry already drawn stays as drawn) and its seats.
const roomBook: NameBook = { log: () => log.peek(), now: roomNames };
// The room's replacements so far, as text: the room's new name reaches a page before the log's
// `replaced` entry does, so an entry drawn between the two named the newcomer; an entry worded as of
// its moment reads this, and is drawn again (with the name it had) when a replacement arrives, and
// only then (the text is the same after any other entry).
const handovers = computed(() => {
  let key = '';
  for (const e of log.value) if (e.event.type === 'replaced') key += `${e.event.seat}:${e.seq},`;
  return key;
});
let book: NameBook = roomBook;
// The entry being put into words, or null for the seats as they are now.
let asOfSeq: number | null = null;

/** Names seats from another book (the replay's record) until called again with null. */
export function setNameBook(other: NameBook | null): void {
  book = other ?? roomBook;
}

/** `fn`'s seats are named as they were at the entry numbered `seq` (worker/engine/seat-names.ts). */
export function asOf<T>(seq: number, fn: () => T): T {
  const outer = asOfSeq;
  asOfSeq = seq;
  try {
    return fn();
  } finally {
    asOfSeq = outer;
  }
}

/** The seat's player's name and bot mark as of the entry being worded (the player now outside one); no name when the log does not say. */
function playerOf(seat: Seat): { name?: string; bot?: boolean } {
  const found = book.now(seat);
  if (asOfSeq === null) return found ?? {};
  if (book === roomBook) void handovers.value;
  const then = nameAsOf(book.log(), seat, asOfSeq, found?.name);
  return then.now ? (found ?? {}) : then.name === undefined ? {} : { name: then.name };
}

/** What the table draws on a seat: its player's name and, for a bot, the bot mark. */
export function plateOf(seat: Seat): { name: string; bot?: true } {
  const found = playerOf(seat);
  return { name: found.name ?? '', ...(found.bot ? { bot: true as const } : {}) };
}

/** "#3 Alice": a seat with the name its player chose (inside `asOf`, the player of that moment). */
export function who(seat: Seat | 0): string {
  if (!seat) return t('nobody');
  const found = playerOf(seat);
  if (found.name === undefined) return t('seat', seat);
  // A bot's seat carries its mark wherever it is named.
  return t('seatName', seat, isolate(found.name)) + (found.bot ? ` ${BOT_MARK}` : '');
}

/** "#3 Alice" as a control's name (no direction marks, no bot mark), as of the entry numbered `seq`. */
export function nameLabel(seat: Seat, seq: number): string {
  const name = asOf(seq, () => playerOf(seat).name);
  return name === undefined ? t('seat', seat) : t('seatName', seat, name);
}

/** `dual`: "#3 Alice, left card"; a plain seat when no card is named. */
export function cardWho(seat: Seat | 0, card?: 0 | 1): string {
  return seat && card !== undefined ? t('cardAt', who(seat), t(card ? 'right' : 'left')) : who(seat);
}

/** Several cards, comma-separated, or "nobody". */
function cardList(cards: CardRef[]): string {
  return cards.length ? cards.map((c) => cardWho(c.seat, c.card)).join(t('listSep')) : t('nobody');
}

/** Several seats, comma-separated, or "nobody". */
export function whoList(seats: Seat[]): string {
  return seats.length ? seats.map(who).join(t('listSep')) : t('nobody');
}

/** A role's word; infernal's killer is the bandit (匪) in Chinese. */
export function roleName(role: Role, ruleset?: RulesetId): string {
  return t(role === 'killer' && ruleset === 'infernal' ? 'bandit' : role);
}

/** What a called player is asked to do; the doctor of 3.0 and 5.0 saves, the doctor of 4.0 injects. */
export function callKey<C extends Call>(call: C, ruleset?: RulesetId): 'save' | C {
  return call === 'doctor' && (ruleset === 'doctor' || ruleset === 'dual') ? 'save' : call;
}

/** Why the game ended, in words (the engine's reason codes). */
export function reasonText(reason: string, ruleset?: RulesetId): string {
  const k = `r_${ruleset === 'dual' && reason === 'both-sides-out' ? 'both_cards_out' : reason.replace(/-/g, '_')}`;
  return k in REASONS ? t(k as Key) : reason;
}
const REASONS = Object.fromEntries(
  ['all_killers_out', 'all_police_out', 'massacre', 'all_good_out', 'killer_parity', 'three_left', 'side_out', 'killer_voted_out', 'all_civilians_out', 'two_civilians_left', 'surrender', 'final_tie', 'no_verdict', 'all_specials_out', 'both_sides_out', 'both_cards_out', 'all_killer_cards_down', 'all_police_cards_down', 'stalemate'].map((r) => [`r_${r}`, 1]),
);

/** A voter's weight (`dual`): "2 votes". */
export function votes(n: number): string {
  return n === 1 ? t('oneVote') : t('nVotes', n);
}

function mmss(ms: number): string {
  const m = Math.round(ms / 60_000);
  return m >= 60 ? `${Math.round(m / 6) / 10} h` : `${m} min`;
}

/** The judge's night record: each rule's seats, the empty ones left out. */
function nightEffects(ev: Extract<GameEvent, { type: 'night-effects' }>, ruleset?: RulesetId): string {
  const doctor = ruleset === 'doctor';
  const parts: [Key, Seat[]][] = [
    ['ne_killed', ev.killed],
    ['ne_shot', ev.shot],
    [doctor ? 'ne_pick' : 'ne_injected', ev.injected],
    [doctor ? 'ne_immune' : 'ne_voided', ev.voided],
    ['ne_saved', ev.saved],
    ['ne_emptyNeedles', ev.emptyNeedles],
    ['ne_muted', ev.muted],
  ];
  const said = parts.filter(([, seats]) => seats.length).map(([k, seats]) => t('colon', t(k), whoList(seats)));
  return `${t('ne_head')} — ${[...said, t('colon', t('ne_out'), whoList(ev.out))].join('; ')}`;
}

/** Text in brackets as the language writes them: full-width（）in Chinese, " (…)" elsewhere. */
export function paren(text: string): string {
  return t('paren', text);
}

/** One log entry as a sentence, naming each seat's player of that moment; null for entries the reader needs no line for. */
export function entryText(e: LogEntry, ruleset?: RulesetId): string | null {
  return asOf(e.seq, () => sentence(e, ruleset));
}

function sentence(e: LogEntry, ruleset?: RulesetId): string | null {
  const ev = e.event;
  switch (ev.type) {
    case 'dealt':
      return t('e_dealt', ev.players, ev.commitment.slice(0, 12) + '…');
    case 'card':
      return t('e_card', who(ev.seat), roleName(ev.role, ruleset)) + (ev.hand === undefined ? '' : paren(t(ev.hand ? 'right' : 'left')));
    case 'team':
      return t('e_team', t(ev.team === 'killers' ? 'campKillers' : 'police'), whoList(ev.seats)) + (ev.undercover ? `; ${t('colon', t('undercover'), who(ev.undercover))}` : '');
    case 'redealt':
      return t('e_redealt', ev.attempt);
    case 'void-card':
      return t('e_voidCard', who(ev.seat), t(ev.card ? 'right' : 'left'), roleName(ev.role));
    case 'card-down':
      return t('e_cardDown', who(ev.seat), t(ev.card ? 'right' : 'left'));
    case 'night-cards': {
      const parts: [Key, CardRef[]][] = [
        ['nc_taken', ev.taken ? [ev.taken] : []],
        ['ne_killed', ev.killed],
        ['nc_voided', ev.voided],
        ['ne_saved', ev.saved],
        ['ne_shot', ev.shot],
      ];
      const said = parts.filter(([, c]) => c.length).map(([k, c]) => t('colon', t(k), cardList(c)));
      return `${t('ne_head')} — ${[...said, t('colon', t('nc_down'), cardList(ev.down))].join('; ')}`;
    }
    case 'nightfall':
      return `${t('nightN', e.round)} · ${t('nightFalls')}`;
    case 'call':
      return t(`call_${ev.call}`);
    case 'pointed':
      return t('e_pointed', who(ev.seat), cardWho(ev.target, ev.card));
    case 'confirmed':
      return t('e_confirmed', who(ev.seat));
    case 'seen':
      return t('e_seen', who(ev.seat));
    case 'team-chat':
      return t('colon', who(ev.seat), isolate(ev.text));
    case 'said':
      return t('colon', who(ev.seat), isolate(saidText(ev)));
    case 'kill-chosen':
      return ev.by ? t('e_killBy', who(ev.by), cardWho(ev.target, ev.card)) : t('e_kill', cardWho(ev.target, ev.card));
    case 'checked':
      if (!ev.target) return t('e_checkedNone');
      // In words, not only a thumb: "#4 is a killer 👍" / "#4 is good 👎".
      return t(ev.answer ? (ev.answer === 'killers' ? 'checkKiller' : 'checkGood') : 'checkNoAnswer', cardWho(ev.target, ev.card));
    case 'chosen':
      if (ev.target) return ruleset === 'dual' && ev.call === 'butterfly' ? t('e_taken', cardWho(ev.target, ev.card)) : t(`e_chosen_${callKey(ev.call, ruleset)}`, cardWho(ev.target, ev.card));
      return ev.call === 'secret-police' ? t('e_keptShot') : t('e_chosenNone', roleName(ev.call));
    case 'empty-needle':
      return t('e_emptyNeedle', who(ev.seat), ev.count);
    case 'night-effects':
      return nightEffects(ev, ruleset);
    case 'muted':
      return t('e_muted', who(ev.seat));
    case 'skipped':
      return t('e_skipped', who(ev.seat));
    case 'eyes-chosen':
      return t('e_eyesChosen', who(ev.seat), t(`eyes_${ev.choice}`));
    case 'eyes-seen':
      return t('e_eyesSeen', t(`eyes_${ev.call}`), whoList(ev.seats));
    case 'dawn':
      if (ev.out.length > 1) return t('e_dawnOutN', ev.out.length, whoList(ev.out));
      return ev.out.length ? t('e_dawnOut', who(ev.out[0]!)) : t(ruleset === 'dual' ? 'e_dawnNoOut' : 'e_dawnNone');
    case 'day':
      return t('dayN', e.round);
    case 'passed':
      // A live voice speech: the feed says it was spoken, and how long.
      if (ev.voice) return t('e_spokeVoice', who(ev.seat), clockLength(ev.voice.ms));
      return t(passKey(ev), who(ev.seat));
    case 'ballot':
      return t('e_ballot', t(`bp_${ev.purpose}`), whoList(ev.candidates));
    case 'voted':
      // Addressed to the voter, but the judge and the game record see everyone's.
      if (ev.seat !== view.value?.me?.seat) return `${who(ev.seat)} → ${ev.target ? who(ev.target) : t('abstain')}`;
      return ev.target ? t('e_voted', who(ev.target)) : t('abstain');
    case 'ballots':
      return `${t('colon', t('ballots'), '')}${ev.ballots.map((b) => `${who(b.seat)}${b.weight === undefined ? '' : paren(votes(b.weight))} → ${b.target ? who(b.target) : t('abstain')}`).join('; ')}. ${t('top', whoList(ev.top))}`;
    case 'lot':
      return t('e_lot', whoList(ev.among), who(ev.drawn));
    case 'out':
      return t(ev.camp === 'killers' ? 'e_outKiller' : 'e_out', who(ev.seat), t(`h_${ev.how}`));
    case 'peaceful-night':
      return t('e_peaceful');
    case 'surrender-wish':
      return t('e_surrenderWish', who(ev.seat));
    case 'surrendered':
      return t('e_surrendered', t(ev.side === 'killers' ? 'campKillers' : 'campGood'));
    case 'judge':
      return t(ruleset === 'dual' ? 'e_jokerJudge' : 'e_judge', who(ev.seat));
    case 'deadline':
      return t('e_deadline');
    case 'paused':
      return t(ev.by === 'judge' ? 'e_judgePaused' : 'e_paused');
    case 'resumed':
      return t('e_resumed');
    case 'extended':
      return t('e_extended', mmss(ev.ms));
    case 'narration':
      return t('judgeCalls', isolate(ev.text));
    case 'handed-to-bot':
      return t('e_handedToBot', who(ev.seat));
    case 'pace-set':
      return t(ev.preset === 'live' ? 'e_paceLive' : 'e_paceAsync');
    case 'replaced':
      // "#2 Dee replaces Bea"; a log from before the old name was kept says the seat by number.
      return ev.was !== undefined ? t('e_replaces', t('seatName', ev.seat, isolate(ev.name)), isolate(ev.was)) : t('e_replaced', t('seat', ev.seat), isolate(ev.name));
    case 'app-judges':
      return t('e_appJudges');
    case 'game-over':
      return t('e_over', t(`w_${ev.winner}`), reasonText(ev.reason, ruleset)) + (ev.winners ? `. ${t('winners', whoList(ev.winners))}` : '');
  }
}
