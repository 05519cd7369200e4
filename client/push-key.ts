// Whether this deploy sends pushes at all: its VAPID public key, asked once when the app starts, so
// the room page knows at once whether to offer "notify me". The subscribing itself is notify.ts's.
import { signal } from '@preact/signals';
import type { PushConfig } from '../worker/protocol.ts';

/** The deploy's VAPID public key; null when it has none (or while unknown): then no "notify me". */
export const pushKey = signal<string | null>(null);

/** Whether this browser can take pushes at all (service worker, push manager, notifications). */
export const pushSupported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** Asks the server once whether this deploy sends pushes. */
export async function loadPushConfig(): Promise<void> {
  if (!pushSupported()) return;
  const res = await fetch('/api/push').catch(() => null);
  if (res?.ok) pushKey.value = ((await res.json()) as PushConfig).publicKey;
}
