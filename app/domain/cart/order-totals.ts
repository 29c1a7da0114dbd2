/**
 * The money of a cart or an order, to the penny. Prices include 20% UK VAT; the VAT shown is the part of
 * the grand total that is VAT (shipping is VAT-able too and follows the goods' standard rate).
 */
import { vatIncludedPence } from "~/domain/shared/money";
import { orderVat } from "~/domain/vat/order-vat";
import type { VatScheme } from "~/domain/vat/vat-schemes";
import type { VatLine } from "~/domain/international/destination-totals";
import { cartItemCount, discountPence, grandTotalPence, itemsTotalPence, shippingPence } from "./shipping";

export interface PricedQuantity {
  pricePence: number;
  quantity: number;
  /** How the record is taxed on sale; standard (20% of the price) when absent. */
  vatScheme?: VatScheme;
  /** A margin-scheme copy: what the shop paid for it (app/domain/vat/margin-vat.ts). */
  purchasePricePence?: number | null;
}

export interface OrderTotals {
  /** Number of records (sum of quantities). */
  itemCount: number;
  itemsPence: number;
  shippingPence: number;
  discountPence: number;
  totalPence: number;
  /** VAT contained in the total (UK), or added to it under IOSS; 0 for an export. */
  vatPence: number;
  /** How the order is taxed where it goes (app/domain/international/destination-vat.ts); absent means the UK's. */
  vat?: VatLine;
}

/** Totals as worked out, before they are shown to a buyer. */
export interface OrderTotalsWithMargin extends OrderTotals {
  /**
   * The part of `vatPence` on margin-scheme copies, present only when there are some. Never shown to a buyer (it
   * would tell the copy's margin): pages show `vatPence` less it (app/domain/vat/invoice-vat.ts).
   */
  marginVatPence?: number;
}

/** Totals for lines and a percentage discount on the items (never on shipping). */
export function orderTotals(lines: readonly PricedQuantity[], discountPercent = 0): OrderTotalsWithMargin {
  return orderTotalsWith(lines, (items) => discountPence(items, discountPercent));
}

/**
 * Totals for lines and a discount worked out from the goods subtotal (a discount code's rule), never more than
 * the goods and never on shipping.
 */
export function orderTotalsWith(
  lines: readonly PricedQuantity[],
  discountFor: (itemsPence: number) => number,
  /** The delivery service's price when the shopper chose one (app/domain/international); else the spec's rule. */
  chosenShippingPence?: number,
): OrderTotalsWithMargin {
  const itemCount = cartItemCount(lines);
  const items = itemsTotalPence(lines);
  const shipping = itemCount === 0 ? 0 : (chosenShippingPence ?? shippingPence(itemCount));
  const discount = Math.max(0, Math.min(items, Math.floor(discountFor(items))));
  const total = grandTotalPence({ itemsPence: items, shippingPence: shipping, discountPence: discount });
  const vat = vatOfOrder(lines, { total, discount, shipping });
  return {
    itemCount,
    itemsPence: items,
    shippingPence: shipping,
    discountPence: discount,
    totalPence: total,
    vatPence: vat.vatPence,
    ...(vat.marginVatPence === null ? {} : { marginVatPence: vat.marginVatPence }),
  };
}

/** Totals as a buyer is shown them: the VAT is the standard-rated part only, and the margin part is left out. */
export function shownTotals({ marginVatPence, ...totals }: OrderTotalsWithMargin): OrderTotals {
  return { ...totals, vatPence: totals.vatPence - (marginVatPence ?? 0) };
}

/**
 * VAT contained in the total: 1/6 of it when everything is standard-rated (as always); with a margin-scheme copy
 * in it, line by line (app/domain/vat/order-vat.ts), the copy carrying VAT on its margin only.
 */
function vatOfOrder(
  lines: readonly PricedQuantity[],
  { total, discount, shipping }: { total: number; discount: number; shipping: number },
): { vatPence: number; marginVatPence: number | null } {
  const counted = lines.filter((l) => l.quantity > 0);
  if (!counted.some((l) => l.vatScheme === "margin")) return { vatPence: vatIncludedPence(total), marginVatPence: null };
  const vat = orderVat(
    counted.map((l) => ({
      pricePence: l.pricePence,
      quantity: l.quantity,
      vatScheme: l.vatScheme ?? "standard",
      purchasePricePence: l.purchasePricePence ?? null,
    })),
    { discountPence: discount, shippingPence: shipping },
  );
  return { vatPence: vat.vatPence, marginVatPence: vat.marginVatPence };
}
