// Loads the replay viewer on demand: it carries the rules engine, which the first screen never needs.
import { useEffect, useState } from 'preact/hooks';
import type { ReplayViewer as Viewer } from './replay-viewer.tsx';
import { t } from './i18n.ts';

/** The replay viewer once its chunk has arrived; `code` replays that room's finished game. */
export function LazyReplay({ code }: { code?: string }) {
  const [Comp, setComp] = useState<typeof Viewer | null>(null);
  const [err, setErr] = useState('');
  useEffect(() => {
    import('./replay-viewer.tsx').then(
      (m) => setComp(() => m.ReplayViewer),
      (e: Error) => setErr(e.message),
    );
  }, []);
  if (err) return <p class="error">{t('err_net')}</p>;
  return Comp ? <Comp code={code} /> : <p class="muted">{t('replayLoading')}</p>;
}
