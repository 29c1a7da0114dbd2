/**
 * Spec §9 shipping and totals (Royal Mail). All amounts are integer pence.
 */

export const SHIPPING_SMALL_PENCE = 400;
export const SHIPPING_LARGE_PENCE = 700;
/** From this many items the larger parcel rate applies. */
export const SHIPPING_LARGE_FROM_ITEMS = 5;
/** Spec §1/§9: newsletter subscribers get 10% off a first order. */
export const NEWSLETTER_DISCOUNT_PERCENT = 10;

/**
 * £4 for fewer than 5 items, otherwise £7.
 * An empty cart ships nothing, so it costs 0 — the spec only covers carts
 * with items, and charging £4 for nothing would show a bogus total.
 */
export function shippingPence(itemCount: number): number {
  if (!Number.isFinite(itemCount) || itemCount <= 0) return 0;
  return itemCount < SHIPPING_LARGE_FROM_ITEMS ? SHIPPING_SMALL_PENCE : SHIPPING_LARGE_PENCE;
}

export interface TotalParts {
  itemsPence: number;
  shippingPence: number;
  discountPence?: number;
}

/** Grand total = items + shipping − discount, never below 0 (spec §9). */
export function grandTotalPence({ itemsPence, shippingPence, discountPence = 0 }: TotalParts): number {
  return Math.max(0, itemsPence + shippingPence - discountPence);
}

/**
 * Number of records in the cart (sum of quantities). Lines with a zero,
 * negative or non-numeric quantity count as nothing: the store removes them.
 */
export function cartItemCount(lines: readonly { quantity: number }[]): number {
  return lines.reduce(
    (sum, line) => sum + (Number.isFinite(line.quantity) && line.quantity > 0 ? Math.floor(line.quantity) : 0),
    0,
  );
}

/** Sum of unit price × quantity for cart lines. */
export function itemsTotalPence(lines: readonly { pricePence: number; quantity: number }[]): number {
  return lines.reduce((sum, line) => {
    const quantity = Number.isFinite(line.quantity) && line.quantity > 0 ? Math.floor(line.quantity) : 0;
    return sum + line.pricePence * quantity;
  }, 0);
}

/**
 * Percentage discount, rounded DOWN to whole pence so the shop never gives
 * away a fraction of a penny more than promised. Percent is clamped to 0–100.
 */
export function discountPence(itemsPence: number, percent: number): number {
  if (!Number.isFinite(itemsPence) || !Number.isFinite(percent) || itemsPence <= 0) return 0;
  const clamped = Math.min(100, Math.max(0, percent));
  // Multiply first: the integer product is exact, so e.g. 2900 × 10 / 100 is exactly 290.
  return Math.floor((itemsPence * clamped) / 100);
}
