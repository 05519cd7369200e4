// Screens the first page does not need arrive as their own chunks (dynamic import), so the home
// page's JavaScript carries only the home page (≤ 20 KB gzipped for the first screen).
import { signal } from '@preact/signals';
import { h, type ComponentType, type VNode } from 'preact';
import { showError } from './state.ts';

/**
 * A component whose code loads on first render. Until it is here, `fallback` (or nothing) shows;
 * a failed download says so in words and is tried again on the next render.
 */
export function later<P extends object>(load: () => Promise<ComponentType<P>>, fallback?: () => VNode | null): (props: P) => VNode | null {
  const loaded = signal<ComponentType<P> | null>(null);
  let started = false;
  return (props: P) => {
    const C = loaded.value;
    if (C) return h(C as ComponentType<object>, props);
    if (!started) {
      started = true;
      load().then(
        (c) => (loaded.value = c),
        () => {
          started = false;
          showError('err_net');
        },
      );
    }
    return fallback ? fallback() : null;
  };
}
