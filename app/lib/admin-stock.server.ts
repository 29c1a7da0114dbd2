import { data } from "react-router";
import { safeRedirect } from "~/domain/shared/safe-redirect";
import type { Toast } from "~/domain/shared/toast";
import { STOCK_PATH } from "~/domain/stock/stock-rules";

/** Where a stock form returns to: the page it came from (its filters kept), if it is a stock page. */
export function stockReturnPath(formData: FormData, fallback: string = STOCK_PATH): string {
  const to = safeRedirect(formData.get("back"), fallback);
  return to === STOCK_PATH || to.startsWith(`${STOCK_PATH}/`) || to.startsWith(`${STOCK_PATH}?`) ? to : fallback;
}

/** The toast of a stock change: the stock it left, the change, and what was allocated (`allocated`, its own words). */
export function stockUpdated(result: { stock: number; change: number }, allocated: string): Toast {
  const change = `${result.change > 0 ? "+" : ""}${result.change}`;
  return { type: "success", title: "Stock updated", description: `Now ${result.stock} in stock (${change}).${allocated}` };
}

/** The :recordId of a stock page, or a 404 for anything but a positive whole number. */
export function recordIdParam(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) throw data(null, { status: 404 });
  return Number(raw);
}
