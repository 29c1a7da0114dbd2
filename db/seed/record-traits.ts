import { FORMATS } from "../../app/domain/catalogue/formats";
import { addDays } from "../../app/domain/shared/dates";
import type { SeededRandom } from "./random";

type Format = (typeof FORMATS)[number];

/** How often each format turns up, and the price band (pence) a UK shop would ask for it. */
export const FORMAT_TRAITS: Record<Format, { weight: number; min: number; max: number }> = {
  "Vinyl LP": { weight: 42, min: 1800, max: 3499 },
  "Vinyl 12-inch": { weight: 7, min: 1199, max: 1999 },
  "Vinyl EP": { weight: 5, min: 999, max: 1599 },
  "Vinyl Single": { weight: 4, min: 500, max: 899 },
  "Vinyl 7-inch": { weight: 7, min: 599, max: 999 },
  "Vinyl 2×LP": { weight: 11, min: 2799, max: 4999 },
  "Vinyl 3×LP": { weight: 3, min: 3999, max: 6999 },
  "Vinyl Box Set": { weight: 3, min: 6999, max: 10000 },
  "Coloured Vinyl": { weight: 9, min: 2199, max: 3999 },
  "Picture Disc Vinyl": { weight: 3, min: 2499, max: 4499 },
  Vinyl: { weight: 6, min: 1500, max: 2999 },
};

export const MIN_PRICE_PENCE = 500;
export const MAX_PRICE_PENCE = 10_000;

export function pickFormat(rng: SeededRandom): Format {
  return rng.weighted(FORMATS.map((f) => [f, FORMAT_TRAITS[f].weight] as const));
}

/** Shop prices end in .99 mostly, sometimes a round pound; always within the format's band and £5–£100. */
export function priceFor(rng: SeededRandom, format: Format): number {
  const { min, max } = FORMAT_TRAITS[format];
  const pounds = Math.floor(rng.int(min, max) / 100);
  const pence = Math.min(max, Math.max(min, pounds * 100 + (rng.chance(0.8) ? 99 : 0)));
  return Math.min(MAX_PRICE_PENCE, Math.max(MIN_PRICE_PENCE, pence));
}

/** Stock bands the shop's wording rules care about: none, 1–5, 6–10 (running low), plenty. */
export function stockFor(rng: SeededRandom): number {
  const band = rng.weighted([
    ["none", 12],
    ["few", 25],
    ["low", 23],
    ["plenty", 40],
  ] as const);
  if (band === "none") return 0;
  if (band === "few") return rng.int(1, 5);
  if (band === "low") return rng.int(6, 10);
  return rng.int(11, 60);
}

export type ReleaseKind = "pre-order" | "new" | "catalogue";

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/**
 * Release date of this pressing: some upcoming (pre-orders), some within the 40-day window, most older.
 * A pressing is never older than the record itself, so no date falls before 1 January of `originalYear`.
 * Every branch draws the same number of random values whatever the year, so one record's year never
 * shifts the rest of the seeded shop.
 */
export function releaseFor(rng: SeededRandom, today: string, originalYear?: number | null): { kind: ReleaseKind; date: string } {
  const kind = rng.weighted([
    ["pre-order", 5],
    ["new", 7],
    ["catalogue", 88],
  ] as const);
  // How many days back the pressing may be at most (records are never dated in the future).
  const limit = originalYear == null ? Infinity : daysBetween(`${originalYear}-01-01`, today);
  if (kind === "pre-order") return { kind, date: addDays(today, rng.int(3, 120)) };
  if (kind === "new" || limit < 41) {
    // A record first issued this very season can only be a new pressing.
    return { kind: "new", date: addDays(today, -rng.int(0, Math.max(0, Math.min(39, limit)))) };
  }
  // Catalogue titles: pressed between 41 days and about 14 years ago, never before the original year.
  return { kind, date: addDays(today, -rng.int(41, Math.min(5100, limit))) };
}
