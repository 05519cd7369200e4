// Card faces drawn in SVG, one emblem per role; `dual` deals playing cards, so its faces carry the
// card's rank and suit (RULES.md 8: big joker = judge, small joker = butterfly, J killer, Q doctor,
// K police, A secret police, 7♠ undercover, number cards civilians). A chunk of its own: only a
// player turning their card up loads it. The card explains itself: role, camp, what you do, how you win.
import type { JSX } from 'preact';
import type { Role, RulesetId } from '../worker/engine/types.ts';
import { t } from './i18n.ts';
import { roleName } from './log-text.ts';

const INK: Record<Role, string> = {
  killer: '#b0281c',
  police: '#2a5cb8',
  civilian: '#5b6670',
  doctor: '#1a7d4e',
  'secret-police': '#1b2f63',
  butterfly: '#b03a7f',
  sniper: '#6a3fa3',
  'old-man': '#7a5d16',
  judge: '#8a6a00',
  undercover: '#6e1f3a',
};

// RULES.md glossary: the killer camp is the killers and the undercover; the judge has none.
const CAMP: Record<Role, 'killers' | 'good' | 'judge'> = {
  killer: 'killers',
  undercover: 'killers',
  judge: 'judge',
  police: 'good',
  civilian: 'good',
  doctor: 'good',
  'secret-police': 'good',
  butterfly: 'good',
  sniper: 'good',
  'old-man': 'good',
};

/** Each role's emblem, drawn in a 60×60 box centred on 0,0. */
const EMBLEM: Record<Role, JSX.Element> = {
  killer: (
    <g>
      <path d="M-4 -26 L4 -26 L5 8 L-5 8 Z" />
      <rect x="-14" y="8" width="28" height="5" rx="2" />
      <rect x="-3.5" y="13" width="7" height="14" rx="2" />
    </g>
  ),
  police: <path d="M0 -26 L7 -9 L25 -8 L11 4 L16 22 L0 12 L-16 22 L-11 4 L-25 -8 L-7 -9 Z" />,
  civilian: (
    <g>
      <circle cy="-12" r="10" />
      <path d="M-20 24 C-20 6 -10 1 0 1 C10 1 20 6 20 24 Z" />
    </g>
  ),
  doctor: <path d="M-7 -24 H7 V-7 H24 V7 H7 V24 H-7 V7 H-24 V-7 H-7 Z" />,
  'secret-police': (
    <g>
      <circle r="25" fill="none" stroke-width="4" />
      <path d="M0 -17 L5 -6 L17 -5 L8 3 L11 15 L0 8 L-11 15 L-8 3 L-17 -5 L-5 -6 Z" />
    </g>
  ),
  butterfly: (
    <g>
      <ellipse cx="-12" cy="-9" rx="12" ry="14" transform="rotate(-25 -12 -9)" />
      <ellipse cx="12" cy="-9" rx="12" ry="14" transform="rotate(25 12 -9)" />
      <ellipse cx="-9" cy="13" rx="8" ry="10" transform="rotate(20 -9 13)" />
      <ellipse cx="9" cy="13" rx="8" ry="10" transform="rotate(-20 9 13)" />
      <rect x="-2" y="-16" width="4" height="34" rx="2" fill="#1f2328" />
    </g>
  ),
  sniper: (
    <g fill="none" stroke-width="4">
      <circle r="18" />
      <circle r="4" />
      <path d="M0 -28 V-10 M0 10 V28 M-28 0 H-10 M10 0 H28" />
    </g>
  ),
  'old-man': (
    <g>
      <path d="M0 -28 L14 -8 H7 L18 8 H9 L20 22 H-20 L-9 8 H-18 L-7 -8 H-14 Z" />
      <rect x="-3" y="22" width="6" height="7" />
    </g>
  ),
  undercover: (
    <g>
      <path d="M-27 -6 C-18 -14 -6 -12 0 -6 C6 -12 18 -14 27 -6 C27 8 16 14 7 8 C4 6 2 4 0 4 C-2 4 -4 6 -7 8 C-16 14 -27 8 -27 -6 Z" />
      <ellipse cx="-12" cy="-2" rx="5" ry="3.5" fill="#fdfaf3" />
      <ellipse cx="12" cy="-2" rx="5" ry="3.5" fill="#fdfaf3" />
    </g>
  ),
  judge: (
    <g fill="none" stroke-width="3.5">
      <path d="M0 -24 V22 M-14 22 H14 M-22 -14 H22" />
      <path d="M-22 -14 L-28 4 H-16 Z M22 -14 L16 4 H28 Z" />
    </g>
  ),
};

// `dual`'s playing cards: the rank in the corners (a civilian's number is not in the view: a plain ♣).
const RANK: Partial<Record<Role, string>> = { killer: 'J', doctor: 'Q', police: 'K', 'secret-police': 'A', undercover: '7♠', butterfly: '🃏', judge: '🃏' };
const SUIT: Partial<Record<Role, string>> = { killer: '♠', doctor: '♥', police: '♦', 'secret-police': '♣', undercover: '♠', civilian: '♣' };

/** A role's card face alone, as an SVG; `dual` shows the playing card it is. */
export function CardFace({ role, ruleset }: { role: Role; ruleset: RulesetId }) {
  const ink = INK[role];
  const playing = ruleset === 'dual';
  const corner = playing ? (RANK[role] ?? SUIT[role] ?? '') : '';
  return (
    <svg viewBox="0 0 100 140" role="img" aria-label={roleName(role, ruleset)}>
      <rect x="2" y="2" width="96" height="136" rx="9" fill="#fdfaf3" stroke={ink} stroke-width="3" />
      <rect x="8" y="8" width="84" height="124" rx="6" fill="none" stroke={ink} stroke-width="1" stroke-dasharray="3 2" />
      {corner && (
        <>
          <text x="12" y="24" class="corner" fill={ink}>
            {corner}
          </text>
          <text x="88" y="128" class="corner" fill={ink} transform="rotate(180 88 122)">
            {corner}
          </text>
        </>
      )}
      <g transform="translate(50 62) scale(1.05)" fill={ink} stroke={ink}>
        {EMBLEM[role]}
      </g>
      {role === 'judge' && playing && (
        <text x="50" y="118" class="joker" fill={ink}>
          JOKER
        </text>
      )}
    </svg>
  );
}

/** A role's card face with its explanation: role, camp, what you do, how you win. */
export function CardArt({ role, ruleset, down }: { role: Role; ruleset: RulesetId; down?: boolean }) {
  const camp = CAMP[role];
  return (
    <figure class={`card-art${down ? ' down' : ''}`} data-testid="card-art" data-role={role}>
      <CardFace role={role} ruleset={ruleset} />
      <figcaption>
        <b>{roleName(role, ruleset)}</b>
        <span class={`camp ${camp}`}>{camp === 'judge' ? t('judge') : t(camp === 'killers' ? 'campKillers' : 'campGood')}</span>
        <span>{t(`cd_${role}`)}</span>
        <span>{t(`cw_${camp}`)}</span>
      </figcaption>
    </figure>
  );
}

/** Every card the viewer holds, face up (one, or `dual`'s two). */
export function CardFaces({ cards, ruleset }: { cards: { role: Role; down?: boolean }[]; ruleset: RulesetId }) {
  return (
    <div class="card-faces">
      {cards.map((c) => (
        <CardArt role={c.role} ruleset={ruleset} down={c.down} />
      ))}
    </div>
  );
}
