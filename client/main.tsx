// Entry point: a two-page app (home and room), routed on location.pathname.
import { options, render } from 'preact';
import { lang, setLang, t } from './i18n.ts';
import { HomePage } from './home-page.tsx';
import { later } from './lazy.ts';
import { loadPushConfig } from './push-key.ts';
import { followTheme, nightOf, themeRoot } from './theme.ts';
import { computed } from '@preact/signals';
import { path, phase, room } from './state.ts';
import { ErrorBar, Header, rulesOpen, walkOpen } from './ui.tsx';
import { LazyReplay } from './replay-loader.tsx';
import './style.css';

// The room (lobby and game) and the rules sheet are their own chunks: the home page does not carry them.
const RoomPage = later(() => import('./room-page.tsx').then((m) => m.RoomPage), () => <main class="page"><p class="wait">{t('connecting')}</p></main>);
const RulesSheet = later(() => import('./rules-sheet.tsx').then((m) => m.RulesSheet));
// "How to play" carries the engine (it reads each ruleset's own hooks): a chunk of its own too.
const Walkthrough = later(() => import('./walkthrough.tsx').then((m) => m.Walkthrough));

// Draw at most once a frame: a burst of frames (15 ballots within 50 ms) updates the signals as it
// arrives and the screen once, instead of redrawing for each frame on a slow phone.
options.debounceRendering = (flush) => requestAnimationFrame(flush);

const roomCode = computed(() => /^\/r\/([A-Za-z0-9-]+)\/?$/.exec(path.value)?.[1]?.toUpperCase());
// The theme's class is kept by theme.ts, not by this render: dusk and dawn fade the page out and in.
followTheme(nightOf(phase, computed(() => !!roomCode.value)));

function App() {
  const code = roomCode.value;
  return (
    <div class="app" ref={themeRoot}>
      <Header code={code} ruleset={room.value?.ruleset} />
      <ErrorBar />
      {code ? <RoomPage key={code} code={code} /> : path.value === '/replay' ? <main class="page"><LazyReplay /></main> : <HomePage />}
      {rulesOpen.value && <RulesSheet />}
      {/* Not keyed by the ruleset: choosing another in its list redraws the sheet in place, so the
          focus stays where the player put it (a remount would drop it for a frame). */}
      {walkOpen.value && <Walkthrough />}
    </div>
  );
}

// Strings arrive as JSON for the chosen language; draw once they are here.
setLang(lang.value, false).then(
  () => {
    render(<App />, document.getElementById('app')!);
    void loadPushConfig();
  },
  () => (document.getElementById('app')!.textContent = 'Network error — reload the page.'),
);
