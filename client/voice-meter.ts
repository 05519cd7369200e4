// The level meters of live voice: every element marked `data-voice-level` (a seat plate's bar, the
// voice bar's) is scaled to the level of that seat's voice as played here, or of this page's own
// microphone on its own seat and on the bar's `me`, a few times a second while the page is in the
// room's voice. A muted microphone's track is disabled, so its meter reads silence.
import { room } from './state.ts';
import { liveTurn, voiceRoute } from './voice-state.ts';
import { levelOf } from './voice-audio.ts';

const EVERY_MS = 90;
/** The microphone's level (−42 dBFS) above which the player counts as having spoken in their turn (the Pass's voice marker). */
const SPOKE = 0.3;

/** Starts drawing the meters; returns the stop. */
export function startMeters(): () => void {
  const timer = setInterval(draw, EVERY_MS);
  return () => clearInterval(timer);
}

function draw(): void {
  const r = voiceRoute.peek();
  const mine = room.peek()?.you.seat ?? null;
  if (liveTurn.since && !liveTurn.sound && levelOf(null) > SPOKE) liveTurn.sound = true;
  for (const el of document.querySelectorAll<HTMLElement | SVGElement>('[data-voice-level]')) {
    const key = el.dataset.voiceLevel;
    const seat = key === 'judge' ? null : Number(key);
    let level = 0;
    if (key === 'me' || (seat !== null && seat === mine)) level = r?.talk ? levelOf(null) : 0;
    else {
      const source = r?.hear.find((s) => (seat === null ? s.judge : s.seat === seat));
      if (source) level = levelOf(source.peer);
    }
    el.style.transform = `scaleX(${level.toFixed(2)})`;
  }
}
