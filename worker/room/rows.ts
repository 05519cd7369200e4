// What the room's store hands out and takes: its rows as the room reads them, and the places that
// hold a token. Types and constants only, so every room module can name them without the store.
import type { OptionValue, RulesetId, Seat } from '../engine/index.ts';
import type { PaceSetting, VoiceSetting } from '../protocol.ts';
import type { BotState } from './bots.ts';
import type { Webhook } from './webhook.ts';

/** A place at the table that holds a token: a seat number, or 0 for the human judge. */
export type Place = Seat | typeof JUDGE_PLACE | typeof TABLE_PLACE;
/** The human judge's place. */
export const JUDGE_PLACE = 0;
/** The table screen of a room played face to face: a spectator admitted by its own token. */
export const TABLE_PLACE = -1;
/** Game moves (`act`) and host moves (`host`) keep separate action ids. */
export type ActionSpace = 'act' | 'host';
/** Which applied ids an action is deduplicated against: its seat (0 for the judge) and its kind. */
export interface Dedupe {
  seat: Seat;
  space: ActionSpace;
  id: string;
}
/**
 * What a one-time link does: the host's link into a place (the lobby only: the judge's, a seat's, the
 * table screen's), a seat's own link to move to another device, or a replacement link for a living seat.
 */
export type InviteKind = 'host' | 'move' | 'replace';
/** Why a seat's person was let go for good: the error code their device is refused with. */
export type RetiredWhy = 'room/replaced' | 'room/handed-to-bot';

/** Where the room is: seats gather, a game runs, or the last game is over. */
export type RoomStatus = 'lobby' | 'playing' | 'over';

/** The room row as the room reads it (the `room` table, and facts kept in `meta`). */
export interface RoomRow {
  code: string;
  ruleset: RulesetId;
  options: Record<string, OptionValue>;
  pace: PaceSetting;
  spectators: boolean;
  hostHash: string;
  status: RoomStatus;
  gameNo: number;
  previousFirstVictim: Seat | 0;
  lastActivity: number;
  humanJudge: boolean;
  /** Played face to face: a table screen is the judge's voice; kept in `meta` (no column). */
  table: boolean;
  /** The room's voice; kept in `meta` (no column). */
  voice: VoiceSetting;
  /** The host's scheduled start, in the lobby; kept in `meta` (no column). */
  schedule: ScheduledStart | null;
  /** The room's incoming webhook, or null; kept in `meta`. Its URL never leaves the room. */
  webhook?: Webhook | null;
  /** Seats marked "away until" in game `game`; kept in `meta`. Absent: none. */
  away?: AwayMarks;
}

/** A scheduled start: when, whether the hour-before notice went out, and why it could not start (an error code). */
export interface ScheduledStart {
  at: number;
  reminded: boolean;
  missed?: string;
}

/** Each seat's "away until" time in one game (a new game starts with none). */
export interface AwayMarks {
  game: number;
  until: Record<Seat, number>;
}

/** The human judge's place: a participant without a seat. */
export interface JudgeRow {
  name: string;
  tokenHash: string;
  host: boolean;
}

/** A seat as the room reads it: a person (with a token hash) or a bot. */
export interface SeatRow {
  seat: Seat;
  name: string;
  tokenHash: string;
  score: number;
  host: boolean;
  /** A bot's seat: no token, no socket; the room plays it. Null for a person. */
  bot: BotState | null;
}

