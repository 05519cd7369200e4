// The round table as an SVG picture: seat 1 at the top, seat i+1 at the right hand of seat i
// (counter-clockwise on screen, as RULES.md section 1 seats players).
import { memo } from 'preact/compat';
import type { Role } from '../worker/engine/types.ts';
import { clockTime, t } from './i18n.ts';
import { BOT_MARK, isolate, roleName } from './log-text.ts';
import { sameSeats } from './story.ts';

export interface TableSeat {
  seat: number;
  name: string;
  host?: boolean;
  /** The room plays this seat: the bot mark, in place of the connection dot. */
  bot?: boolean;
  connected?: boolean;
  alive?: boolean;
  role?: Role;
  mate?: boolean;
  /** This seat's team pointer (a seat number, 0 = nobody). */
  pointer?: number;
  voted?: boolean;
  /** Muted for the day (4.0): may not speak, still votes. */
  muted?: boolean;
  /** Missed the last two steps it owed: shown to the whole table. */
  absent?: boolean;
  /** The room reminded this seat in the current step: drawn for the host. */
  prodded?: boolean;
  /** Its player said they are away until this time: shown to the whole table. */
  away?: number;
  me?: boolean;
  /** Whose turn it is (speaker, last words). */
  active?: boolean;
  selectable?: boolean;
  selected?: boolean;
  /** `dual`: the seat's two cards, laid down or up, each with only what the viewer knows of it. */
  cards?: TableCard[];
  /** `dual`: the big joker's holder, who judges. */
  judge?: boolean;
  /** Heard by live voice now (client/voice-state.ts): its plate carries a level meter. */
  voice?: boolean;
}

/** `dual`: one card at a seat's foot: its face or a label only where the viewer knows that very card. */
export interface TableCard {
  down: boolean;
  role?: Role;
  /** Known to be a killer card (the killers and, rounds 1–2, the undercover). */
  known?: 'killer';
  /** The viewer's own police check of this card. */
  checked?: 'killers' | 'good';
  /** May be aimed at now: a tap aims the viewer's acting card at it. */
  pickable?: boolean;
  /** The card the viewer's acting card aims at. */
  picked?: boolean;
}

const ROLE_FILL: Record<Role, string> = {
  killer: '#c0392b',
  police: '#2e64c9',
  civilian: '#5b6670',
  doctor: '#1a7d4e',
  'secret-police': '#1b2f63',
  butterfly: '#c2408c',
  sniper: '#6a3fa3',
  'old-man': '#8a6a1c',
  judge: '#8a6a00',
  undercover: '#6e1f3a',
};

function place(i: number, n: number, radius: number): [number, number] {
  const a = -Math.PI / 2 - (i * 2 * Math.PI) / n;
  return [Math.cos(a) * radius, Math.sin(a) * radius];
}

/** Where seat i's name plate sits: inside the rim, pushed in by its own half width or height along the seat's direction. */
function platePlace(i: number, n: number, r: number, R: number, pw: number): [number, number] {
  const [ux, uy] = place(i, n, 1);
  return place(i, n, R - r - 8 - Math.abs(ux) * (pw / 2) - Math.abs(uy) * 8);
}

