// "Notify me": asks for this device's notifications for its seat in this room, once per device.
import { t } from './i18n.ts';
import { disableNotifications, enableNotifications, isNotifying } from './notify.ts';
import { pushKey } from './push-key.ts';
import { useRequest } from './ui.tsx';

/** Shown only when the deploy has push keys and this browser can take pushes. */
export function NotifyMe({ code }: { code: string }) {
  const { busy, err, run } = useRequest();
  if (!pushKey.value) return null;
  const on = isNotifying(code);
  return (
    <p class="foot notify" data-testid="notify">
      {on ? (
        <>
          <span data-testid="notify-on">{t('notifyOn')}</span>{' '}
          <button type="button" class="link" onClick={() => disableNotifications(code)} data-testid="notify-stop">
            {t('notifyStop')}
          </button>
        </>
      ) : (
        <button type="button" disabled={busy} onClick={() => void run(() => enableNotifications(code))} data-testid="notify-me">
          {t('notifyMe')}
        </button>
      )}
      {err && <span class="error">{err}</span>}
    </p>
  );
}
