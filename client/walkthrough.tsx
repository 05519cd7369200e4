// "How to play": one night and one day of a chosen ruleset, a few illustrated steps. A
// chunk of its own (it carries the engine): the steps are read from the ruleset's own data — a game
// dealt by the engine, the ruleset's night calls, last-words rule, day plan, vote and ties, and its
// rule sheet's closing paragraph — so a ruleset's difference lives in worker/engine, never here.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { createGame } from '../worker/engine/index.ts';
import { CATALOG, RULESETS, campOf, roleOfCall } from '../worker/engine/rulesets.ts';
import { RULESET_IDS } from '../worker/engine/catalog.ts';
import type { Role, RulesetId } from '../worker/engine/types.ts';
import { lang, rulesText, t } from './i18n.ts';
import { roleName } from './log-text.ts';
import { CardFace } from './card-art.tsx';
import { RoundTable, type TableSeat } from './round-table.tsx';
import { rulesOpen, walkOpen } from './ui.tsx';

/** One step of the walkthrough: its heading, its picture and what it says. */
export interface WalkStep {
  key: 'deal' | 'night' | 'dawn' | 'day' | 'ballot' | 'win';
  title: string;
  /** Drawn in the night theme. */
  night: boolean;
  lines: string[];
  table?: TableSeat[];
  /** The deal: each kind of card with how many of it. */
  cards?: { role: Role; n: number }[];
}

/** The steps of one night and one day of `id`, at its smallest table, from the engine's own deal and hooks. */
export function walkthroughSteps(id: RulesetId): WalkStep[] {
  const rules = RULESETS[id];
  const made = createGame({ ruleset: id, players: CATALOG[id].minPlayers, seed: 'how-to-play', at: 0 });
  if (!made.ok) throw new Error(made.message);
  const state = made.state;
  const roles = state.roles;
  const two = rules.twoCards === true;

  // The deal, in the rule sheet's order (the unshuffled deck), counted per kind of card.
  const counts = new Map<Role, number>();
  for (const r of CATALOG[id].deck(state.setup.players, state.setup.options)) counts.set(r, (counts.get(r) ?? 0) + 1);

  const calls = rules.nightCalls(state);
  const kills = calls !== 'eyes' && calls.includes('killers');
  const plays = (i: number) => roles[i] !== 'judge';
  const victim = kills ? roles.findIndex((r, i) => plays(i) && campOf(r) === 'good') + 1 : 0;
  const voted = roles.findIndex((r) => r === 'killer') + 1;
  const seatAt = (i: number) => (((i % roles.length) + roles.length) % roles.length) + 1;
  // The speaker: the victim's right hand (the next seat), else seat 1; never the seat out.
  const speaker = victim ? seatAt(victim) : 1;
  const base = (s: number): TableSeat => ({
    seat: s,
    name: '',
    ...(roles[s - 1] === 'judge' ? { judge: true } : {}),
    ...(two ? { cards: [{ down: false }, { down: false }] } : {}),
  });
  const seats = (f: (t: TableSeat) => TableSeat) => roles.map((_, i) => f(base(i + 1)));
  const killer = (s: number) => roles[s - 1] === 'killer';

  const words = victim ? rules.lastWords(state, victim, 'killed') : false;
  const plan = (rules.dayPlan?.(state, victim ? [victim] : []) ?? []).map((p) => p.kind);
  const nextPhase = rules.singleNight ? t('wt_nextDay') : t('wt_nextNight');

  const nightLines =
    calls === 'eyes'
      ? [t('wt_eyes'), t('wt_singleNight')]
      : [t('wt_night'), ...calls.map((c) => `${t(`call_${c}`)} — ${t(`cd_${roleOfCall(c)}`)}`), t('wt_point')];
  const ballotLines = [
    t(rules.dayVote === 'runoff' ? 'wt_runoff' : plan.includes('vote-turn') ? 'wt_defence' : 'wt_sealed'),
    ...(rules.mustVote ? [t('wt_mustVote')] : []),
    ...(rules.voteWeight ? [t('wt_weight')] : []),
    t(rules.ties === 'nobody' ? 'wt_tieNobody' : 'wt_tiePk'),
    ...(rules.revealOnVerdict?.('killer') ? [t('wt_reveal')] : []),
    nextPhase,
  ];
  const win = rulesText(id).split('\n').at(-1) ?? '';

  return [
    {
      key: 'deal',
      title: t('wt_deal_h'),
      night: false,
      lines: [t('wt_deal', state.setup.players), ...(two ? [t('wt_twoCards')] : [])],
      cards: [...counts].map(([role, n]) => ({ role, n })),
    },
    {
      key: 'night',
      title: t('nightFalls'),
      night: true,
      lines: nightLines,
      // The killers see each other and point together at their victim; everyone else sleeps.
      table: seats((s) => (killer(s.seat) && (kills || calls === 'eyes') ? { ...s, role: 'killer', mate: true, ...(victim ? { pointer: victim } : {}) } : s)),
    },
    {
      key: 'dawn',
      title: t('dayBreaks'),
      night: false,
      lines: victim ? [t('wt_dawn'), t(words ? 'wt_lastWords' : 'wt_noLastWords')] : [t('wt_noKill'), t('wt_noLastWords')],
      table: seats((s) => (s.seat === victim ? { ...s, alive: false, active: words, ...(two ? { cards: [{ down: true }, { down: false }] } : {}) } : s)),
    },
    {
      key: 'day',
      title: t('dl_speech'),
      night: false,
      lines: [t(plan.includes('talk') ? 'wt_talk' : plan.includes('vote-turn') ? 'wt_defence' : 'wt_turns'), ...(rules.selfDestruct ? [t('wt_selfDestruct')] : [])],
      table: seats((s) => (s.seat === victim && !two ? { ...s, alive: false } : s.seat === speaker ? { ...s, active: true } : s)),
    },
    {
      key: 'ballot',
      title: t('dl_ballot'),
      night: false,
      lines: ballotLines,
      // Most of the table votes for the killer; the killer votes elsewhere.
      table: seats((s) => {
        if (s.seat === victim && !two) return { ...s, alive: false };
        if (s.judge) return s;
        return { ...s, voted: true, pointer: s.seat === voted ? speaker : voted };
      }),
    },
    {
      key: 'win',
      title: t('wt_win_h'),
      night: false,
      lines: [win],
      // At the end every card is shown.
      table: seats((s) => ({ ...s, role: roles[s.seat - 1], ...(s.seat === voted || s.seat === victim ? { alive: false } : {}) })),
    },
  ];
}

