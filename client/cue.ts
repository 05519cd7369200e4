// Optional sound and vibration (off by default, one switch, remembered on this device): a soft cue
// when a move becomes yours by day. Never at night, in any room (docs/rules-decisions.md):
// around a real table a buzz or a chime while eyes are closed tells everyone who was called, and even
// the nightfall chime would tell the table which phones are cued. The tones are WebAudio (no files).
import { signal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { View } from '../worker/engine/types.ts';

export const soundOn = signal(localStorage.getItem('tianhei.sound') === 'on');
let audio: AudioContext | null = null;

/** Turns the cues on or off; turning them on plays one, which also unlocks audio on phones (it needs a tap). */
export function toggleSound(): void {
  soundOn.value = !soundOn.value;
  localStorage.setItem('tianhei.sound', soundOn.value ? 'on' : 'off');
  if (soundOn.value) cue();
}

/** Two soft rising sine notes and a short buzz on phones. */
export function cue(): void {
  if (!soundOn.value) return;
  navigator.vibrate?.([90, 60, 90]);
  tones([660, 880]);
}

/** Soft sine notes one after another (also the table screen's chime where it has no voice). */
export function tones(hz: number[]): void {
  try {
    audio ??= new AudioContext();
    const at = audio.currentTime;
    hz.forEach((f, i) => {
      const osc = audio!.createOscillator();
      const gain = audio!.createGain();
      const t0 = at + i * 0.18;
      osc.type = 'sine';
      osc.frequency.value = f;
      gain.gain.setValueAtTime(0, t0);
      gain.gain.linearRampToValueAtTime(0.12, t0 + 0.03);
      gain.gain.exponentialRampToValueAtTime(0.001, t0 + 0.4);
      osc.connect(gain).connect(audio!.destination);
      osc.start(t0);
      osc.stop(t0 + 0.45);
    });
  } catch {
    // No audio on this device: the vibration (if any) is the cue.
  }
}

/** Cues a move becoming this viewer's to make, by day only: night steps are silent on every phone. */
export function useCues(v: View): void {
  const before = useRef<boolean | null>(null);
  const mine = v.legal.length > 0 && !v.result;
  useEffect(() => {
    const was = before.current;
    before.current = mine;
    if (was !== null && v.phase !== 'night' && mine && !was) cue();
  }, [v.phase, mine]);
}
