/**
 * The cart as the header badge, the drawer and the cart page show it: the priced lines, the totals over
 * what can be bought, and the wording for lines that cannot be bought as they stand. Pure and browser-safe;
 * the pricing itself is the cart service's.
 */
import { cartItemCount } from "./shipping";
import type { OrderTotals } from "./order-totals";
import type { Cart, CartLineIssue } from "./cart";
import type { VatScheme } from "~/domain/vat/vat-schemes";

export type { CartLineIssue };

export interface CartSummaryLine {
  recordId: number;
  title: string;
  artist: string;
  coverUrl: string | null;
  /** The record page, or null when the record has left the shop. */
  path: string | null;
  pricePence: number;
  lineTotalPence: number;
  quantity: number;
  maxQuantity: number;
  isPreOrder: boolean;
  issue: CartLineIssue | null;
  /** "margin": a second-hand copy sold under the VAT margin scheme (no VAT shown for it). */
  vatScheme?: VatScheme;
}

export interface CartDiscount {
  ok: boolean;
  code: string;
  message: string;
}

export interface CartSummary {
  /** Records in the cart (sum of quantities), flagged lines included: it is what the shopper put there. */
  itemCount: number;
  lines: CartSummaryLine[];
  totals: OrderTotals;
  discount: CartDiscount | null;
  /** Some line cannot be bought as it stands: checkout waits until the shopper has sorted it out. */
  needsReview: boolean;
}

export const EMPTY_TOTALS: OrderTotals = Object.freeze({
  itemCount: 0,
  itemsPence: 0,
  shippingPence: 0,
  discountPence: 0,
  totalPence: 0,
  vatPence: 0,
});

export const EMPTY_CART_SUMMARY: CartSummary = Object.freeze({
  itemCount: 0,
  lines: [],
  totals: EMPTY_TOTALS,
  discount: null,
  needsReview: false,
}) as CartSummary;

/** What the pricing service answers, in the parts the summary uses. */
export interface PricedCartLike {
  lines: readonly CartSummaryLine[];
  totals: OrderTotals;
  discount: CartDiscount | null;
  needsReview: boolean;
}

/** The summary of `cart` priced as `priced` (null for an empty cart, which needs no pricing). */
export function toCartSummary(cart: Cart, priced: PricedCartLike | null): CartSummary {
  if (cart.lines.length === 0 || !priced) return { ...EMPTY_CART_SUMMARY, itemCount: cartItemCount(cart.lines) };
  return {
    itemCount: cartItemCount(cart.lines),
    lines: priced.lines.map((l) => ({
      recordId: l.recordId,
      title: l.title,
      artist: l.artist,
      coverUrl: l.coverUrl,
      path: l.path,
      pricePence: l.pricePence,
      lineTotalPence: l.lineTotalPence,
      quantity: l.quantity,
      maxQuantity: l.maxQuantity,
      isPreOrder: l.isPreOrder,
      issue: l.issue,
      ...(l.vatScheme === "margin" ? { vatScheme: l.vatScheme } : {}),
    })),
    totals: priced.totals,
    discount: priced.discount && { ok: priced.discount.ok, code: priced.discount.code, message: priced.discount.message },
    needsReview: priced.needsReview,
  };
}

/** How a flagged line is marked (it is shown, but left out of the totals). */
export function lineIssueText(line: Pick<CartSummaryLine, "issue" | "maxQuantity">): string | null {
  switch (line.issue) {
    case "unavailable":
      return "No longer available";
    case "out-of-stock":
      return "Out of stock";
    // Over a limited record's per-customer limit reads as the stock does: the landing pages' first load has no room
    // for another sentence, and the checkout's review says the limit in full (components/checkout/notices.tsx).
    case "insufficient-stock":
    case "over-limit":
      return `Only ${line.maxQuantity} left — lower the quantity`;
    case "not-on-sale-yet":
      return "Not on sale yet";
    default:
      return null;
  }
}

/** Why checkout is not offered yet, or null when it is. */
export function checkoutBlockedReason(summary: Pick<CartSummary, "needsReview" | "totals">): string | null {
  if (summary.needsReview)
    return "Some records in your cart can't be bought as they are. Remove them or lower the quantity to check out.";
  if (summary.totals.itemCount === 0) return "Nothing in your cart can be bought right now.";
  return null;
}

/** "1 item" / "3 items". */
export function itemsText(count: number): string {
  return `${count} ${count === 1 ? "item" : "items"}`;
}
