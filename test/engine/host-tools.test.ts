// The host's tools say what they do (RULES.md 11, pace and deadlines): "Extend" offers amounts the
// size of the room's own steps, and a reminder's words claim no more than the room knows: a push
// reaches a phone only where notifications are on, and the host learns only whether the player has
// the room open now.
import { describe, expect, it } from 'vitest';
import { PACE_PRESETS } from '../../worker/engine/index.ts';
import { extendAmount, extendSteps } from '../../client/extend-steps.ts';
import { prodWords } from '../../client/prod-words.ts';
import { T } from '../../client/strings.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const offered = (...args: Parameters<typeof extendSteps>) => extendSteps(...args).map(extendAmount);

describe('Extend follows the room\'s step length', () => {
  it('an async room of 1-minute steps is offered minutes, not "1 h / 12 h", though the preset keeps 12 h for a step its ruleset never has', () => {
    // The home page's custom deadlines show classic's kinds only (no eyes step): the async preset's eyes stay 12 h.
    const oneMinute = { ...PACE_PRESETS.async, call: MIN, lastWords: MIN, speech: MIN, ballot: MIN };
    expect(offered(oneMinute, 'classic')).toEqual(['1 min', '5 min']);
    // A ruleset with an eyes step counts it.
    expect(offered({ ...oneMinute, eyes: 12 * HOUR }, 'infernal')).toEqual(['1 h', '12 h']);
    expect(offered({ ...oneMinute, eyes: MIN }, 'infernal')).toEqual(['1 min', '5 min']);
  });

  it('the presets: live rooms are offered minutes, async rooms hours', () => {
    expect(offered(PACE_PRESETS.live, 'classic')).toEqual(['1 min', '5 min']);
    expect(offered(PACE_PRESETS.async, 'classic')).toEqual(['1 h', '12 h']);
    expect(extendSteps(undefined, 'classic')).toEqual([MIN, 5 * MIN]);
  });
});

describe('a reminder says what the host may know', () => {
  it('after the host reminds a seat: sent, and whether the player has the room open now', () => {
    expect(prodWords(true)).toEqual(['prodded', 'prodOnline']);
    expect(prodWords(false)).toEqual(['prodded', 'prodOffline']);
    expect(prodWords(undefined)).toEqual(['prodded', 'prodOffline']);
    expect(T.prodOffline[1]).toBe('They are not connected now');
  });

  it('no line says a seat was reminded without saying a push reaches only phones with notifications on', () => {
    for (const key of ['prodded', 'proddedSeats', 'autoProdded'] as const) {
      expect(T[key][0], key).toContain('通知');
      expect(T[key][1], key).toMatch(/notifications (are |turned )?on|turned on notifications/);
      expect(T[key][2], key).toMatch(/avisos|notificaciones/);
      expect(T[key][3], key).toMatch(/알림을 켜|알림을 켠/);
    }
    // The old promise, whatever the player's notifications: gone from every language.
    for (const row of Object.values(T)) for (const words of row) expect(words).not.toMatch(/Reminded \(if anything is due\)|^Reminded\b/);
  });
});
