// The page's relay credentials (docs/protocol.md, voice-ice): asked for when a route first links the
// page, kept while they last, renewed 3 minutes before their 15 minutes end while the page is still
// linked, and the public STUN given while the relay is withheld (`later`) asked again at a later step.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VoiceIce, VoiceRoute } from '../../worker/protocol-voice.ts';
import { ensureIce, heldIce, useIce } from '../../client/voice-ice.ts';

// The page's state (a browser's: its location, its storage) is not here: a spectator's page that shows no error.
vi.mock('../../client/state.ts', () => ({ showError: () => {}, stored: () => null }));

const route = (gen: number, linked = true): VoiceRoute => ({
  peer: 'mypeer000001',
  gen,
  mode: 'speech',
  talk: false,
  hear: linked ? [{ peer: 'speaker00001', seat: 3 }] : [],
  heardBy: [],
  floor: null,
});

const minted = (n: number): VoiceIce => ({ iceServers: [{ urls: ['turn:turn.cloudflare.com:3478'], username: `u${n}`, credential: 'c' }], relayOnly: true, ttl: 900 });
const stun: VoiceIce = { iceServers: [{ urls: ['stun:stun.cloudflare.com:3478'] }], relayOnly: false, later: true };

let answers: VoiceIce[];
let asked: { url: string; peer: string | null }[];
let code: string;
let rooms = 0;

beforeEach(() => {
  vi.useFakeTimers();
  answers = [];
  asked = [];
  // Each test its own room: what a page holds is per room.
  code = `ROOM${++rooms}`;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    asked.push({ url, peer: new Headers(init.headers).get('X-Voice-Peer') });
    return Response.json(answers.shift());
  });
});

afterEach(() => {
  useIce(null);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the page's ICE servers", () => {
  it('are asked for only by a route that links the page, naming its peer, and then kept', async () => {
    answers.push(minted(1));
    await ensureIce(code, route(1, false));
    expect(asked).toEqual([]);
    await ensureIce(code, route(1));
    expect(asked).toEqual([{ url: `/api/rooms/${code}/voice-ice`, peer: 'mypeer000001' }]);
    await ensureIce(code, route(2));
    expect(asked).toHaveLength(1);
    expect(heldIce(code)).toEqual(minted(1));
  });

  it('are renewed 3 minutes before their 15 minutes end while the page is linked, and the new ones handed on', async () => {
    const renewed: VoiceIce[] = [];
    let now: VoiceRoute | null = route(1);
    useIce({ route: () => now, renewed: (ice) => renewed.push(ice) });
    answers.push(minted(1), minted(2));
    await ensureIce(code, route(1));
    expect(renewed).toEqual([minted(1)]);
    await vi.advanceTimersByTimeAsync(11 * 60_000);
    expect(asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000 + 1);
    expect(asked).toHaveLength(2);
    expect(renewed).toEqual([minted(1), minted(2)]);
    // Not linked when the next renewal comes: nothing asked; the next route that links the page asks.
    now = route(2, false);
    await vi.advanceTimersByTimeAsync(12 * 60_000 + 1);
    expect(asked).toHaveLength(2);
    answers.push(minted(3));
    await ensureIce(code, route(3));
    expect(asked).toHaveLength(3);
  });

  it('given public STUN while the relay is withheld, ask again at the next step, not within the same one', async () => {
    answers.push(stun, minted(1));
    await ensureIce(code, route(7));
    await ensureIce(code, route(7));
    expect(asked).toHaveLength(1);
    await ensureIce(code, route(8));
    expect(asked).toHaveLength(2);
    expect(heldIce(code)).toEqual(minted(1));
  });
});
