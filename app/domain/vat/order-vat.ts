/**
 * The VAT of an order, line by line (docs/decisions/0079). Browser-safe, no database.
 *
 * - A discount (a discount code's pence off the goods) lowers what each line sells for, shared across the lines in
 *   proportion to their prices (the pennies left over going to the largest remainders), so it lowers a margin copy's
 *   margin as well as a new record's price: the selling price under the margin scheme is what the buyer pays for it.
 *   Gift vouchers and store credit are a way to pay (multi-purpose vouchers), not a discount: they change no VAT.
 * - Standard-rated lines and the shipping: 1/6 of their VAT-inclusive total, worked out once on that total as the
 *   shop always has (so an order of new records only has the VAT it always had), then shared out among those lines
 *   and the shipping so each line carries its part and the parts add up to it.
 * - Margin-scheme lines: 1/6 of each copy's own margin (margin-vat.ts), never netted across copies.
 * - The order's VAT is the sum of its lines' VAT and the VAT in its shipping.
 */
import { vatIncludedPence } from "~/domain/shared/money";
import { marginVatPence } from "./margin-vat";
import type { VatScheme } from "./vat-schemes";

export interface VatLineInput {
  /** Price of one unit, VAT included. */
  pricePence: number;
  quantity: number;
  vatScheme: VatScheme;
  /** What the shop paid for one unit; needed for a margin-scheme line (saleBlockedReason refuses one without). */
  purchasePricePence: number | null;
}

export interface LineVat {
  vatScheme: VatScheme;
  /** What the line sells for after its share of the discount. */
  sellingPence: number;
  vatPence: number;
}

export interface OrderVat {
  lines: LineVat[];
  shippingVatPence: number;
  /** VAT of the standard-rated lines and the shipping. */
  standardVatPence: number;
  /** VAT of the margin-scheme lines. */
  marginVatPence: number;
  vatPence: number;
}

/**
 * `total` shared out in proportion to `weights`, in whole pence adding up to `total`: each gets the floor of its
 * exact share, and the pennies left go one each to the largest remainders (the first of equals first).
 */
export function shareByWeight(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  const floors = weights.map((w) => Math.floor((total * w) / sum));
  const remainders = weights.map((w, i) => ({ i, r: total * w - floors[i]! * sum }));
  let left = total - floors.reduce((s, f) => s + f, 0);
  for (const { i } of [...remainders].sort((a, b) => b.r - a.r || a.i - b.i)) {
    if (left <= 0) break;
    floors[i]! += 1;
    left -= 1;
  }
  return floors;
}

/** What each line sells for once `discountPence` is shared across the lines by their prices. */
export function sellingPrices(lines: readonly Pick<VatLineInput, "pricePence" | "quantity">[], discountPence: number): number[] {
  const gross = lines.map((l) => l.pricePence * l.quantity);
  const shares = shareByWeight(discountPence, gross);
  return gross.map((g, i) => g - shares[i]!);
}

/** A margin line's VAT: its selling price split evenly over its units, each unit's margin taxed on its own. */
function marginLineVat(sellingPence: number, line: VatLineInput): number {
  const units = shareByWeight(
    sellingPence,
    Array.from({ length: line.quantity }, () => 1),
  );
  return units.reduce((sum, unit) => sum + marginVatPence(unit, line.purchasePricePence ?? 0), 0);
}

export function orderVat(
  lines: readonly VatLineInput[],
  { discountPence, shippingPence }: { discountPence: number; shippingPence: number },
): OrderVat {
  const selling = sellingPrices(lines, discountPence);
  const standardIdx = lines.flatMap((l, i) => (l.vatScheme === "standard" ? [i] : []));
  const standardBase = standardIdx.reduce((s, i) => s + selling[i]!, 0) + shippingPence;
  const standardVatPence = vatIncludedPence(standardBase);
  const standardShares = shareByWeight(standardVatPence, [...standardIdx.map((i) => selling[i]!), shippingPence]);
  const out: LineVat[] = lines.map((l, i) => ({
    vatScheme: l.vatScheme,
    sellingPence: selling[i]!,
    vatPence: l.vatScheme === "margin" ? marginLineVat(selling[i]!, l) : 0,
  }));
  standardIdx.forEach((lineIndex, k) => (out[lineIndex]!.vatPence = standardShares[k]!));
  const shippingVatPence = standardShares[standardIdx.length] ?? 0;
  const marginVat = out.reduce((s, l) => s + (l.vatScheme === "margin" ? l.vatPence : 0), 0);
  return {
    lines: out,
    shippingVatPence,
    standardVatPence,
    marginVatPence: marginVat,
    vatPence: standardVatPence + marginVat,
  };
}
