/**
 * Acting on many orders at once from the orders list: which orders were ticked (bounded), what packing them
 * needs, and the one message that says what happened to each.
 */
import { z } from "~/domain/shared/zod";
import type { Toast } from "~/domain/shared/toast";
import { royalMailServiceSchema } from "~/domain/shipping/royal-mail-schema";
import { ORDER_PAGE_SIZES } from "./order-admin";
import { orderNumberSchema } from "./order-status-schema";

/** Orders one bulk action takes: a whole page of the list at its largest. */
export const ORDER_BULK_LIMIT = Math.max(...ORDER_PAGE_SIZES);

/** A list from a form or an address: nothing ticked sends nothing, one ticked box sends one value. */
const asList = (v: unknown) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]);

/** The ticked orders of a form or an address (`selected`, once per order), each once. */
export const orderSelectionSchema = z.preprocess(
  asList,
  z
    .array(orderNumberSchema)
    .min(1, "Tick at least one order")
    .max(ORDER_BULK_LIMIT, `At most ${ORDER_BULK_LIMIT} orders at once`)
    .transform((numbers) => [...new Set(numbers)]),
);

/** Packing the ticked orders, all by one Royal Mail service. */
export const bulkPackSchema = z.object({ selected: orderSelectionSchema, service: royalMailServiceSchema });

/** What one order-by-order action did: the orders moved, and each one left as it was with the reason. */
export interface BulkResult {
  done: readonly string[];
  failed: readonly { orderNumber: string; message: string }[];
}

/** The toast after a bulk action: "3 orders packed; 1 skipped", each skipped order's reason below. */
export function bulkResultToast(verb: string, result: BulkResult): Toast {
  const n = result.done.length;
  const done = n === 0 ? `No orders ${verb}` : `${n} ${n === 1 ? "order" : "orders"} ${verb}`;
  if (result.failed.length === 0) return { type: "success", title: done };
  return {
    type: n === 0 ? "error" : "info",
    title: `${done}; ${result.failed.length} skipped`,
    description: reasons(result.failed.map((f) => f.message)),
    // Reasons take longer to read than a count.
    duration: 10_000,
  };
}

/** A toast holds a few hundred characters: the first reasons whole, then how many more. */
const REASONS_LENGTH = 340;

function reasons(messages: readonly string[]): string {
  let text = "";
  for (const [i, message] of messages.entries()) {
    const next = text ? `${text} ${message}` : message;
    if (next.length > REASONS_LENGTH) return `${text} …and ${messages.length - i} more.`;
    text = next;
  }
  return text;
}
