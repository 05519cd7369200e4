// Day and night themes. In a game the sky follows the game (night is dark, day is light); anywhere
// else it follows the device's own light or dark setting. The CSS fades between them (style.css).
import { effect, signal, type ReadonlySignal } from '@preact/signals';
import { afterNextFrame } from './state.ts';

const query = matchMedia('(prefers-color-scheme: dark)');
const prefersDark = signal(query.matches);
query.addEventListener('change', () => (prefersDark.value = query.matches));

/** Whether the page shows the night theme: the game's phase when there is one, else the device's setting. */
export function isNight(phase: string | undefined): boolean {
  const night = phase ? phase === 'night' : prefersDark.value;
  // The phone's status bar takes the theme too (the manifest's colour is the night sky).
  document.querySelector('meta[name=theme-color]')?.setAttribute('content', night ? '#141a2b' : '#1f2328');
  return night;
}

/**
 * The phase the sky shows: the game's phase, but a change of phase one frame after the screen that
 * brings it. Dusk restyles the whole page; on a slow phone the new screen and the new colours are
 * then two tasks instead of one long one. The first phase (opening a game) shows at once.
 */
export function skyOf(phase: ReadonlySignal<string | undefined>): ReadonlySignal<string | undefined> {
  const sky = signal(phase.peek());
  effect(() => {
    const now = phase.value;
    if (now === undefined || sky.peek() === undefined) sky.value = now;
    else if (now !== sky.peek()) afterNextFrame(() => (sky.value = phase.peek()));
  });
  return sky;
}
