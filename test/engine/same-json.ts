// Equality as JSON would tell, for the checks that compare views millions of times: walking two
// values stops at the first shared object, where serialising both wrote every byte of each.

/**
 * Whether two values are equal as JSON would tell: the same keys in the same order (a key holding
 * `undefined` left out), `undefined` in a list read as null. Views of one game share their log entries
 * and most seat views, so a shared object is equal at one glance. `skip`: a key of `a` and `b` left out
 * (compared apart by the caller).
 */
export function sameJson(a: unknown, b: unknown, skip?: string): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i] ?? null, b[i] ?? null)) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const kx = Object.keys(x);
  const ky = Object.keys(y);
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < kx.length && (x[kx[i]!] === undefined || kx[i] === skip)) i++;
    while (j < ky.length && (y[ky[j]!] === undefined || ky[j] === skip)) j++;
    if (i === kx.length || j === ky.length) return i === kx.length && j === ky.length;
    if (kx[i] !== ky[j] || !sameJson(x[kx[i]!], y[ky[j]!])) return false;
    i++;
    j++;
  }
}

/**
 * Whether two plain values are equal as toStrictEqual tells (the same own keys, a key holding
 * `undefined` included, in any order; no holes), for checks made thousands of times: an `expect`
 * built only to explain a difference costs less than one built for every comparison.
 */
export function sameStrict(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  // Plain objects and lists only: anything else (a Set, a Map) is left to the expect.
  const proto = Object.getPrototypeOf(a);
  if (proto !== Object.getPrototypeOf(b) || (proto !== Object.prototype && proto !== Array.prototype && proto !== null)) return false;
  if (Array.isArray(a)) {
    const y = b as unknown[];
    if (a.length !== y.length) return false;
    for (let i = 0; i < a.length; i++) if (!(i in a) || !(i in y) || !sameStrict(a[i], y[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const kx = Object.keys(x);
  if (kx.length !== Object.keys(y).length) return false;
  for (const k of kx) if (!Object.hasOwn(y, k) || !sameStrict(x[k], y[k])) return false;
  return true;
}
