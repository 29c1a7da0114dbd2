/** Units at or below which a record counts as low on stock, unless the record sets its own threshold. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 3;

export type StockLevel = "out" | "low" | "ok";

/** Out at 0, low at or below the record's threshold (or the shop's), else fine. */
export function stockLevel(stock: number, threshold: number | null | undefined): StockLevel {
  if (stock <= 0) return "out";
  return stock <= (threshold ?? DEFAULT_LOW_STOCK_THRESHOLD) ? "low" : "ok";
}
