// Reading a field the view may leave out (a seat's mate mark, a card list, a claim's parts).

/**
 * A field the view may leave out, read only where the view has it: the policy never reads a field
 * its seat's view does not hold (test/engine/bots.test.ts checks this on every view it plays).
 */
export function opt<T extends object, K extends keyof T>(obj: T | undefined, key: K): T[K] | undefined {
  return obj !== undefined && key in obj ? obj[key] : undefined;
}
