/**
 * The shop's used copies as Discogs's inventory upload file (Marketplace → Inventory → Upload): one row per copy,
 * conditions in Discogs's own words, the price in pounds, the shop's catalogue id as external_id so a copy is
 * known again when Discogs's export of the same listings comes back. A copy without a release id cannot be listed
 * on Discogs, so it is left out and named. Browser-safe.
 */
import { stringify } from "csv-stringify/sync";
import type { Grade } from "../catalogue/grades";
import { readStoredFormat } from "../catalogue/formats";
import { toDiscogsMedia, toDiscogsSleeve, type SleeveKind } from "./discogs-grades";

/** Exactly the header Discogs's upload reads, in its order. */
export const DISCOGS_UPLOAD_HEADER = [
  "release_id",
  "price",
  "media_condition",
  "sleeve_condition",
  "comments",
  "accept_offer",
  "location",
  "external_id",
  "weight",
  "format_quantity",
] as const;

/** A used copy on sale as the upload needs it. */
export interface UploadCopy {
  id: number;
  catalogueId: string;
  title: string;
  artist: string;
  discogsReleaseId: number | null;
  pricePence: number;
  mediaGrade: Grade;
  sleeveGrade: Grade;
  sleeveKind: SleeveKind | null;
  note: string | null;
  shelfLocation: string | null;
  format: string | null;
}

/** Discs in the sleeve, from the format: Discogs's format_quantity (it sets postage by it). */
export function formatQuantity(format: string | null): number {
  const stored = format ? readStoredFormat(format) : null;
  return stored === "Vinyl 3×LP" ? 3 : stored === "Vinyl 2×LP" ? 2 : 1;
}

/** A 10-inch has no stored format of its own (it is kept as plain Vinyl), so its own spelling is looked for. */
const TEN_INCH = /\b10\s*(?:"|”|''|-?\s*inch(?:es)?\b|in\b)/i;

/**
 * What a copy weighs in grams, record and inner sleeve, for Discogs's postage: a 12-inch LP about 230 g (each disc
 * of a 2×LP or 3×LP as much), a 10-inch 130 g, a 7-inch single 50 g; anything else is taken for one LP.
 */
export function formatWeightGrams(format: string | null): number {
  if (format && TEN_INCH.test(format)) return 130;
  const stored = format ? readStoredFormat(format) : null;
  if (stored === "Vinyl 7-inch" || stored === "Vinyl Single") return 50;
  return 230 * formatQuantity(format);
}

/** One copy's row, in DISCOGS_UPLOAD_HEADER's order; call only for a copy with a release id. */
export function uploadRow(copy: UploadCopy): string[] {
  return [
    String(copy.discogsReleaseId ?? ""),
    (copy.pricePence / 100).toFixed(2),
    toDiscogsMedia(copy.mediaGrade),
    toDiscogsSleeve(copy.sleeveGrade, copy.sleeveKind),
    copy.note ?? "",
    // The shop takes no offers: a copy sells at its price, here or on Discogs.
    "N",
    copy.shelfLocation ?? "",
    copy.catalogueId,
    String(formatWeightGrams(copy.format)),
    String(formatQuantity(copy.format)),
  ];
}

/**
 * The upload file of the copies given, and those left out for want of a release id. Written as Discogs reads it,
 * without the apostrophe the shop's own downloads put before formula characters: Discogs would show it in the
 * listing's comments.
 */
export function discogsUploadCsv(copies: readonly UploadCopy[]): { csv: string; count: number; leftOut: UploadCopy[] } {
  const listed = copies.filter((c) => c.discogsReleaseId !== null);
  const csv = stringify([[...DISCOGS_UPLOAD_HEADER], ...listed.map(uploadRow)]);
  return { csv, count: listed.length, leftOut: copies.filter((c) => c.discogsReleaseId === null) };
}
