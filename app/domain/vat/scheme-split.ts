/**
 * Sales told apart by VAT scheme, for the business analysis: new records and other standard-rated goods (VAT is
 * 1/6 of the price) and used copies sold under the margin scheme (VAT is 1/6 of each copy's margin). Line prices
 * of the units kept, before order discounts and without postage, as the page's other breakdowns. Pure.
 */
import { vatIncludedPence } from "~/domain/shared/money";
import type { VatScheme } from "./vat-schemes";

export interface SchemeSales {
  units: number;
  revenuePence: number;
  /** The VAT charged on them, as kept on their order lines. */
  vatPence: number;
}

export type SchemeSplit = Record<VatScheme, SchemeSales>;

/** One scheme's sums from SQL: the VAT kept on lines, and the takings of older lines sold before it was kept. */
export interface SchemeSums {
  scheme: VatScheme;
  units: number;
  revenuePence: number;
  keptVatPence: number;
  /** Standard lines sold before line VAT was kept: their VAT is 1/6 of this. */
  unknownVatRevenuePence: number;
}

export function schemeSplit(rows: readonly SchemeSums[]): SchemeSplit {
  const split: SchemeSplit = {
    standard: { units: 0, revenuePence: 0, vatPence: 0 },
    margin: { units: 0, revenuePence: 0, vatPence: 0 },
  };
  for (const r of rows) {
    const s = split[r.scheme];
    s.units += r.units;
    s.revenuePence += r.revenuePence;
    s.vatPence += r.keptVatPence + (r.scheme === "standard" ? vatIncludedPence(r.unknownVatRevenuePence) : 0);
  }
  return split;
}
