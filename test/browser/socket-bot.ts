// A seat played over the WebSocket protocol, for the browser tests' tables. It only ever does what
// its own view's `legal` offers, and it answers every step at once (the card-reading step, a lone
// actor's confirm, a pointer, a pass, a vote), so a game with bots moves as fast as the room answers
// instead of waiting on deadlines.
import type { JoinResponse, RoomView, ServerFrame } from '../../worker/protocol.ts';
import { readFrame } from '../read-frame.ts';
import type { LegalAction, View } from '../../worker/engine/types.ts';
import { addressedSocket, apiHeaders } from './browser.ts';

/** Everyone votes for the highest other candidate, so votes bunch up (any tie: nobody is out). */
export function voteForLast(targets: number[], me: number): number {
  return targets.filter((t) => t !== me).at(-1) ?? targets[0]!;
}

/**
 * Everyone votes for the highest candidate, and that candidate abstains where it may (0): no ballot
 * ties, so a game whose nights often kill nobody (`dual`'s saved and immune cards) still ends. With
 * `voteForLast` the top two candidates voted for each other, and equal card weights tied ballot
 * after ballot until a night killed.
 */
export function voteForTop(targets: number[], me: number, canAbstain: boolean): number {
  return targets.at(-1) === me && canAbstain ? 0 : voteForLast(targets, me);
}

type Move =
  | { type: 'seen' }
  | { type: 'confirm'; hand?: 0 | 1 }
  | { type: 'point'; target: number; card?: 0 | 1; hand?: 0 | 1 }
  | { type: 'pass' }
  | { type: 'vote'; target: number };

/**
 * A seat's bot: `hold` keeps it still (the screen under test stays put); `until` holds it by itself
 * once its view reaches a given moment; `delayMs` paces its moves; `aimFirst` makes its night
 * pointers predictable.
 */
export class SocketBot {
  ws!: WebSocket;
  view: View | null = null;
  room: RoomView | null = null;
  /** The last one-time invitation this socket was sent (a host asking for one). */
  invite: string | null = null;
  hold = false;
  until: ((view: View) => boolean) | null = null;
  delayMs = 0;
  /** Points at the first legal other seat instead of a random one: a game that plays the same way each run. */
  aimFirst = false;
  moves = 0;
  errors: string[] = [];
  private pending: { id: string; at: number } | null = null;
  private n = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  readonly seat: number;
  readonly token: string;
  readonly name: string;
  private readonly voteFor: (targets: number[], me: number, canAbstain: boolean) => number;

  constructor(seat: number, token: string, name = `#${seat}`, voteFor: (targets: number[], me: number, canAbstain: boolean) => number = voteForLast) {
    this.seat = seat;
    this.token = token;
    this.name = name;
    this.voteFor = voteFor;
  }

  /** Opens the socket on the seat's token; resolves once it is open. */
  open(wsURL: string): Promise<void> {
    this.ws = addressedSocket(wsURL, ['tianhei.v1', `seat.${this.token}`]);
    this.ws.onmessage = (e) => {
      const frame = readFrame(String(e.data), this.view);
      if (frame) this.receive(frame);
    };
    return new Promise((ok, fail) => {
      this.ws.onopen = () => ok();
      this.ws.onerror = () => fail(new Error(`${this.name}: the WebSocket did not open`));
    });
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.ws?.close();
  }

  /** A host move (start, configure, …) from this seat. */
  host(move: object): void {
    this.ws.send(JSON.stringify({ type: 'host', id: `h${this.seat}-${++this.n}`, move }));
  }

  /** Lets a held bot play again, and looks at once. */
  release(): void {
    this.hold = false;
    this.decide();
  }

