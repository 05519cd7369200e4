// Tianhei's service worker: shows the room's notifications and opens the room when one is tapped.
// It has no fetch handler and no cache, so it can never show a stale game. The push payload holds
// no text (docs/protocol.md, "Push"): the words come from the strings of the seat's language and the
// time from this device's clock and time zone.

const OWED = { card: 'oweCard', 'night-call': 'oweNight', ballot: 'oweBallot', speech: 'oweSpeech', 'last-words': 'oweLastWords' };

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let payload = null;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    payload = null;
  }
  event.waitUntil(showNotice(payload));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openRoom(event.notification.data));
});

/** The notification for one push payload `{ code, seat, lang, notice }`. */
async function showNotice(payload) {
  if (!payload || typeof payload.code !== 'string' || !payload.notice) return;
  const strings = await fetch(`/strings/${encodeURIComponent(payload.lang)}.json`, { cache: 'no-store' })
    .then((r) => (r.ok ? r.json() : null))
    .catch(() => null);
  const t = (key, ...args) => String((strings && strings.t[key]) || key).replace(/\{(\d)\}/g, (_, i) => String(args[Number(i)] ?? ''));
  const text = wording(payload.notice, t, payload.lang);
  // Without the strings (offline), say at least which room calls.
  const title = strings ? t('pushRoom', payload.code) : `Tianhei · ${payload.code}`;
  await self.registration.showNotification(title, {
    body: strings ? text : '',
    // One notification per room and seat: a newer one replaces the older.
    tag: `${payload.code}-${payload.seat}`,
    renotify: true,
    data: { code: payload.code, seat: payload.seat, url: `/r/${payload.code}` },
  });
}

/** The body: what happened or what this seat owes, and until when. */
function wording(notice, t, lang) {
  const until = notice.until ? ' · ' + t('pushUntil', formatTime(notice.until, lang)) : '';
  switch (notice.kind) {
    case 'start':
      return t('pushStart') + until;
    case 'owe':
      return t(OWED[notice.owes] || 'pushStart') + until;
    case 'reminder':
      return t('pushReminder', t(OWED[notice.owes] || 'pushStart')) + until;
    case 'over':
      return t('pushOver');
    case 'scheduled':
      return t('pushScheduled', formatTime(notice.at, lang));
    case 'start-missed':
      return t('pushStartMissed');
    case 'voice-note':
      return t('pushVoiceNote', notice.name || t('seat', notice.seat), clockLength(notice.ms));
    default:
      return '';
  }
}

/** A voice speech's length as a clock (client/voice-note-length.ts says the same for the page). */
function clockLength(ms) {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function formatTime(ms, lang) {
  try {
    return new Intl.DateTimeFormat(lang, { weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(ms));
  } catch {
    return new Date(ms).toLocaleString();
  }
}

/** Focuses a tab already on the room, or opens the room; the page joins with this device's stored seat. */
async function openRoom(data) {
  if (!data || typeof data.url !== 'string') return;
  const url = new URL(data.url, self.location.origin);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    if (new URL(client.url).pathname === url.pathname && 'focus' in client) return client.focus();
  }
  return self.clients.openWindow(url.href);
}
