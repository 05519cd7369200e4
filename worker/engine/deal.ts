// The deal and its commitment: players see a hash at the start and can check it against the seed at the end.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { makeRandom, shuffle } from './random.ts';
import { CATALOG } from './catalog.ts';
import type { GameSetup, Role } from './types.ts';

/** A redeal cannot loop forever: after this many void deals the last one stands (never reached with a legal deck). */
const MAX_REDEALS = 1000;

/**
 * Shuffles the ruleset's deck for this setup, redealing while the ruleset voids the deal (`dual`: a
 * player holds both J and K). Attempt 0 is drawn from `seed:deal`, attempt k from `seed:deal:k`, so the
 * same seed always gives the same deals. `redeals` is how many deals were void before this one.
 */
export function dealWithRedeals(setup: Pick<GameSetup, 'ruleset' | 'players' | 'options' | 'seed'>): { deck: Role[]; redeals: number } {
  const rules = CATALOG[setup.ruleset];
  const cards = rules.deck(setup.players, setup.options);
  for (let attempt = 0; ; attempt++) {
    const deck = shuffle(makeRandom(attempt === 0 ? `${setup.seed}:deal` : `${setup.seed}:deal:${attempt}`), cards);
    if (!rules.voidDeal?.(deck) || attempt >= MAX_REDEALS) return { deck, redeals: attempt };
  }
}

/** Shuffles the ruleset's deck for this setup; the same seed always gives the same deck (the final deal). */
export function dealDeck(setup: Pick<GameSetup, 'ruleset' | 'players' | 'options' | 'seed'>): Role[] {
  return dealWithRedeals(setup).deck;
}

/** The hash published at the start: sha256 over the seed and the dealt deck. */
export function dealCommitment(seed: string, deck: readonly Role[]): string {
  return bytesToHex(sha256(utf8ToBytes(`${seed}\n${deck.join(',')}`)));
}

/** Checks a finished game's revealed seed and deck against the commitment shown at its start. */
export function verifyDeal(
  setup: Pick<GameSetup, 'ruleset' | 'players' | 'options' | 'seed'>,
  deck: readonly Role[],
  commitment: string,
): boolean {
  const redealt = dealDeck(setup);
  return redealt.length === deck.length && redealt.every((r, i) => r === deck[i]) && dealCommitment(setup.seed, deck) === commitment;
}
