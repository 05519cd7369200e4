// Without any permission, the tab title and the favicon's dot show what this seat owes now. Only a
// room page needs it: it is loaded with the room, not with the home page.
import { effect } from '@preact/signals';
import { owedStep } from '../worker/engine/owed.ts';
import { t } from './i18n.ts';
import { OWED_KEYS } from './owed-words.ts';
import { view } from './state.ts';

let plainIcon: string | null | undefined;
/** The latest favicon change wins over a slower earlier one still drawing. */
let drawing = 0;

/** Keeps the tab title and the favicon saying what this seat owes now, until the returned function stops it ("(1) Your vote — Tianhei"). */
export function watchOwed(): () => void {
  // Redrawn only when the dot comes or goes: a busy ballot brings a frame per vote, and each redraw
  // decodes, draws and encodes a PNG on the phone's main thread.
  let dotted: boolean | undefined;
  const stop = effect(() => {
    const v = view.value;
    const owed = v ? owedStep(v) : null;
    const title = owed ? `(1) ${t(OWED_KEYS[owed.kind])} — ${t('app')}` : t('app');
    if (document.title !== title) document.title = title;
    if (dotted !== !!owed) void markFavicon((dotted = !!owed));
  });
  // Leaving the room leaves nothing owed on the tab.
  return () => {
    stop();
    document.title = t('app');
    if (dotted) void markFavicon(false);
  };
}

/** Draws the favicon with a red dot (or restores it); the page's own icon, if any, is kept underneath. */
async function markFavicon(dot: boolean): Promise<void> {
  const mine = ++drawing;
  let link = document.querySelector<HTMLLinkElement>('link[rel~=icon]');
  if (plainIcon === undefined) plainIcon = link?.href ?? null;
  if (!dot) {
    if (link && plainIcon) {
      // (A no-op unless it is the dot's blob.)
      URL.revokeObjectURL(link.href);
      link.href = plainIcon;
      delete link.dataset.owed;
    } else link?.remove();
    return;
  }
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 64;
  const g = canvas.getContext('2d');
  if (!g) return;
  if (plainIcon) {
    const img = new Image();
    img.src = plainIcon;
    await img.decode().then(() => g.drawImage(img, 0, 0, 64, 64), () => undefined);
  }
  if (mine !== drawing) return;
  g.fillStyle = '#e53935';
  g.beginPath();
  g.arc(46, 18, 16, 0, Math.PI * 2);
  g.fill();
  // Encoded off the main thread (toDataURL took tens of ms of a slow phone's frame when a step opened).
  canvas.toBlob((png) => {
    if (!png || mine !== drawing) return;
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(png);
    link.dataset.owed = '1';
  });
}
