// The box a player types a message in, and the speech box: the same box with the claim composer
// beside it, so a speech can carry a structured claim (client/claim-composer.tsx).
import { useState } from 'preact/hooks';
import type { View } from '../worker/engine/types.ts';
import { t } from './i18n.ts';
import { act } from './socket.ts';
import { ClaimComposer, EMPTY_DRAFT, claimOf, type ClaimDraft } from './claim-composer.tsx';
import { claimLine } from './said-words.tsx';
import { VoiceNoteButton, voiceNotesHere } from './voice-note-button.tsx';
import { legal } from './step-view.ts';

/** Below this many messages left, the box says how many (docs/rules-decisions.md O22). */
const FEW_LEFT = 3;

/** The note that takes a message box's place once the player has posted all a step allows. */
export function SpentNote({ words }: { words: 'saidAll' | 'talkAll' | 'chatAll' }) {
  return (
    <p class="note" data-testid="spent" role="status">
      {t(words)}
    </p>
  );
}

/**
 * A message box; `maxLength` is what the speech may still hold (500 unless said); `canBeEmpty`: send
 * without words; `messages`: how many more the step allows (said when few are left).
 */
export function TextBox({ placeholder, onSend, maxLength = 500, canBeEmpty = false, messages }: { placeholder: string; onSend: (text: string) => void; maxLength?: number; canBeEmpty?: boolean; messages?: number }) {
  const [text, setText] = useState('');
  const few = messages !== undefined && messages <= FEW_LEFT;
  return (
    <>
      <form
        class="line"
        onSubmit={(e) => {
          e.preventDefault();
          // The box's value now, not the last drawn state: a key typed just before Enter may not have been drawn yet.
          const now = (e.currentTarget.elements.namedItem('text') as HTMLTextAreaElement | null)?.value ?? text;
          if (now.trim() || canBeEmpty) {
            onSend(now.trim());
            setText('');
          }
        }}
      >
        <textarea name="text" rows={2} maxLength={maxLength} value={text} placeholder={placeholder} onInput={(e) => setText(e.currentTarget.value)} aria-describedby={few ? 'msgs-left' : undefined} />
        <button type="submit" disabled={!text.trim() && !canBeEmpty}>
          {t('send')}
        </button>
      </form>
      {few && (
        <p class="muted" id="msgs-left" data-testid="msgs-left">
          {t('msgsLeft', messages)}
        </p>
      )}
    </>
  );
}

/**
 * A speech: words, a claim, or both. A claim sent without words says the claim itself (in the
 * speaker's language), as a bot's speech does; the claim goes with the speech as data for every reader.
 */
export function SpeechBox({ v, placeholder, maxLength }: { v: View; placeholder: string; maxLength?: number }) {
  const [draft, setDraft] = useState<ClaimDraft | null>(null);
  const claim = draft ? claimOf(draft, v) : null;
  const say = legal(v, 'say');
  return (
    <div class="speech-box">
      <TextBox
        placeholder={placeholder}
        maxLength={maxLength ?? say?.left}
        messages={say?.messages}
        canBeEmpty={!!claim}
        onSend={(text) => {
          if (act({ type: 'say', text: text || (claim ? claimLine(claim) : ''), ...(claim ? { claim } : {}) })) setDraft(null);
        }}
      />
      {draft ? (
        <ClaimComposer v={v} draft={draft} onChange={(update) => setDraft((d) => d && update(d))} />
      ) : (
        <div class="speech-tools">
          <button type="button" class="link" onClick={() => setDraft(EMPTY_DRAFT)} data-testid="claim-open">
            + {t('claimOpen')}
          </button>
          {voiceNotesHere() && <VoiceNoteButton />}
        </div>
      )}
    </div>
  );
}