  private receive(frame: ServerFrame): void {
    if (frame.type === 'room') this.room = frame.room;
    else if (frame.type === 'game') this.view = frame.view; // the log (delta or not) is not needed
    else if (frame.type === 'invite') this.invite = frame.token;
    else if (frame.type === 'ack' || frame.type === 'error') {
      if (frame.type === 'error') this.errors.push(frame.code);
      if (this.pending && frame.id === this.pending.id) this.pending = null;
      // Over the room's frame budget: the move was dropped unanswered; it is sent again in a second.
      if (frame.type === 'error' && frame.code === 'protocol/rate-limited' && this.pending) this.pending.at = Date.now() - 4_000;
    }
    // Frames come before the ack of the move that caused them: after an ack the view is current.
    this.decide();
  }

  /** One move from the current view, if it offers one and no move of ours is on its way. */
  decide(): void {
    const v = this.view;
    if (!v || v.result || this.hold || this.until?.(v) || this.timer || this.ws.readyState !== WebSocket.OPEN) return;
    if (this.pending && Date.now() - this.pending.at < 5_000) return;
    const move = this.choose(v);
    if (!move) return;
    const send = () => {
      this.timer = null;
      if (this.hold || this.ws.readyState !== WebSocket.OPEN) return;
      const id = `${this.seat}-${++this.n}`;
      this.pending = { id, at: Date.now() };
      this.moves++;
      this.ws.send(JSON.stringify({ type: 'act', id, move }));
    };
    if (this.delayMs > 0) this.timer = setTimeout(send, this.delayMs);
    else send();
  }

  private choose(v: View): Move | null {
    const find = <T extends LegalAction['type']>(type: T) => v.legal.find((a) => a.type === type) as Extract<LegalAction, { type: T }> | undefined;
    // The reading step before night 1, and a lone actor's confirm (D15): neither waits for its deadline.
    if (find('seen')) return { type: 'seen' };
    const confirm = find('confirm');
    if (confirm) return confirm.hand !== undefined ? { type: 'confirm', hand: confirm.hand } : { type: 'confirm' };
    const point = v.legal.find((a): a is Extract<LegalAction, { type: 'point' }> => a.type === 'point' && a.current === null);
    if (point) {
      // A random legal target, not themself nor a teammate where there is any other choice.
      const mates = new Set(v.seats.filter((s) => s.mate).map((s) => s.seat));
      const free = point.targets.filter((t) => t !== this.seat && !mates.has(t));
      const from = free.length ? free : point.targets;
      const target = (this.aimFirst ? from[0] : from[Math.floor(Math.random() * from.length)]) ?? 0;
      // `dual` aims at one card of the seat.
      const card = point.cards?.find((c) => c.seat === target)?.card;
      return { type: 'point', target, ...(card !== undefined ? { card } : {}), ...(point.hand !== undefined ? { hand: point.hand } : {}) };
    }
    if (find('pass')) return { type: 'pass' };
    const vote = find('vote');
    if (vote && !v.seats[this.seat - 1]?.voted) return { type: 'vote', target: this.voteFor(vote.targets, this.seat, vote.canAbstain) };
    return null;
  }
}

/** Seats a bot through the HTTP join (the host's token makes it the host) and opens its socket. */
export async function joinBot(base: string, code: string, name: string, hostToken?: string, voteFor?: (targets: number[], me: number, canAbstain: boolean) => number): Promise<SocketBot> {
  const res = await fetch(`${base}/api/rooms/${code}/join`, { method: 'POST', headers: apiHeaders(), body: JSON.stringify({ name, hostToken }) });
  if (res.status !== 200) throw new Error(`${name} could not join: ${res.status} ${await res.text()}`);
  const j = (await res.json()) as JoinResponse;
  const bot = new SocketBot(j.seat!, j.token, name, voteFor);
  await bot.open(roomSocketURL(base, code));
  return bot;
}

/** The room's WebSocket address for a page served from `base`. */
export function roomSocketURL(base: string, code: string): string {
  return `${base.replace(/^http/, 'ws')}/api/rooms/${code}/ws`;
}
