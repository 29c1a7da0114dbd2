/**
 * The ballot of a drop: everyone who joined the waiting room before the on-sale time is put in a random order,
 * once. The order comes from a Fisher–Yates shuffle driven by a small seeded generator (xoshiro128**), so the seed
 * kept with the ballot (drop_ballots.seed) reproduces it exactly: anyone may re-run the draw and check it.
 */

/** A generator of 32-bit unsigned integers from a 128-bit hex seed (xoshiro128**, Blackman & Vigna). */
export function seededGenerator(seedHex: string): () => number {
  if (!/^[0-9a-f]{32}$/i.test(seedHex)) throw new Error("A ballot seed is 32 hex digits.");
  const word = (at: number) => parseInt(seedHex.slice(at, at + 8), 16) >>> 0;
  let [s0, s1, s2, s3] = [word(0), word(8), word(16), word(24)];
  // An all-zero state would only ever give zeros.
  if ((s0 | s1 | s2 | s3) === 0) s0 = 1;
  const rotl = (x: number, k: number) => ((x << k) | (x >>> (32 - k))) >>> 0;
  return () => {
    const result = Math.imul(rotl(Math.imul(s1, 5) >>> 0, 7), 9) >>> 0;
    const t = (s1 << 9) >>> 0;
    s2 = (s2 ^ s0) >>> 0;
    s3 = (s3 ^ s1) >>> 0;
    s1 = (s1 ^ s2) >>> 0;
    s0 = (s0 ^ s3) >>> 0;
    s2 = (s2 ^ t) >>> 0;
    s3 = rotl(s3, 11);
    return result;
  };
}

/** A whole number in [0, bound) without the bias of a plain modulo (rejection sampling). */
function below(next: () => number, bound: number): number {
  const limit = Math.floor(0x1_0000_0000 / bound) * bound;
  for (;;) {
    const x = next();
    if (x < limit) return x % bound;
  }
}

/** The entrants in the order the ballot with this seed draws them (the first is let in first). */
export function drawBallot<T>(entrants: readonly T[], seedHex: string): T[] {
  const next = seededGenerator(seedHex);
  const order = [...entrants];
  for (let i = order.length - 1; i > 0; i--) {
    const j = below(next, i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}
