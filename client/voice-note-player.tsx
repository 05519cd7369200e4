// A voice note in the feed and the story drawer: the recording of a speech, fetched with this
// device's seat token (a note is served only to the speech's audience) and played by an <audio>
// with controls, named for screen readers ("Kim's voice speech, 0:48"). A note that ends plays the
// next one of the same list, so a day's voice speeches play in order.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { GameEvent } from '../worker/engine/types.ts';
import { t } from './i18n.ts';
import { room, stored } from './state.ts';
import { clockLength } from './voice-note-length.ts';
import { learnLength } from './voice-note-seek.ts';
import './voice-note.css';

type Said = Extract<GameEvent, { type: 'said' }>;

/** The speaker as the room names them now: "#3 Kim", or "#3" (when the line does not say who spoke then). */
function speaker(seat: number): string {
  const found = room.value?.seats.find((s) => s.seat === seat);
  return found ? t('seatName', seat, found.name) : t('seat', seat);
}

/** The player of one `said` entry's voice note; `by`: its speaker's name ("#3 Kim", who had the seat then). */
export function VoiceNotePlayer({ ev, by }: { ev: Said & { voice: NonNullable<Said['voice']> }; by?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const audio = useRef<HTMLAudioElement>(null);
  const code = room.value?.code;
  const note = ev.voice.note;
  useEffect(() => {
    if (!code) return;
    let url: string | null = null;
    let gone = false;
    const token = stored(code)?.token;
    fetch(`/api/rooms/${code}/voice-notes/${note}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {})
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
      .then((blob) => {
        if (gone) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch(() => !gone && setFailed(true));
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [code, note]);
  const length = clockLength(ev.voice.ms);
  const label = t('vn_note', by ?? speaker(ev.seat), length);
  return (
    <span class="voice-note" data-testid="voice-note">
      <audio
        ref={audio}
        controls
        preload="metadata"
        src={src ?? undefined}
        aria-label={label}
        title={label}
        data-note={note}
        onLoadedMetadata={(e) => learnLength(e.currentTarget)}
        onEnded={() => playNext(audio.current)}
      />
      <span class="voice-length" aria-hidden="true">
        {failed ? '—' : length}
      </span>
    </span>
  );
}

// The next note of the same list (the feed's round, a drawer chapter), if there is one.
function playNext(el: HTMLAudioElement | null): void {
  const list = el?.closest('.feed-list, ol');
  if (!el || !list) return;
  const all = [...list.querySelectorAll<HTMLAudioElement>('audio[data-note]')];
  const next = all[all.indexOf(el) + 1];
  if (next?.src) void next.play().catch(() => {});
}
