// Optional sound and vibration (off by default, one switch, remembered on this device): a soft cue
// when it is your turn and when night falls. The tones are synthesized with WebAudio (no files).
import { signal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { View } from '../worker/engine/types.ts';

export const soundOn = signal(localStorage.getItem('tianhei.sound') === 'on');
let audio: AudioContext | null = null;

/** Turns the cues on or off; turning them on plays one, which also unlocks audio on phones (it needs a tap). */
export function toggleSound(): void {
  soundOn.value = !soundOn.value;
  localStorage.setItem('tianhei.sound', soundOn.value ? 'on' : 'off');
  if (soundOn.value) cue('turn');
}

/** Two soft sine notes (rising for your turn, falling for nightfall) and a short buzz on phones. */
export function cue(kind: 'turn' | 'night'): void {
  if (!soundOn.value) return;
  navigator.vibrate?.(kind === 'turn' ? [90, 60, 90] : 180);
  try {
    audio ??= new AudioContext();
    const at = audio.currentTime;
    (kind === 'turn' ? [660, 880] : [440, 294]).forEach((hz, i) => {
      const osc = audio!.createOscillator();
      const gain = audio!.createGain();
      const t0 = at + i * 0.18;
      osc.type = 'sine';
      osc.frequency.value = hz;
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

/** Cues the game's moments for this viewer: night falling, and a move becoming theirs to make. */
export function useCues(v: View): void {
  const before = useRef<{ phase: string; mine: boolean } | null>(null);
  const mine = v.legal.length > 0 && !v.result;
  useEffect(() => {
    const was = before.current;
    before.current = { phase: v.phase, mine };
    if (!was) return;
    if (v.phase === 'night' && was.phase !== 'night') cue('night');
    else if (mine && !was.mine) cue('turn');
  }, [v.phase, mine]);
}
