// The room webhook's words (worker/room/webhook.ts): "The room posts public announcements
// only (game start, dawn results, verdicts, game over) … in the room's language." Each line is read
// from the spectator's view, so a change that is a team's secret posts nothing.
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../worker/engine/index.ts';
import { announcement, webhookRefusal } from '../../worker/room/webhook.ts';
import { Table, voteOut } from './table.ts';

const NAMES = new Map([1, 2, 3, 4, 5, 6, 7, 8].map((s) => [s, `P${s}`]));
const post = (prev: GameState, next: GameState, lang: 'en' | 'es' = 'en') => announcement(prev, next, lang, 'ROOM', NAMES)?.replace(/[\u2068\u2069]/g, '');

describe('what the room webhook posts', () => {
  it('posts nothing for a killer’s pointer or a police check; the dawn, the verdict and the end as the table reads them', () => {
    const t = new Table('classic', 'KKPPCCCC');
    t.readCards();
    let prev = t.state;
    t.act(1, { type: 'point', target: 5 });
    expect(post(prev, t.state)).toBeUndefined();
    t.act(2, { type: 'point', target: 5 });
    // The killers' call closed, the police's opened: nothing public to announce.
    expect(post(prev, t.state)).toBeUndefined();
    prev = t.state;
    t.night(1);
    // Dawn: one post for the whole dawn, naming who is out and never how (RULES.md 2.5).
    expect(post(prev, t.state)).toBe('Tianhei · ROOM\nDay 1 · Day breaks. Out last night: #5 P5');
    expect(post(prev, t.state, 'es')).toBe('Tianhei · ROOM\nDía 1 · Amanece. Eliminado anoche: #5 P5');
    t.talk();
    prev = t.state;
    voteOut(t, 1);
    const verdict = post(prev, t.state)!;
    expect(verdict).toContain('Most votes: #1 P1');
    expect(verdict).toContain('#1 P1 is out (voted out)');
    // Classic never says what a voted-out player was.
    expect(verdict).not.toMatch(/killer|police|civilian/i);
  });

  it('refuses hooks that are not https to a public host name', () => {
    expect(webhookRefusal('https://discord.com/api/webhooks/1/abc')).toBeNull();
    expect(webhookRefusal('https://hooks.slack.com/services/T/B/x')).toBeNull();
    for (const bad of ['http://discord.com/x', 'https://10.0.0.1/x', 'https://0x7f000001/x', 'https://[fe80::1]/x', 'https://localhost/x', 'https://db.internal/x', 'https://u:p@discord.com/x', 'https://discord.com:444/x', 'ftp://discord.com/x', '']) {
      expect(webhookRefusal(bad), bad).not.toBeNull();
    }
  });
});
