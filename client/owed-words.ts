// The words for what a seat owes, shared by the home page's list of games, the tab's title and the
// pushes (through the service worker).
import type { OwedKind } from '../worker/engine/owed.ts';
import type { Key } from './i18n.ts';

/** How each thing a seat owes is named (the tab title, and the pushes through the service worker). */
export const OWED_KEYS: Record<OwedKind, Key> = { card: 'oweCard', 'night-call': 'oweNight', ballot: 'oweBallot', speech: 'oweSpeech', 'last-words': 'oweLastWords' };
