/**
 * Spec §4 cart rules as pure functions over a small value: the lines (record id + quantity) and the
 * discount code the shopper typed. Prices are never part of it: the server re-prices every line from the
 * database each time, so nothing a browser sends about money is trusted.
 */

/** A cookie holds at most ~4 KB; 50 different records is far beyond any real basket. */
export const MAX_CART_LINES = 50;
/** Per record per order: collectors buy one copy, shops buy a few; more is a trade order by email. */
export const MAX_LINE_QUANTITY = 10;
export const MAX_DISCOUNT_CODE_LENGTH = 32;

export interface CartLine {
  recordId: number;
  quantity: number;
}

/** Why a priced line cannot be bought as it stands (it is shown, flagged, and left out of the totals). */
/** "over-limit": more than a limited record's per-customer limit; "not-on-sale-yet": before its on-sale time. */
export type CartLineIssue = "unavailable" | "out-of-stock" | "insufficient-stock" | "over-limit" | "not-on-sale-yet";

export interface Cart {
  lines: CartLine[];
  discountCode: string | null;
}

export const EMPTY_CART: Cart = Object.freeze({ lines: [], discountCode: null }) as Cart;

const isId = (n: number) => Number.isSafeInteger(n) && n > 0;

/** Adding a record already present raises its quantity by 1, otherwise adds it with quantity 1. */
export function addToCart(cart: Cart, recordId: number): Cart {
  if (!isId(recordId)) return cart;
  const existing = cart.lines.find((l) => l.recordId === recordId);
  if (existing) return setQuantity(cart, recordId, existing.quantity + 1);
  if (cart.lines.length >= MAX_CART_LINES) return cart;
  return { ...cart, lines: [...cart.lines, { recordId, quantity: 1 }] };
}

/** Sets a line's quantity; 0 or below (or not a number) removes it; above the per-line limit is capped. */
export function setQuantity(cart: Cart, recordId: number, quantity: number): Cart {
  const q = Number.isFinite(quantity) ? Math.floor(quantity) : 0;
  if (q <= 0) return removeFromCart(cart, recordId);
  const capped = Math.min(q, MAX_LINE_QUANTITY);
  if (!cart.lines.some((l) => l.recordId === recordId)) {
    if (!isId(recordId) || cart.lines.length >= MAX_CART_LINES) return cart;
    return { ...cart, lines: [...cart.lines, { recordId, quantity: capped }] };
  }
  return { ...cart, lines: cart.lines.map((l) => (l.recordId === recordId ? { ...l, quantity: capped } : l)) };
}

export function removeFromCart(cart: Cart, recordId: number): Cart {
  return { ...cart, lines: cart.lines.filter((l) => l.recordId !== recordId) };
}

/** Clearing empties the items and resets the discount (spec §4). */
export function clearCart(): Cart {
  return { lines: [], discountCode: null };
}

/**
 * Codes are typed by people: upper-cased, with spaces and anything but letters, digits and hyphens
 * dropped (so "save 10" is "SAVE10", and a stored code is always cookie-safe); empty means none.
 */
export function normaliseDiscountCode(code: string | null | undefined): string | null {
  const c = (code ?? "").toUpperCase().replace(/[^A-Z0-9-]/g, "");
  return c === "" ? null : c.slice(0, MAX_DISCOUNT_CODE_LENGTH);
}

export function withDiscountCode(cart: Cart, code: string | null | undefined): Cart {
  return { ...cart, discountCode: normaliseDiscountCode(code) };
}

/** The largest quantity a shopper may have of a record: its stock, except pre-orders which are not stock-bound. */
export function maxQuantityFor(record: { stockQuantity: number; isPreOrder: boolean }): number {
  if (record.isPreOrder) return MAX_LINE_QUANTITY;
  return Math.max(0, Math.min(MAX_LINE_QUANTITY, Math.floor(record.stockQuantity)));
}

/**
 * Who is buying, for the first-order rule of a discount code: the signed-in user, else the e-mail typed at
 * checkout, else nobody known yet (only the code itself is checked).
 */
export function customerOf(user: { id: number; email: string } | null, typedEmail?: string) {
  if (user) return { userId: user.id, email: user.email };
  return typedEmail ? { userId: null, email: typedEmail } : null;
}
