/**
 * Spec §4/§9 stock display. Implemented literally: "low stock is stock above
 * 5 up to 10", so 6–10 is "Running Low" while 1–5 reads "In Stock". That looks
 * inverted, but it is what the spec says; change LOW_STOCK_* here if the
 * product owner decides otherwise.
 */

export type StockState = "pre-order" | "in-stock" | "low" | "out";

/** Low stock starts above this quantity… */
export const LOW_STOCK_ABOVE = 5;
/** …and ends at this quantity (inclusive). */
export const LOW_STOCK_UP_TO = 10;

export function isLowStock(stockQuantity: number): boolean {
  return stockQuantity > LOW_STOCK_ABOVE && stockQuantity <= LOW_STOCK_UP_TO;
}

/** Out of stock is stock 0 (or below, or unknown) and not a pre-order. */
export function isOutOfStock(stockQuantity: number, isPreOrder: boolean): boolean {
  return !isPreOrder && !(stockQuantity > 0);
}

export function stockState(stockQuantity: number, isPreOrder: boolean): StockState {
  // A pre-order is sold ahead of arrival, so its stock count says nothing yet.
  if (isPreOrder) return "pre-order";
  if (isOutOfStock(stockQuantity, false)) return "out";
  if (isLowStock(stockQuantity)) return "low";
  return "in-stock";
}

const WORDING: Readonly<Record<StockState, string>> = {
  "pre-order": "Pre-Order",
  "in-stock": "In Stock",
  low: "Running Low",
  out: "Not In Stock",
};

/** Spec §9 stock wording. */
export function stockWording(state: StockState): string {
  return WORDING[state];
}
