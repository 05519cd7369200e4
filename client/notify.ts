// Notifications on this device: Web Push when the player asks for it ("notify me", once per device
// and room), and without any permission the tab title and the favicon's dot show what this seat owes.
import { effect, signal } from '@preact/signals';
import type { PushConfig } from '../worker/protocol.ts';
import type { OwedKind } from '../worker/owed.ts';
import { lang, t, type Key } from './i18n.ts';
import { pushFrame, room } from './state.ts';

/** How each thing a seat owes is named (the tab title, and the pushes through the service worker). */
export const OWED_KEYS: Record<OwedKind, Key> = { card: 'oweCard', 'night-call': 'oweNight', ballot: 'oweBallot', speech: 'oweSpeech', 'last-words': 'oweLastWords' };

/** The deploy's VAPID public key; null when it has none (or while unknown): then no "notify me". */
export const pushKey = signal<string | null>(null);
/** Whether this device gets a room's notifications, keyed by room code. */
export const notifying = signal<Record<string, boolean>>({});

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
const key = (code: string) => `tianhei.push.${code}`;

/** Asks the server once whether this deploy sends pushes. */
export async function loadPushConfig(): Promise<void> {
  if (!supported()) return;
  const res = await fetch('/api/push').catch(() => null);
  if (res?.ok) pushKey.value = ((await res.json()) as PushConfig).publicKey;
}

/** Whether this device already asked for this room's notifications. */
export function isNotifying(code: string): boolean {
  return notifying.value[code] ?? localStorage.getItem(key(code)) !== null;
}

/**
 * Registers the service worker (only now, when the player asks), subscribes this device with the
 * deploy's key and gives the subscription to the room for this seat. Throws an Error in words.
 */
export async function enableNotifications(code: string): Promise<void> {
  const publicKey = pushKey.value;
  if (!publicKey || !supported()) throw new Error(t('push/off'));
  if ((await Notification.requestPermission()) !== 'granted') throw new Error(t('notifyBlocked'));
  let subscription: PushSubscription;
  try {
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
    subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromB64u(publicKey) }));
  } catch (e) {
    throw new Error(t('notifyFailed', (e as Error).message));
  }
  sendSubscription(code, subscription);
  notifying.value = { ...notifying.value, [code]: true };
}

/** Languages each room last heard for this device's notifications. */
const sentLang: Record<string, string> = {};

function sendSubscription(code: string, subscription: PushSubscription): void {
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new Error(t('notifyFailed', 'no subscription keys'));
  pushFrame({ type: 'push-subscribe', subscription: { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } }, lang: lang.value });
  localStorage.setItem(key(code), json.endpoint);
  sentLang[code] = lang.value;
}

/** When the player switches language, the room words this device's next notifications in the new one. */
export function watchLanguage(): () => void {
  return effect(() => {
    const l = lang.value;
    const code = room.value?.code;
    if (!code || room.value?.you.seat == null || sentLang[code] === l || !isNotifying(code) || !supported()) return;
    sentLang[code] = l;
    void navigator.serviceWorker
      .getRegistration('/')
      .then((r) => r?.pushManager.getSubscription())
      .then((sub) => sub && sendSubscription(code, sub))
      .catch(() => undefined);
  });
}

/** Stops this room's notifications on this device (the device's subscription stays for its other rooms). */
export function disableNotifications(code: string): void {
  const endpoint = localStorage.getItem(key(code));
  if (endpoint) pushFrame({ type: 'push-unsubscribe', endpoint });
  localStorage.removeItem(key(code));
  notifying.value = { ...notifying.value, [code]: false };
}

function fromB64u(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}
