// The deal and its commitment: players see a hash at the start and can check it against the seed at the end.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { makeRandom, shuffle } from './random.ts';
import { RULESETS } from './rulesets.ts';
import type { GameSetup, Role } from './types.ts';

/** Shuffles the ruleset's deck for this setup; the same seed always gives the same deck. */
export function dealDeck(setup: Pick<GameSetup, 'ruleset' | 'players' | 'options' | 'seed'>): Role[] {
  const cards = RULESETS[setup.ruleset].deck(setup.players, setup.options);
  return shuffle(makeRandom(`${setup.seed}:deal`), cards);
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
