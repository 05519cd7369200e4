// Seating: taking a seat in the lobby, the human judge's place, the host's one-time links into a
// place (or a seat's own link to another device), and the replacement links that give a living seat
// to a new person. Each is one transaction, then the alarm, then everyone's room frame.
import { RULESETS, seatCount, type Seat } from '../engine/index.ts';
import type { JoinRequest } from '../protocol.ts';
import { checkName } from '../names.ts';
import { applyGame } from './changes.ts';
import { arm } from './clock.ts';
import { refuse, type Refusal } from './context.ts';
import type { RoomParts } from './fan-out.ts';
import { CLOSE_REMOVED, freshToken, handOver, revokeWhere, timingSafeEqual } from './identity.ts';
import { JUDGE_PLACE, TABLE_PLACE, type Place, type RoomRow } from './storage.ts';
import { hashToken } from './tokens.ts';

/** What a join answers: the place taken and its new token (shown once, never stored). */
export type Joined = { ok: true; seat: Seat | null; judge: boolean; token: string; table?: true };

/** A newcomer's token, made before anything is read. */
type Fresh = { token: string; tokenHash: string };

/** Takes a seat, the human judge's place, or redeems a host's invitation (worker/names.ts checks the name). */
export async function join(parts: RoomParts, req: JoinRequest): Promise<Joined | Refusal> {
  // Hashing awaits: do it before reading anything, so the checks and the write below run as one step.
  const fresh = await freshToken();
  const hostHash = req.hostToken !== undefined ? await hashToken(req.hostToken) : null;
  const inviteHash = req.invite !== undefined ? await hashToken(req.invite) : null;

  const { core } = parts;
  const found = core.roomOrRefusal();
  if ('ok' in found) return found;
  const room = found;
  if (hostHash !== null && !timingSafeEqual(hostHash, room.hostHash)) return refuse(403, 'auth/bad-host-token', 'the host token is not this room’s');
  if (inviteHash !== null) return redeem(parts, room, inviteHash, req.name, fresh);
  const checked = checkName(req.name ?? '');
  if (!checked.ok) return refuse(400, checked.code, checked.message);
  const name = checked.name;
  // The host token holds one place: a host who plays may not also take the judge's god view, nor a
  // host who judges a seat (O18).
  if (hostHash !== null && (req.as === 'judge' ? core.store.seats().some((s) => s.host) : core.store.judge()?.host === true)) {
    return refuse(409, 'room/host-has-place', 'the host already holds a place in this room: a host either plays or judges');
  }
  if (req.as === 'judge') {
    if (!room.humanJudge) return refuse(409, 'room/no-judge', 'this room plays without a human judge');
    // Anyone with the room code could otherwise take the god view.
    if (hostHash === null) return refuse(403, 'room/judge-by-invite', 'the judge joins through the host’s invitation link');
    return seatJudge(parts, room, name, fresh, true);
  }
  return takeSeat(parts, room, name, fresh, hostHash !== null);
}

/** A new seat at the end of the lobby's table (the host's own when `host`). */
async function takeSeat(parts: RoomParts, room: RoomRow, name: string, fresh: Fresh, host: boolean): Promise<Joined | Refusal> {
  const { core, frames } = parts;
  if (room.status !== 'lobby') return refuse(409, 'room/started', 'the game has started; new players can join only in the lobby');
  const seats = core.store.seats();
  const max = seatCount(room.ruleset, RULESETS[room.ruleset].maxPlayers, room.options);
  if (seats.length >= max) return refuse(409, 'room/full', `the room is full (${max} seats)`);
  if (core.store.nameTaken(name)) return refuse(409, 'room/name-taken', `someone here is already called "${name}"`);
  const seat = seats.length + 1;
  room.lastActivity = core.now();
  core.store.transaction(() => {
    core.store.addSeat(seat, name, fresh.tokenHash, host);
    core.store.saveRoom(room);
  });
  await arm(core, room);
  frames.broadcastRoom();
  return { ok: true, seat, judge: false, token: fresh.token };
}

