// "My games" on the home page: the rooms this device holds a seat in, each asked for its summary
// with the seat token in a header (never the URL), and what this seat owes there now.
import { useEffect, useState } from 'preact/hooks';
import type { RoomSummary } from '../worker/protocol.ts';
import { t, type Key } from './i18n.ts';
import { OWED_KEYS } from './owed-words.ts';
import { forget, go, stored, type Stored } from './state.ts';
import { Countdown } from './kit.tsx';

interface Line {
  code: string;
  summary: RoomSummary;
}

const PREFIX = 'tianhei.room.';

/** Every room this device joined, with its summary; rooms that are gone (or dropped this seat) are forgotten. */
async function loadMyGames(): Promise<Line[]> {
  const mine: Stored[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    const s = k?.startsWith(PREFIX) ? stored(k.slice(PREFIX.length)) : null;
    if (s) mine.push(s);
  }
  const lines = await Promise.all(
    mine.map(async (s): Promise<Line | null> => {
      const res = await fetch(`/api/rooms/${s.code}`, { headers: { Authorization: `Bearer ${s.token}` } }).catch(() => null);
      if (res && (res.status === 404 || res.status === 410 || res.status === 403)) forget(s.code);
      return res?.ok ? { code: s.code, summary: (await res.json()) as RoomSummary } : null;
    }),
  );
  // What you owe first, then games running, then the rest.
  const rank = (l: Line) => (l.summary.you?.owes ? 0 : l.summary.status === 'playing' ? 1 : 2);
  return lines.filter((l): l is Line => l !== null).sort((a, b) => rank(a) - rank(b) || a.code.localeCompare(b.code));
}

/** The list; nothing at all on a device that has joined no room. */
export function MyGames() {
  const [lines, setLines] = useState<Line[]>([]);
  useEffect(() => void loadMyGames().then(setLines), []);
  if (lines.length === 0) return null;
  return (
    <section class="card" data-testid="my-games">
      <h2>{t('myGames')}</h2>
      <ul class="my-games">
        {lines.map(({ code, summary }) => (
          <li key={code} data-code={code} data-owes={summary.you?.owes ?? ''}>
            <a
              href={`/r/${code}`}
              onClick={(e) => {
                e.preventDefault();
                go(`/r/${code}`);
              }}
            >
              <b>{code}</b> · {t(`rs_${summary.ruleset}` as Key)} · {t(summary.status === 'lobby' ? 'lobby' : summary.status === 'over' ? 'gameOver' : 'gameOn')}
            </a>
            {summary.you?.owes && (
              <span class="owes">
                {t(OWED_KEYS[summary.you.owes])}
                <Countdown endsAt={summary.you.until} />
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
