// Floor control, where the step gives the voice to one seat at a time (free talk, the open day):
// press to talk takes a free floor for at most FLOOR_CAP_MS; it is free again when the holder lets
// go, leaves, may no longer speak, or the cap passes. A press while the floor is not free waits in
// line, and the room hands a freed floor to the first in line at once, so no page presses again.
// A holder whose hold ran to the cap rests FLOOR_REST_MS before it may take the floor again
// (docs/rules-decisions.md O24): a press meanwhile waits in line behind everyone who pressed first.
// Every mark lives in the socket's attachment, so it outlives hibernation and dies with its socket;
// the room's one alarm frees a floor at its cap and ends a rest (worker/room/clock.ts asks floorDue
// and settleFloor).
import { FLOOR_CAP_MS, FLOOR_REST_MS } from '../protocol.ts';
import type { RoomCore } from './context.ts';
import { attach, attachmentOf, type Attachment } from './sockets.ts';
import { mayHoldFloor, voiceTable, type Joined, type VoiceTable } from './voice-route.ts';
import { voiceTransport } from './voice-transport.ts';

/** Until when a socket rests from the floor: its rest mark, or a cap passed that the alarm has not yet turned into one. */
export function restUntil(a: Attachment, now: number): number {
  const lapsed = a.floor !== undefined && a.floor <= now ? a.floor + FLOOR_REST_MS : 0;
  return Math.max(a.floorRest ?? 0, lapsed);
}

/**
 * `j` presses to talk: it joins the line (a press made again keeps its place), and a free floor goes
 * to the first in line who may take it, which is `j` unless it rests or someone pressed before it.
 * Whether who holds the floor changed.
 */
export function takeFloor(table: VoiceTable, j: Joined, now: number): boolean {
  if (!mayHoldFloor(j) || table.holder === j) return false;
  if (j.a.floorWait === undefined) attach(j.ws, { ...j.a, floorWait: now });
  return table.holder === null && handOn(table, now);
}

/** `j` lets go (or leaves): out of the line too. Whether it held the floor. */
export function dropFloor(table: VoiceTable, j: Joined): boolean {
  if (j.a.floor === undefined && j.a.floorWait === undefined) return false;
  attach(j.ws, without(attachmentOf(j.ws)!));
  return table.holder === j;
}

/** An attachment without its floor and its place in line (its rest stays). */
function without(a: Attachment): Attachment {
  const { floor: _, floorWait: __, ...rest } = a;
  return rest;
}

/** Clears every floor mark, place in line and rest of a step that ended (or of sockets that may no longer hold the floor); whether it cleared any. */
export function clearStaleFloors(table: VoiceTable): boolean {
  let cleared = false;
  for (const j of table.joined) {
    if (j === table.holder || (j.a.floor === undefined && j.a.floorWait === undefined && j.a.floorRest === undefined)) continue;
    const { floorRest: _, ...rest } = without(j.a);
    attach(j.ws, rest);
    cleared = true;
  }
  return cleared;
}

/**
 * When the floor next changes by itself, for the room's alarm: the holder's cap; with the floor free
 * and someone in line, when the first of them may take it (now, or at the end of its rest). Null when
 * nothing is due.
 */
export function floorDue(sockets: readonly WebSocket[], now: number): number | null {
  let cap: number | null = null;
  let line: number | null = null;
  let held = false;
  for (const ws of sockets) {
    const a = attachmentOf(ws);
    // A closed socket is in no table: a place in line of its would hold the alarm at now.
    if (!a?.voice || ws.readyState !== WebSocket.OPEN) continue;
    if (a.floor !== undefined) {
      if (cap === null || a.floor < cap) cap = a.floor;
      if (a.floor > now) held = true;
    }
    if (a.floorWait !== undefined) line = Math.min(line ?? Infinity, Math.max(now, restUntil(a, now)));
  }
  if (held || line === null) return cap;
  return cap === null ? line : Math.min(cap, line);
}

/**
 * The floor as it stands now: holds past their cap end (their holders rest), and a free floor goes
 * to the first in line who may take it. Every joined socket gets its route when anything changed.
 * Idempotent: nothing due, nothing sent. Whether the floor changed hands.
 */
export function settleFloor(core: RoomCore, now: number): boolean {
  let changed = false;
  for (const ws of core.sockets()) {
    const a = attachmentOf(ws);
    if (a?.floor === undefined || a.floor > now) continue;
    attach(ws, { ...without(a), floorRest: a.floor + FLOOR_REST_MS });
    changed = true;
  }
  const table = voiceTable(core);
  if (!table.holder && handOn(table, now)) changed = true;
  if (!changed) return false;
  const after = voiceTable(core);
  voiceTransport.route(after, after.joined);
  return true;
}

/** A free floor goes to the first in line who may take it now; a place in line that can never be served is dropped. Whether the floor went. */
function handOn(table: VoiceTable, now: number): boolean {
  let first: { ws: WebSocket; a: Attachment } | null = null;
  for (const j of table.joined) {
    // Read afresh: a press may have just put this socket in line.
    const a = attachmentOf(j.ws)!;
    if (a.floorWait === undefined) continue;
    // Out of the floor's step (a speaker said done): its place would hold the alarm at now for ever.
    if (!mayHoldFloor(j)) attach(j.ws, without(a));
    else if (restUntil(a, now) <= now && (first === null || a.floorWait < first.a.floorWait!)) first = { ws: j.ws, a };
  }
  if (!first) return false;
  const { floorRest: _, ...a } = without(first.a);
  attach(first.ws, { ...a, floor: now + FLOOR_CAP_MS });
  return true;
}
