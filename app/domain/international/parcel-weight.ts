/**
 * What a parcel weighs: each record's own shipping weight (set in the back office) or its format's default, times
 * its quantity, and the packaging (mailer and stiffeners) once per parcel.
 */
import { formatWeightGrams } from "~/domain/discogs/inventory-export";
import { readStoredFormat } from "~/domain/catalogue/formats";

/** The mailer a shop packs one to three LPs in, with its stiffeners, until the back office sets its own. */
export const DEFAULT_PACKAGING_GRAMS = 250;

/** A boxed set weighs what its box holds: this until the record has its own weight. */
export const BOX_SET_GRAMS = 1200;

/** The format's usual weight in grams: a 12" LP about 230 g (each disc of a 2×LP as much), a 7" about 50 g. */
export function formatDefaultGrams(format: string | null): number {
  if (format && readStoredFormat(format) === "Vinyl Box Set") return BOX_SET_GRAMS;
  return formatWeightGrams(format);
}

export function recordWeightGrams(record: { weightGrams: number | null; format: string | null }): number {
  return record.weightGrams ?? formatDefaultGrams(record.format);
}

/** The parcel: its records (a quantity of 0 or less adds nothing) and the packaging, or 0 for an empty cart. */
export function parcelWeightGrams(
  lines: readonly { weightGrams: number; quantity: number }[],
  packagingGrams: number = DEFAULT_PACKAGING_GRAMS,
): number {
  const goods = lines.reduce((sum, l) => sum + (l.quantity > 0 ? l.weightGrams * l.quantity : 0), 0);
  return goods > 0 ? goods + packagingGrams : 0;
}
