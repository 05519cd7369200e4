// Log entries as sentences in the chosen language: the feed, the dawn banner and the game record.
import type { LogEntry, Role, RulesetId, Seat } from '../worker/engine/types.ts';
import { room, view } from './state.ts';
import { t, type Key } from './i18n.ts';

/** "#3 Alice": a seat with the name its player chose. */
export function who(seat: Seat | 0): string {
  if (!seat) return t('nobody');
  const name = room.value?.seats.find((s) => s.seat === seat)?.name;
  return name ? t('seatName', seat, name) : t('seat', seat);
}

/** Several seats, comma-separated, or "nobody". */
export function whoList(seats: Seat[]): string {
  return seats.length ? seats.map(who).join(', ') : t('nobody');
}

/** A role's word; infernal's killer is the bandit (匪) in Chinese. */
export function roleName(role: Role, ruleset?: RulesetId): string {
  return t(role === 'killer' && ruleset === 'infernal' ? 'bandit' : role);
}

/** Why the game ended, in words (the engine's reason codes). */
export function reasonText(reason: string): string {
  const k = `r_${reason.replace(/-/g, '_')}`;
  return k in REASONS ? t(k as Key) : reason;
}
const REASONS = Object.fromEntries(
  ['all_killers_out', 'all_police_out', 'massacre', 'all_good_out', 'killer_parity', 'three_left', 'side_out', 'killer_voted_out', 'all_civilians_out', 'two_civilians_left', 'surrender', 'final_tie', 'no_verdict'].map((r) => [`r_${r}`, 1]),
);

function mmss(ms: number): string {
  const m = Math.round(ms / 60_000);
  return m >= 60 ? `${Math.round(m / 6) / 10} h` : `${m} min`;
}

/** One log entry as a sentence; null for entries the reader needs no line for. */
export function entryText(e: LogEntry, ruleset?: RulesetId): string | null {
  const ev = e.event;
  switch (ev.type) {
    case 'dealt':
      return t('e_dealt', ev.players, ev.commitment.slice(0, 12) + '…');
    case 'card':
      return t('e_card', who(ev.seat), roleName(ev.role, ruleset));
    case 'team':
      return t('e_team', t(ev.team === 'killers' ? 'campKillers' : 'police'), whoList(ev.seats));
    case 'nightfall':
      return `${t('nightN', e.round)} · ${t('nightFalls')}`;
    case 'call':
      return t(ev.call === 'killers' ? 'callKillers' : 'callPolice');
    case 'pointed':
      return t('e_pointed', who(ev.seat), who(ev.target));
    case 'team-chat':
    case 'said':
      return `${who(ev.seat)}: ${ev.text}`;
    case 'kill-chosen':
      return t('e_kill', who(ev.target));
    case 'checked':
      return t('e_checked', who(ev.target), ev.answer ? t(ev.answer === 'killers' ? 'thumbUp' : 'thumbDown') : t('noAnswer'));
    case 'eyes-chosen':
      return t('e_eyesChosen', who(ev.seat), t(`eyes_${ev.choice}`));
    case 'eyes-seen':
      return t('e_eyesSeen', t(`eyes_${ev.call}`), whoList(ev.seats));
    case 'dawn':
      return ev.out.length ? t('e_dawnOut', whoList(ev.out)) : t('e_dawnNone');
    case 'day':
      return t('dayN', e.round);
    case 'passed':
      return t(ev.missed ? 'e_missed' : 'e_passed', who(ev.seat));
    case 'ballot':
      return t('e_ballot', t(`bp_${ev.purpose}`), whoList(ev.candidates));
    case 'voted':
      // Addressed to the voter, but the judge and the game record see everyone's.
      if (ev.seat !== view.value?.me?.seat) return `${who(ev.seat)} → ${ev.target ? who(ev.target) : t('abstain')}`;
      return ev.target ? t('e_voted', who(ev.target)) : t('abstain');
    case 'ballots':
      return `${t('ballots')}: ${ev.ballots.map((b) => `${who(b.seat)} → ${b.target ? who(b.target) : t('abstain')}`).join('; ')}. ${t('top', whoList(ev.top))}`;
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
      return t('e_judge', who(ev.seat));
    case 'deadline':
      return t('e_deadline');
    case 'paused':
      return t('e_paused');
    case 'resumed':
      return t('e_resumed');
    case 'extended':
      return t('e_extended', mmss(ev.ms));
    case 'game-over':
      return t('e_over', t(`w_${ev.winner}`), reasonText(ev.reason));
  }
}
