/**
 * Spec §5 "Home filters" and §9 home list sizes. These functions return the
 * full eligible list; the page then shows `pickRandom(list, size, random)`.
 */
import { isPreOrder } from "~/domain/catalogue/pre-order";
import { addDays, toIsoDate } from "~/domain/shared/dates";
import type { RecordItem } from "~/domain/catalogue/types";

export const NEW_RELEASE_WINDOW_DAYS = 40;
/** Below this many dated new releases, flagged records top the list up… */
export const NEW_RELEASE_MIN_BEFORE_FALLBACK = 3;
/** …to at most this many in total. */
export const NEW_RELEASE_FALLBACK_MAX = 5;

export const HOME_LIST_SIZES = {
  preOrders: 4,
  newReleases: 4,
  bestSellers: 4,
  recentlyUpdated: 2,
  trivia: 3,
} as const;

export interface HomeFilterOptions<T> {
  /**
   * Spec: "records rejected by a shared exclusion check are skipped; its rule
   * is not shown" — so the caller supplies it (e.g. the hiding rule).
   */
  exclude?: (record: T) => boolean;
}

export function hasVinylFormat(format: string | null | undefined): boolean {
  return typeof format === "string" && format.toLowerCase().includes("vinyl");
}

function titleArtistKey(record: Pick<RecordItem, "title" | "artist">): string {
  const norm = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();
  // NUL separator: "A B"+"C" must not collide with "A"+"B C".
  return `${norm(record.title)}\u0000${norm(record.artist)}`;
}

/** Keeps the first record of each title + artist pair (case-insensitive). */
export function uniqueByTitleArtist<T extends Pick<RecordItem, "title" | "artist">>(records: readonly T[]): T[] {
  const seen = new Set<string>();
  return records.filter((record) => {
    const key = titleArtistKey(record);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function notExcluded<T>(options: HomeFilterOptions<T> | undefined): (record: T) => boolean {
  const exclude = options?.exclude;
  return exclude ? (record) => !exclude(record) : () => true;
}

/**
 * Best sellers: flagged bestSeller, vinyl format, a price above 0, and a
 * release date that exists and is not after today (an undated record cannot
 * prove it is out yet), deduplicated by title + artist.
 */
export function bestSellers<T extends RecordItem>(records: readonly T[], today: string, options?: HomeFilterOptions<T>): T[] {
  const eligible = records.filter(notExcluded(options)).filter((record) => {
    const released = toIsoDate(record.releaseDate);
    return record.bestSeller && hasVinylFormat(record.format) && record.pricePence > 0 && released !== null && released <= today;
  });
  return uniqueByTitleArtist(eligible);
}

/**
 * New releases: vinyl released in the last 40 days up to today (both ends
 * inclusive). If fewer than 3, records flagged isNewRelease top the list up to
 * 5 in total. Decisions (spec silent): the top-ups must also be vinyl and
 * already released (future ones belong to Pre-Orders); newest first; no
 * record appears twice (by id).
 */
export function newReleases<T extends RecordItem>(records: readonly T[], today: string, options?: HomeFilterOptions<T>): T[] {
  const candidates = records.filter(notExcluded(options)).filter((r) => hasVinylFormat(r.format));
  const windowStart = addDays(today, -NEW_RELEASE_WINDOW_DAYS);
  const recent = candidates.filter((record) => {
    const released = toIsoDate(record.releaseDate);
    return released !== null && released >= windowStart && released <= today;
  });
  if (recent.length >= NEW_RELEASE_MIN_BEFORE_FALLBACK) return recent;

  const taken = new Set(recent.map((r) => r.id));
  const flagged = candidates
    .filter((r) => r.isNewRelease && !taken.has(r.id) && !isPreOrder(r.releaseDate, today))
    .sort(byReleaseDateDesc);
  const result = [...recent];
  for (const record of flagged) {
    if (result.length >= NEW_RELEASE_FALLBACK_MAX) break;
    if (taken.has(record.id)) continue;
    taken.add(record.id);
    result.push(record);
  }
  return result;
}

/** Pre-orders section: future release date, unique by title + artist (spec §2). */
export function preOrders<T extends RecordItem>(records: readonly T[], today: string, options?: HomeFilterOptions<T>): T[] {
  return uniqueByTitleArtist(records.filter(notExcluded(options)).filter((r) => isPreOrder(r.releaseDate, today)));
}

// Newest first; undated records last. Array.prototype.sort is stable, so ties keep input order.
function byReleaseDateDesc(a: Pick<RecordItem, "releaseDate">, b: Pick<RecordItem, "releaseDate">): number {
  const da = toIsoDate(a.releaseDate) ?? "";
  const db = toIsoDate(b.releaseDate) ?? "";
  return da === db ? 0 : da < db ? 1 : -1;
}

/**
 * Up to n distinct items (by position) in random order — a partial
 * Fisher–Yates shuffle on a copy. `random` must return [0, 1); pass a seeded
 * generator for repeatable picks.
 */
export function pickRandom<T>(items: readonly T[], n: number, random: () => number): T[] {
  const pool = [...items];
  const count = Math.max(0, Math.min(pool.length, Math.floor(Number.isFinite(n) ? n : 0)));
  for (let i = 0; i < count; i++) {
    const remaining = pool.length - i;
    // Clamp: a generator returning exactly 1 must not index past the end.
    const offset = Math.min(remaining - 1, Math.max(0, Math.floor(random() * remaining)));
    const j = i + offset;
    const picked = pool[j] as T;
    pool[j] = pool[i] as T;
    pool[i] = picked;
  }
  return pool.slice(0, count);
}

/** Small, fast seeded PRNG (public-domain mulberry32); returns [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed from the date (FNV-1a), so the same day gives the same pick everywhere. */
export function dailySeed(today: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < today.length; i++) {
    hash ^= today.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * "Vinyl of the Day": stable for a whole day. Sorted by id first so the pick
 * does not depend on the order the database returned rows in. Filtering
 * (hiding, stock) is the caller's job.
 */
export function pickOfTheDay<T extends Pick<RecordItem, "id">>(records: readonly T[], today: string): T | null {
  const ordered = [...records].sort((a, b) => a.id - b.id);
  return pickRandom(ordered, 1, mulberry32(dailySeed(today)))[0] ?? null;
}
