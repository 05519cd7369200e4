// The live voice in words: this player's microphone state and who is heard now, for the voice bar (and
// so for a screen reader): nothing the page plays is only heard.
import type { VoiceRoute } from '../worker/protocol-voice.ts';
import type { RoomView } from '../worker/protocol.ts';
import type { View } from '../worker/engine/types.ts';
import { t } from './i18n.ts';
import { who } from './log-text.ts';
import { micOff } from './voice-state.ts';
import { matesAllBots } from './team-bots.ts';

/** The microphone's state as one line: whether this page is heard now, by whom, and why not. */
export function micWords(r: VoiceRoute, room: RoomView, v: View | null): string {
  if (r.talk && micOff.value) return t('vc_micOff');
  if (r.talk) {
    if (room.you.judge) return t('vc_judgeTalk');
    if (r.mode === 'team') return t(matesAllBots(room, v) ? 'vc_speakingTeamBots' : 'vc_speakingTeam');
    return t(r.mode === 'floor' ? 'vc_floorYours' : 'vc_speaking');
  }
  const seat = room.you.seat;
  if (seat === null && !room.you.judge) return t('vc_listening');
  // Before the game and after it nobody has a turn: only a human judge may be heard.
  if (room.status !== 'playing') return t(room.status === 'over' ? 'vc_mutedOver' : 'vc_mutedLobby');
  if (v?.me && !v.me.alive) return t('vc_mutedOut');
  if (r.mode === 'floor') return t('vc_mutedFloor');
  return t(v?.phase === 'night' ? 'vc_mutedNight' : 'vc_mutedTurn');
}

/** Who this page hears now, in words: the floor's holder, the speaker, the team; or nobody. Empty while the floor is this page's own (its microphone's line says so). */
export function heardWords(r: VoiceRoute): string {
  if (r.mode === 'floor' && !r.floor) return t('vc_floorFree');
  if (r.mode === 'floor' && r.talk) return '';
  const names = r.hear.map((s) => (s.seat === null ? t('judge') : who(s.seat)));
  if (r.mode === 'floor' && r.floor?.seat) return t('vc_floorHeld', who(r.floor.seat));
  return names.length ? t('vc_heardNow', names.join(t('listSep'))) : t('vc_hearNobody');
}