/** A line's width in ems, a little over what the widest common bold sans (DejaVu) draws: Han and Hangul are square, Latin narrower. */
const ems = (text: string) => [...text].reduce((w, c) => w + (/[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/.test(c) ? 1 : 0.68), 0);

/**
 * The centre line (the winner at game over, the night's number) as large as it fits between the name
 * plates on either side: one line at 12–15 px, else two lines balanced at a space (or mid-word for Han
 * and Hangul), down to 8 px. "The killers win" on one line ran into the plates of an eight-seat table.
 */
function centerFit(text: string, n: number, r: number, R: number, pw: number): { lines: string[]; size: number } {
  const plates = Array.from({ length: n }, (_, i) => platePlace(i, n, r, R, pw));
  const felt = R - r - 6;
  // Half the width free between the felt's edge and the plates, for text from `top` to `bottom` (the font's whole box, 0.95 em above the baseline and 0.25 below).
  const room = (top: number, bottom: number) => {
    let half = Math.sqrt(Math.max(0, felt * felt - Math.max(top * top, bottom * bottom))) - 6;
    for (const [x, y] of plates) if (y + 8 > top && y - 7 < bottom) half = Math.min(half, Math.abs(x) - pw / 2 - 3);
    return half;
  };
  for (let size = 15; size >= 12; size--) if (ems(text) * size <= 2 * room(5 - 0.95 * size, 5 + 0.25 * size)) return { lines: [text], size };
  const chars = [...text];
  const cuts = text.includes(' ') ? chars.flatMap((c, i) => (c === ' ' ? [i] : [])) : [Math.ceil(chars.length / 2)];
  const pairs = cuts.map((i) => [chars.slice(0, i).join('').trim(), chars.slice(i).join('').trim()]);
  const [a, b] = pairs.reduce((best, p) => (Math.max(ems(p[0]!), ems(p[1]!)) < Math.max(ems(best[0]!), ems(best[1]!)) ? p : best));
  for (let size = 15; size >= 8; size--) if (Math.max(ems(a!), ems(b!)) * size <= 2 * room(5 - 1.5 * size, 5 + 0.8 * size)) return { lines: [a!, b!], size };
  return { lines: [text], size: 8 };
}

/** Draws the seats around the table; tapping a selectable seat calls onPick, an aimable card (`dual`) onPickCard. */
export function RoundTable({ seats, center, onPick, onPickCard }: { seats: TableSeat[]; center?: string; onPick?: (seat: number) => void; onPickCard?: (seat: number, card: 0 | 1) => void }) {
  const n = Math.max(seats.length, 1);
  const r = n <= 8 ? 25 : n <= 12 ? 21 : 17;
  const R = 172 - r;
  const pos = new Map(seats.map((s, i) => [s.seat, place(i, n, R)]));
  // Plates narrow on a crowded table, so neighbours' names do not overlap; their names are set smaller
  // rather than cut shorter ("Olivia", not "Oliv…").
  const pw = n <= 10 ? 54 : 42;
  const chars = 7;
  // The speaker's halo, over the table (see style.css): placed in the table's own units, as a share of its box.
  const active = seats.findIndex((s) => s.active);
  const [hx, hy] = active >= 0 ? place(active, n, R) : [0, 0];
  const pct = (v: number) => `${((v + 180) / 3.6).toFixed(2)}%`;
  const fit = center ? centerFit(center, n, r, R, pw) : null;
  return (
    <div class="table-wrap">
      {/* The picture is for the eyes; a screen reader walks the list of seats below it, which says the same. */}
      <svg class="table" viewBox="-180 -180 360 360" aria-hidden="true">
        <defs>
          <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
            <path d="M0 0L10 5L0 10z" fill="#e67e22" />
          </marker>
          {/* The back of a card: a seat that is out shows its card turned over. */}
          <pattern id="card-back" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="6" height="6" fill="#7a1d1d" />
            <rect width="3" height="6" fill="#8f2727" />
          </pattern>
        </defs>
        <circle r={R - r - 6} class="felt" />
        {fit && (
          <text class="center" y={fit.lines.length > 1 ? 5 - 0.55 * fit.size : 5} style={fit.size !== 15 ? { fontSize: `${fit.size}px` } : undefined}>
            {fit.lines.length > 1 ? fit.lines.map((line, k) => (
              <tspan x="0" dy={k ? 1.1 * fit.size : 0}>
                {line}
              </tspan>
            )) : center}
          </text>
        )}
        {seats.map((s) => {
          if (!s.pointer) return null;
          const [x1, y1] = pos.get(s.seat)!;
          const to = pos.get(s.pointer);
          if (!to) return null;
          const [x2, y2] = to;
          const d = Math.hypot(x2 - x1, y2 - y1) || 1;
          const k = (r + 3) / d;
          return <line class="pointer" x1={x1 + (x2 - x1) * k} y1={y1 + (y2 - y1) * k} x2={x2 - (x2 - x1) * k} y2={y2 - (y2 - y1) * k} marker-end="url(#arrow)" />;
        })}
        {seats.map((s, i) => (
          <Seat key={s.seat} s={s} i={i} n={n} r={r} R={R} pw={pw} chars={chars} onPick={onPick} onPickCard={onPickCard} />
        ))}
      </svg>
      <SeatList seats={seats} />
      {/* Keyed by the seat: the pulse starts again for each new speaker. */}
      {active >= 0 && <i key={seats[active]!.seat} class="halo" aria-hidden="true" data-seat={seats[active]!.seat} style={{ left: pct(hx), top: pct(hy), width: `${((2 * (r + 6.5)) / 3.6).toFixed(2)}%` }} />}
    </div>
  );
}

/** One seat in words, as the picture shows it: number, name, alive or out, speaking, teammate, who of the team points at it, voted. */
export function seatWords(s: TableSeat, seats: readonly TableSeat[]): string {
  const pointers = seats.filter((x) => x.pointer === s.seat).map((x) => t('seat', x.seat));
  return [
    `${t('seat', s.seat)} ${s.name}`,
    s.me && t('you'),
    s.bot && t('bot'),
    s.host && t('host'),
    s.judge && t('judge'),
    s.role && roleName(s.role),
    s.alive === false && !s.judge ? t('sl_out') : s.alive && t('sl_alive'),
    s.active && t('sl_speaking'),
    s.voice && t('vc_seatHeard'),
    s.mate && t('mate'),
    pointers.length > 0 && t('sl_pointedBy', pointers.join(t('listSep'))),
    s.selected && t('sl_selected'),
    s.voted && t('sl_voted'),
    s.muted && t('sl_muted'),
    s.absent && t('absent'),
    s.away && t('awayBadge', clockTime(s.away)),
    s.connected === false && !s.bot && t('sl_offline'),
  ]
    .filter(Boolean)
    .join(t('listSep'));
}

/** The table for a screen reader: one item a seat, in seat order (the picture is hidden from it). */
function SeatList({ seats }: { seats: TableSeat[] }) {
  return (
    <ul class="sr-only" aria-label={t('seatList')} data-testid="seat-list">
      {seats.map((s) => (
        <li key={s.seat} data-seat={s.seat}>
          {seatWords(s, seats)}
        </li>
      ))}
    </ul>
  );
}

/** A name as its plate holds it: at most `chars` characters and, set small (8.5 px), `width` wide; else cut with "…". */
function plateName(name: string, chars: number, width: number): string {
  const all = [...name];
  const fits = (c: string[]) => c.length <= chars && ems(c.join('')) * 8.5 <= width;
  if (fits(all)) return name;
  const cut = all.slice(0, chars - 1);
  while (cut.length > 1 && !fits([...cut, '…'])) cut.pop();
  return cut.join('') + '…';
}

interface SeatProps {
  s: TableSeat;
  i: number;
  n: number;
  r: number;
  R: number;
  pw: number;
  chars: number;
  onPick?: ((seat: number) => void) | undefined;
  onPickCard?: ((seat: number, card: 0 | 1) => void) | undefined;
}

/**
 * One seat at the table. Redrawn only when its own look changes: a ballot's frame marks one voter,
 * and only that seat's nodes change (the other fifteen are not even compared node by node).
 */
const Seat = memo(
  function Seat({ s, i, n, r, R, pw, chars, onPick, onPickCard }: SeatProps) {
    const [x, y] = place(i, n, R);
    const [nx, ny] = platePlace(i, n, r, R, pw);
    const out = s.alive === false && !s.judge;
    // Two cards at the foot of the seat; a card laid down lies sideways ([004]: turned horizontally).
    const cy = y + r * 0.78;
    const w = r * 0.5;
    const h = r * 0.72;
    const cls = ['seat', out && 'out', s.judge && 'judge', s.me && 'me', s.active && 'active', s.selectable && 'pick', s.selected && 'sel', s.mate && 'mate', s.voice && 'voice'].filter(Boolean).join(' ');
    return (
      <g class={cls} onClick={s.selectable && onPick ? () => onPick(s.seat) : undefined} role={s.selectable ? 'button' : undefined} aria-label={`${t('seat', s.seat)} ${s.name}${s.bot ? ` (${t('bot')})` : ''}${s.absent ? ` (${t('absent')})` : ''}${s.away ? ` (${t('awayBadge', clockTime(s.away))})` : ''}`} data-seat={s.seat} data-absent={s.absent ? 'true' : undefined} data-bot={s.bot ? 'true' : undefined}>
        <circle cx={x} cy={y} r={r} class={s.role ? 'role' : undefined} style={s.role ? { fill: ROLE_FILL[s.role] } : undefined} />
        <text x={x} y={y + 6} class="num">
          {s.seat}
        </text>
        {out && s.role && <path class="cross" d={`M${x - r * 0.6} ${y - r * 0.6}L${x + r * 0.6} ${y + r * 0.6}M${x + r * 0.6} ${y - r * 0.6}L${x - r * 0.6} ${y + r * 0.6}`} />}
        {s.bot ? (
          <text x={x + r * 0.72} y={y - r * 0.45} class="badge bot">
            <title>{t('bot')}</title>
            {BOT_MARK}
          </text>
        ) : (
          s.connected !== undefined && <circle class={s.connected ? 'dot on' : 'dot'} cx={x + r * 0.72} cy={y - r * 0.72} r="4.5" />
        )}
        {s.host && (
          <text x={x - r * 0.75} y={y - r * 0.5} class="badge">
            ★
          </text>
        )}
        {s.muted && <circle class="mute" cx={x - r * 0.8} cy={y + r * 0.8} r="7" />}
        {s.muted && <path class="mute" d={`M${x - r * 0.8 - 5} ${y + r * 0.8 - 5}L${x - r * 0.8 + 5} ${y + r * 0.8 + 5}`} />}
        {s.absent && (
          <text x={x - 8} y={y - r - 2} class="badge absent">
            <title>{t('absent')}</title>
            💤
          </text>
        )}
        {s.prodded && (
          <text x={x + 8} y={y - r - 2} class="badge prodded" data-prodded="true">
            <title>{t('autoProdded')}</title>
            🔔
          </text>
        )}
        {s.away && (
          <text x={x - r * 0.8} y={y + r * 0.95} class="badge away" data-away={s.away}>
            <title>{t('awayBadge', clockTime(s.away))}</title>
            🏖
          </text>
        )}
        {s.voted && (
          <text x={x + r * 0.8} y={y + r * 0.95} class="badge ok">
            ✓
          </text>
        )}
        {s.cards?.map((c, k) => {
          const [cw, ch] = c.down ? [h, w] : [w, h];
          const fill = c.role ? ROLE_FILL[c.role] : c.known ? ROLE_FILL.killer : undefined;
          const cls = ['card', c.down && 'down', c.picked && 'picked'].filter(Boolean).join(' ');
          const cx = x + (k ? 1 : -1 - cw);
          return (
            <>
              <rect class={cls} x={cx} y={cy - ch / 2} width={cw} height={ch} rx="2" style={fill ? { fill } : undefined} data-card={k} data-down={String(c.down)} data-role={c.role} data-known={c.known} data-checked={c.checked} />
              {c.checked && (
                <text x={cx + cw / 2} y={cy + 3} class="card-mark">
                  {c.checked === 'killers' ? '✗' : '✓'}
                </text>
              )}
              {/* The tap area is much larger than the card: that half of the seat and the card below it, for a finger on a 390-px phone. */}
              {c.pickable && onPickCard && (
                <rect class="card-hit" x={k ? x : x - r * 1.15} y={y - r} width={r * 1.15} height={r * 1.2 + h} onClick={(ev) => (ev.stopPropagation(), onPickCard(s.seat, k as 0 | 1))} role="button" aria-label={t('cardAt', t('seat', s.seat), t(k ? 'right' : 'left'))} data-testid="table-card" data-seat={s.seat} data-card={k} />
              )}
            </>
          );
        })}
        {s.judge && (
          <text x={x + r * 0.75} y={y - r * 0.5} class="badge">
            ⚖
          </text>
        )}
        {s.name && <rect class="plate" x={nx - pw / 2} y={ny - 7} width={pw} height="15" rx="7.5" />}
        {/* Live voice: the level of this seat's voice, drawn by client/voice-meter.ts. */}
        {s.voice && <rect class="voice-meter" data-voice-level={s.seat} x={nx - pw / 2 + 6} y={ny + 4.5} width={pw - 12} height="2.5" rx="1.25" />}
        <text x={nx} y={ny + 4} class={pw < 54 ? 'name tight' : 'name'}>
          {isolate(plateName(s.name, chars, pw < 54 ? pw - 4 : Infinity))}
        </text>
      </g>
    );
  },
  (a, b) => a.i === b.i && a.n === b.n && a.r === b.r && a.R === b.R && a.pw === b.pw && a.chars === b.chars && a.onPick === b.onPick && a.onPickCard === b.onPickCard && sameSeats([a.s], [b.s]),
);
