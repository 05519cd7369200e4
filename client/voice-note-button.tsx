// The record button beside the speech box, in a game over days whose room has voice on; tapping it
// loads the recorder (its own chunk: client/voice-note-recorder.tsx) and starts recording.
import { useEffect, useState } from 'preact/hooks';
import { signal } from '@preact/signals';
import { t } from './i18n.ts';
import { later } from './lazy.ts';
import './voice-note.css';
import { room } from './state.ts';

/** Whether a recording is under way or waiting to be sent: the turn's own "done" would drop it, so it says so. */
export const noteUnsent = signal(false);

const Recorder = later(() => import('./voice-note-recorder.tsx').then((m) => m.VoiceNoteRecorder));

/** Whether this page may leave voice notes now: a seat's page, an async room, voice on, a browser that records. */
export function voiceNotesHere(): boolean {
  const r = room.value;
  return !!r && r.voice !== 'off' && r.pace.preset === 'async' && !r.table && r.you.seat !== null && typeof MediaRecorder === 'function' && !!navigator.mediaDevices;
}

/** "Record a voice speech", then the recorder in its place until it is sent or discarded. */
export function VoiceNoteButton() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    noteUnsent.value = open;
    return () => void (noteUnsent.value = false);
  }, [open]);
  if (open) return <Recorder onClose={() => setOpen(false)} />;
  return (
    <button type="button" class="link voice-record" onClick={() => setOpen(true)} data-testid="voice-record">
      <span aria-hidden="true">🎙 </span>
      {t('vn_record')}
    </button>
  );
}
