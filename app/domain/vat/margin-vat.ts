/**
 * HMRC's margin scheme for second-hand goods, one copy at a time (VAT Notice 718, "The VAT Margin Schemes"; the
 * Value Added Tax (Special Provisions) Order 1995, art. 12). Browser-safe, no database.
 *
 * - The margin is the selling price less the purchase price (Notice 718, "how to work out the margin");
 *   the purchase price is what the shop paid the seller, nothing added (its purchase records).
 * - VAT is the margin × the VAT fraction: 1/6 at the standard rate of 20%.
 * - A copy sold for no more than it cost has no margin and carries no VAT; a loss is never set against another
 *   copy's margin (the margin is worked out on each item; only global accounting nets, and the shop
 *   does not use it, Notice 718 section 15).
 * - Rounding: the VAT of each copy is rounded to the nearest penny, a half penny up, as the shop rounds the VAT of
 *   a line (HMRC VAT Notice 700, "The VAT Guide", section 16.6: VAT worked out line by line may be rounded to the
 *   nearest penny). It is the same rule as `vatIncludedPence` for standard-rated goods.
 */
import { vatIncludedPence } from "~/domain/shared/money";
import type { VatScheme } from "./vat-schemes";

/** Selling price less purchase price, in pence; negative for a loss. */
export function marginOf(sellingPence: number, purchasePence: number): number {
  return sellingPence - purchasePence;
}

/** The VAT due on one copy sold under the margin scheme: 1/6 of a positive margin, else nothing. */
export function marginVatPence(sellingPence: number, purchasePence: number): number {
  const margin = marginOf(sellingPence, purchasePence);
  return margin > 0 ? vatIncludedPence(margin) : 0;
}

export const MARGIN_COPY_NEEDS_PURCHASE_PRICE =
  "This copy is sold under the margin scheme, so its VAT depends on what the shop paid for it: enter the price paid before putting it on sale.";

/** What sells a record or copy needs for its VAT: its scheme and, under the margin scheme, what the shop paid. */
export interface VatFacts {
  vatScheme: VatScheme;
  purchasePricePence: number | null;
}

/**
 * Why a record cannot be put on sale (added, published, bought) as it stands, or null when it can: a margin-scheme
 * copy without a purchase price has no margin to work its VAT out on (Notice 718, record keeping: the stock book needs
 * the purchase price of every item sold under the scheme).
 */
export function saleBlockedReason(facts: VatFacts): string | null {
  return facts.vatScheme === "margin" && facts.purchasePricePence === null ? MARGIN_COPY_NEEDS_PURCHASE_PRICE : null;
}
