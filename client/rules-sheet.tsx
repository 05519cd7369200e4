// The rules sheet: a chunk of its own, loaded the first time someone opens it.
import { RULESET_IDS } from '../worker/engine/catalog.ts';
import { rulesText, t } from './i18n.ts';
import { rulesOpen, walkOpen } from './ui.tsx';

/** The rules sheet: each ruleset's short rules, one tap away on every screen. */
export function RulesSheet() {
  const id = rulesOpen.value;
  if (!id) return null;
  return (
    <div class="sheet-bg" onClick={() => (rulesOpen.value = null)}>
      <div class="sheet" role="dialog" aria-modal="true" aria-label={t(`rs_${id}`)} onClick={(e) => e.stopPropagation()}>
        <div class="tabs">
          {RULESET_IDS.map((r) => (
            <button type="button" class={r === id ? 'on' : ''} onClick={() => (rulesOpen.value = r)}>
              {t(`rs_${r}`)}
            </button>
          ))}
        </div>
        <h2>{t(`rs_${id}`)}</h2>
        {rulesText(id)
          .split('\n')
          .map((p) => (
            <p>{p}</p>
          ))}
        <div class="line sheet-foot">
          <button type="button" onClick={() => (rulesOpen.value = null)}>
            {t('close')}
          </button>
          <button
            type="button"
            onClick={() => {
              rulesOpen.value = null;
              walkOpen.value = id;
            }}
            data-testid="rules-walk"
          >
            {t('howToPlay')}
          </button>
          {/* The full rules are pages of this deploy's own assets, built from docs/rules/ (scripts/rules-pages.ts). */}
          <a class="rules-full" href={`/rules/${id}`} target="_blank" rel="noopener" data-testid="rules-full">
            {t('fullRules')}
          </a>
        </div>
      </div>
    </div>
  );
}
