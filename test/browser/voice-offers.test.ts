// Who offers a voice connection, and when it is offered again (docs/protocol.md, Voice, Connections),
// on a room that is slow or busy: two phones, two contexts of one Chromium, each with a microphone
// playing its own tone (toneMic in voice-pages.ts), on stand-in rooms (test/bench/stand-in-room.ts) for which this file plays the room. It
// sends each page its route and relays their signals as the room does (only under the current
// generation), and holds or drops one where a busy machine would: an answer that comes after the step
// moved on, a phone that takes longer than 10 s to answer (the judge's page, answering four pages at
// once on a loaded machine, took 16 s), a route that comes while a phone is still taking in an offer
// (the judge's page took 10 s), a first try the network swallows. Each page measures what it
// really plays (the voice's test probe, in the tests' build of the client, dist/client-e2e).
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { viewFor } from '../../worker/engine/index.ts';
import type { VoiceRoute, VoiceSignal } from '../../worker/protocol.ts';
import { roomFrame } from '../bench/stand-in-room.ts';
import { Table } from '../engine/table.ts';
import { standInPhone, type StandInPhone } from './stand-in-phone.ts';
import { addToneMic, hearsOnly, voiceBrowser, waitFor, type VoicePage } from './voice-pages.ts';

const CODE = 'VOFFER';
/** Two pages: x's peer name sorts after y's, so where the two hear each other y offers. */
const X = { peer: 'zzzz0001', hz: 500, seat: 1 };
const Y = { peer: 'aaaa0002', hz: 750, seat: 2 };
const ALL = [X.hz, Y.hz];
const ICE = { [`/api/rooms/${CODE}/voice-ice`]: { iceServers: [], relayOnly: false } };

/** A classic table at a day speech, seen from seat 1: any screen with the voice bar does. */
function first(): string[] {
  const t = new Table('classic', 'KKPPCCCC');
  t.night(5);
  t.night(1);
  return [roomFrame(CODE, t.state, { voice: 'on' }), JSON.stringify({ type: 'game', logFrom: 0, view: viewFor(t.state, { kind: 'seat', seat: 1 }) })];
}

interface Sent {
  from: typeof X;
  to: string;
  gen: number;
  signal: VoiceSignal;
}

/** In the page: its connections take `ms` to take in a remote offer. */
function slowOffers(ms: number): void {
  const take = RTCPeerConnection.prototype.setRemoteDescription;
  RTCPeerConnection.prototype.setRemoteDescription = async function (this: RTCPeerConnection, d: RTCSessionDescriptionInit) {
    if (d.type === 'offer') await new Promise((done) => setTimeout(done, ms));
    return (take as (d: RTCSessionDescriptionInit) => Promise<void>).call(this, d);
  } as RTCPeerConnection['setRemoteDescription'];
}

/** What the room does with a signal as it comes: relays it at once, or after `ms` (a slow phone's answer); either way under the current generation only. */
type Fate = 'relay' | { ms: number };

let browser: Browser | undefined;
let phones: StandInPhone[] = [];
let pump: ReturnType<typeof setInterval> | undefined;

