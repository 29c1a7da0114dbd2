/**
 * Tiny deterministic randomness, so a record's cover and preview depend only on its
 * catalogue id and are identical on every machine and every run.
 */

/** 32-bit FNV-1a over UTF-16 code units: cheap, stable, well spread for short ids. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small, fast PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = () => number;

/** A seeded generator for one purpose ("cover", "audio"), so the two never share a stream. */
export function rngFor(catalogueId: string, purpose: string): Rng {
  return mulberry32(hashString(`${purpose}:${catalogueId}`));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new Error("pick from an empty list");
  return items[Math.floor(rng() * items.length)] as T;
}

export function between(rng: Rng, min: number, max: number): number {
  return min + rng() * (max - min);
}

export function intBetween(rng: Rng, min: number, max: number): number {
  return Math.floor(between(rng, min, max + 1));
}