/** The human judge does not play, so they may take the place in any phase of the room. */
async function seatJudge(parts: RoomParts, room: RoomRow, name: string, fresh: Fresh, host: boolean, invite?: string): Promise<Joined | Refusal> {
  const { core, frames } = parts;
  if (!room.humanJudge) return refuse(409, 'room/no-judge', 'this room plays without a human judge');
  if (core.store.judge()) return refuse(409, 'room/judge-taken', 'this room already has its judge');
  if (core.store.nameTaken(name)) return refuse(409, 'room/name-taken', `someone here is already called "${name}"`);
  room.lastActivity = core.now();
  core.store.transaction(() => {
    if (invite !== undefined) core.store.takeInvite(invite);
    core.store.setJudge(name, fresh.tokenHash, host);
    core.store.saveRoom(room);
  });
  await arm(core, room);
  frames.broadcastRoom();
  return { ok: true, seat: null, judge: true, token: fresh.token };
}

/**
 * A one-time link from the host: the judge's empty place (with a name), or a new token for a place
 * that has one (a seat, or the judge, who lost theirs); the old token and its devices are let go.
 */
async function redeem(parts: RoomParts, room: RoomRow, inviteHash: string, rawName: string | undefined, fresh: Fresh): Promise<Joined | Refusal> {
  const { core, frames } = parts;
  const found = core.store.inviteOf(inviteHash);
  if (found === null) return refuse(403, 'auth/bad-invite', 'this invitation link is not valid: it works once, and a newer one replaces it');
  // A lapsed link is no longer a way in; it stays stored until a newer one for its place replaces it.
  if (found.expires !== null && core.now() >= found.expires) {
    if (found.kind === 'replace') return refuse(403, 'auth/replace-expired', 'this replacement link has expired: ask the host for a new one');
    return refuse(403, 'auth/invite-expired', 'this link to move a seat has expired: make a new one on the device that holds the seat');
  }
  const place = found.place;
  if (found.kind === 'replace') return takeOver(parts, room, place, inviteHash, rawName, fresh);
  if (place === TABLE_PLACE && !room.table) return refuse(409, 'room/not-table', 'this room is not played face to face');
  if (place === JUDGE_PLACE && !core.store.judge()) {
    const checked = checkName(rawName ?? '');
    if (!checked.ok) return refuse(400, checked.code, checked.message);
    return seatJudge(parts, room, checked.name, fresh, false, inviteHash);
  }
  room.lastActivity = core.now();
  handOver(core, place, fresh.tokenHash, () => {
    core.store.takeInvite(inviteHash);
    core.store.saveRoom(room);
  });
  await arm(core, room);
  frames.broadcastRoom();
  if (place === TABLE_PLACE) return { ok: true, seat: null, judge: false, token: fresh.token, table: true };
  return { ok: true, seat: place === JUDGE_PLACE ? null : place, judge: place === JUDGE_PLACE, token: fresh.token };
}

/**
 * A replacement link: a new person, under a name of their own, takes a living seat over.
 * One engine call logs "#5 Kim replaces Lee" for everyone (the old player's away mark goes with them); in the same transaction the seat
 * gets the newcomer's token and name (a bot seat becomes a person's) and the link is used up. The
 * old player's token is kept, retired, so their devices are told why they are refused.
 */
async function takeOver(parts: RoomParts, room: RoomRow, seat: Place, inviteHash: string, rawName: string | undefined, fresh: Fresh): Promise<Joined | Refusal> {
  const { core, frames } = parts;
  const checked = checkName(rawName ?? '');
  if (!checked.ok) return refuse(400, checked.code, checked.message);
  const name = checked.name;
  if (core.store.nameTaken(name)) return refuse(409, 'room/name-taken', `someone here is already called "${name}"`);
  room.lastActivity = core.now();
  // The log keeps who played the seat until now, so their entries stay under their name.
  const was = core.store.seats().find((s) => s.seat === seat)?.name;
  const change = applyGame(core, room, { type: 'replace', seat, name, ...(was !== undefined ? { was } : {}), at: room.lastActivity }, null, undefined, () => {
    core.store.retireToken(seat, 'room/replaced');
    core.store.replaceToken(seat, fresh.tokenHash);
    core.store.renameSeat(seat, name);
    core.store.takeInvite(inviteHash);
  });
  if ('ok' in change) return change;
  revokeWhere(core, (a) => a.seat === seat, CLOSE_REMOVED, 'room/replaced', 'the host gave this seat to a replacement player');
  await arm(core, room);
  frames.broadcastRoom();
  frames.publish(change);
  return { ok: true, seat, judge: false, token: fresh.token };
}
