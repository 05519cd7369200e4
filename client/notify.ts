// Notifications on this device: Web Push when the player asks for it ("notify me", once per device
// and room), and without any permission the tab title and the favicon's dot show what this seat owes.
import { effect, signal } from '@preact/signals';
import type { PushConfig } from '../worker/protocol.ts';
import { owedStep, type OwedKind } from '../worker/room/owed.ts';
import { lang, t, type Key } from './i18n.ts';
import { pushFrame, room, view } from './state.ts';

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

// ------------------------------------------------------------------ without permission: title and favicon

let plainIcon: string | null | undefined;
/** The latest favicon change wins over a slower earlier one still drawing. */
let drawing = 0;

/** Keeps the tab title and the favicon saying what this seat owes now ("(1) Your vote — Tianhei"). */
export function watchOwed(): () => void {
  // Redrawn only when the dot comes or goes: a busy ballot brings a frame per vote, and each redraw
  // decodes, draws and encodes a PNG on the phone's main thread.
  let dotted: boolean | undefined;
  return effect(() => {
    const v = view.value;
    const owed = v ? owedStep(v) : null;
    const title = owed ? `(1) ${t(OWED_KEYS[owed.kind])} — ${t('app')}` : t('app');
    if (document.title !== title) document.title = title;
    if (dotted !== !!owed) void markFavicon((dotted = !!owed));
  });
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
