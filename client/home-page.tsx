// The home page: create a room (ruleset, options, pace, spectators, your name) or join one by code.
import { useState } from 'preact/hooks';
import { MAX_NAME } from '../worker/protocol.ts';
import { t } from './i18n.ts';
import { createRoom, go } from './state.ts';
import { MoreSettings, RulesetPicker, useRequest, walkOpen, type Settings } from './ui.tsx';
import { MyGames } from './my-games.tsx';

/** Create-or-join screen at `/`. */
export function HomePage() {
  const [s, setS] = useState<Settings>({ ruleset: 'classic', options: {}, pace: { preset: 'live' }, spectators: true, humanJudge: false, table: false, voice: 'off' });
  const [asJudge, setAsJudge] = useState(false);
  const [name, setName] = useState(localStorage.getItem('tianhei.name') ?? '');
  const [code, setCode] = useState('');
  const { busy, err, run } = useRequest();

  function create(e: Event) {
    e.preventDefault();
    // The name in the box now, not as last drawn: a key typed just before Enter may not have been drawn yet.
    const box = (e.currentTarget as HTMLFormElement).elements.namedItem('name');
    const typed = (box instanceof HTMLInputElement ? box.value : name).trim();
    void run(async () => {
      const made = await createRoom({ ruleset: s.ruleset, options: s.options, pace: s.pace, spectators: s.spectators, humanJudge: s.humanJudge, table: s.table, voice: s.voice }, typed, s.humanJudge && asJudge);
      go(`/r/${made}`);
    });
  }

  return (
    <main class="page home-grid">
      <h1 class="hero">
        {t('app')} <small>{t('game')}</small>
      </h1>
      <p class="center how-to-play">
        <button type="button" class="link" onClick={() => (walkOpen.value = s.ruleset)} data-testid="how-to-play">
          {t('howToPlay')}
        </button>
      </p>
      {/* A returning player's rooms first (a vote waiting must not need scrolling); then the name and Create, above the fold, the options folded. */}
      <MyGames />
      <form class="card create" onSubmit={create} data-testid="create-form">
        <h2>{t('createRoom')}</h2>
        <label class="field">
          <span>{t('yourName')}</span>
          <input required dir="auto" name="name" maxLength={MAX_NAME * 2} value={name} autocomplete="nickname" onInput={(e) => setName(e.currentTarget.value)} data-testid="name-input" />
        </label>
        <RulesetPicker s={s} onChange={setS} />
        <details class="more">
          <summary>{t('moreOptions')}</summary>
          <MoreSettings s={s} onChange={setS} />
          {s.humanJudge && (
            <label class="row">
              <span>{t('iAmJudge')}</span>
              <input type="checkbox" checked={asJudge} onChange={(e) => setAsJudge(e.currentTarget.checked)} data-testid="i-am-judge" />
            </label>
          )}
        </details>
        {/* After the options, folded or not: a host who opened them creates from where they are. */}
        {err && <p class="error">{err}</p>}
        <button type="submit" class="primary" disabled={busy || !name.trim()} data-testid="create">
          {t('create')}
        </button>
      </form>
      <form
        class="card join-code"
        onSubmit={(e) => {
          e.preventDefault();
          if (code.trim()) go(`/r/${code.trim().toUpperCase()}`);
        }}
      >
        <h2>{t('joinByCode')}</h2>
        <div class="line">
          <input value={code} onInput={(e) => setCode(e.currentTarget.value)} placeholder={t('code')} aria-label={t('code')} autocapitalize="characters" />
          <button type="submit">{t('join')}</button>
        </div>
      </form>
      <p class="foot">
        <a href="/replay" onClick={(e) => (e.preventDefault(), go('/replay'))} data-testid="replay-link">
          ▶ {t('replayOpen')}
        </a>
      </p>
    </main>
  );
}