beforeAll(async () => {
  browser = await voiceBrowser();
});
afterEach(async () => {
  clearInterval(pump);
  for (const p of phones) expect(p.errors, 'page errors').toEqual([]);
  await Promise.all(phones.map((p) => p.close()));
  phones = [];
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Both pages in the voice, on rooms this test plays: `fate` says what becomes of each signal. Returns
 * the two pages as the measuring helpers take them, what each sent, and a way to send both routes.
 */
async function twoPages(fate: (s: Sent) => Fate, o: { ySlowMs?: number } = {}) {
  // Each page in a context of its own (its own microphone's tone), on a room of its own; `ySlowMs`: y's page takes that long to take in an offer (a loaded phone).
  const before = (who: typeof X) => async (c: BrowserContext): Promise<void> => {
    await addToneMic(c, who.hz);
    if (who === Y && o.ySlowMs) await c.addInitScript(slowOffers, o.ySlowMs);
  };
  phones = await Promise.all([X, Y].map((who) => standInPhone(browser!, CODE, first(), { api: ICE, dist: 'dist/client-e2e', before: before(who) })));
  const [px, py] = phones as [StandInPhone, StandInPhone];
  const sides = [
    { me: X, phone: px, other: py, read: 0 },
    { me: Y, phone: py, other: px, read: 0 },
  ];
  let gen = 1;
  const sent: Sent[] = [];
  pump = setInterval(() => {
    for (const side of sides) {
      while (side.read < side.phone.room.received.length) {
        const f = JSON.parse(side.phone.room.received[side.read++]!) as { type: string; to: string; gen: number; signal: VoiceSignal };
        if (f.type !== 'voice-signal') continue;
        const s: Sent = { from: side.me, to: f.to, gen: f.gen, signal: f.signal };
        sent.push(s);
        const what = fate(s);
        // The room relays a signal only under the current generation, and only to the other page.
        const relay = () => s.gen === gen && s.to === (side.me === X ? Y : X).peer && side.other.room.send(JSON.stringify({ type: 'voice-signal', from: s.from.peer, gen: s.gen, signal: s.signal }));
        if (what === 'relay') relay();
        else setTimeout(relay, what.ms);
      }
    }
  }, 20);
  for (const p of phones) await p.page.locator('[data-testid=voice-join]').tap();
  await waitFor('both pages to join the voice', () => phones.every((p) => p.room.received.some((f) => f.includes('"voice-join"'))), 15_000);
  const page = (p: StandInPhone, who: typeof X): VoicePage => ({ label: `#${who.seat}`, hz: who.hz, context: p.context, page: p.page, errors: p.errors });
  /** The step moves on: both pages get their routes of generation `g`. */
  const routes = (g: number, x: Partial<VoiceRoute>, y: Partial<VoiceRoute>) => {
    gen = g;
    const frame = (who: typeof X, r: Partial<VoiceRoute>) => JSON.stringify({ type: 'voice', route: { peer: who.peer, gen: g, mode: 'speech', talk: false, hear: [], heardBy: [], floor: null, ...r } satisfies VoiceRoute });
    px.room.send(frame(X, x));
    py.room.send(frame(Y, y));
  };
  return { x: page(px, X), y: page(py, Y), sent, routes };
}

/** Each page's route at a step. */
interface Routes {
  x: Partial<VoiceRoute>;
  y: Partial<VoiceRoute>;
}
/** y speaks and x listens: x offers. */
const listens: Routes = { x: { mode: 'speech', hear: [{ peer: Y.peer, seat: Y.seat }] }, y: { mode: 'speech', talk: true, heardBy: [X.peer] } };
/** Both hear each other (a team's call): y, whose peer name sorts first, offers. */
const mutual: Routes = { x: { mode: 'team', talk: true, hear: [{ peer: Y.peer, seat: Y.seat }], heardBy: [Y.peer] }, y: { mode: 'team', talk: true, hear: [{ peer: X.peer, seat: X.seat }], heardBy: [X.peer] } };
const offers = (sent: Sent[], who: typeof X) => sent.filter((s) => s.from === who && s.signal.kind === 'offer');
/** A signal's SDP without its candidates: the page that gets it has no path to try. */
const bare = (s: Sent): void => {
  const sdp = (s.signal as { sdp: string }).sdp;
  s.signal = { ...s.signal, sdp: sdp.split('\r\n').filter((l) => !l.startsWith('a=candidate') && !l.startsWith('a=end-of-candidates')).join('\r\n') } as VoiceSignal;
};

it.each([
  { turn: 'x listens, then both hear each other', before: listens, after: mutual, first: X, then: Y },
  { turn: 'both hear each other, then x only listens', before: mutual, after: listens, first: Y, then: X },
])('the step moves on while an answer is on its way and the roles turn ($turn): the page that offers under the new route offers, and it is heard', async ({ before, after, first: old, then: next }) => {
  let moved = false;
  const pages = await twoPages((s) => {
    // The first offer reaches its page without candidates: the connection it answers neither comes up nor
    // fails while the step lasts (the judge's, answered late on a loaded machine, stayed "connecting").
    if (s.signal.kind === 'offer' && !moved) bare(s);
    // Its answer reaches the room after the step moved on (a busy phone): the room drops it.
    if (s.signal.kind === 'answer' && !moved) {
      moved = true;
      pages.routes(2, after.x, after.y);
    }
    return 'relay';
  });
  pages.routes(1, before.x, before.y);
  await waitFor('the step to move on', () => moved, 15_000);
  await Promise.all([hearsOnly(pages.x, [Y.hz], ALL), ...(after === mutual ? [hearsOnly(pages.y, [X.hz], ALL)] : [])]);
  expect(offers(pages.sent, old).map((s) => s.gen)).toEqual([1]);
  expect(offers(pages.sent, next).map((s) => s.gen)).toEqual([2]);
});

it('the roles turn within a step (the floor changes hands) while an answer is on its way: the other page withdraws its offer and answers', async () => {
  let turned = false;
  const pages = await twoPages((s) => {
    if (s.signal.kind !== 'answer' || turned) return 'relay';
    // x answers y's offer, and before its slow answer arrives x only listens: x now offers, and y answers that.
    turned = true;
    pages.routes(1, listens.x, listens.y);
    return { ms: 12_000 };
  });
  pages.routes(1, mutual.x, mutual.y);
  await hearsOnly(pages.x, [Y.hz], ALL);
  // y's own offer, whose answer was still on its way, was not made again.
  expect(offers(pages.sent, Y)).toHaveLength(1);
  expect(offers(pages.sent, X)).toHaveLength(1);
});

it('a route that comes while the talker is still taking in the offer: the talker sends its microphone once it can, and is heard', async () => {
  let again = false;
  const pages = await twoPages(
    (s) => {
      // Right behind x's offer, y gets its route again (as when another page joins the voice).
      if (s.signal.kind === 'offer' && !again) {
        again = true;
        setTimeout(() => pages.routes(1, listens.x, listens.y), 100);
      }
      return 'relay';
    },
    { ySlowMs: 2_000 },
  );
  pages.routes(1, listens.x, listens.y);
  await hearsOnly(pages.x, [Y.hz], ALL);
  expect(offers(pages.sent, X)).toHaveLength(1);
});

it('a page that takes longer than 10 s to answer is waited for: its answer connects the offer, which is not made again meanwhile', async () => {
  const pages = await twoPages((s) => (s.signal.kind === 'answer' ? { ms: 12_000 } : 'relay'));
  pages.routes(1, listens.x, listens.y);
  await hearsOnly(pages.x, [Y.hz], ALL);
  expect(offers(pages.sent, X)).toHaveLength(1);
});

it('a first try the network swallows is offered again 10 s after its answer came, and then heard', async () => {
  // The first offer and answer reach the other page without their candidates: no path between the two.
  let swallowed = 0;
  const pages = await twoPages((s) => {
    if ((s.signal.kind === 'offer' || s.signal.kind === 'answer') && swallowed < 2) {
      swallowed++;
      bare(s);
    }
    return 'relay';
  });
  pages.routes(1, listens.x, listens.y);
  await hearsOnly(pages.x, [Y.hz], ALL);
  expect(offers(pages.sent, X)).toHaveLength(2);
});
