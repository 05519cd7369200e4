// The host's room webhook (docs/rules-decisions.md O16): a Discord- or Slack-compatible
// URL where the room posts its public announcements in the host's language. The room never sends
// the URL back, only its host name, so the field starts empty each time.
import { useState } from 'preact/hooks';
import type { RoomView } from '../worker/protocol.ts';
import { LANG_NAMES, LANGS, lang, t } from './i18n.ts';
import { hostMove } from './socket.ts';

/** The webhook card: where the room posts now, a field for a new URL, and remove. */
export function WebhookSetting({ r }: { r: RoomView }) {
  const [url, setUrl] = useState('');
  const hook = r.webhook;
  return (
    <details class="card webhook" data-testid="webhook">
      <summary>{t('webhook')}</summary>
      <p data-testid="webhook-state">{hook ? t('webhookOn', hook.host, LANG_NAMES[LANGS.indexOf(hook.lang)]!) : t('webhookOff')}</p>
      <p class="muted">{t('webhookNote')}</p>
      <div class="line">
        <input type="url" inputMode="url" placeholder="https://discord.com/api/webhooks/…" value={url} onInput={(e) => setUrl(e.currentTarget.value)} data-testid="webhook-url" />
      </div>
      <div class="line">
        <button type="button" class="primary" disabled={!url.startsWith('https://')} onClick={() => hostMove({ type: 'webhook', url: url.trim(), lang: lang.value }) && setUrl('')} data-testid="webhook-save">
          {t('save')}
        </button>
        {hook && (
          <button type="button" onClick={() => hostMove({ type: 'webhook', url: null, lang: lang.value })} data-testid="webhook-remove">
            {t('webhookRemove')}
          </button>
        )}
      </div>
    </details>
  );
}
