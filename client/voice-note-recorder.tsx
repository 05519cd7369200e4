// The voice note recorder beside the speech box (games over days, the room's voice on): records the
// speech with MediaRecorder (Opus in WebM; MP4/AAC where the browser only has that) with a visible
// timer and a hard stop at 2:00, plays it back, then uploads it with this seat's token and sends
// the `say` that carries it. Its own chunk: loaded only when a player taps "Record".
import { useEffect, useRef, useState } from 'preact/hooks';
import { VOICE_NOTE_MAX_BYTES, VOICE_NOTE_MAX_MS } from '../worker/protocol-voice.ts';
import { has, t } from './i18n.ts';
import { act } from './socket.ts';
import { now, room, showError, stored } from './state.ts';
import { clockLength } from './voice-note-length.ts';
import { learnLength } from './voice-note-seek.ts';

// Opus at a voice bitrate: two minutes stay well under the 1 MB a note may hold.
const BITS_PER_SECOND = 32_000;
const TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'];

type Stage = { kind: 'starting' } | { kind: 'recording'; since: number } | { kind: 'preview'; blob: Blob; url: string; ms: number } | { kind: 'sending' };

/** The recorder; `onClose` puts the record button back. */
export function VoiceNoteRecorder({ onClose }: { onClose: () => void }) {
  const [stage, setStage] = useState<Stage>({ kind: 'starting' });
  const recorder = useRef<MediaRecorder | null>(null);
  const stopTimer = useRef<number | null>(null);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    const chunks: Blob[] = [];
    navigator.mediaDevices
      .getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } })
      .then((s) => {
        stream = s;
        if (cancelled) return s.getTracks().forEach((tr) => tr.stop());
        const mimeType = TYPES.find((m) => MediaRecorder.isTypeSupported(m));
        const rec = new MediaRecorder(s, { ...(mimeType ? { mimeType } : {}), audioBitsPerSecond: BITS_PER_SECOND });
        recorder.current = rec;
        const since = performance.now();
        rec.ondataavailable = (e) => e.data.size && chunks.push(e.data);
        rec.onstop = () => {
          s.getTracks().forEach((tr) => tr.stop());
          if (cancelled) return;
          const ms = Math.min(VOICE_NOTE_MAX_MS, Math.max(1, Math.round(performance.now() - since)));
          const blob = new Blob(chunks, { type: (rec.mimeType || mimeType || 'audio/webm').split(';')[0] });
          setStage({ kind: 'preview', blob, url: URL.createObjectURL(blob), ms });
        };
        rec.start(1_000);
        // The hard stop: a note lasts two minutes at most.
        stopTimer.current = window.setTimeout(() => rec.state === 'recording' && rec.stop(), VOICE_NOTE_MAX_MS);
        setStage({ kind: 'recording', since: Date.now() });
      })
      .catch(() => {
        showError('vn_noMic');
        onClose();
      });
    return () => {
      cancelled = true;
      if (stopTimer.current !== null) clearTimeout(stopTimer.current);
      if (recorder.current?.state === 'recording') recorder.current.stop();
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, []);

  useEffect(() => () => void (stage.kind === 'preview' && URL.revokeObjectURL(stage.url)), [stage]);

  const stop = () => {
    if (stopTimer.current !== null) clearTimeout(stopTimer.current);
    if (recorder.current?.state === 'recording') recorder.current.stop();
  };

  const send = async (blob: Blob, ms: number) => {
    const code = room.value?.code;
    const token = code ? stored(code)?.token : undefined;
    if (!code || !token || blob.size > VOICE_NOTE_MAX_BYTES) return showError('vn_failed');
    setStage({ kind: 'sending' });
    try {
      const res = await fetch(`/api/rooms/${code}/voice-notes`, { method: 'POST', body: blob, headers: { 'Content-Type': blob.type, Authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { id?: string; error?: { code: string; message: string } };
      if (!res.ok || !body.id) throw new Error(body.error?.code ?? String(res.status));
      if (act({ type: 'say', voice: { note: body.id, ms } })) onClose();
    } catch (e) {
      // The room's own reasons (its budget is full, too many uploads not sent) are said as they are.
      const code = (e as Error).message;
      showError(has(code) ? code : 'vn_failed');
      onClose();
    }
  };

  if (stage.kind === 'starting' || stage.kind === 'sending') {
    return (
      <div class="voice-recorder" role="status" data-testid="voice-recorder">
        {stage.kind === 'sending' ? t('vn_sending') : '…'}
      </div>
    );
  }
  if (stage.kind === 'recording') {
    const elapsed = Math.min(VOICE_NOTE_MAX_MS, Math.max(0, now.value - stage.since));
    return (
      <div class="voice-recorder recording" data-testid="voice-recorder">
        <span class="rec-dot" aria-hidden="true" />
        <span role="timer" aria-live="off" data-testid="voice-timer">
          {t('vn_recording', clockLength(elapsed))}
        </span>
        <button type="button" onClick={stop} data-testid="voice-stop">
          {t('vn_stop')}
        </button>
      </div>
    );
  }
  const label = t('vn_preview', clockLength(stage.ms));
  return (
    <div class="voice-recorder preview" data-testid="voice-recorder">
      <audio controls src={stage.url} aria-label={label} title={label} onLoadedMetadata={(e) => learnLength(e.currentTarget)} data-testid="voice-preview" />
      <div class="voice-actions">
        <button type="button" class="primary" onClick={() => void send(stage.blob, stage.ms)} data-testid="voice-send">
          {t('vn_send')}
        </button>
        <button type="button" class="link" onClick={onClose}>
          {t('vn_discard')}
        </button>
      </div>
    </div>
  );
}
