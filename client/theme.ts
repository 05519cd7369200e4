// Day and night themes. In a game the sky follows the game (night is dark, day is light); anywhere
// else it follows the device's own light or dark setting. Dusk and dawn fade the page (style.css).
import { computed, effect, signal, type ReadonlySignal } from '@preact/signals';
import { afterNextFrame } from './state.ts';

const query = matchMedia('(prefers-color-scheme: dark)');
const prefersDark = signal(query.matches);
query.addEventListener('change', () => (prefersDark.value = query.matches));
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

/** How long the page takes to fade out, and then in (style.css, .sky-out and .sky-in). */
const FADE_OUT_MS = 600;
const FADE_IN_MS = 900;

/** Whether the page shows the night theme: the game's phase while it is played, else (and at game over) the device's setting. */
export function nightOf(phase: ReadonlySignal<string | undefined>, inGame: ReadonlySignal<boolean>): ReadonlySignal<boolean> {
  return computed(() => (inGame.value && phase.value && phase.value !== 'over' ? phase.value === 'night' : prefersDark.value));
}

/** The element that carries the theme's class (the app's root), and the theme it shows. */
let root: HTMLElement | null = null;
let shown: boolean | null = null;
let fading = 0;

/** The app's root element, as Preact mounts it (a ref): it takes the theme shown now before its first paint. */
export function themeRoot(el: HTMLElement | null): void {
  root = el;
  if (el && shown !== null) el.classList.toggle('dark', shown);
}

function show(night: boolean): void {
  shown = night;
  root?.classList.toggle('dark', night);
  // The sky under the page (the body), and the phone's status bar (the manifest's colour is the night sky).
  document.documentElement.classList.toggle('night', night);
  document.querySelector('meta[name=theme-color]')?.setAttribute('content', night ? '#141a2b' : '#1f2328');
}

/**
 * Keeps the page's theme on `night`. The first theme shows at once. A change (dusk, dawn) waits one
 * frame after the screen that brings it, then the page fades out into the coming sky's colour, takes
 * the new theme unseen and fades back in. Only the page's opacity is animated, on the compositor:
 * fading the theme's colours restyled and repainted every element on every frame for 1.6 s (about
 * 40 ms a frame on a 4×-throttled phone), and a view transition would take every tap until it ended.
 * With reduced motion, or a hidden page, the theme changes at once.
 */
export function followTheme(night: ReadonlySignal<boolean>): void {
  effect(() => {
    const now = night.value;
    if (shown === null) return show(now);
    if (now === shown) return;
    afterNextFrame(() => fade(night));
  });
}

function fade(night: ReadonlySignal<boolean>): void {
  const next = night.peek();
  const el = root;
  if (fading || next === shown) return;
  if (!el || reducedMotion.matches || document.visibilityState !== 'visible') return show(next);
  document.documentElement.classList.toggle('night', next);
  el.classList.remove('sky-in');
  el.classList.add('sky-out');
  fading = window.setTimeout(() => {
    el.classList.remove('sky-out');
    // The sky the game is at now, should it have turned again meanwhile.
    show(night.peek());
    el.classList.add('sky-in');
    fading = window.setTimeout(() => {
      el.classList.remove('sky-in');
      fading = 0;
      if (night.peek() !== shown) fade(night);
    }, FADE_IN_MS);
  }, FADE_OUT_MS);
}
