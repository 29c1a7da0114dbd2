/**
 * Intake's suggested price for a used copy, and a new price for a pressing intake makes from a Discogs release.
 * The shop's own sales come first: what its used copies of the same pressing at the same media grade sold for lately;
 * without any, a share of the pressing's new price by grade. The page says which it was. Browser-safe.
 */
import type { Grade } from "~/domain/catalogue/grades";
import type { StoredFormat } from "~/domain/catalogue/formats";
import { formatPence } from "~/domain/shared/money";

/** How many of the latest sales the median is taken over. */
export const RECENT_SALES = 5;
/** Nothing is suggested below £1. */
export const MIN_SUGGESTED_PENCE = 100;

/** A used copy's price as a share of the new pressing's, by media grade (the sleeve moves it less; staff adjust). */
export const USED_PRICE_SHARE: Readonly<Record<Grade, number>> = {
  M: 0.9,
  NM: 0.8,
  "VG+": 0.65,
  VG: 0.45,
  "G+": 0.3,
  G: 0.2,
  F: 0.1,
  P: 0.05,
};

/** A sale of a used copy of the pressing: its price, the copy's media grade and when the order was paid. */
export interface UsedSale {
  pricePence: number;
  mediaGrade: Grade;
  soldAt: string;
}

export interface PriceSuggestion {
  pricePence: number;
  source: "sales" | "new-price";
  /** Where it came from, to follow "Suggested: £12.00 — ". */
  text: string;
}

function median(sorted: readonly number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/**
 * The median of the last five sales of the pressing's used copies at `mediaGrade` (the latest first); else the grade's
 * share of the new price, to the nearest 50p. Never below £1.
 */
export function suggestUsedPrice(input: {
  mediaGrade: Grade;
  sales: readonly UsedSale[];
  newPricePence: number;
}): PriceSuggestion {
  const { mediaGrade, sales, newPricePence } = input;
  const recent = sales
    .filter((s) => s.mediaGrade === mediaGrade)
    .sort((a, b) => (a.soldAt < b.soldAt ? 1 : a.soldAt > b.soldAt ? -1 : 0))
    .slice(0, RECENT_SALES)
    .map((s) => s.pricePence)
    .sort((a, b) => a - b);
  if (recent.length > 0)
    return {
      pricePence: Math.max(MIN_SUGGESTED_PENCE, median(recent)),
      source: "sales",
      text:
        recent.length === 1 ? `the last sale at ${mediaGrade}` : `the median of the last ${recent.length} sales at ${mediaGrade}`,
    };
  const share = USED_PRICE_SHARE[mediaGrade];
  const pricePence = Math.max(MIN_SUGGESTED_PENCE, Math.round((newPricePence * share) / 50) * 50);
  return {
    pricePence,
    source: "new-price",
    text: `${Math.round(share * 100)}% of the new price ${formatPence(newPricePence)} at ${mediaGrade}`,
  };
}

const NEW_PRICE_BY_FORMAT: Readonly<Record<StoredFormat, number>> = {
  "Vinyl LP": 2299,
  "Vinyl 12-inch": 1299,
  "Vinyl EP": 1299,
  "Vinyl Single": 799,
  "Vinyl 7-inch": 799,
  "Vinyl 2×LP": 3299,
  "Vinyl 3×LP": 4299,
  "Vinyl Box Set": 7999,
  "Coloured Vinyl": 2499,
  "Picture Disc Vinyl": 2499,
  Vinyl: 2299,
};

/**
 * The new price a pressing made at intake starts with (it has no stock, so nobody buys at it): a typical price for its
 * format, the base its used copies' fallback suggestion is worked from until staff set the real one.
 */
export function newPressingPrice(format: StoredFormat | null): number {
  return NEW_PRICE_BY_FORMAT[format ?? "Vinyl"];
}
