// A team's own corner: its chat, the police's checks and what the viewer's night calls told them
// tonight. Read onward as the log grows, so a late game's long log is not read again at nightfall.
import type { LogEntry, View } from '../worker/engine/types.ts';
import { gameMemo, readOnward, type Reading, type Readings } from '../worker/engine/log-reading.ts';
import { t } from './i18n.ts';
import { act } from './socket.ts';
import { entryText } from './log-text.ts';
import { SpentNote, TextBox } from './speech-box.tsx';
import { legal } from './step-view.ts';

// What the viewer's own night calls told them (and the judge's record, for a god view).
const SEEN = new Set(['eyes-seen', 'kill-chosen', 'chosen', 'empty-needle', 'night-effects', 'night-cards', 'void-card']);

type CheckedEntry = LogEntry & { event: { type: 'checked' } };

/** The team chat and checks of a viewer's log: new lists only when an entry of theirs comes. */
interface TeamReading extends Reading<LogEntry> {
  chat: LogEntry[];
  checks: CheckedEntry[];
}

// Read onward as the log grows (the engine's log readings): the panel that opens at nightfall reads only
// the entries since it last did, not a late game's whole log while the phone draws the night.
const teamReadings: Readings<TeamReading> = gameMemo();

function readTeam(r: TeamReading, e: LogEntry): void {
  if (e.event.type === 'team-chat') r.chat = [...r.chat, e];
  else if (e.event.type === 'checked') r.checks = [...r.checks, e as CheckedEntry];
}

/**
 * Whether the viewer, at its team's call, has posted tonight and is offered no more lines: its lines for
 * the call are spent (docs/rules-decisions.md O22). Tonight's entries are the log's tail.
 */
export function chatSpent(v: View): boolean {
  if (v.step.kind !== 'call' || !v.me || legal(v, 'team-chat')) return false;
  for (let i = v.log.length - 1; i >= 0 && v.log[i]!.round === v.round; i--) {
    const e = v.log[i]!.event;
    if (e.type === 'team-chat' && e.seat === v.me.seat) return true;
  }
  return false;
}

/** Keeps a chat scrolled to its newest line (the box holds a few; the latest is what a teammate just said). */
function lastLine(ul: HTMLUListElement | null): void {
  if (ul) ul.scrollTop = ul.scrollHeight;
}

/** The team's chat and checks; `atCall` while the team points (beside the pointers, compact). */
export function TeamPanel({ v, atCall = false }: { v: View; atCall?: boolean }) {
  const { chat, checks } = readOnward(teamReadings, v.log, 0, () => ({ read: 0, last: undefined, chat: [], checks: [] }), readTeam);
  // Only tonight's: a result from an earlier night must not pass for this one (the checks keep the
  // history). The log is in time order: tonight's entries are its tail.
  const seen: LogEntry[] = [];
  for (let i = v.log.length - 1; i >= 0 && v.log[i]!.round === v.round; i--) if (SEEN.has(v.log[i]!.event.type)) seen.unshift(v.log[i]!);
  const chatLegal = legal(v, 'team-chat');
  const canChat = !!chatLegal;
  if (!canChat && !chat.length && !checks.length && !seen.length) return null;
  return (
    <div class={atCall ? 'card team at-call' : 'card team'} data-testid="team-panel">
      {checks.length > 0 && (
        <>
          <h3>{t('checks')}</h3>
          <ul>
            {checks.map((e) => (
              <li key={e.seq}>{entryText(e)}</li>
            ))}
          </ul>
        </>
      )}
      {seen.length > 0 && <h3>{t('yourNight')}</h3>}
      {seen.map((e) => (
        <p key={e.seq}>{entryText(e, v.ruleset)}</p>
      ))}
      {(canChat || chat.length > 0) && (
        <>
          <h3>{t('teamChat')}</h3>
          <ul class="chat" tabIndex={0} aria-label={t('teamChat')} ref={(ul) => lastLine(ul)}>
            {chat.map((e) => (
              <li key={e.seq}>{entryText(e)}</li>
            ))}
          </ul>
          {chatLegal ? (
            <TextBox placeholder={t('sayPh')} messages={chatLegal.messages} maxLength={chatLegal.left} onSend={(text) => act({ type: 'team-chat', text })} />
          ) : (
            chatSpent(v) && <SpentNote words="chatAll" />
          )}
        </>
      )}
    </div>
  );
}