/** The walkthrough sheet: pick a ruleset, step with Back/Next, arrow keys or a swipe; Escape closes. */
export function Walkthrough() {
  const id = walkOpen.value ?? 'classic';
  const [i, setI] = useState(0);
  const steps = useMemo(() => walkthroughSteps(id), [id, lang.value]);
  const box = useRef<HTMLDivElement>(null);
  const touch = useRef<number | null>(null);
  useEffect(() => box.current?.focus(), []);
  const step = steps[Math.min(i, steps.length - 1)]!;
  const last = i >= steps.length - 1;
  const close = () => (walkOpen.value = null);
  const move = (d: number) => setI((n) => Math.max(0, Math.min(steps.length - 1, n + d)));
  return (
    <div class="sheet-bg" onClick={close}>
      <div
        class="sheet walk"
        role="dialog"
        aria-modal="true"
        aria-labelledby="walk-title"
        tabIndex={-1}
        ref={box}
        data-testid="walkthrough"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') close();
          // Arrows step unless a control that uses them (the ruleset list) has the focus.
          else if ((e.key === 'ArrowRight' || e.key === 'ArrowLeft') && !(e.target instanceof HTMLSelectElement)) move(e.key === 'ArrowRight' ? 1 : -1);
        }}
        onTouchStart={(e) => (touch.current = e.touches[0]?.clientX ?? null)}
        onTouchEnd={(e) => {
          const from = touch.current;
          const to = e.changedTouches[0]?.clientX;
          touch.current = null;
          if (from !== null && to !== undefined && Math.abs(to - from) > 50) move(to < from ? 1 : -1);
        }}
      >
        <div class="walk-head">
          <h2 id="walk-title">{t('howToPlay')}</h2>
          <select
            aria-label={t('ruleset')}
            value={id}
            data-testid="walk-ruleset"
            onChange={(e) => {
              walkOpen.value = e.currentTarget.value as RulesetId;
              setI(0);
            }}
          >
            {RULESET_IDS.map((r) => (
              <option value={r}>{t(`rs_${r}`)}</option>
            ))}
          </select>
          {/* A visible way out at every step (Escape and a tap outside are not seen). */}
          <button type="button" class="walk-close" onClick={close} aria-label={t('close')} title={t('close')} data-testid="walk-close">
            ✕
          </button>
        </div>
        <section class={step.night ? 'walk-step dark' : 'walk-step'} data-testid="walk-step" data-step={step.key} aria-live="polite">
          <p class="muted">{t('replayStep', i + 1, steps.length)}</p>
          <h3>{step.title}</h3>
          <Art step={step} ruleset={id} />
          {step.lines.map((l) => (
            <p>{l}</p>
          ))}
        </section>
        <div class="line walk-nav">
          <button type="button" onClick={() => move(-1)} disabled={i === 0} data-testid="walk-back">
            ← {t('replayPrev')}
          </button>
          {last ? (
            <button type="button" class="primary" onClick={close} data-testid="walk-done">
              {t('wt_done')}
            </button>
          ) : (
            <button type="button" class="primary" onClick={() => move(1)} data-testid="walk-next">
              {t('replayNext')} →
            </button>
          )}
        </div>
        <p class="foot">
          <button
            type="button"
            class="link"
            onClick={() => {
              close();
              rulesOpen.value = id;
            }}
          >
            {t('rules')}: {t(`rs_${id}`)}
          </button>
        </p>
      </div>
    </div>
  );
}

/** The step's picture: the deal's cards, or the round table as the step leaves it. */
function Art({ step, ruleset }: { step: WalkStep; ruleset: RulesetId }) {
  if (step.cards) {
    return (
      <ul class="walk-cards">
        {step.cards.map((c) => (
          <li>
            <CardFace role={c.role} ruleset={ruleset} />
            <span>
              {c.n} × {roleName(c.role, ruleset)}
            </span>
          </li>
        ))}
      </ul>
    );
  }
  return step.table ? <RoundTable seats={step.table} /> : null;
}
